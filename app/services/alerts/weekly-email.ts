/**
 * The weekly summary's e-mail: print orders shipped, time to print, margin per currency and the
 * orders that need the merchant now, each against the week before where it was added up.
 */
import { durationText } from "../fulfilment/handoff";
import { formatMajor } from "../print/money";
import { alertEmailHtml, alertEmailText, emailRow, escapeHtml } from "./email-layout";
import type { CurrencyFigures, WeekFigures } from "./weekly-figures";

const money = (amountMinor: number, currency: string) =>
  `${formatMajor({ amountMinor, currency }, 2)} ${currency}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const orders = (count: number) => (count === 1 ? "1 print order" : `${count} print orders`);

function moneyLine(row: CurrencyFigures, before: CurrencyFigures | undefined): string {
  const parts = [
    `revenue ${money(row.revenueMinor, row.currency)}`,
    `print costs ${money(row.costMinor, row.currency)}`,
  ];
  if (row.marginMinor !== null) {
    const was =
      before?.marginMinor != null
        ? ` (the week before: ${money(before.marginMinor, row.currency)})`
        : "";
    parts.push(`margin ${money(row.marginMinor, row.currency)}${was}`);
  }
  if (row.proofCostMinor > 0) parts.push(`proofs ${money(row.proofCostMinor, row.currency)}`);
  return `In ${row.currency}, ${orders(row.printOrders)}: ${parts.join(", ")}.`;
}

export function weeklyEmail(input: {
  shopName: string;
  start: Date;
  end: Date;
  week: WeekFigures;
  before: WeekFigures;
  attention: number;
  ordersUrl: string;
  profitUrl: string;
  offUrl: string;
}): { subject: string; text: string; html: string } {
  const { week, before } = input;
  const subject = `Your week: ${week.shipped === 1 ? "1 print order" : `${week.shipped} print orders`} shipped – ${input.shopName}`;
  const period = `The last 7 days, ${day(input.start)} to ${day(input.end)} (UTC).`;
  const shipped = `Print orders shipped by the print service: ${week.shipped} (the week before: ${before.shipped}).`;
  const t = week.timeToPrint;
  const time = t
    ? `Time to print, from payment in Shopify to shipped: median ${durationText(t.medianMs)}, slowest ${durationText(t.slowestMs)} (${t.slowestName})${
        before.timeToPrint
          ? `; the week before, median ${durationText(before.timeToPrint.medianMs)}`
          : ""
      }.`
    : null;
  const moneyHead =
    "Margin on the print orders placed these 7 days, as on the Profit page (print costs are printing, shipping and VAT):";
  const moneyLines = week.money.length
    ? week.money.map((row) =>
        moneyLine(
          row,
          before.money.find((b) => b.currency === row.currency),
        ),
      )
    : ["No print order was placed."];
  if (week.money.some((row) => row.marginMinor === null))
    moneyLines.push(
      "Sales and print costs are in different currencies here: the Profit page converts them.",
    );
  if (week.unpriced > 0)
    moneyLines.push(
      `${orders(week.unpriced)} not priced by the print service yet ${week.unpriced === 1 ? "is" : "are"} left out.`,
    );
  const attention =
    input.attention === 0
      ? "No print order needs you now."
      : `${input.attention === 1 ? "1 print order needs" : `${input.attention} print orders need`} you now:`;
  const footer = "You get this summary once a week, unless nothing was printed and nothing waits.";
  const text = [
    period,
    "",
    shipped,
    ...(time ? [time] : []),
    "",
    moneyHead,
    ...moneyLines.map((l) => `- ${l}`),
    input.profitUrl,
    "",
    alertEmailText({
      lines: [attention],
      link: input.attention > 0 ? input.ordersUrl : "",
      shopName: input.shopName,
      footer,
      offUrl: input.offUrl,
    }),
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 8px">${escapeHtml(s)}</p>`;
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#005bd3;font-weight:600">${escapeHtml(label)}</a>`;
  const html = alertEmailHtml({
    subject,
    shopName: input.shopName,
    heading: "Your week with Print Connect",
    intro: p(period),
    rows: [
      emailRow(p(shipped) + (time ? p(time) : "")),
      emailRow(
        p(moneyHead) + moneyLines.map(p).join("") + link(input.profitUrl, "Open the Profit page"),
      ),
      emailRow(
        p(attention) +
          (input.attention > 0 ? link(input.ordersUrl, "Open the orders that need you") : ""),
      ),
    ],
    footer,
    offUrl: input.offUrl,
  });
  return { subject, text, html };
}
