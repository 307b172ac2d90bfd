/**
 * Orders: the zod schemas. Caller parameters (camelCase, checked before anything is sent) and the
 * JSON answers as the service sends them (snake_case, tolerant of its quirks). Turning one into the
 * other is wire.ts.
 */
import { z } from "zod";
import { SPINE_FONTS } from "../../input-rules";
import {
  currencyCode,
  decimalText,
  inputCountry,
  inputCurrency,
  inputEmail,
  inputId,
  inputUrl,
  looseArray,
  optInt,
  optText,
  positiveId,
} from "../shared";

// Parameters ----------------------------------------------------------------------------------

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
    /** Brazil's CPF or CNPJ of the buyer: customs ask for it. */
    cpfCnpj: optionalText,
  })
  .strict();

export const addressDetailsInputSchema = z
  .object({
    emailAddress: inputEmail,
    shippingAddress: addressInputSchema,
    billingAddress: addressInputSchema.optional(),
  })
  .strict();

export { SPINE_FONTS };

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

// Answers -------------------------------------------------------------------------------------

const optAmount = z
  .union([decimalText, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v === "" || v === null ? undefined : v));

const rawTax = z.object({ tax_name: optText, tax_percentage: optText, amount: optAmount });
export const rawTaxes = looseArray(rawTax);

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

/** `GET /order/details` as sent; wire.ts maps it to OrderDetails. */
export const rawOrderDetails = z.object({
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
});

/** `POST /order/` answer. */
export const rawOrderCreated = z.object({ order_id: positiveId });
export const paidSchema = z.object({ order_state: z.literal("PAID") });
export const cancelledSchema = z.object({ order_state: z.literal("CANCELLED") });
