/**
 * The customer's address form: its fields, read from what was posted, and every problem with
 * them by the same rules that stop an order (the print service's required fields, the
 * postal-code and state data sets, carriers' field lengths, Brazil's CPF/CNPJ). The country is
 * not a field: another country is another shipping price, which the shop must settle.
 */
import { isBrazilTaxNumber } from "../fulfilment/brazil-tax-number";
import {
  destinationProblems,
  destinationWarnings,
  STATE_REQUIRED,
  subdivisionsOf,
} from "../fulfilment/destination";
import { REQUIRED_ADDRESS_FIELDS } from "../fulfilment/print-plan";
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import { countryName } from "../country-names";

export const FORM_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "city",
  "provinceCode",
  "zip",
  "phone",
  "taxNumber",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type AddressForm = Record<FormField, string>;

/** Longer than any real value of any field: what is longer is refused before anything else. */
const FIELD_MAX = 255;

export const FIELD_LABELS: Record<FormField, string> = {
  firstName: "First name",
  lastName: "Last name",
  company: "Company (optional)",
  address1: "Street and house number",
  address2: "Apartment, suite, etc. (optional)",
  city: "City",
  provinceCode: "State or province",
  zip: "Postal code",
  phone: "Phone (optional)",
  taxNumber: "CPF or CNPJ",
};

/** The form as the order's address fills it. */
export function formOf(address: ShopifyAddress | null): AddressForm {
  const a: Partial<ShopifyAddress> = address ?? {};
  return {
    firstName: a.first_name ?? "",
    lastName: a.last_name ?? "",
    company: a.company ?? "",
    address1: a.address1 ?? "",
    address2: a.address2 ?? "",
    city: a.city ?? "",
    provinceCode: a.province_code ?? "",
    zip: a.zip ?? "",
    phone: a.phone ?? "",
    taxNumber: "",
  };
}

/** The posted fields, trimmed; anything not a string is empty. */
export function readForm(posted: Record<string, unknown>): AddressForm {
  return Object.fromEntries(
    FORM_FIELDS.map((f) => {
      const value = posted[f];
      return [f, typeof value === "string" ? value.replace(/\s+/g, " ").trim() : ""];
    }),
  ) as AddressForm;
}

export interface FormCheck {
  /** Per field, the first thing wrong with it. */
  errors: Partial<Record<FormField, string>>;
  /** What may be wrong without stopping the order (a street without a house number). */
  warnings: string[];
}

/** Whether the country's form asks for a state or province, and from which list. */
export function provinceFieldOf(countryCode: string): {
  shown: boolean;
  required: boolean;
  choices: { code: string; name: string }[] | null;
} {
  const required = STATE_REQUIRED.has(countryCode);
  const choices = subdivisionsOf(countryCode);
  return { shown: required || choices !== null, required, choices };
}

export function checkForm(form: AddressForm, countryCode: string): FormCheck {
  const errors: FormCheck["errors"] = {};
  const set = (field: FormField, message: string) => {
    errors[field] ??= message;
  };
  for (const field of FORM_FIELDS) {
    if ([...form[field]].length > FIELD_MAX)
      set(field, `${FIELD_LABELS[field].replace(" (optional)", "")} is too long.`);
  }
  // The fields the print service requires (REQUIRED_ADDRESS_FIELDS), asked in the customer's words.
  const required = {
    firstName: "Enter your first name.",
    lastName: "Enter your last name.",
    address1: "Enter your street and house number.",
    city: "Enter your city.",
  } as const satisfies Partial<Record<keyof typeof REQUIRED_ADDRESS_FIELDS, string>>;
  for (const [field, message] of Object.entries(required) as [keyof typeof required, string][]) {
    if (!form[field]) set(field, message);
  }
  for (const problem of destinationProblems({ countryCode, ...form }))
    set(problem.field, problem.message);
  if (countryCode === "BR") {
    if (!form.taxNumber)
      set(
        "taxNumber",
        "Enter your CPF or CNPJ: Brazil's customs do not let a parcel in without it.",
      );
    else if (!isBrazilTaxNumber(form.taxNumber))
      set("taxNumber", "This is not a valid CPF or CNPJ: check its digits.");
  }
  if ([...form.phone].length > 40) set("phone", "Phone is too long.");
  return {
    errors,
    warnings: destinationWarnings({
      countryCode,
      address1: form.address1,
      address2: form.address2,
    }),
  };
}

/** The corrected address in the shape Shopify's webhooks give (what the app stores). */
export function shopifyAddressOf(
  form: AddressForm,
  previous: ShopifyAddress | null,
  countryCode: string,
): ShopifyAddress {
  const province = form.provinceCode
    ? (subdivisionsOf(countryCode)?.find((s) => s.code === form.provinceCode.toUpperCase())?.name ??
      form.provinceCode)
    : undefined;
  const or = (v: string) => v || undefined;
  return {
    country: previous?.country ?? countryName(countryCode),
    first_name: form.firstName,
    last_name: form.lastName,
    name: `${form.firstName} ${form.lastName}`,
    company: or(form.company),
    address1: form.address1,
    address2: or(form.address2),
    city: form.city,
    province,
    province_code: or(form.provinceCode.toUpperCase()),
    zip: form.zip,
    phone: or(form.phone),
    country_code: countryCode,
  };
}

/** What changed, in a line for the timeline (the fields' names, not the customer's data). */
export function changedFields(before: AddressForm, after: AddressForm): string {
  const changed = FORM_FIELDS.filter((f) => f !== "taxNumber" && before[f] !== after[f]).map((f) =>
    FIELD_LABELS[f].replace(" (optional)", "").toLowerCase(),
  );
  if (after.taxNumber) changed.push("CPF or CNPJ");
  return changed.length ? `changed: ${changed.join(", ")}` : "confirmed as it was";
}
