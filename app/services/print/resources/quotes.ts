/** JSON `POST /quote`. */
import { z } from "zod";
import { APIResource, defineOperation } from "../core";
import type { MoneyMinor } from "../money";
import type { RequestOptions } from "../transport";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  inputId,
  looseInt,
  looseNumber,
  moneyReq,
  optInt,
  optText,
  positiveId,
} from "./shared";

export const quoteParamsSchema = z
  .object({
    countryCode: inputCountry,
    /** State or province, where the destination uses them. */
    state: z.string().optional(),
    currency: inputCurrency,
    items: z
      .array(
        z
          .object({
            offeringId: inputId,
            numberOfPages: z.number().int().nonnegative(),
            quantity: z.number().int().positive(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export type QuoteParams = z.input<typeof quoteParamsSchema>;

export interface QuotedItem {
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  basePrice: MoneyMinor;
  /** Rounded to the minor unit; see pricePerPageExact for sub-cent rates. */
  pricePerPage: MoneyMinor;
  /** pricePerPage exactly as sent, as decimal text in major units. */
  pricePerPageExact: string;
  productPrice: MoneyMinor;
  shippingWholesale: MoneyMinor;
  totalQuantityDiscount: MoneyMinor;
  vatPercentage: number;
  vat: MoneyMinor;
  totalItemPrice: MoneyMinor;
}

export interface Quote {
  countryCode: string | undefined;
  state: string | undefined;
  currency: string;
  /** Exchange rate as exact decimal text. */
  exchangeRate: string | undefined;
  items: QuotedItem[];
  summary: {
    numberOfItems: number | undefined;
    totalWholesalePrice: MoneyMinor;
    totalShippingPrice: MoneyMinor;
    totalQuantityDiscount: MoneyMinor;
    vatSummary: { vatPercentage: number; vat: MoneyMinor }[];
  };
}

/**
 * A money amount the app acts on (checkout shipping, margins, the wholesale total). Missing or
 * null is refused, never read as zero: a zero shipping total would be free shipping at checkout.
 */
const requiredAmount = z
  .unknown()
  .refine((v) => v !== undefined && v !== null, {
    message: "amount is missing or null",
    abort: true,
  })
  .pipe(decimalText);

/** A list that may arrive as one bare object; missing or null stays an error. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => (v === undefined || v === null || Array.isArray(v) ? v : [v]),
    z.array(item, {
      error: (issue) => (issue.input == null ? "list is missing or null" : undefined),
    }),
  );
}

const rawItem = z.object({
  offeringId: positiveId,
  numberOfPages: looseInt,
  quantity: looseInt,
  basePrice: requiredAmount,
  pricePerPage: requiredAmount,
  productPrice: requiredAmount,
  shippingWholesale: requiredAmount,
  totalQuantityDiscount: requiredAmount,
  // A rate shown next to `vat`; only the amount is added up, so a missing rate reads as 0.
  vatPercentage: looseNumber.nullish().transform((v) => v ?? 0),
  vat: requiredAmount,
  totalItemPrice: requiredAmount,
});

export const quoteResponseSchema = z
  .object({
    quoteDetails: z.object({
      countryCode: optText,
      state: optText,
      currency: currencyCode,
      exchangeRate: z
        .union([decimalText, z.null()])
        .optional()
        .transform((v) => v ?? undefined),
    }),
    quotedItems: listOf(rawItem).refine((items) => items.length > 0, {
      message: "no quoted items",
    }),
    quoteSummary: z.object(
      {
        // A count nothing is computed from (callers count the items); the totals below are.
        numberOfItems: optInt,
        totalWholesalePrice: requiredAmount,
        totalShippingPrice: requiredAmount,
        totalQuantityDiscount: requiredAmount,
        vatSummary: listOf(z.object({ vatPercentage: looseNumber, vat: requiredAmount })),
      },
      { error: (issue) => (issue.input == null ? "quote summary is missing or null" : undefined) },
    ),
  })
  .transform((q, ctx): Quote => {
    const c = q.quoteDetails.currency;
    const m = (v: string, path: string): MoneyMinor => moneyReq(ctx, v, c, path);
    const s = q.quoteSummary;
    const items = q.quotedItems.map((i, n): QuotedItem => {
      const at = (field: string) => `quotedItems.${n}.${field}`;
      return {
        offeringId: i.offeringId,
        numberOfPages: i.numberOfPages,
        quantity: i.quantity,
        basePrice: m(i.basePrice, at("basePrice")),
        pricePerPage: m(i.pricePerPage, at("pricePerPage")),
        pricePerPageExact: i.pricePerPage,
        productPrice: m(i.productPrice, at("productPrice")),
        shippingWholesale: m(i.shippingWholesale, at("shippingWholesale")),
        totalQuantityDiscount: m(i.totalQuantityDiscount, at("totalQuantityDiscount")),
        vatPercentage: i.vatPercentage,
        vat: m(i.vat, at("vat")),
        totalItemPrice: m(i.totalItemPrice, at("totalItemPrice")),
      };
    });
    // Callers take the VAT total from vatSummary: an empty one is only believable without VAT.
    if (s.vatSummary.length === 0 && items.some((i) => i.vat.amountMinor !== 0)) {
      ctx.addIssue({
        code: "custom",
        path: ["quoteSummary", "vatSummary"],
        message: "empty while the quoted items carry VAT",
      });
    }
    return {
      countryCode: q.quoteDetails.countryCode,
      state: q.quoteDetails.state,
      currency: c,
      exchangeRate: q.quoteDetails.exchangeRate,
      items,
      summary: {
        numberOfItems: s.numberOfItems,
        totalWholesalePrice: m(s.totalWholesalePrice, "quoteSummary.totalWholesalePrice"),
        totalShippingPrice: m(s.totalShippingPrice, "quoteSummary.totalShippingPrice"),
        totalQuantityDiscount: m(s.totalQuantityDiscount, "quoteSummary.totalQuantityDiscount"),
        vatSummary: s.vatSummary.map((v, n) => ({
          vatPercentage: v.vatPercentage,
          vat: m(v.vat, `quoteSummary.vatSummary.${n}.vat`),
        })),
      },
    };
  });

const quoteOperation = defineOperation({
  name: "quote",
  api: "json",
  method: "POST",
  path: "/quote",
  request: quoteParamsSchema,
  json: (p, call) => ({
    apiKey: call.merchantApiKey,
    countryCode: p.countryCode,
    state: p.state ?? "",
    currency: p.currency,
    items: p.items,
  }),
  response: quoteResponseSchema,
  result: (quote, p, answer) => {
    // A partial answer that leaves out a requested offering must not pass as the cart's price.
    const quoted = new Set(quote.items.map((i) => i.offeringId));
    const unquoted = [...new Set(p.items.map((i) => i.offeringId))].filter((id) => !quoted.has(id));
    if (unquoted.length > 0) {
      const issue = `quotedItems: no quoted item for offering ${unquoted.join(", ")}`;
      throw answer.fail(issue, [issue]);
    }
    return quote;
  },
});

export class Quotes extends APIResource {
  /**
   * Prices and shipping for items without creating an order. Items that cannot be produced at
   * one facility raise FacilityConflictError (groups of offering ids that can go together).
   * An answer without a quoted item per requested offering, without the summary, or with a
   * missing amount raises PrintResponseShapeError: amounts are never taken as zero.
   */
  create(params: QuoteParams, options?: RequestOptions): Promise<Quote> {
    return this.core.request(quoteOperation, params, options);
  }
}
