/**
 * The legacy XML interface under `/rest`. GET parameters in the query, POST parameters as
 * `application/x-www-form-urlencoded`; responses are XML or the plain text OK / ERROR.
 * Results use the same domain shapes as the JSON side where the fields mean the same thing
 * (offering id, name, pages, dimensions, MoneyMinor amounts).
 */
import { z } from "zod";
import {
  validateInput,
  type ClientContext,
  type QueryValue,
  type RawResponse,
  type RequestOptions,
} from "../core";
import { PrintApiError, PrintInputError } from "../errors";
import type { MoneyMinor } from "../money";
import type { OperationId } from "../retry";
import { legacySecret } from "../signatures";
import { asArray, buildXml, parseXml, xmlBool, xmlMoney, type XmlNode } from "../xml";
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
  moneyReq,
  optInt,
  optNumber,
  optText,
  positiveId,
} from "./shared";

// Types ---------------------------------------------------------------------------------------

export interface LegacyOfferingElement {
  id: string;
  name: string | undefined;
  url: string | undefined;
}

export interface LegacyOffering {
  id: number;
  name: string;
  catalogueItemCode: string | undefined;
  currency: string;
  price: MoneyMinor;
  pricePerPage: MoneyMinor | undefined;
  countryShippingPrice: MoneyMinor | undefined;
  regionShippingPrice: MoneyMinor | undefined;
  worldShippingPrice: MoneyMinor | undefined;
  vatPercentage: number | undefined;
  downloadLocation: string | undefined;
  defaultNumberOfPages: number | undefined;
  minNumberOfPages: number | undefined;
  maxNumberOfPages: number | undefined;
  dimensionWidth: number | undefined;
  dimensionHeight: number | undefined;
  dimensionUnit: string | undefined;
  minimumQuantity: number | undefined;
  addShipping: boolean | undefined;
  recommended: boolean | undefined;
  fixedSize: boolean | undefined;
  elements: LegacyOfferingElement[];
  /** List only (empty from details): the same prices in other currencies. */
  priceByCurrency: MoneyMinor[];
  pricePerPageByCurrency: MoneyMinor[];
  countryShippingPriceByCurrency: MoneyMinor[];
  regionShippingPriceByCurrency: MoneyMinor[];
  worldShippingPriceByCurrency: MoneyMinor[];
}

export interface LegacyOfferingList {
  /** ISO 8601 timestamp (with offset) until which the prices hold, as sent. */
  pricingExpireDate: string | undefined;
  offerings: LegacyOffering[];
}

export interface LegacyQuote {
  /** Exchange rate as exact decimal text (four decimals). */
  rate: string | undefined;
  currency: string;
  quantity: number | undefined;
  offeringId: number;
  price: MoneyMinor | undefined;
  priceRetail: MoneyMinor | undefined;
  priceWholesale: MoneyMinor | undefined;
  priceShipping: MoneyMinor | undefined;
  pricePerPage: MoneyMinor | undefined;
  /** price-per-page exactly as sent. */
  pricePerPageExact: string | undefined;
  vat: MoneyMinor | undefined;
  vatPercentage: number | undefined;
  totalPriceExcludingVat: MoneyMinor | undefined;
  totalPriceIncludingVat: MoneyMinor | undefined;
  extraNumberOfPages: number | undefined;
  numberOfPages: number | undefined;
  offeringWidth: number | undefined;
  offeringHeight: number | undefined;
  fixedSize: boolean | undefined;
  merchantName: string | undefined;
  fullPaymentUrl: string | undefined;
  /** Signing value for the order. */
  secret: string | undefined;
}

export interface LegacyOrder {
  /** Identifier used by later legacy calls. */
  externalOrderId: string;
  id: number;
  orderState: string;
  quantity: number | undefined;
  apiVersion: number | undefined;
  upload: {
    signedPutUrl: string | undefined;
    signedPutPath: string | undefined;
    base64EncodedPolicy: string | undefined;
    signature: string | undefined;
  };
}

export interface LegacyOrderStatus {
  orderId: number | undefined;
  paymentReference: string | undefined;
  merchantReference: string | undefined;
  /** e.g. "open", as sent. */
  orderStatus: string;
  /**
   * Amounts as exact decimal text in major units. The status carries no currency; convert with
   * parseMajor(text, currency) using the order's currency.
   */
  amounts: {
    price: string | undefined;
    priceRetail: string | undefined;
    priceWholesale: string | undefined;
    shippingRetail: string | undefined;
    shippingWholesale: string | undefined;
    vat: string | undefined;
  };
  /** ISO 8601 timestamp with offset, as sent. */
  created: string | undefined;
  quantity: number | undefined;
  title: string | undefined;
  /** Shapes not documented: kept as parsed XML. */
  shipping: unknown;
  history: unknown;
}

