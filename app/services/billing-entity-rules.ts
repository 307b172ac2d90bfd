/**
 * The checks on a billing entity's fields, in one place: country from the ISO list, invoice
 * email addresses, postal code (the country's own format for common countries, a loose shape
 * otherwise) and VAT number (EU prefixes and patterns, plus a few common non-EU ones).
 * The form's server action uses `billingEntityFormSchema`; the form uses `countryOptions`.
 * Messages are written for a shop owner: what to type, with an example.
 */
import { z } from "zod";
import { COUNTRY_NAMES } from "./country-names";
import { EVEN_WHEN_A_FIELD_FAILED } from "./form-errors";
import { COUNTRY_CODES, isEmail } from "./print/input-rules";

/** Every ISO 3166-1 country as a choice, sorted by its name. */
export const countryOptions = (): { label: string; value: string }[] =>
  COUNTRY_NAMES.map(([value, label]) => ({ label, value }));

export type Check = { ok: true; value: string } | { ok: false; message: string };

interface PostalRule {
  pattern: RegExp;
  example: string;
}

/** Postal code formats of the countries shops invoice most; uppercase, single spaces. */
const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  AT: { pattern: /^\d{4}$/, example: "1010" },
  AU: { pattern: /^\d{4}$/, example: "2000" },
  BE: { pattern: /^\d{4}$/, example: "1000" },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: "K1A 0B1" },
  CH: { pattern: /^\d{4}$/, example: "8001" },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: "110 00" },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  DK: { pattern: /^\d{4}$/, example: "1050" },
  ES: { pattern: /^\d{5}$/, example: "28001" },
  FI: { pattern: /^\d{5}$/, example: "00100" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  GB: {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
    example: "SW1A 1AA",
  },
  IE: { pattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/, example: "D02 X285" },
  IT: { pattern: /^\d{5}$/, example: "00184" },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: "100-0001" },
  LU: { pattern: /^(L-)?\d{4}$/, example: "1009" },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: "1012 AB" },
  NO: { pattern: /^\d{4}$/, example: "0150" },
  NZ: { pattern: /^\d{4}$/, example: "6011" },
  PL: { pattern: /^\d{2}-\d{3}$/, example: "00-950" },
  PT: { pattern: /^\d{4}-\d{3}$/, example: "1000-001" },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: "111 22" },
  SK: { pattern: /^\d{3} ?\d{2}$/, example: "811 01" },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "10001" },
};

/** Any other country: letters, digits, spaces and hyphens, 2 to 10 characters. */
const GENERIC_POSTAL = /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/;

const normalised = (v: string) => v.trim().replace(/\s+/g, " ").toUpperCase();

/** A postal code in the country's format; without a country only its general shape is checked. */
export function checkPostalCode(postalCode: string, countryCode: string | undefined): Check {
  const value = normalised(postalCode);
  const rule = countryCode ? POSTAL_RULES[countryCode.toUpperCase()] : undefined;
  if (rule) {
    return rule.pattern.test(value)
      ? { ok: true, value }
      : {
          ok: false,
          message: `Enter a postal code in this country's format, e.g. ${rule.example}`,
        };
  }
  return GENERIC_POSTAL.test(value)
    ? { ok: true, value }
    : {
        ok: false,
        message: "Enter a postal code of 2 to 10 letters, digits, spaces or hyphens",
      };
}

interface VatRule {
  /** The number after its prefix, spaces, dots and hyphens removed. */
  pattern: RegExp;
  shape: string;
  example: string;
}

/**
 * VAT numbers by prefix: the EU's (Greece's is EL, Northern Ireland's XI) and a few common
 * non-EU ones. The shape text says what follows the prefix.
 */
