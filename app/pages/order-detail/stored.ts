import { parseMajor, type MoneyMinor } from "../../services/print";

/** Reading what the order's rows keep as JSON text: Shopify's address and lines. */

export interface StoredAddress {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

export interface StoredLine {
  id: string | number;
  title?: string;
  variant_title?: string | null;
  quantity?: number;
  price?: string;
}

export function parseJson<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function money(amountMinor: number | null, currency: string): MoneyMinor | null {
  return amountMinor === null ? null : { amountMinor, currency };
}

export function addressLines(a: StoredAddress | null): string[] | null {
  if (!a) return null;
  const name = a.name ?? [a.first_name, a.last_name].filter(Boolean).join(" ");
  return [
    name,
    a.company,
    a.address1,
    a.address2,
    [a.zip, a.city].filter(Boolean).join(" "),
    a.province,
    a.country ?? a.country_code,
    a.phone,
  ].filter((l): l is string => typeof l === "string" && l.trim() !== "");
}

export function shopPriceOf(line: StoredLine | undefined, currency: string): MoneyMinor | null {
  if (!line?.price) return null;
  try {
    return parseMajor(line.price, currency);
  } catch {
    return null;
  }
}
