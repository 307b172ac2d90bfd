/**
 * Delivery windows. The print service quotes prices but no dates, so the
 * window is an estimate in business days (production plus transit) by where
 * the parcel goes; a backup rate may carry its own.
 */
const EUROPE = new Set(
  (
    "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK " +
    "GB CH NO IS LI MC AD SM"
  ).split(" "),
);
const NORTH_AMERICA = new Set(["US", "CA", "MX"]);

export interface DeliveryDays {
  minDays: number;
  maxDays: number;
}

export function estimateDeliveryDays(countryCode: string): DeliveryDays {
  const code = countryCode.toUpperCase();
  if (EUROPE.has(code)) return { minDays: 4, maxDays: 8 };
  if (NORTH_AMERICA.has(code)) return { minDays: 6, maxDays: 12 };
  return { minDays: 8, maxDays: 16 };
}

/**
 * Far beyond any delivery promise (a year of business days): a bound so no stored or quoted
 * number can keep the loop below going.
 */
export const MAX_BUSINESS_DAYS = 260;

/** Adds business days (Monday to Friday) to a date, in UTC. */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0 || days > MAX_BUSINESS_DAYS)
    throw new RangeError(`business days out of range: ${days}`);
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return d;
}

/** Shopify's carrier-service date format: `2026-11-30 00:00:00 +0000`. */
export function shopifyDate(d: Date): string {
  return `${d.toISOString().slice(0, 10)} 00:00:00 +0000`;
}

export interface DeliveryWindow extends DeliveryDays {
  /** ISO dates (YYYY-MM-DD). */
  minDate: string;
  maxDate: string;
}

export function deliveryWindow(days: DeliveryDays, now: Date): DeliveryWindow {
  return {
    ...days,
    minDate: addBusinessDays(now, days.minDays).toISOString().slice(0, 10),
    maxDate: addBusinessDays(now, days.maxDays).toISOString().slice(0, 10),
  };
}