// Parameter schemas ---------------------------------------------------------------------------

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

// Response schemas ----------------------------------------------------------------------------

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

export const legacyOfferingSchema = z
  .object({
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
  })
  .transform((o, ctx): LegacyOffering => {
    const c = o.currency;
    return {
      ...o,
      price: moneyReq(ctx, o.price, c, "price"),
      pricePerPage: moneyIn(ctx, o.pricePerPage, c, "pricePerPage"),
      countryShippingPrice: moneyIn(ctx, o.countryShippingPrice, c, "countryShippingPrice"),
      regionShippingPrice: moneyIn(ctx, o.regionShippingPrice, c, "regionShippingPrice"),
      worldShippingPrice: moneyIn(ctx, o.worldShippingPrice, c, "worldShippingPrice"),
    };
  });

const isoTimestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO 8601 timestamp");

const legacyOfferingListSchema = z
  .object({
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
  })
  .transform((d, ctx): LegacyOfferingList => {
    const offerings: LegacyOffering[] = [];
    d.root.offerings.forEach((raw, i) => {
      const r = legacyOfferingSchema.safeParse(raw);
      if (r.success) offerings.push(r.data);
      else
        for (const issue of r.error.issues)
          ctx.addIssue({
            code: "custom",
            path: ["offering", i, ...issue.path.map(String)],
            message: issue.message,
          });
    });
    return { pricingExpireDate: d.root.pricingExpireDate, offerings };
  });

const legacyQuoteSchema = z
  .object({
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
  })
  .transform(({ quote: q }, ctx): LegacyQuote => {
    const c = q.currency;
    const m = (v: string | undefined, p: string): MoneyMinor | undefined => moneyIn(ctx, v, c, p);
    return {
      rate: q.rate,
      currency: c,
      quantity: q.quantity,
      offeringId: q["offering-id"],
      price: m(q.price, "price"),
      priceRetail: m(q["price-retail"], "price-retail"),
      priceWholesale: m(q["price-wholesale"], "price-wholesale"),
      priceShipping: m(q["price-shipping"], "price-shipping"),
      pricePerPage: m(q["price-per-page"], "price-per-page"),
      pricePerPageExact: q["price-per-page"],
      vat: m(q.vat, "vat"),
      vatPercentage: q["vat-percentage"],
      totalPriceExcludingVat: m(q["total-price-excluding-vat"], "total-price-excluding-vat"),
      totalPriceIncludingVat: m(q["total-price-including-vat"], "total-price-including-vat"),
      extraNumberOfPages: q["extra-number-of-pages"],
      numberOfPages: q["number-of-pages"],
      offeringWidth: q["offering-width"],
      offeringHeight: q["offering-height"],
      fixedSize: q["fixed-size"],
      merchantName: q["merchant-name"],
      fullPaymentUrl: q["full-payment-url"],
      secret: q.secret,
    };
  });

const legacyOrderSchema = z
  .object({
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
  })
  .transform(({ order: o }): LegacyOrder => ({
    externalOrderId: o.externalOrderId,
    id: o.id,
    orderState: o.orderState,
    quantity: o.quantity,
    apiVersion: o.apiVersion,
    upload: {
      signedPutUrl: o.signedPutUrl,
      signedPutPath: o.signedPutPath,
      base64EncodedPolicy: o.base64EncodedPolicy,
      signature: o.signature,
    },
  }));

const legacyOrderStatusSchema = z
  .object({
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
  })
  .transform(({ "order-status": s }): LegacyOrderStatus => ({
    orderId: s["order-id"],
    paymentReference: s["payment-reference"],
    merchantReference: s["merchant-reference"],
    orderStatus: s["order-status"],
    amounts: {
      price: s.price,
      priceRetail: s.priceRetail,
      priceWholesale: s.priceWholesale,
      shippingRetail: s.shippingRetail,
      shippingWholesale: s.shippingWholesale,
      vat: s.vat,
    },
    created: s.created,
    quantity: s.quantity,
    title: s.title,
    shipping: s.shipping === "" ? undefined : s.shipping,
    history: s.history === "" ? undefined : s.history,
  }));

// XML builders --------------------------------------------------------------------------------

/** `shippingAddressXml` for legacy order/details. */
export function buildShippingAddressXml(a: z.output<typeof legacyAddressSchema>): string {
  return buildXml("address", {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? "",
    zipCode: a.zipCode,
    city: a.city,
    country: a.country ?? "",
    countryCode: a.countryCode,
  });
}

