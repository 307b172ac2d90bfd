import { z } from "zod";
import { parseForm } from "../form-errors";
import { formatMoneyInput, parseMoneyInput } from "../money-input";
import { backupRatesSchema, type BackupRate } from "./backup";

/**
 * The backup-rates form of the Shipping rates page, shared by the page (rows
 * as the merchant edits them) and the server (reading them back). Not a
 * .server module: the page formats stored prices in the admin's locale.
 */

/** One backup rate as the form holds it: text, the price in the merchant's number format. */
export interface BackupRateRow {
  name: string;
  code: string;
  amount: string;
  minDays: string;
  maxDays: string;
}

export const MAX_BACKUP_RATES = 5;
/** The largest backup price, in minor units (100,000.00 in a two-decimal currency). */
export const BACKUP_RATE_MAX_MINOR = 10_000_000;
const MAX_DAYS = 90;

const rowsSchema = z
  .array(
    z.object({
      name: z.string(),
      code: z.string(),
      amount: z.string(),
      minDays: z.string(),
      maxDays: z.string(),
    }),
  )
  .max(MAX_BACKUP_RATES);

/** Stored rates as form rows, prices written the way the merchant's locale writes them. */
export function backupRateRows(
  rates: BackupRate[],
  currency: string,
  locale: string,
): BackupRateRow[] {
  return rates.map((r) => ({
    name: r.name,
    code: r.code,
    amount: formatMoneyInput(r.amountMinor, locale, currency),
    minDays: r.minDays === undefined ? "" : String(r.minDays),
    maxDays: r.maxDays === undefined ? "" : String(r.maxDays),
  }));
}

export type BackupRatesFormResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Messages for refusals the checks below do not word themselves (kept for safety). */
const BACKUP_RATE_MESSAGES = {
  "*.name": "Give the rate a name, at most 60 characters",
  "*.code": "Use up to 40 letters, digits, - and _",
  "*.amountMinor": "Enter a price between 0 and 100,000",
  "*.minDays": `Enter a whole number of days from 0 to ${MAX_DAYS}`,
  "*.maxDays": `Enter a whole number of days from 0 to ${MAX_DAYS}`,
};

export function parseBackupRatesForm({
  rowsJson,
  currency,
  locale,
}: {
  rowsJson: string;
  currency: string;
  locale: string;
}):
  | { ok: true; rates: BackupRate[] }
  | { ok: false; message: string; fieldErrors: Record<string, string> } {
  let json: unknown;
  try {
    json = JSON.parse(rowsJson);
  } catch {
    json = null;
  }
  const rows = rowsSchema.safeParse(json);
  if (!rows.success)
    return {
      ok: false,
      message: `The backup rates could not be read: reload the page and enter at most ${MAX_BACKUP_RATES} rates.`,
      fieldErrors: {},
    };

  const errors: Record<string, string> = {};
  const rates: BackupRate[] = [];
  /** The form row each rate came from (blank rows are skipped). */
  const rowOf: number[] = [];
  const codes = new Map<string, number>();
  const days = (text: string, key: string): number | undefined => {
    const v = text.trim();
    if (v === "") return undefined;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > MAX_DAYS)
      errors[key] = `Enter a whole number of days from 0 to ${MAX_DAYS}`;
    return n;
  };
  for (const [i, row] of rows.data.entries()) {
    const at = (field: keyof BackupRateRow) => `rows.${i}.${field}`;
    if (Object.values(row).every((v) => v.trim() === "")) continue;
    const name = row.name.trim();
    if (!name) errors[at("name")] = "Give the rate a name, as shoppers see it at checkout";
    else if (name.length > 60) errors[at("name")] = "Use at most 60 characters for the name";
    const code = row.code.trim() || `backup-${i + 1}`;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(code))
      errors[at("code")] = "Use up to 40 letters, digits, - and _ (or leave it empty)";
    else if (codes.has(code))
      errors[at("code")] =
        `Each rate needs its own code; rate ${codes.get(code)! + 1} uses "${code}"`;
    codes.set(code, codes.get(code) ?? i);
    const price = parseMoneyInput(row.amount, locale, currency, {
      maxMinor: BACKUP_RATE_MAX_MINOR,
    });
    if (!price.ok) errors[at("amount")] = price.message;
    const minDays = days(row.minDays, at("minDays"));
    const maxDays = days(row.maxDays, at("maxDays"));
    if (!errors[at("minDays")] && !errors[at("maxDays")] && (minDays ?? 0) > (maxDays ?? Infinity))
      errors[at("maxDays")] = `Enter max. days of at least the min. days (${minDays})`;
    rowOf.push(i);
    rates.push({
      name,
      code,
      amountMinor: price.ok ? price.amountMinor : 0,
      ...(minDays !== undefined ? { minDays } : {}),
      ...(maxDays !== undefined ? { maxDays } : {}),
    });
  }
  const refused = (fieldErrors: Record<string, string>) => ({
    ok: false as const,
    message: "Some backup rates need fixing; nothing was saved.",
    fieldErrors,
  });
  if (Object.keys(errors).length > 0) return refused(errors);
  const valid = parseForm(backupRatesSchema, rates, BACKUP_RATE_MESSAGES, { key: "path" });
  if (!valid.ok)
    return refused(
      Object.fromEntries(
        Object.entries(valid.fieldErrors).map(([key, message]) => {
          const [rate, field] = key.split(".");
          const row = rowOf[Number(rate)];
          return [
            row === undefined
              ? "form"
              : `rows.${row}.${field === "amountMinor" ? "amount" : field}`,
            message,
          ];
        }),
      ),
    );
  return { ok: true, rates: valid.data };
}
