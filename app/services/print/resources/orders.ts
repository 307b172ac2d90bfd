/**
 * JSON orders: create (plus createIdempotent), details, address, payment, files, cancel.
 */
import { z } from "zod";
import { validateInput, type ClientContext, type RequestOptions } from "../core";
import {
  PrintApiError,
  PrintResponseShapeError,
  isAlreadyPaid,
  isAmbiguous,
  isDuplicateOrder,
} from "../errors";
import type { MoneyMinor } from "../money";
import { backoffDelay, resolveRetryOptions } from "../retry";
import { paymentSecret } from "../signatures";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  inputEmail,
  inputId,
  inputUrl,
  looseArray,
  moneyIn,
  optInt,
  optText,
  positiveId,
} from "./shared";

// Input schemas -------------------------------------------------------------------------------

const optionalText = z.string().optional();

export const addressInputSchema = z
  .object({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    addressLine1: z.string().min(1),
    addressLine2: optionalText,
    zipCode: z.string(),
    city: z.string().min(1),
    countryCode: inputCountry,
    state: optionalText,
    phoneNumber: optionalText,
    companyName: optionalText,
    vatNumber: optionalText,
    vatCountryCode: inputCountry.optional(),
  })
  .strict();

export const addressDetailsInputSchema = z
  .object({
    emailAddress: inputEmail,
    shippingAddress: addressInputSchema,
    billingAddress: addressInputSchema.optional(),
  })
  .strict();

export const SPINE_FONTS = [
  "Arial",
  "Brandon",
  "DarkCourier",
  "Georgia",
  "GochiHand",
  "Helvetica",
  "Tahoma",
  "TimesNewRoman",
  "Verdana",
] as const;

const colour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "expected a colour #RRGGBB");

export const spineInputSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("dynamic"),
      textFont: z.enum(SPINE_FONTS),
      textSize: z.number().positive(),
      textColour: colour,
      textTop: optionalText,
      textCenter: optionalText,
      textBottom: optionalText,
      backgroundColour: colour.optional(),
    })
    .strict(),
  z.object({ kind: z.literal("custom"), url: inputUrl }).strict(),
]);

export const fileDetailsInputSchema = z
  .object({
    contentUrl: inputUrl,
    contentWidth: z.number().positive(),
    contentHeight: z.number().positive(),
    numberOfPages: z.number().int().positive(),
    coverUrl: inputUrl.optional(),
    spine: spineInputSchema.optional(),
  })
  .strict();

export const orderCreateParamsSchema = z
  .object({
    /** Unique per merchant: the idempotency key (ORD_DUPLICATE when reused). */
    orderReference: z.string().trim().min(1),
    currency: inputCurrency,
    purchaseOrder: z.string().optional(),
    billingEntityId: inputId.optional(),
    costCentre: z.string().optional(),
    items: z
      .array(
        z
          .object({
            itemReference: z.string().min(1),
            offeringId: inputId,
            quantity: z.number().int().positive(),
            title: z.string().optional(),
            /** Omit to create the item without files (PENDING_COMPLETION); add them with files(). */
            files: fileDetailsInputSchema.optional(),
          })
          .strict(),
      )
      .min(1),
    /** Omit to add the address later with address(); payment needs it (ORD_MISS_ADDR). */
    address: addressDetailsInputSchema.optional(),
  })
  .strict();

export const orderDetailsParamsSchema = z
  .object({ orderId: inputId.optional(), orderReference: z.string().min(1).optional() })
  .strict()
  .refine((p) => p.orderId !== undefined || p.orderReference !== undefined, {
    message: "give orderId or orderReference",
  });

export const orderAddressParamsSchema = z
  .object({ orderId: inputId, address: addressDetailsInputSchema })
  .strict();

export const orderPayParamsSchema = z
  .object({
    orderId: inputId,
    /**
     * On 409 ORD_PAID_STATE, read the order back and only report already_paid when its state
     * is paid or later. Default true.
     */
    confirmAlreadyPaid: z.boolean().optional(),
  })
  .strict();