/** `quoteXml` for set_quote_and_paid: the quote response structure, rebuilt from a LegacyQuote. */
export function buildQuoteXml(q: LegacyQuote): string {
  const money = (m: MoneyMinor | undefined): string => (m ? xmlMoney(m) : "");
  const num = (n: number | undefined): string => (n === undefined ? "" : String(n));
  return buildXml("quote", {
    rate: q.rate ?? "",
    price: money(q.price),
    currency: q.currency,
    quantity: num(q.quantity),
    vat: money(q.vat),
    secret: q.secret ?? "",
    "offering-id": String(q.offeringId),
    "price-retail": money(q.priceRetail),
    "price-wholesale": money(q.priceWholesale),
    "price-shipping": money(q.priceShipping),
    "price-per-page": q.pricePerPageExact ?? money(q.pricePerPage),
    "extra-number-of-pages": num(q.extraNumberOfPages),
    "number-of-pages": num(q.numberOfPages),
    "vat-percentage": num(q.vatPercentage),
    "total-price-excluding-vat": money(q.totalPriceExcludingVat),
    "total-price-including-vat": money(q.totalPriceIncludingVat),
    "offering-width": num(q.offeringWidth),
    "offering-height": num(q.offeringHeight),
    "fixed-size": q.fixedSize === undefined ? "" : xmlBool(q.fixedSize),
    "merchant-name": q.merchantName ?? "",
    "full-payment-url": q.fullPaymentUrl ?? "",
  });
}

// Resource ------------------------------------------------------------------------------------

export class Legacy {
  constructor(private readonly ctx: ClientContext) {}

  private applicationApiKey(operation: string): string {
    if (!this.ctx.applicationApiKey) {
      throw new PrintInputError(operation, ["applicationApiKey is not configured on the client"]);
    }
    return this.ctx.applicationApiKey;
  }

  private send(
    operation: OperationId,
    method: "GET" | "POST",
    path: string,
    params: Record<string, QueryValue>,
    options: RequestOptions | undefined,
  ): Promise<RawResponse> {
    return this.ctx.transport.send(
      method === "GET"
        ? { operation, api: "legacy", method, path, query: params }
        : { operation, api: "legacy", method, path, form: params },
      options,
    );
  }

  private xml<S extends z.ZodType>(schema: S, res: RawResponse, operation: string): z.output<S> {
    const t = this.ctx.transport;
    let doc: XmlNode;
    try {
      doc = parseXml(res.text);
    } catch {
      throw t.shapeError(res, "body is not XML", operation);
    }
    return t.validate(schema, doc, res, operation);
  }

  /** Plain-text OK; anything else is a shape error (ERROR handled by the caller). */
  private expectOk(res: RawResponse, operation: string): void {
    if (res.text.trim().toUpperCase() !== "OK") {
      throw this.ctx.transport.shapeError(res, "expected the text OK", operation);
    }
  }

  /** `GET /rest/offering/list` (with `*ByCurrency` groups when `currencies` is given). */
  async listOfferings(
    params: LegacyOfferingListParams = {},
    options?: RequestOptions,
  ): Promise<LegacyOfferingList> {
    const op = "legacy.offering.list";
    const p = validateInput(legacyOfferingListParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/offering/list",
      {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
        currencies: p.currencies,
      },
      options,
    );
    return this.xml(legacyOfferingListSchema, res, op);
  }

  /** `GET /rest/offering/details` by buttonKey or by the key pair. */
  async offeringDetails(
    params: LegacyOfferingDetailsParams,
    options?: RequestOptions,
  ): Promise<LegacyOffering> {
    const op = "legacy.offering.details";
    const p = validateInput(legacyOfferingDetailsParamsSchema, params, op);
    const auth = p.auth ?? (this.ctx.buttonKey ? "buttonKey" : "keyPair");
    let keys: Record<string, QueryValue>;
    if (auth === "buttonKey") {
      if (!this.ctx.buttonKey)
        throw new PrintInputError(op, ["buttonKey is not configured on the client"]);
      keys = { buttonKey: this.ctx.buttonKey };
    } else {
      keys = {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
      };
    }
    const res = await this.send(
      op,
      "GET",
      "/offering/details",
      { ...keys, offeringId: p.offeringId, currencies: p.currencies },
      options,
    );
    return this.xml(
      z.object({ offering: legacyOfferingSchema }).transform((d) => d.offering),
      res,
      op,
    );
  }

  /** `GET /rest/offering/quote`. */
  async quote(params: LegacyQuoteParams, options?: RequestOptions): Promise<LegacyQuote> {
    const op = "legacy.quote";
    const p = validateInput(legacyQuoteParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/offering/quote",
      {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
        offeringId: p.offeringId,
        currency: p.currency,
        countryCode: p.countryCode,
        numberOfPages: p.numberOfPages,
        quantity: p.quantity,
        useMerchantSecret:
          p.useMerchantSecret === undefined ? undefined : xmlBool(p.useMerchantSecret),
      },
      options,
    );
    return this.xml(legacyQuoteSchema, res, op);
  }

