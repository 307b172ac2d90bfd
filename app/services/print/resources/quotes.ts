/** JSON `POST /quote`. */
import { z } from "zod";
import { validateInput, type ClientContext, type RequestOptions } from "../core";
import type { MoneyMinor } from "../money";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  inputId,
  looseArray,
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

const zero = z.literal(null).transform(() => "0");
const amount = z
  .union([decimalText, zero])
  .optional()
  .transform((v) => v ?? "0");

const rawItem = z.object({
  offeringId: positiveId,
  numberOfPages: looseInt,
  quantity: looseInt,
  basePrice: amount,
  pricePerPage: amount,
  productPrice: amount,
  shippingWholesale: amount,
  totalQuantityDiscount: amount,
  vatPercentage: looseNumber.nullish().transform((v) => v ?? 0),
  vat: amount,
  totalItemPrice: amount,
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
    quotedItems: looseArray(rawItem),
    quoteSummary: z
      .object({
        numberOfItems: optInt,
        totalWholesalePrice: amount,
        totalShippingPrice: amount,
        totalQuantityDiscount: amount,
        vatSummary: looseArray(z.object({ vatPercentage: looseNumber, vat: amount })),
      })
      .nullish(),
  })
  .transform((q, ctx): Quote => {
    const c = q.quoteDetails.currency;
    const m = (v: string, path: string): MoneyMinor => moneyReq(ctx, v, c, path);
    const s = q.quoteSummary;
    return {
      countryCode: q.quoteDetails.countryCode,
      state: q.quoteDetails.state,
      currency: c,
      exchangeRate: q.quoteDetails.exchangeRate,
      items: q.quotedItems.map((i) => ({
        offeringId: i.offeringId,
        numberOfPages: i.numberOfPages,
        quantity: i.quantity,
        basePrice: m(i.basePrice, "basePrice"),
        pricePerPage: m(i.pricePerPage, "pricePerPage"),
        pricePerPageExact: i.pricePerPage,
        productPrice: m(i.productPrice, "productPrice"),
        shippingWholesale: m(i.shippingWholesale, "shippingWholesale"),
        totalQuantityDiscount: m(i.totalQuantityDiscount, "totalQuantityDiscount"),
        vatPercentage: i.vatPercentage,
        vat: m(i.vat, "vat"),
        totalItemPrice: m(i.totalItemPrice, "totalItemPrice"),
      })),
      summary: {
        numberOfItems: s?.numberOfItems,
        totalWholesalePrice: m(s?.totalWholesalePrice ?? "0", "totalWholesalePrice"),
        totalShippingPrice: m(s?.totalShippingPrice ?? "0", "totalShippingPrice"),
        totalQuantityDiscount: m(s?.totalQuantityDiscount ?? "0", "totalQuantityDiscount"),
        vatSummary: (s?.vatSummary ?? []).map((v) => ({
          vatPercentage: v.vatPercentage,
          vat: m(v.vat, "vat"),
        })),
      },
    };
  });

export class Quotes {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * Prices and shipping for items without creating an order. Items that cannot be produced at
   * one facility raise FacilityConflictError (groups of offering ids that can go together).
   */
  async create(params: QuoteParams, options?: RequestOptions): Promise<Quote> {
    const p = validateInput(quoteParamsSchema, params, "quote");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "quote",
        api: "json",
        method: "POST",
        path: "/quote",
        json: {
          apiKey: this.ctx.merchantApiKey,
          countryCode: p.countryCode,
          state: p.state ?? "",
          currency: p.currency,
          items: p.items,
        },
      },
      options,
    );
    return t.validate(quoteResponseSchema, t.parseJson(res, "quote"), res, "quote");
  }
}
