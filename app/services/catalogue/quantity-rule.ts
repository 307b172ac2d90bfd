/**
 * The storefront minimum quantity of print variants: an app-owned variant
 * metafield that the cart rule (extensions/print-connect-cart-rules) reads to
 * stop a cart or checkout with fewer copies than the print service prints.
 * `$app:` makes the namespace this app's own (Shopify stores it as
 * `app--<client id>--print_connect`): without a definition the metafield is
 * private to the app, so no other app, theme edit or staff member changes the
 * rule behind its back. Product creation and the mapping pages both write it
 * from here.
 */
export const MINIMUM_QUANTITY_METAFIELD = {
  namespace: "$app:print_connect",
  key: "minimum_quantity",
  type: "number_integer",
} as const;

/**
 * The minimum the cart rule enforces for a chosen minimum: null (no rule) for
 * none or 1 copy. Anything but a whole number of at least 1 is a mistake.
 */
export function enforcedMinimum(minimum: number | null): number | null {
  if (minimum !== null && (!Number.isInteger(minimum) || minimum < 1)) {
    throw new RangeError(`A minimum quantity is a whole number of at least 1, not ${minimum}`);
  }
  return minimum !== null && minimum >= 2 ? minimum : null;
}
