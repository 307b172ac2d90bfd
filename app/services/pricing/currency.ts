/**
 * Which currency a page prices in. Not a .server module: the browser bundle
 * reads the list of currencies offered.
 */

/** Currencies offered in Settings, quotes, the catalogue and publications. */
export const SETTINGS_CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
] as const;

/** The currency used when nothing names one: the print service's base currency. */
export const FALLBACK_CURRENCY = "EUR";

/** Whether a currency is one Settings offers. */
export function isOfferedCurrency(currency: string | null | undefined): currency is string {
  return (SETTINGS_CURRENCIES as readonly (string | null | undefined)[]).includes(currency);
}

/**
 * The shop's currency: the first of the choices that names one, in the
 * caller's order of preference (a request's own, the print settings',
 * Shopify's shop currency), upper case; EUR when none does.
 */
export function shopCurrency(...choices: (string | null | undefined)[]): string {
  for (const choice of choices) if (choice) return choice.toUpperCase();
  return FALLBACK_CURRENCY;
}
