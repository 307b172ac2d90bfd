import type { ReactNode } from "react";
import { Box, Text } from "@shopify/polaris";
import { countOf } from "../services/merchant-text/orders";
import { useFormat, type Money } from "./format";
import { MarginAmount } from "./profit/MarginAmount";
import styles from "./QuoteTable.module.css";

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

/** The amount columns, in the order the sum reads: product − discount + shipping + VAT = total cost. */
export const QUOTE_HEADINGS = [
  "Item",
  "Product, all copies",
  "Quantity discount",
  "Shipping",
  "VAT",
  "Total cost",
  "Shopify price, all copies",
  "Margin",
] as const;

/** An amount that never breaks between its sign and its digits. */
function Amount({ children }: { children: ReactNode }) {
  return <span className={styles.amount}>{children}</span>;
}

/** The item: its name in full, then its copies and the price of one copy (not added up). */
function ItemCell({ line, fmt }: { line: QuoteGroupView["lines"][number]; fmt: Fmt }) {
  return (
    <>
      {line.label}
      <span className={styles.detail}>
        {countOf(line.quantity, "copy", "copies")} ·{" "}
        <Amount>
          {line.perCopyExact ? "" : "≈ "}
          {fmt.money(line.perCopy)}
        </Amount>{" "}
        per copy
      </span>
    </>
  );
}

/**
 * The cells of a quote group, one row per line. The item cell names the line, its copies and
 * the price of one copy, which is not added up; every other amount is for the whole line. Row by
 * row, product − discount + shipping + VAT = total cost; column by column, the totals row is the
 * sum of the rows above it (an adjustment row carries whatever the service's own summary differs
 * from its lines), and the totals are the service's own total for the group. Amounts are shown to
 * the minor unit, so nothing a reader adds up is rounded away.
 */
export function quoteTableCells(group: QuoteGroupView, fmt: Fmt) {
  const marginCell = (margin: Money | null, revenue: Money | null, note: string | null) =>
    margin && revenue ? (
      <MarginAmount margin={margin} text={marginText(fmt, margin, revenue)} />
    ) : (
      (note ?? "—")
    );
  const rows: ReactNode[][] = group.lines.map((l) => [
    <ItemCell key="item" line={l} fmt={fmt} />,
    <Amount key="product">{fmt.money(l.productPrice)}</Amount>,
    <Amount key="discount">{minus(fmt, l.discount)}</Amount>,
    <Amount key="shipping">{fmt.money(l.shipping)}</Amount>,
    <Amount key="vat">
      {`${fmt.money(l.vat)} (${fmt.number(l.vatPercentage / 100, { style: "percent", maximumFractionDigits: 2 })})`}
    </Amount>,
    <Amount key="total">{fmt.money(l.total)}</Amount>,
    l.revenue ? <Amount key="revenue">{fmt.money(l.revenue)}</Amount> : "No Shopify price",
    marginCell(l.margin, l.revenue, l.marginNote),
  ]);
  const s = group.summary;
  const a = s.adjustment;
  if (a) {
    rows.push([
      "Print service adjustment (its summary differs from its lines)",
      "",
      <Amount key="discount">{minus(fmt, a.discount)}</Amount>,
      <Amount key="shipping">{fmt.money(a.shipping)}</Amount>,
      <Amount key="vat">{fmt.money(a.vat)}</Amount>,
      <Amount key="total">{fmt.money(a.total)}</Amount>,
      "",
      a.margin ? <MarginAmount margin={a.margin} text={fmt.money(a.margin)} /> : "—",
    ]);
  }
  const totals: ReactNode[] = [
    "Total",
    <Amount key="product">{fmt.money(s.product)}</Amount>,
    <Amount key="discount">{minus(fmt, s.discount)}</Amount>,
    <Amount key="shipping">{fmt.money(s.shipping)}</Amount>,
    <Amount key="vat">{fmt.money(s.vat)}</Amount>,
    <Amount key="total">{fmt.money(s.total)}</Amount>,
    s.revenue ? <Amount key="revenue">{fmt.money(s.revenue)}</Amount> : "—",
    marginCell(s.margin, s.revenue, null),
  ];
  return { headings: [...QUOTE_HEADINGS], rows, totals };
}

/** One row: the item as the row's header, each amount labelled for the stacked layout. */
function QuoteRow({ cells, headings }: { cells: ReactNode[]; headings: readonly string[] }) {
  return (
    <tr>
      {cells.map((cell, i) =>
        i === 0 ? (
          <th key={i} scope="row">
            {cell}
          </th>
        ) : (
          <td key={i} data-label={headings[i]}>
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}

export function QuoteGroupTable({ group }: { group: QuoteGroupView }) {
  const fmt = useFormat();
  const { headings, rows, totals } = quoteTableCells(group, fmt);
  const unexplained = group.summary.unexplained;
  const priced = group.lines.filter((l) => l.revenue).length;
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <QuoteRow key={i} cells={cells} headings={headings} />
          ))}
        </tbody>
        <tfoot>
          <QuoteRow cells={totals} headings={headings} />
        </tfoot>
      </table>
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