const VAT_RULES: Readonly<Record<string, VatRule>> = {
  AT: { pattern: /^U\d{8}$/, shape: "U and 8 digits", example: "ATU12345678" },
  BE: { pattern: /^[01]\d{9}$/, shape: "10 digits starting with 0 or 1", example: "BE0123456789" },
  BG: { pattern: /^\d{9,10}$/, shape: "9 or 10 digits", example: "BG123456789" },
  CY: { pattern: /^\d{8}[A-Z]$/, shape: "8 digits and a letter", example: "CY12345678X" },
  CZ: { pattern: /^\d{8,10}$/, shape: "8 to 10 digits", example: "CZ12345678" },
  DE: { pattern: /^\d{9}$/, shape: "9 digits", example: "DE123456789" },
  DK: { pattern: /^\d{8}$/, shape: "8 digits", example: "DK12345678" },
  EE: { pattern: /^\d{9}$/, shape: "9 digits", example: "EE123456789" },
  EL: { pattern: /^\d{9}$/, shape: "9 digits", example: "EL123456789" },
  ES: {
    pattern: /^[A-Z\d]\d{7}[A-Z\d]$/,
    shape: "9 characters: a letter or digit, 7 digits, a letter or digit",
    example: "ESX1234567X",
  },
  FI: { pattern: /^\d{8}$/, shape: "8 digits", example: "FI12345678" },
  FR: {
    pattern: /^[A-HJ-NP-Z\d]{2}\d{9}$/,
    shape: "2 letters or digits and 9 digits",
    example: "FR12345678901",
  },
  HR: { pattern: /^\d{11}$/, shape: "11 digits", example: "HR12345678901" },
  HU: { pattern: /^\d{8}$/, shape: "8 digits", example: "HU12345678" },
  IE: {
    pattern: /^(\d{7}[A-WY][A-IW]?|\d[A-Z+*]\d{5}[A-WY])$/,
    shape: "7 digits and 1 or 2 letters",
    example: "IE1234567T",
  },
  IT: { pattern: /^\d{11}$/, shape: "11 digits", example: "IT12345678901" },
  LT: { pattern: /^(\d{9}|\d{12})$/, shape: "9 or 12 digits", example: "LT123456789" },
  LU: { pattern: /^\d{8}$/, shape: "8 digits", example: "LU12345678" },
  LV: { pattern: /^\d{11}$/, shape: "11 digits", example: "LV12345678901" },
  MT: { pattern: /^\d{8}$/, shape: "8 digits", example: "MT12345678" },
  NL: { pattern: /^\d{9}B\d{2}$/, shape: "9 digits, B and 2 digits", example: "NL123456789B01" },
  PL: { pattern: /^\d{10}$/, shape: "10 digits", example: "PL1234567890" },
  PT: { pattern: /^\d{9}$/, shape: "9 digits", example: "PT123456789" },
  RO: { pattern: /^\d{2,10}$/, shape: "2 to 10 digits", example: "RO1234567" },
  SE: { pattern: /^\d{10}01$/, shape: "12 digits ending in 01", example: "SE123456789001" },
  SI: { pattern: /^\d{8}$/, shape: "8 digits", example: "SI12345678" },
  SK: { pattern: /^\d{10}$/, shape: "10 digits", example: "SK1234567890" },
  XI: {
    pattern: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
    shape: "9 or 12 digits",
    example: "XI123456789",
  },
  GB: {
    pattern: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
    shape: "9 or 12 digits",
    example: "GB123456789",
  },
  CH: {
    pattern: /^E\d{9}(MWST|TVA|IVA)?$/,
    shape: "E and 9 digits, optionally MWST, TVA or IVA",
    example: "CHE123456789",
  },
  NO: { pattern: /^\d{9}(MVA)?$/, shape: "9 digits, optionally MVA", example: "NO123456789MVA" },
};

/** EU member states by ISO code, with the VAT prefix each uses. */
const EU_VAT_PREFIX: Readonly<Record<string, string>> = {
  AT: "AT",
  BE: "BE",
  BG: "BG",
  CY: "CY",
  CZ: "CZ",
  DE: "DE",
  DK: "DK",
  EE: "EE",
  ES: "ES",
  FI: "FI",
  FR: "FR",
  GR: "EL",
  HR: "HR",
  HU: "HU",
  IE: "IE",
  IT: "IT",
  LT: "LT",
  LU: "LU",
  LV: "LV",
  MT: "MT",
  NL: "NL",
  PL: "PL",
  PT: "PT",
  RO: "RO",
  SE: "SE",
  SI: "SI",
  SK: "SK",
};

const vatNormalised = (v: string) => v.toUpperCase().replace(/[\s.-]+/g, "");

const PLAIN_VAT = "Enter the VAT number as 4 to 20 letters and digits, e.g. NL123456789B01";

/**
 * A VAT number: with a known prefix it must have that country's shape; an EU company's must
 * start with its prefix; any other is 4 to 20 letters and digits. Spaces, dots and hyphens are
 * dropped, so "nl 1234.56.789.B01" is kept as NL123456789B01.
 */
