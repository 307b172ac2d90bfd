import { addressProblems, mapShippingAddress } from "../fulfilment/print-plan";
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import { PROOF_ADDRESS_TEXT, proofFieldTooLong } from "../merchant-text/proof-order";
import type { AddressDetailsInput } from "../print";
import type { ShopAddressInfo } from "./ports";

/**
 * The address a proof goes to: the form's fields, prefilled with the shop's own address, and
 * checked by the rules a shop order's address is checked by before it goes to the print
 * service (fulfilment/print-plan.ts), every field at once.
 */

export const PROOF_ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "zip",
  "city",
  "province",
  "countryCode",
  "phone",
  "email",
] as const;

export type ProofAddressField = (typeof PROOF_ADDRESS_FIELDS)[number];
export type ProofAddressValues = Record<ProofAddressField, string>;

/** Longest value taken per field: the print service's fields and a shipping label are short. */
const MAX_LENGTH: Record<ProofAddressField, number> = {
  firstName: 100,
  lastName: 100,
  company: 100,
  address1: 200,
  address2: 200,
  zip: 20,
  city: 100,
  province: 10,
  countryCode: 2,
  phone: 40,
  email: 254,
};

export function emptyAddress(): ProofAddressValues {
  return Object.fromEntries(PROOF_ADDRESS_FIELDS.map((f) => [f, ""])) as ProofAddressValues;
}

/** The form's fields as posted (missing ones empty, each trimmed and cut to a bound). */
export function addressValuesOf(get: (name: string) => string | null): ProofAddressValues {
  const values = emptyAddress();
  for (const field of PROOF_ADDRESS_FIELDS) {
    // One character over the bound is kept, so "too long" can be told apart from "cut".
    values[field] = (get(field) ?? "").trim().slice(0, MAX_LENGTH[field] + 1);
  }
  values.countryCode = values.countryCode.toUpperCase();
  return values;
}

/** The shop's own address as Shopify has it, its owner's name split in first and last. */
export function shopAddressValues(info: ShopAddressInfo | null): ProofAddressValues {
  const values = emptyAddress();
  if (!info) return values;
  const [first = "", ...rest] = info.ownerName.trim().split(/\s+/);
  const a = info.address;
  return {
    firstName: first,
    lastName: rest.join(" "),
    company: a?.company ?? info.name,
    address1: a?.address1 ?? "",
    address2: a?.address2 ?? "",
    zip: a?.zip ?? "",
    city: a?.city ?? "",
    province: a?.provinceCode ?? "",
    countryCode: (a?.countryCode ?? "").toUpperCase(),
    phone: a?.phone ?? "",
    email: info.email,
  };
}

/** The fields as a Shopify order's shipping address: how a proof stores its address. */
export function asShopifyAddress(v: ProofAddressValues): ShopifyAddress {
  const or = (s: string) => s || undefined;
  return {
    first_name: or(v.firstName),
    last_name: or(v.lastName),
    name: or(`${v.firstName} ${v.lastName}`.trim()),
    company: or(v.company),
    address1: or(v.address1),
    address2: or(v.address2),
    city: or(v.city),
    province: undefined,
    province_code: or(v.province),
    country: undefined,
    country_code: or(v.countryCode),
    zip: or(v.zip),
    phone: or(v.phone),
  };
}

export type CheckedAddress =
  | {
      ok: true;
      /** As stored with the proof (a shop order's shape). */
      shippingAddress: ShopifyAddress;
      email: string;
      /** As the print service gets it. */
      forPrint: AddressDetailsInput;
    }
  | { ok: false; fieldErrors: Partial<Record<ProofAddressField, string>> };

/** Every field's problem at once, or the address as stored and as sent to print. */
export function checkAddress(values: ProofAddressValues): CheckedAddress {
  const fieldErrors: Partial<Record<ProofAddressField, string>> = {};
  for (const p of addressProblems(values, values.email)) {
    fieldErrors[p.field] ??= PROOF_ADDRESS_TEXT[p.field][p.problem];
  }
  for (const field of PROOF_ADDRESS_FIELDS) {
    if (values[field].length > MAX_LENGTH[field]) {
      fieldErrors[field] ??=
        field === "countryCode"
          ? PROOF_ADDRESS_TEXT.countryCode.invalid
          : proofFieldTooLong(MAX_LENGTH[field]);
    }
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const shippingAddress = asShopifyAddress(values);
  // The shop order's own mapping, so the worker reads the stored address the same way.
  const mapped = mapShippingAddress({ shipping_address: shippingAddress, email: values.email });
  if (!mapped.ok) return { ok: false, fieldErrors: { address1: mapped.reason } };
  return { ok: true, shippingAddress, email: values.email, forPrint: mapped.address };
}

/** "Amsterdam, NL": where a proof goes, for its timeline entry. */
export function placeOf(v: ProofAddressValues): string {
  return [v.city, v.countryCode].filter(Boolean).join(", ");
}
