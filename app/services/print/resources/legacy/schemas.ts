/**
 * Legacy: the zod schemas. Caller parameters (checked before anything is sent) and the XML answers
 * as parsed (tolerant of numbers as text, empty elements, either layout of offering `elements`).
 * Turning an answer into a result is wire.ts.
 */
import { z } from "zod";
import type { MoneyMinor } from "../../money";
import { asArray, type XmlNode } from "../../xml";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  inputEmail,
  inputId,
  inputLocale,
  inputUrl,
  looseBool,
  looseString,
  moneyIn,
  optInt,
  optNumber,
  optText,
  positiveId,
} from "../shared";
import type { LegacyOfferingElement, LegacyQuote } from "./types";

// Parameters ----------------------------------------------------------------------------------

const currencies = z
  .union([z.string().min(1), z.array(inputCurrency).min(1)])
  .transform((v) => (Array.isArray(v) ? v.join(",") : v));

export const legacyOfferingListParamsSchema = z
  .object({ currencies: currencies.optional() })
  .strict();

export const legacyOfferingDetailsParamsSchema = z
  .object({
    offeringId: inputId,
    currencies: currencies.optional(),
    /** Identify by buttonKey or by the applicationApiKey + merchantApiKey pair. Default: buttonKey when configured. */
    auth: z.enum(["buttonKey", "keyPair"]).optional(),
  })
  .strict();

export const legacyQuoteParamsSchema = z
  .object({
    offeringId: inputId,
    currency: inputCurrency,
    countryCode: inputCountry,
    numberOfPages: z.number().int().positive(),
    quantity: z.number().int().positive(),
    useMerchantSecret: z.boolean().optional(),
  })
  .strict();

const optionalText = z.string().optional();

export const legacyOrderCreateParamsSchema = z
  .object({
    offeringId: inputId,
    apiVersion: z.number().int().nonnegative().optional(),
    emailAddress: inputEmail.optional(),
    merchantReference: optionalText,
    paymentReference: optionalText,
    title: optionalText,
    locale: inputLocale.optional(),
  })
  .strict();

export const legacyCreateFromCheckoutUrlParamsSchema = z
  .object({
    offeringId: inputId,
    numberOfPages: z.number().int().positive(),
    sourceUrl: inputUrl,
    filetype: z.enum(["pdf", "image"]).optional(),
    /** mm */
    sourceWidth: z.number().positive(),
    /** mm */
    sourceHeight: z.number().positive(),
    merchantReference: optionalText,
    paymentReference: optionalText,
    title: optionalText,
    locale: inputLocale.optional(),
  })
  .strict();

export const legacyAddressSchema = z
  .object({
    addressLine1: z.string().min(1),
    addressLine2: optionalText,
    zipCode: z.string(),
    city: z.string().min(1),
    /** Country name. */
    country: optionalText,
    countryCode: inputCountry,
  })
  .strict();

export const legacyOrderDetailsParamsSchema = z
  .object({
    externalOrderId: z.string().min(1),
    customerName: optionalText,
    shippingAddress: legacyAddressSchema,
    emailAddress: inputEmail,
    quantity: z.number().int().positive(),
  })
  .strict();

export const legacySetPaidParamsSchema = z.object({ externalOrderId: z.string().min(1) }).strict();

export const legacySetQuoteAndPaidParamsSchema = z
  .object({
    externalOrderId: z.string().min(1),
    /** A quote from legacy.quote() (rebuilt as XML), or quote XML text to send as is. */
    quote: z.union([
      z.string().min(1),
      z.custom<LegacyQuote>((v) => v !== null && typeof v === "object"),
    ]),
    useMerchantSecret: z.boolean().optional(),
  })
  .strict();

export const legacyOrderStatusParamsSchema = z
  .object({ paymentReference: z.string().min(1) })
  .strict();

export type LegacyOfferingListParams = z.input<typeof legacyOfferingListParamsSchema>;
export type LegacyOfferingDetailsParams = z.input<typeof legacyOfferingDetailsParamsSchema>;
export type LegacyQuoteParams = z.input<typeof legacyQuoteParamsSchema>;
export type LegacyOrderCreateParams = z.input<typeof legacyOrderCreateParamsSchema>;
export type LegacyCreateFromCheckoutUrlParams = z.input<
  typeof legacyCreateFromCheckoutUrlParamsSchema
>;
export type LegacyAddress = z.input<typeof legacyAddressSchema>;
export type LegacyOrderDetailsParams = z.input<typeof legacyOrderDetailsParamsSchema>;
export type LegacySetPaidParams = z.input<typeof legacySetPaidParamsSchema>;
export type LegacySetQuoteAndPaidParams = z.input<typeof legacySetQuoteAndPaidParamsSchema>;
export type LegacyOrderStatusParams = z.input<typeof legacyOrderStatusParamsSchema>;

// Answers -------------------------------------------------------------------------------------

const optDecimal = z
  .union([decimalText, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v === "" || v === null ? undefined : v));