export const orderFilesParamsSchema = z
  .object({
    orderId: inputId,
    /** Without it, every item in PENDING_COMPLETION receives the files. */
    itemReference: z.string().min(1).optional(),
    files: z
      .object({
        /** Required: a file without its URL cannot be printed (the service refuses it). */
        contentUrl: inputUrl,
        contentWidth: z.number().positive(),
        contentHeight: z.number().positive(),
        numberOfPages: z.number().int().positive(),
        coverUrl: inputUrl.optional(),
      })
      .strict(),
  })
  .strict();

export const orderCancelParamsSchema = z.object({ orderId: inputId }).strict();

export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressDetailsInput = z.input<typeof addressDetailsInputSchema>;
export type SpineInput = z.input<typeof spineInputSchema>;
export type FileDetailsInput = z.input<typeof fileDetailsInputSchema>;
export type OrderCreateParams = z.input<typeof orderCreateParamsSchema>;
export type OrderDetailsParams = z.input<typeof orderDetailsParamsSchema>;
export type OrderAddressParams = z.input<typeof orderAddressParamsSchema>;
export type OrderPayParams = z.input<typeof orderPayParamsSchema>;
export type OrderFilesParams = z.input<typeof orderFilesParamsSchema>;
export type OrderCancelParams = z.input<typeof orderCancelParamsSchema>;

// Wire mapping --------------------------------------------------------------------------------

type Address = z.output<typeof addressInputSchema>;

function addressWire(a: Address): Record<string, unknown> {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    address_line_1: a.addressLine1,
    address_line_2: a.addressLine2 ?? "",
    zip_code: a.zipCode,
    city: a.city,
    country_code: a.countryCode,
    state: a.state,
    phone_number: a.phoneNumber,
    company_name: a.companyName,
    vat_number: a.vatNumber,
    vat_country_code: a.vatCountryCode,
  };
}

function addressDetailsWire(
  d: z.output<typeof addressDetailsInputSchema>,
): Record<string, unknown> {
  return {
    email_address: d.emailAddress,
    shipping_address: addressWire(d.shippingAddress),
    ...(d.billingAddress ? { billing_address: addressWire(d.billingAddress) } : {}),
  };
}

function fileDetailsWire(
  f: z.output<typeof fileDetailsInputSchema> | undefined,
): Record<string, unknown> {
  if (!f) return {};
  const spine = f.spine;
  return {
    content_url: f.contentUrl,
    content_width: f.contentWidth,
    content_height: f.contentHeight,
    number_of_pages: f.numberOfPages,
    cover_url: f.coverUrl,
    ...(spine === undefined
      ? {}
      : spine.kind === "custom"
        ? { spine_details: { custom_spine_url: spine.url } }
        : {
            spine_details: {
              dynamic_spine_details: {
                text_font: spine.textFont,
                text_size: spine.textSize,
                text_colour: spine.textColour,
                text_top: spine.textTop ?? "",
                text_center: spine.textCenter ?? "",
                text_bottom: spine.textBottom ?? "",
                background_colour: spine.backgroundColour,
              },
            },
          }),
  };
}

/** The JSON body of `POST /order/` for these params. */
export function orderCreateWire(
  p: z.output<typeof orderCreateParamsSchema>,
  merchantApiKey: string,
): Record<string, unknown> {
  return {
    merchant_api_key: merchantApiKey,
    order_reference: p.orderReference,
    purchase_order: p.purchaseOrder ?? "",
    currency: p.currency,
    billing_entity_id: p.billingEntityId,
    cost_centre: p.costCentre,
    item_details: p.items.map((i) => ({
      item_reference: i.itemReference,
      offering_id: i.offeringId,
      quantity: i.quantity,
      title: i.title,
      file_details: fileDetailsWire(i.files),
    })),
    ...(p.address ? { address_details: addressDetailsWire(p.address) } : {}),
  };
}

// Response schemas and types ------------------------------------------------------------------

