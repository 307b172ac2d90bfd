/**
 * Constants the admin pages share between their loaders and their components.
 * Not a .server module: the browser bundle imports it.
 */
import { STATUS_GROUPS } from "../services/fulfilment/machine";

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

export const MAX_QUOTE_ITEMS = 20;

/**
 * Filter tabs of the orders list: all, then the state machine's status groups;
 * each maps to statuses served by the (shop, status, createdAt) index.
 */
export const ORDER_VIEWS = {
  all: { label: "All", statuses: null },
  ...STATUS_GROUPS,
} as const;

export type OrderView = keyof typeof ORDER_VIEWS;

export function isOrderView(v: string): v is OrderView {
  return Object.hasOwn(ORDER_VIEWS, v);
}

/** The numeric id at the end of a Shopify GID ("gid://shopify/ProductVariant/20001" -> "20001"). */
export function legacyIdOf(gid: string): string {
  return gid.split("/").pop() ?? gid;
}
