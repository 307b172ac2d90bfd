/**
 * Orders to Brazil carry the buyer's CPF (a person, 11 digits) or CNPJ (a company, 14 digits):
 * Brazil's customs do not let a parcel in without it, and the print service takes it as the
 * shipping address's `cpf_cnpj`. Shopify's checkout collects it as a localized field of the
 * order, which the orders/paid webhook does not carry, so it is read from the Admin API when
 * the order is checked and again when it is sent; it is not stored.
 */
import type { ShopifyAdmin } from "./shopify-port";
import { orderGid } from "../shopify-admin/ids";

/** Both keys Shopify uses for it: the one for shipping first, the tax one otherwise. */
export const BRAZIL_TAX_NUMBER_KEYS = ["SHIPPING_CREDENTIAL_BR", "TAX_CREDENTIAL_BR"] as const;

export const ORDER_LOCALIZED_FIELDS_QUERY = `#graphql
  query PrintConnectOrderTaxNumber($id: ID!) {
    order(id: $id) {
      id
      localizedFields(first: 10, countryCodes: [BR]) {
        nodes { key value }
      }
    }
  }`;

export interface OrderLocalizedFieldsData {
  order: { id: string; localizedFields: { nodes: { key: string; value: string }[] } } | null;
}

export type TaxNumberReading =
  { kind: "found"; value: string } | { kind: "missing" } | { kind: "invalid" };

/** The order's CPF/CNPJ as digits only, or why there is none to send. */
export async function readBrazilTaxNumber(
  shopify: ShopifyAdmin,
  shop: string,
  shopifyOrderId: string,
): Promise<TaxNumberReading> {
  const data = await shopify.graphql<OrderLocalizedFieldsData>(shop, ORDER_LOCALIZED_FIELDS_QUERY, {
    id: orderGid(shopifyOrderId),
  });
  const fields = data.order?.localizedFields.nodes ?? [];
  for (const key of BRAZIL_TAX_NUMBER_KEYS) {
    const value = fields.find((f) => f.key === key)?.value?.trim();
    if (value)
      return isBrazilTaxNumber(value)
        ? { kind: "found", value: digitsOf(value) }
        : { kind: "invalid" };
  }
  return { kind: "missing" };
}

const digitsOf = (value: string) => value.replace(/[.\-/\s]/g, "");

/**
 * A CPF or CNPJ with its check digits right (written with or without its dots, dash and slash).
 * The check digits are a weighted sum mod 11; numbers of one repeated digit pass it and are
 * not valid.
 */
export function isBrazilTaxNumber(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d+$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  if (numbers.length === 11) return checkDigitsMatch(numbers, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  if (numbers.length === 14) return checkDigitsMatch(numbers, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return false;
}

/** Both check digits: the first weighted by `weights`, the second by [first + 1, ...weights]. */
function checkDigitsMatch(numbers: number[], weights: number[]): boolean {
  const body = numbers.length - 2;
  // The digit over the first w.length digits.
  const checkDigit = (w: number[]) => {
    const rest = w.reduce((total, weight, i) => total + weight * numbers[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return (
    checkDigit(weights) === numbers[body] &&
    checkDigit([weights[0]! + 1, ...weights]) === numbers[body + 1]
  );
}
