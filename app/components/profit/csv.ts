import { legacyIdOf } from "../../services/shopify-admin/ids";
import { minorToDecimal } from "../format";
import type { ProfitReportView } from "./types";

/**
 * The Profit report as CSV (RFC 4180): comma separated, CRLF line ends, a field quoted when it
 * holds a comma, quote or line break, quotes doubled. Amounts are exact decimal text in major
 * units with a currency column. A text field that a spreadsheet would run as a formula (it
 * starts with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 *
 * Rows by day end with the day's proof copies ("Proofs": their cost, no revenue, not in print
 * cost) and the profit (margin − proofs), as the page shows them; rows by product are of sales
 * only.
 */

export type CsvRows = "day" | "product";

function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function textField(value: string): string {
  return field(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

const line = (fields: string[]) => fields.join(",");

export function profitCsv(report: ProfitReportView, rows: CsvRows): string {
  const money = (amountMinor: number) =>
    field(minorToDecimal({ amountMinor, currency: report.currency }));
  const out: string[] = [];
  if (rows === "day") {
    out.push(
      line([
        "Date",
        "Print orders",
        "Currency",
        "Revenue",
        "Print cost",
        "Margin",
        "Proofs",
        "Profit",
      ]),
    );
    for (const d of report.days) {
      out.push(
        line([
          field(d.day),
          field(d.printOrders),
          field(report.currency),
          money(d.revenueMinor),
          money(d.costMinor),
          money(d.marginMinor),
          money(d.proofCostMinor),
          money(d.profitMinor),
        ]),
      );
    }
  } else {
    out.push(
      line(["Product", "Variant ID", "Copies", "Currency", "Revenue", "Print cost", "Margin"]),
    );
    for (const p of report.products) {
      out.push(
        line([
          textField(p.title),
          field(legacyIdOf(p.variantId)),
          field(p.copies),
          field(report.currency),
          money(p.revenueMinor),
          money(p.costMinor),
          money(p.marginMinor),
        ]),
      );
    }
  }
  return `${out.join("\r\n")}\r\n`;
}

/** The file name of an export: profit-by-day-2026-10-26-to-2026-11-24.csv. */
export function csvFileName(rows: CsvRows, from: string, to: string): string {
  return `profit-by-${rows}-${from}-to-${to}.csv`;
}