export const KNOWN_ORDER_STATES = [
  "NO_PRINT_FACILITY_ERROR",
  "OPEN",
  "PAID",
  "PAYMENT_ERROR",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
  "CANCELLED",
  "REFUNDED",
] as const;
export type KnownOrderState = (typeof KNOWN_ORDER_STATES)[number];

/** Item states the service documents; `itemStatus` may carry others it adds later. */
export const KNOWN_ITEM_STATES = [
  "AWAITING_PAYMENT",
  "PENDING_COMPLETION",
  "PING_BACK_ERROR",
  "QUEUED_FOR_PROCESSING",
  "CHECK_PROCESSING_ERROR",
  "PROCESSING",
  "PROCESSED",
  "CHECK_ITEM",
  "HOLD_ITEM_CHECK",
  "PRINT_READY",
] as const;
export type KnownItemState = (typeof KNOWN_ITEM_STATES)[number];
/** Known states, or any other text the service may add. */
export type OrderState = KnownOrderState | (string & {});

/** States that mean the order has been paid (used to confirm an ORD_PAID_STATE answer). */
export const PAID_OR_LATER_STATES: ReadonlySet<string> = new Set([
  "PAID",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
]);

export interface Tax {
  taxName: string | undefined;
  /** Percentage as exact decimal text. */
  taxPercentage: string | undefined;
  amount: MoneyMinor | undefined;
}

export interface OrderPrices {
  totalRetailProductPriceExTaxes: MoneyMinor | undefined;
  totalRetailShippingExTaxes: MoneyMinor | undefined;
  totalRetailPriceExTaxes: MoneyMinor | undefined;
  totalRetailPriceIncTaxes: MoneyMinor | undefined;
  totalWholesaleProductPriceExTaxes: MoneyMinor | undefined;
  totalWholesaleShippingExTaxes: MoneyMinor | undefined;
  totalWholesalePriceExTaxes: MoneyMinor | undefined;
  totalWholesalePriceIncTaxes: MoneyMinor | undefined;
  retailProductTaxes: Tax[];
  retailShippingTaxes: Tax[];
  wholesaleProductTaxes: Tax[];
  wholesaleShippingTaxes: Tax[];
}

export interface OrderItemPrice {
  itemId: string | undefined;
  /** Not in the interface document; sent by some deployments (the sandbox). */
  itemReference: string | undefined;
  /** Item state (e.g. PENDING_COMPLETION) when the service sends it. */
  itemStatus: string | undefined;
  numberOfPages: number | undefined;
  offeringId: number | undefined;
  publicationId: string | undefined;
  quantity: number | undefined;
  retailProductPrice: MoneyMinor | undefined;
  retailShippingPrice: MoneyMinor | undefined;
  wholesaleProductPrice: MoneyMinor | undefined;
  wholesaleShippingPrice: MoneyMinor | undefined;
  totalWholesalePriceExTaxes: MoneyMinor | undefined;
  totalWholesalePriceIncTaxes: MoneyMinor | undefined;
  retailProductTaxes: Tax[];
  retailShippingTaxes: Tax[];
  wholesaleProductTaxes: Tax[];
  wholesaleShippingTaxes: Tax[];
}

export interface OrderAddress {
  firstName: string | undefined;
  lastName: string | undefined;
  addressLine1: string | undefined;
  addressLine2: string | undefined;
  countryCode: string | undefined;
  zipCode: string | undefined;
  city: string | undefined;
  state: string | undefined;
  cpfCnpj: string | undefined;
  neighbourhood: string | undefined;
}

export interface OrderDetails {
  orderId: number;
  orderState: OrderState;
  moderationReason: string | undefined;
  createdDate: string | undefined;
  currency: string | undefined;
  merchantOrderReference: string | undefined;
  purchaseOrder: string | undefined;
  trackingCode: string | undefined;
  trackingUrl: string | undefined;
  prices: OrderPrices | undefined;
  items: OrderItemPrice[];
  address: OrderAddress | undefined;
  fulfilmentLocation: { countryCode: string | undefined; labCode: string | undefined } | undefined;
}

const optAmount = z
  .union([decimalText, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v === "" || v === null ? undefined : v));