export function checkVatNumber(vatNumber: string, countryCode: string | undefined): Check {
  const value = vatNormalised(vatNumber);
  if (!/^[A-Z\d]{4,20}$/.test(value)) return { ok: false, message: PLAIN_VAT };
  const prefix = value.slice(0, 2);
  const rule = VAT_RULES[prefix];
  if (rule) {
    return rule.pattern.test(value.slice(2))
      ? { ok: true, value }
      : {
          ok: false,
          message: `A VAT number starting with ${prefix} continues with ${rule.shape}, e.g. ${rule.example}`,
        };
  }
  const euPrefix = countryCode ? EU_VAT_PREFIX[countryCode.toUpperCase()] : undefined;
  if (euPrefix) {
    const example = VAT_RULES[euPrefix]?.example ?? `${euPrefix}123456789`;
    return {
      ok: false,
      message: `Start the VAT number with ${euPrefix}, this country's prefix, e.g. ${example}`,
    };
  }
  return { ok: true, value };
}

/** Blank means not given; capped so a stray paste is caught here, by field. */
const optional = z
  .string()
  .trim()
  .max(200, "Use at most 200 characters")
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const BILLING_ENTITY_MESSAGES = {
  companyName: "Enter the company name, at most 200 characters",
  parentEntityId: "Choose a parent entity from the list, or none",
  countryCode: "Choose a country from the list",
  emailAddresses: "Enter valid email addresses, separated by commas",
  phoneNumber: "Enter a phone number, e.g. +31 20 123 4567",
  firstName: "Use at most 200 characters",
  lastName: "Use at most 200 characters",
  addressLine1: "Use at most 200 characters",
  addressLine2: "Use at most 200 characters",
  zipCode: "Enter a postal code, at most 200 characters",
  city: "Use at most 200 characters",
  state: "Use at most 200 characters",
  vatNumber: "Enter the VAT number as letters and digits, e.g. NL123456789B01",
  chamberOfCommerce: "Use at most 200 characters",
} as const;

/**
 * A billing entity's form, as posted: every field a string. Output is what the print client
 * takes, normalised (country and VAT number uppercase, postal code in its usual spacing).
 */
export const billingEntityFormSchema = z
  .object({
    companyName: z
      .string()
      .trim()
      .min(1, "Enter the company name")
      .max(200, "Use at most 200 characters for the company name"),
    parentEntityId: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : undefined))
      .pipe(z.number().int().positive("Choose a parent entity").optional()),
    firstName: optional,
    lastName: optional,
    addressLine1: optional,
    addressLine2: optional,
    zipCode: optional,
    city: optional,
    state: optional,
    countryCode: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().toUpperCase() || undefined)
      .pipe(
        z
          .string()
          .refine((v) => COUNTRY_CODES.has(v), "Choose a country from the list")
          .optional(),
      ),
    vatNumber: optional,
    chamberOfCommerce: optional,
    emailAddresses: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(/[,;\s]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().refine(isEmail, "Enter valid email addresses, separated by commas"))
          .max(10, "Enter at most 10 email addresses, separated by commas"),
      ),
    phoneNumber: z
      .string()
      .trim()
      .max(30, "Enter a phone number, e.g. +31 20 123 4567")
      .refine(
        (v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6),
        "Enter a phone number, e.g. +31 20 123 4567",
      )
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
  })
  // Postal code and VAT number depend on the country, so they are checked on the whole form;
  // also when another field was refused, so every field's problem is told at once.
  .superRefine((form, ctx) => {
    const country = typeof form.countryCode === "string" ? form.countryCode : undefined;
    if (typeof form.zipCode === "string") {
      const postal = checkPostalCode(form.zipCode, country);
      if (!postal.ok) ctx.addIssue({ code: "custom", path: ["zipCode"], message: postal.message });
    }
    if (typeof form.vatNumber === "string") {
      const vat = checkVatNumber(form.vatNumber, country);
      if (!vat.ok) ctx.addIssue({ code: "custom", path: ["vatNumber"], message: vat.message });
    }
  }, EVEN_WHEN_A_FIELD_FAILED)
  .transform((form) => ({
    ...form,
    zipCode: form.zipCode === undefined ? undefined : normalised(form.zipCode),
    vatNumber: form.vatNumber === undefined ? undefined : vatNormalised(form.vatNumber),
  }));

export type BillingEntityFormOutput = z.output<typeof billingEntityFormSchema>;
