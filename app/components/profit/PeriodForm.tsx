import { Form } from "@remix-run/react";
import { useState } from "react";
import { Button, InlineStack, Select, TextField } from "@shopify/polaris";
import { PRESETS, type PeriodLimits, type PeriodRefusal } from "./period";
import type { CsvRows } from "./csv";

/**
 * The Profit page's period form. It keeps its own state so that choosing a period re-renders
 * only the form, not the chart and the tables (which made every change of the select slow).
 */
export function PeriodForm({
  period,
  limits,
  refusal,
  rows,
  loading,
}: {
  period: { range: string; from: string; to: string };
  limits: PeriodLimits;
  refusal: PeriodRefusal | null;
  rows: CsvRows;
  loading: boolean;
}) {
  const [range, setRange] = useState(period.range);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  return (
    <Form method="get" action="/app/profit">
      {rows === "product" ? <input type="hidden" name="view" value="product" /> : null}
      <InlineStack gap="300" blockAlign="end" wrap>
        <Select
          label="Period"
          name="range"
          options={[
            ...PRESETS.map((p) => ({ label: p.label, value: p.value })),
            { label: "Custom dates", value: "custom" },
          ]}
          value={range}
          onChange={setRange}
          error={refusal?.field === "range" ? refusal.message : undefined}
        />
        {range === "custom" ? (
          <>
            <TextField
              label="From"
              name="from"
              type="date"
              value={from}
              onChange={setFrom}
              min={limits.earliest}
              max={limits.latest}
              error={refusal?.field === "from" ? refusal.message : undefined}
              autoComplete="off"
            />
            <TextField
              label="To"
              name="to"
              type="date"
              value={to}
              onChange={setTo}
              min={limits.earliest}
              max={limits.latest}
              error={refusal?.field === "to" ? refusal.message : undefined}
              autoComplete="off"
            />
          </>
        ) : null}
        <Button submit loading={loading}>
          Show
        </Button>
      </InlineStack>
    </Form>
  );
}