const byCurrency = z
  .unknown()
  .optional()
  .transform((group, ctx): MoneyMinor[] => {
    if (group === undefined || group === null || group === "") return [];
    const values = asArray((group as XmlNode)["value"]);
    const out: MoneyMinor[] = [];
    for (const v of values) {
      const node = (v ?? {}) as XmlNode;
      const amount = decimalText.safeParse(node["@_amount"]);
      const cur = currencyCode.safeParse(node["@_currency"]);
      if (!amount.success || !cur.success) {
        ctx.addIssue({ code: "custom", message: "value needs amount and currency attributes" });
        continue;
      }
      const m = moneyIn(ctx, amount.data, cur.data, "value");
      if (m) out.push(m);
    }
    return out;
  });

const elementsSchema = z
  .unknown()
  .optional()
  .transform((v): LegacyOfferingElement[] => {
    const out: LegacyOfferingElement[] = [];
    // Accept <elements><element>…</element></elements> and repeated <elements><id>…</id></elements>.
    for (const node of asArray(v)) {
      if (node === null || typeof node !== "object") continue;
      const n = node as XmlNode;
      const inner = n["element"] === undefined ? [n] : asArray(n["element"]);
      for (const e of inner) {
        if (e === null || typeof e !== "object") continue;
        const x = e as XmlNode;
        if (x["id"] === undefined) continue;
        out.push({
          id: String(x["id"]),
          name: optText.parse(typeof x["name"] === "string" ? x["name"] : undefined),
          url: optText.parse(typeof x["url"] === "string" ? x["url"] : undefined),
        });
      }
    }
    return out;
  });

const optBool = z
  .union([looseBool, z.literal("")])
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const rawLegacyOffering = z.object({
  id: positiveId,
  name: looseString,
  catalogueItemCode: optText,
  currency: currencyCode,
  price: decimalText,
  pricePerPage: optDecimal,
  countryShippingPrice: optDecimal,
  regionShippingPrice: optDecimal,
  worldShippingPrice: optDecimal,
  vatPercentage: optNumber,
  downloadLocation: optText,
  defaultNumberOfPages: optInt,
  minNumberOfPages: optInt,
  maxNumberOfPages: optInt,
  dimensionWidth: optNumber,
  dimensionHeight: optNumber,
  dimensionUnit: optText,
  minimumQuantity: optInt,
  addShipping: optBool,
  recommended: optBool,
  fixedSize: optBool,
  elements: elementsSchema,
  priceByCurrency: byCurrency,
  pricePerPageByCurrency: byCurrency,
  countryShippingPriceByCurrency: byCurrency,
  regionShippingPriceByCurrency: byCurrency,
  worldShippingPriceByCurrency: byCurrency,
});

const isoTimestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO 8601 timestamp");

export const rawLegacyOfferingList = z.object({
  root: z.object({
    pricingExpireDate: z
      .union([isoTimestamp, z.literal("")])
      .optional()
      .transform((v) => v || undefined),
    offerings: z
      .union([z.object({ offering: z.unknown() }), z.literal("")])
      .optional()
      .transform((v) => (typeof v === "object" ? asArray(v.offering) : [])),
  }),
});

export const rawLegacyQuote = z.object({
  quote: z.object({
    rate: optDecimal,
    price: optDecimal,
    currency: currencyCode,
    quantity: optInt,
    vat: optDecimal,
    secret: optText,
    "offering-id": positiveId,
    "price-retail": optDecimal,
    "price-wholesale": optDecimal,
    "price-shipping": optDecimal,
    "price-per-page": optDecimal,
    "extra-number-of-pages": optInt,
    "number-of-pages": optInt,
    "vat-percentage": optNumber,
    "total-price-excluding-vat": optDecimal,
    "total-price-including-vat": optDecimal,
    "offering-width": optNumber,
    "offering-height": optNumber,
    "fixed-size": optBool,
    "merchant-name": optText,
    "full-payment-url": optText,
  }),
});

export const rawLegacyOrder = z.object({
  order: z.object({
    externalOrderId: looseString.pipe(z.string().trim().min(1)),
    id: positiveId,
    signedPutUrl: optText,
    signedPutPath: optText,
    base64EncodedPolicy: optText,
    signature: optText,
    apiVersion: optInt,
    orderState: looseString.pipe(z.string().min(1)),
    quantity: optInt,
  }),
});

export const rawLegacyOrderStatus = z.object({
  "order-status": z.object({
    "order-id": z
      .union([positiveId, z.literal("")])
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    "payment-reference": optText,
    "merchant-reference": optText,
    "order-status": looseString.pipe(z.string().min(1)),
    price: optDecimal,
    priceRetail: optDecimal,
    priceWholesale: optDecimal,
    shippingRetail: optDecimal,
    shippingWholesale: optDecimal,
    vat: optDecimal,
    created: z
      .union([isoTimestamp, z.literal("")])
      .optional()
      .transform((v) => v || undefined),
    quantity: optInt,
    title: optText,
    shipping: z.unknown().optional(),
    history: z.unknown().optional(),
  }),
});
