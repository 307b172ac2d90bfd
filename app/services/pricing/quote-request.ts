import { z } from "zod";

/**
 * What a quote may ask: the destination, the currency and up to
 * MAX_QUOTE_ITEMS lines. Not a .server module: the Quote form reads the limit.
 */

export const MAX_QUOTE_ITEMS = 20;

/** Sane bounds for a quote line; the print service checks each offering's own limits. */
export const QUOTE_LIMITS = { pages: 10_000, quantity: 100_000 } as const;

const count = (n: number) => n.toLocaleString("en-US");

/** What each field takes: the message for any refusal of that field. */
export const QUOTE_MESSAGES = {
  countryCode: "Use a two-letter country code, e.g. NL",
  state: "Use at most 50 characters for the state or province",
  currency: "Use a three-letter currency code, e.g. EUR",
  items: `Add from 1 to ${MAX_QUOTE_ITEMS} items`,
  "items.*.offeringId": "Choose a variant or offering",
  "items.*.numberOfPages": `Enter the pages, a whole number from 1 to ${count(QUOTE_LIMITS.pages)}`,
  "items.*.quantity": `Enter a quantity, a whole number from 1 to ${count(QUOTE_LIMITS.quantity)}`,
};

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const quoteItemSchema = z.object({
  offeringId: z.coerce
    .number()
    .int(QUOTE_MESSAGES["items.*.offeringId"])
    .positive(QUOTE_MESSAGES["items.*.offeringId"]),
  numberOfPages: wholeNumber(QUOTE_MESSAGES["items.*.numberOfPages"], QUOTE_LIMITS.pages),
  quantity: wholeNumber(QUOTE_MESSAGES["items.*.quantity"], QUOTE_LIMITS.quantity),
});

export const quoteRequestSchema = z.object({
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, QUOTE_MESSAGES.countryCode),
  state: z
    .string()
    .trim()
    .max(50, QUOTE_MESSAGES.state)
    .optional()
    .transform((v) => v || undefined),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, QUOTE_MESSAGES.currency),
  items: z
    .array(quoteItemSchema)
    .min(1, "Add at least one item")
    .max(MAX_QUOTE_ITEMS, QUOTE_MESSAGES.items),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