  /** `POST /rest/order`: an OPEN order plus its upload policy. */
  async createOrder(
    params: LegacyOrderCreateParams,
    options?: RequestOptions,
  ): Promise<LegacyOrder> {
    const op = "legacy.order.create";
    const p = validateInput(legacyOrderCreateParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order",
      { merchantApiKey: this.ctx.merchantApiKey, ...p },
      options,
    );
    return this.xml(legacyOrderSchema, res, op);
  }

  /** `POST /rest/order/create_from_checkout_url`: an order from a source document URL. */
  async createOrderFromCheckoutUrl(
    params: LegacyCreateFromCheckoutUrlParams,
    options?: RequestOptions,
  ): Promise<LegacyOrder> {
    const op = "legacy.order.createFromCheckoutUrl";
    const p = validateInput(legacyCreateFromCheckoutUrlParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/create_from_checkout_url",
      { merchantApiKey: this.ctx.merchantApiKey, ...p },
      options,
    );
    return this.xml(legacyOrderSchema, res, op);
  }

  /** `POST /rest/order/details`: shipping and customer details (sends `shippingAddressXml`). */
  async setOrderDetails(params: LegacyOrderDetailsParams, options?: RequestOptions): Promise<void> {
    const op = "legacy.order.details";
    const p = validateInput(legacyOrderDetailsParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/details",
      {
        externalOrderId: p.externalOrderId,
        customerName: p.customerName,
        shippingAddressXml: buildShippingAddressXml(p.shippingAddress),
        emailAddress: p.emailAddress,
        quantity: p.quantity,
      },
      options,
    );
    this.expectOk(res, op);
  }

  private secret(externalOrderId: string): string {
    return legacySecret(
      this.ctx.secretKey,
      this.ctx.merchantApiKey,
      externalOrderId,
      this.ctx.legacySecretJoin,
    );
  }

  private refused(res: RawResponse, operation: string): PrintApiError {
    const error = new PrintApiError({
      status: res.status,
      customCode: "ERROR",
      details: `${operation} answered ERROR`,
      kind: "conflict",
      operation,
      requestId: res.requestId,
      url: res.url,
    });
    error.hint =
      "The print service refused to mark the order paid: check the secret key and that the order is still open.";
    return error;
  }

  /** `GET /rest/order/set_paid`: OK -> paid; ERROR -> PrintApiError (customCode "ERROR"). */
  async setPaid(
    params: LegacySetPaidParams,
    options?: RequestOptions,
  ): Promise<{ status: "paid" }> {
    const op = "legacy.order.setPaid";
    const p = validateInput(legacySetPaidParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/order/set_paid",
      {
        externalOrderId: p.externalOrderId,
        merchantApiKey: this.ctx.merchantApiKey,
        secret: this.secret(p.externalOrderId),
      },
      options,
    );
    if (res.text.trim().toUpperCase() === "ERROR") throw this.refused(res, op);
    this.expectOk(res, op);
    return { status: "paid" };
  }

  /** `POST /rest/order/set_quote_and_paid` (sends `quoteXml`). */
  async setQuoteAndPaid(
    params: LegacySetQuoteAndPaidParams,
    options?: RequestOptions,
  ): Promise<{ status: "paid" }> {
    const op = "legacy.order.setQuoteAndPaid";
    const p = validateInput(legacySetQuoteAndPaidParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/set_quote_and_paid",
      {
        externalOrderId: p.externalOrderId,
        merchantApiKey: this.ctx.merchantApiKey,
        secret: this.secret(p.externalOrderId),
        quoteXml: typeof p.quote === "string" ? p.quote : buildQuoteXml(p.quote),
        useMerchantSecret:
          p.useMerchantSecret === undefined ? undefined : xmlBool(p.useMerchantSecret),
      },
      options,
    );
    if (res.text.trim().toUpperCase() === "ERROR") throw this.refused(res, op);
    this.expectOk(res, op);
    return { status: "paid" };
  }

  /** `GET /rest/order/status` by payment reference. */
  async orderStatus(
    params: LegacyOrderStatusParams,
    options?: RequestOptions,
  ): Promise<LegacyOrderStatus> {
    const op = "legacy.order.status";
    const p = validateInput(legacyOrderStatusParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/order/status",
      { paymentReference: p.paymentReference, merchantApiKey: this.ctx.merchantApiKey },
      options,
    );
    return this.xml(legacyOrderStatusSchema, res, op);
  }
}
