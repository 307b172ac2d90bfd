/**
 * Tolerant zod building blocks for the service's quirks (numbers as strings and back, nulls,
 * missing optional fields), and strict ones for values we act on (ids).
 */
import { z } from "zod";
import { MoneyError, parseMajor, type MoneyMinor } from "../money";
import { LOCALE_PATTERN, isCountryCode, isEmail, isHttpUrl } from "../input-rules";

const numericText = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** An integer given as a number or as digit text. */
export const looseInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*[+-]?\d+\s*$/, "expected an integer")
    .transform((s) => Number(s.trim())),
]);

/** A strictly positive safe integer id (number or digit text). Anything else is rejected. */
export const positiveId = z
  .union([
    z.number(),
    z.string().regex(/^\d+$/, "expected a positive integer id").transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** A number given as a number or numeric text. */
export const looseNumber = z.union([
  z.number().finite(),
  z
    .string()
    .regex(numericText, "expected a number")
    .transform((s) => Number(s.trim())),
]);

/** Decimal amount kept as exact text (numbers converted by their shortest round-trip text). */
export const decimalText = z.union([
  z
    .number()
    .finite()
    .transform((n) => String(n)),
  z
    .string()
    .regex(numericText, "expected a decimal amount")
    .transform((s) => s.trim()),
]);

/** Text that may arrive as a number or boolean. */
export const looseString = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** Optional text: null, missing and "" become undefined; numbers become text. */
export const optText = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

export const optNumber = z
  .union([looseNumber, z.literal("")])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : v));

export const optInt = z
  .union([looseInt, z.literal("")])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : v));

/** Boolean from true/false, "true"/"false" (any case), 1/0. */
export const looseBool = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z
    .string()
    .regex(/^\s*(true|false|1|0)\s*$/i, "expected true or false")
    .transform((s) => /^\s*(true|1)\s*$/i.test(s)),
]);

/** An array that may arrive as null or be missing (-> []), or as one bare object (-> [obj]). */
export function looseArray<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), item, z.null()])
    .optional()
    .transform((v): z.output<T>[] =>
      v === null || v === undefined
        ? []
        : Array.isArray(v)
          ? (v as z.output<T>[])
          : [v as z.output<T>],
    );
}

/** Currency code, normalised to upper case. */
export const currencyCode = z
  .string()
  .regex(/^\s*[A-Za-z]{3}\s*$/, "expected a 3-letter currency code")
  .transform((s) => s.trim().toUpperCase());

/** Major-unit decimal text to MoneyMinor inside a zod transform (errors become issues). */
export function moneyIn(
  ctx: z.RefinementCtx,
  value: string | undefined,
  currency: string,
  path: string,
): MoneyMinor | undefined {
  if (value === undefined) return undefined;
  try {
    return parseMajor(value, currency);
  } catch (e) {
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: e instanceof MoneyError ? e.message : String(e),
    });
    return undefined;
  }
}

/** Same as moneyIn for a required field: adds an issue (and returns a zero placeholder) on failure. */
export function moneyReq(
  ctx: z.RefinementCtx,
  value: string,
  currency: string,
  path: string,
): MoneyMinor {
  return moneyIn(ctx, value, currency, path) ?? { amountMinor: 0, currency };
}

// Input-side helpers --------------------------------------------------------------------------

export const inputId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const inputCurrency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "expected a 3-letter currency code")
  .transform((s) => s.toUpperCase());
export const inputCountry = z
  .string()
  .refine(isCountryCode, "expected a two-letter ISO 3166-1 country code")
  .transform((s) => s.toUpperCase());
/** An absolute http(s) URL: the service downloads it, so nothing else will do. */
export const inputUrl = z.string().refine(isHttpUrl, "expected a full http(s) URL");
export const inputEmail = z.string().refine(isEmail, "expected an email address");
export const inputLocale = z
  .string()
  .regex(LOCALE_PATTERN, "expected a language code such as en, nl_NL or pt-BR");
