import { memo } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import { minorToDecimal, useFormat } from "../format";
import type { ProfitReportView } from "./types";

/** Series colours with enough contrast on white; the legend and table name them in words. */
const COLOURS = { revenue: "#2463bc", cost: "#b98900", margin: "#0c5132" } as const;

/**
 * Revenue and print cost per day as bars, margin as a line. The numbers the chart draws are
 * the exact decimal amounts read as numbers, for drawing only; the table below the chart and
 * the tooltip show the exact amounts. Memoised: drawing 90 days is the page's costliest render,
 * and only a new report changes it.
 */
export const ProfitChart = memo(function ProfitChart({
  report,
  titleId,
  descriptionId,
}: {
  report: ProfitReportView;
  titleId: string;
  descriptionId: string;
}) {
  const fmt = useFormat();
  const currency = report.currency;
  const major = (amountMinor: number) => Number(minorToDecimal({ amountMinor, currency }));
  const dayFormat = new Intl.DateTimeFormat(fmt.ctx.locale, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const data = report.days.map((d) => ({
    day: d.day,
    label: shortDay(d.day),
    revenue: major(d.revenueMinor),
    cost: major(d.costMinor),
    margin: major(d.marginMinor),
    minor: { revenue: d.revenueMinor, cost: d.costMinor, margin: d.marginMinor },
  }));
  // The tooltip shows the exact amount of the point, not the drawn number.
  const moneyOf = (item: { dataKey?: unknown; payload?: unknown }) => {
    const minor = (item.payload as (typeof data)[number] | undefined)?.minor;
    const key = String(item.dataKey) as keyof NonNullable<typeof minor>;
    return minor && key in minor ? fmt.money({ amountMinor: minor[key], currency }) : "";
  };
  return (
    <div aria-labelledby={titleId} aria-describedby={descriptionId} role="group">
      <ComposedChart
        responsive
        data={data}
        style={{ width: "100%", height: 320 }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        title="Revenue, print cost and margin per day"
        // Keyboard users move through the days with the arrow keys (the accessibility layer).
        role="application"
        tabIndex={0}
        aria-label="Revenue, print cost and margin per day"
        aria-describedby={descriptionId}
        desc={`Bars for revenue and print cost and a line for margin, in ${currency}, for each day from ${report.days[0]?.day ?? ""} to ${report.days.at(-1)?.day ?? ""}. The same figures are in the table below.`}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
        <YAxis
          tick={{ fontSize: 12 }}
          width={72}
          tickFormatter={(v: number) =>
            fmt.number(v, { style: "currency", currency, maximumFractionDigits: 0 })
          }
        />
        <Tooltip formatter={(_value, _name, item) => moneyOf(item)} />
        <Legend />
        <Bar dataKey="revenue" name="Revenue" fill={COLOURS.revenue} isAnimationActive={false} />
        <Bar dataKey="cost" name="Print cost" fill={COLOURS.cost} isAnimationActive={false} />
        <Line
          dataKey="margin"
          name="Margin"
          type="linear"
          stroke={COLOURS.margin}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
});