const rawTax = z.object({ tax_name: optText, tax_percentage: optText, amount: optAmount });
const rawTaxes = looseArray(rawTax);

const rawOrderPrice = z.object({
  total_retail_product_price_ex_taxes: optAmount,
  total_retail_shipping_ex_taxes: optAmount,
  total_retail_price_ex_taxes: optAmount,
  total_retail_price_inc_taxes: optAmount,
  total_wholesale_product_price_ex_taxes: optAmount,
  total_wholesale_shipping_ex_taxes: optAmount,
  total_wholesale_price_ex_taxes: optAmount,
  total_wholesale_price_inc_taxes: optAmount,
  retail_product_taxes: rawTaxes,
  retail_shipping_taxes: rawTaxes,
  wholesale_product_taxes: rawTaxes,
  wholesale_shipping_taxes: rawTaxes,
});

const rawItemPrice = z.object({
  item_id: optText,
  item_reference: optText,
  item_status: optText,
  number_of_pages: optInt,
  offering_id: z
    .union([positiveId, z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === "" || v === null ? undefined : v)),
  publication_id: optText,
  quantity: optInt,
  retail_product_price: optAmount,
  retail_shipping_price: optAmount,
  wholesale_product_price: optAmount,
  wholesale_shipping_price: optAmount,
  total_wholesale_price_ex_taxes: optAmount,
  total_wholesale_price_inc_taxes: optAmount,
  retail_product_taxes: rawTaxes,
  retail_shipping_taxes: rawTaxes,
  wholesale_product_taxes: rawTaxes,
  wholesale_shipping_taxes: rawTaxes,
});

const rawAddress = z.object({
  first_name: optText,
  last_name: optText,
  address_line_1: optText,
  address_line_2: optText,
  country_code: optText,
  zip_code: optText,
  city: optText,
  state: optText,
  cpf_cnpj: optText,
  neighbourhood: optText,
});

