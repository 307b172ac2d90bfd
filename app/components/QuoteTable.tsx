import { Box, DataTable, Text } from "@shopify/polaris";
import { useFormat, type Money } from "./format";

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
  }[];
  summary: {
    product: Money;
    discount: Money;
    shipping: Money;
    vat: Money;
    total: Money;
    unexplained: Money;
    revenue: Money | null;
    margin: Money | null;
  };
}

type Fmt = ReturnType<typeof useFormat>;

export function marginText(fmt: Fmt, margin: Money | null, revenue: Money | null): string {
  if (!margin || !revenue) return "—";
  const pct =
    revenue.amountMinor > 0
      ? ` (${fmt.number(margin.amountMinor / revenue.amountMinor, { style: "percent", maximumFractionDigits: 1 })})`
      : "";
  return `${fmt.money(margin)}${pct}`;
}

const minus = (fmt: Fmt, m: Money) => (m.amountMinor ? `−${fmt.money(m)}` : fmt.money(m));

/**
 * The cells of a quote group. "Per copy" is for one copy and is not added up; every other
 * amount is for the whole line, and product − discount + shipping + VAT = total cost, row by
 * row and in the totals row (which is the service's own total for the group).
 */
export function quoteTableCells(group: QuoteGroupView, fmt: Fmt) {
  const headings = [
    "Item",
    "Per copy",
    "Product (all copies)",
    "Quantity discount",
    "Shipping",
    "VAT",
    "Total cost",
    "Shopify price",
    "Margin",
  ];
  const rows = group.lines.map((l) => [
    `${l.label} × ${fmt.number(l.quantity)}`,
    `${l.perCopyExact ? "" : "≈ "}${fmt.money(l.perCopy)}`,
    fmt.money(l.productPrice),
    minus(fmt, l.discount),
    fmt.money(l.shipping),
    `${fmt.money(l.vat)} (${fmt.number(l.vatPercentage / 100, { style: "percent", maximumFractionDigits: 2 })})`,
    fmt.money(l.total),
    l.revenue ? fmt.money(l.revenue) : (l.marginNote ?? "—"),
    marginText(fmt, l.margin, l.revenue),
  ]);
  const s = group.summary;
  const totals = [
    "",
    "",
    fmt.money(s.product),
    minus(fmt, s.discount),
    fmt.money(s.shipping),
    fmt.money(s.vat),
    fmt.money(s.total),
    s.revenue ? fmt.money(s.revenue) : "—",
    marginText(fmt, s.margin, s.revenue),
  ];
  return { headings, rows, totals };
}

export function QuoteGroupTable({ group }: { group: QuoteGroupView }) {
  const fmt = useFormat();
  const { headings, rows, totals } = quoteTableCells(group, fmt);
  const unexplained = group.summary.unexplained;
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
