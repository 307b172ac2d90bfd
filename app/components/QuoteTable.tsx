import type { ReactNode } from "react";
import { Box, DataTable, Text } from "@shopify/polaris";
import { useFormat, type Money } from "./format";
import { MarginAmount } from "./profit/MarginAmount";

/** One group of a quote as the loader sends it (amounts in minor units). */
export interface QuoteGroupView {
  lines: {
    label: string;
    quantity: number;
    perCopy: Money;
    perCopyExact: boolean;
    productPrice: Money;
    discount: Money;
    shipping: Money;
    vat: Money;
    vatPercentage: number;
    total: Money;
    revenue: Money | null;
    margin: Money | null;
    marginNote: string | null;
    converted?: string | null;
  }[];
  summary: {
    product: Money;
    discount: Money;
    shipping: Money;
    vat: Money;
    total: Money;
    unexplained: Money;
    adjustment?: {
      discount: Money;
      shipping: Money;
      vat: Money;
      total: Money;
      margin: Money | null;
    } | null;
    revenue: Money | null;
    margin: Money | null;
  };
}

type Fmt = ReturnType<typeof useFormat>;

/** "€1.23 (12.5%)": a margin with its share of the Shopify price; a dash without one. */
export function marginText(fmt: Fmt, margin: Money | null, revenue: Money | null): string {
  if (!margin || !revenue) return "—";
  const pct =
    revenue.amountMinor > 0 && revenue.currency === margin.currency
      ? ` (${fmt.number(margin.amountMinor / revenue.amountMinor, { style: "percent", maximumFractionDigits: 1 })})`
      : "";
  return `${fmt.money(margin)}${pct}`;
}

const minus = (fmt: Fmt, m: Money) => (m.amountMinor ? `−${fmt.money(m)}` : fmt.money(m));

export const QUOTE_HEADINGS = [
  "Item",
  "Product per copy",
  "Product, all copies",
  "Quantity discount",
  "Shipping",
  "VAT",
  "Total cost",
  "Shopify price, all copies",
  "Margin",
] as const;

/**
 * The cells of a quote group. "Product per copy" is for one copy and is not added up; every
 * other amount is for the whole line. Row by row, product − discount + shipping + VAT = total
 * cost; column by column, the totals row is the sum of the rows above it (an adjustment row
 * carries whatever the service's own summary differs from its lines), and the totals are the
 * service's own total for the group. Amounts are shown to the minor unit, so nothing a reader
 * adds up is rounded away.
 */
export function quoteTableCells(group: QuoteGroupView, fmt: Fmt) {
  const marginCell = (margin: Money | null, revenue: Money | null, note: string | null) =>
    margin && revenue ? (
      <MarginAmount margin={margin} text={marginText(fmt, margin, revenue)} />
    ) : (
      (note ?? "—")
    );
  const rows: ReactNode[][] = group.lines.map((l) => [
    `${l.label} × ${fmt.number(l.quantity)}`,
    `${l.perCopyExact ? "" : "≈ "}${fmt.money(l.perCopy)}`,
    fmt.money(l.productPrice),
    minus(fmt, l.discount),
    fmt.money(l.shipping),
    `${fmt.money(l.vat)} (${fmt.number(l.vatPercentage / 100, { style: "percent", maximumFractionDigits: 2 })})`,
    fmt.money(l.total),
    l.revenue ? fmt.money(l.revenue) : "No Shopify price",
    marginCell(l.margin, l.revenue, l.marginNote),
  ]);
  const s = group.summary;
  const a = s.adjustment;
  if (a) {
    rows.push([
      "Print service adjustment (its summary differs from its lines)",
      "",
      "",
      minus(fmt, a.discount),
      fmt.money(a.shipping),
      fmt.money(a.vat),
      fmt.money(a.total),
      "",
      a.margin ? <MarginAmount margin={a.margin} text={fmt.money(a.margin)} /> : "—",
    ]);
  }
  const totals: ReactNode[] = [
    "",
    "",
    fmt.money(s.product),
    minus(fmt, s.discount),
    fmt.money(s.shipping),
    fmt.money(s.vat),
    fmt.money(s.total),
    s.revenue ? fmt.money(s.revenue) : "—",
    marginCell(s.margin, s.revenue, null),
  ];
  return { headings: [...QUOTE_HEADINGS], rows, totals };
}

export function QuoteGroupTable({ group }: { group: QuoteGroupView }) {
  const fmt = useFormat();
  const { headings, rows, totals } = quoteTableCells(group, fmt);
  const unexplained = group.summary.unexplained;
  const priced = group.lines.filter((l) => l.revenue).length;
  return (
    <>
      <DataTable
        columnContentTypes={[
          "text",
          "numeric",
          "numeric",
          "numeric",
          "numeric",
          "numeric",
          "numeric",
          "numeric",
          "numeric",
        ]}
        headings={headings}
        rows={rows}
        totals={totals}
        totalsName={{ singular: "Total", plural: "Total" }}
        showTotalsInFooter
      />
      {priced > 0 && priced < group.lines.length ? (
        <Box padding="300">
          <Text as="p" tone="subdued" variant="bodySm">
            The Shopify price and margin totals are for the {priced === 1 ? "item" : "items"} with a
            Shopify price ({priced} of {group.lines.length}); the other items are offerings quoted
            on their own.
          </Text>
        </Box>
      ) : null}
      {unexplained.amountMinor !== 0 ? (
        <Box padding="300">
          <Text as="p" tone="subdued" variant="bodySm">
            The print service&apos;s total differs by {fmt.money(unexplained)} from product −
            discount + shipping + VAT (its rounding).
          </Text>
        </Box>
      ) : null}
    </>
  );
}