export const orderDetailsResponseSchema = z
  .object({
    order_id: positiveId,
    order_state: z.string().min(1),
    moderation_reason: optText,
    created_date: optText,
    currency: currencyCode.nullish().transform((v) => v ?? undefined),
    merchant_order_reference: optText,
    purchase_order: optText,
    tracking_code: optText,
    tracking_url: optText,
    order_price_data: rawOrderPrice.nullish(),
    item_price_data: looseArray(rawItemPrice),
    address_details: rawAddress.nullish(),
    fulfilment_location: z.object({ country_code: optText, lab_code: optText }).nullish(),
  })
  .transform((o, ctx): OrderDetails => {
    const cur = o.currency;
    const m = (v: string | undefined, path: string): MoneyMinor | undefined => {
      if (v === undefined) return undefined;
      if (!cur) {
        ctx.addIssue({ code: "custom", path: [path], message: "amount without currency" });
        return undefined;
      }
      return moneyIn(ctx, v, cur, path);
    };
    const taxes = (list: z.output<typeof rawTaxes>, path: string): Tax[] =>
      list.map((t) => ({
        taxName: t.tax_name,
        taxPercentage: t.tax_percentage,
        amount: m(t.amount, path),
      }));
    const p = o.order_price_data;
    const a = o.address_details;
    const f = o.fulfilment_location;
    return {
      orderId: o.order_id,
      orderState: o.order_state,
      moderationReason: o.moderation_reason,
      createdDate: o.created_date,
      currency: cur,
      merchantOrderReference: o.merchant_order_reference,
      purchaseOrder: o.purchase_order,
      trackingCode: o.tracking_code,
      trackingUrl: o.tracking_url,
      prices: p
        ? {
            totalRetailProductPriceExTaxes: m(
              p.total_retail_product_price_ex_taxes,
              "total_retail_product_price_ex_taxes",
            ),
            totalRetailShippingExTaxes: m(
              p.total_retail_shipping_ex_taxes,
              "total_retail_shipping_ex_taxes",
            ),
            totalRetailPriceExTaxes: m(
              p.total_retail_price_ex_taxes,
              "total_retail_price_ex_taxes",
            ),
            totalRetailPriceIncTaxes: m(
              p.total_retail_price_inc_taxes,
              "total_retail_price_inc_taxes",
            ),
            totalWholesaleProductPriceExTaxes: m(
              p.total_wholesale_product_price_ex_taxes,
              "total_wholesale_product_price_ex_taxes",
            ),
            totalWholesaleShippingExTaxes: m(
              p.total_wholesale_shipping_ex_taxes,
              "total_wholesale_shipping_ex_taxes",
            ),
            totalWholesalePriceExTaxes: m(
              p.total_wholesale_price_ex_taxes,
              "total_wholesale_price_ex_taxes",
            ),
            totalWholesalePriceIncTaxes: m(
              p.total_wholesale_price_inc_taxes,
              "total_wholesale_price_inc_taxes",
            ),
            retailProductTaxes: taxes(p.retail_product_taxes, "retail_product_taxes"),
            retailShippingTaxes: taxes(p.retail_shipping_taxes, "retail_shipping_taxes"),
            wholesaleProductTaxes: taxes(p.wholesale_product_taxes, "wholesale_product_taxes"),
            wholesaleShippingTaxes: taxes(p.wholesale_shipping_taxes, "wholesale_shipping_taxes"),
          }
        : undefined,
      items: o.item_price_data.map((i) => ({
        itemId: i.item_id,
        itemReference: i.item_reference,
        itemStatus: i.item_status,
        numberOfPages: i.number_of_pages,
        offeringId: i.offering_id,
        publicationId: i.publication_id,
        quantity: i.quantity,
        retailProductPrice: m(i.retail_product_price, "retail_product_price"),
        retailShippingPrice: m(i.retail_shipping_price, "retail_shipping_price"),
        wholesaleProductPrice: m(i.wholesale_product_price, "wholesale_product_price"),
        wholesaleShippingPrice: m(i.wholesale_shipping_price, "wholesale_shipping_price"),
        totalWholesalePriceExTaxes: m(
          i.total_wholesale_price_ex_taxes,
          "total_wholesale_price_ex_taxes",
        ),
        totalWholesalePriceIncTaxes: m(
          i.total_wholesale_price_inc_taxes,
          "total_wholesale_price_inc_taxes",
        ),
        retailProductTaxes: taxes(i.retail_product_taxes, "retail_product_taxes"),
        retailShippingTaxes: taxes(i.retail_shipping_taxes, "retail_shipping_taxes"),
        wholesaleProductTaxes: taxes(i.wholesale_product_taxes, "wholesale_product_taxes"),
        wholesaleShippingTaxes: taxes(i.wholesale_shipping_taxes, "wholesale_shipping_taxes"),
      })),
      address: a
        ? {
            firstName: a.first_name,
            lastName: a.last_name,
            addressLine1: a.address_line_1,
            addressLine2: a.address_line_2,
            countryCode: a.country_code,
            zipCode: a.zip_code,
            city: a.city,
            state: a.state,
            cpfCnpj: a.cpf_cnpj,
            neighbourhood: a.neighbourhood,
          }
        : undefined,
      fulfilmentLocation: f ? { countryCode: f.country_code, labCode: f.lab_code } : undefined,
    };
  });

const orderCreatedSchema = z
  .object({ order_id: positiveId })
  .transform((o) => ({ orderId: o.order_id }));
const paidSchema = z.object({ order_state: z.literal("PAID") });
const cancelledSchema = z.object({ order_state: z.literal("CANCELLED") });

export interface OrderCreated {
  orderId: number;
}

export type OrderCreateOutcome =
  /** This call created the order and saw the answer. */
  | "created"
  /** An answer was lost; the order was found by its reference (most likely created by this call). */
  | "found_after_lost_response"
  /** The reference was already used (ORD_DUPLICATE); the existing order was found. */
  | "found_existing_reference";

export interface OrderCreateIdempotentResult {
  orderId: number;
  outcome: OrderCreateOutcome;
  /** Create attempts made (each after a lost answer that the lookup could not resolve). */
  attempts: number;
}

export type PaymentResult =
  | { status: "paid"; orderState: "PAID" }
  | { status: "already_paid"; orderState: OrderState | undefined };

export type FilesResult = { status: "ok"; response?: unknown };

// Resource ------------------------------------------------------------------------------------

export class Orders {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * `POST /order/` -> 201 {order_id}. Never repeated after the service may have acted; use
   * createIdempotent to recover from a lost answer.
   */
  async create(params: OrderCreateParams, options?: RequestOptions): Promise<OrderCreated> {
    const p = validateInput(orderCreateParamsSchema, params, "order.create");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.create",
        api: "json",
        method: "POST",
        path: "/order/",
        json: orderCreateWire(p, this.ctx.merchantApiKey),
      },
      options,
    );
    return t.validate(orderCreatedSchema, t.parseJson(res, "order.create"), res, "order.create");
  }

  /**
   * Creates the order at most once per `orderReference`:
   * - on an ambiguous failure (connection reset, timeout, 5xx) it looks the order up by reference
   *   and returns it; if the lookup says 404 the order does not exist and create is tried again
   *   (safe: a second create with the same reference can only answer ORD_DUPLICATE);
   * - on ORD_DUPLICATE it returns the existing order for that reference.
   * Bounded by the retry options (maxAttempts, maxElapsedMs); waits use the injected sleep.
   */
  async createIdempotent(
    params: OrderCreateParams,
    options?: RequestOptions,
  ): Promise<OrderCreateIdempotentResult> {
    const p = validateInput(orderCreateParamsSchema, params, "order.create");
    const retry = resolveRetryOptions(
      this.ctx.transport.config.retry,
      options?.retry === false ? { maxAttempts: 1 } : options?.retry,
    );
    const started = retry.now();
    let lastError: unknown;
    for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
      try {
        const created = await this.create(params, options);
        return { orderId: created.orderId, outcome: "created", attempts: attempt };
      } catch (error) {
        lastError = error;
        if (isDuplicateOrder(error)) {
          const found = await this.findByReference(p.orderReference, options);
          if (found === undefined) throw error;
          return { orderId: found, outcome: "found_existing_reference", attempts: attempt };
        }
        if (!isAmbiguous(error)) throw error;
        // The order may exist: look it up before anything else.
        let found: number | undefined;
        try {
          found = await this.findByReference(p.orderReference, options);
        } catch (lookupError) {
          // The lookup failed too; the next create attempt is still safe (ORD_DUPLICATE at worst).
          if (!isAmbiguous(lookupError)) throw lookupError;
        }
        if (found !== undefined) {
          return { orderId: found, outcome: "found_after_lost_response", attempts: attempt };
        }
      }
      const delay = backoffDelay(attempt, retry);
      if (attempt >= retry.maxAttempts || retry.now() - started + delay > retry.maxElapsedMs) break;
      await retry.sleep(delay);
    }
    throw lastError;
  }

  /** Order id for a reference, or undefined when the service answers 404. */
  async findByReference(
    orderReference: string,
    options?: RequestOptions,
  ): Promise<number | undefined> {
    try {
      const d = await this.details({ orderReference }, options);
      if (d.merchantOrderReference !== undefined && d.merchantOrderReference !== orderReference) {
        throw new PrintResponseShapeError(
          `lookup by reference returned an order with reference ${JSON.stringify(d.merchantOrderReference)}`,
          { operation: "order.details", rawBody: JSON.stringify({ order_id: d.orderId }) },
        );
      }
      return d.orderId;
    } catch (e) {
      if (e instanceof PrintApiError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** `GET /order/details` by id and/or reference. */
  async details(params: OrderDetailsParams, options?: RequestOptions): Promise<OrderDetails> {
    const p = validateInput(orderDetailsParamsSchema, params, "order.details");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.details",
        api: "json",
        method: "GET",
        path: "/order/details",
        query: {
          merchantApiKey: this.ctx.merchantApiKey,
          orderId: p.orderId,
          orderReference: p.orderReference,
        },
      },
      options,
    );
    const d = t.validate(
      orderDetailsResponseSchema,
      t.parseJson(res, "order.details"),
      res,
      "order.details",
    );
    if (p.orderId !== undefined && d.orderId !== p.orderId) {
      throw t.shapeError(res, `asked for order ${p.orderId}, got ${d.orderId}`, "order.details");
    }
    return d;
  }

  /** `POST /order/address`: shipping address / customer details of an unpaid order. */
  async address(params: OrderAddressParams, options?: RequestOptions): Promise<void> {
    const p = validateInput(orderAddressParamsSchema, params, "order.address");
    await this.ctx.transport.send(
      {
        operation: "order.address",
        api: "json",
        method: "POST",
        path: "/order/address",
        json: {
          order_id: p.orderId,
          merchant_api_key: this.ctx.merchantApiKey,
          address_details: addressDetailsWire(p.address),
        },
      },
      options,
    );
  }

  /**
   * `POST /order/payment` with the SHA-256 secret. 409 ORD_PAID_STATE is not a failure: after
   * reading the order back (state PAID or later) it resolves `{ status: "already_paid" }`.
   */
  async pay(params: OrderPayParams, options?: RequestOptions): Promise<PaymentResult> {
    const p = validateInput(orderPayParamsSchema, params, "order.payment");
    const t = this.ctx.transport;
    try {
      const res = await t.send(
        {
          operation: "order.payment",
          api: "json",
          method: "POST",
          path: "/order/payment",
          json: {
            order_id: p.orderId,
            merchant_api_key: this.ctx.merchantApiKey,
            secret: paymentSecret(this.ctx.secretKey, p.orderId),
          },
        },
        options,
      );
      t.validate(paidSchema, t.parseJson(res, "order.payment"), res, "order.payment");
      return { status: "paid", orderState: "PAID" };
    } catch (error) {
      if (!isAlreadyPaid(error)) throw error;
      if (p.confirmAlreadyPaid === false) return { status: "already_paid", orderState: undefined };
      const d = await this.details({ orderId: p.orderId }, options);
      if (!PAID_OR_LATER_STATES.has(d.orderState)) throw error;
      return { status: "already_paid", orderState: d.orderState };
    }
  }

  /** `POST /order/files`: files for items in PENDING_COMPLETION. Answers text OK (or JSON). */
  async files(params: OrderFilesParams, options?: RequestOptions): Promise<FilesResult> {
    const p = validateInput(orderFilesParamsSchema, params, "order.files");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.files",
        api: "json",
        method: "POST",
        path: "/order/files",
        json: {
          order_id: p.orderId,
          merchant_api_key: this.ctx.merchantApiKey,
          item_reference: p.itemReference,
          file_details: {
            content_url: p.files.contentUrl,
            content_width: p.files.contentWidth,
            content_height: p.files.contentHeight,
            number_of_pages: p.files.numberOfPages,
            cover_url: p.files.coverUrl,
          },
        },
      },
      options,
    );
    const text = res.text.trim();
    if (/^"?ok"?$/i.test(text)) return { status: "ok" };
    const body = t.parseJson(res, "order.files");
    if (body === null || typeof body !== "object") {
      throw t.shapeError(res, "expected OK or a JSON object", "order.files");
    }
    return { status: "ok", response: body };
  }

  /** `POST /order/cancel` (optional operation; 409 ORD_CANCEL_STATE when too late). */
  async cancel(
    params: OrderCancelParams,
    options?: RequestOptions,
  ): Promise<{ orderState: "CANCELLED" }> {
    const p = validateInput(orderCancelParamsSchema, params, "order.cancel");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.cancel",
        api: "json",
        method: "POST",
        path: "/order/cancel",
        json: { order_id: p.orderId, merchant_api_key: this.ctx.merchantApiKey },
      },
      options,
    );
    t.validate(cancelledSchema, t.parseJson(res, "order.cancel"), res, "order.cancel");
    return { orderState: "CANCELLED" };
  }
}
