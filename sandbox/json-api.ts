// The JSON interface (/rest/v3). Schemas are built once at module load; they
// are liberal (numbers as strings, nulls) and normalise at the boundary.

import { z } from "zod";
import { CATEGORIES, type Offering } from "./catalogue";
import { json, requireMerchant, text, type Ctx, type Reply, type SandboxRequest } from "./context";
import { ServiceError, invalidData, offeringNotFound } from "./errors";
import { convertFromEur, divRound, formatBp, formatMinor } from "./money";
import type { NewOrderItem } from "./orders";
import { jsonQuoteBody, priceItems, requireCurrency, validateItemLimits } from "./pricing";
import { derivedHex, paymentSecret, safeEqual } from "./signatures";
import { findFacility, canProduce } from "./catalogue";
import type { Address, ItemFiles, Merchant, Order } from "./store";
import type { PricedItem } from "./pricing";
import { validateRequest } from "./validation";

const str = z.union([z.string(), z.number().transform(String)]);
const optStr = z
  .union([str, z.null()])
  .optional()
  .transform((v) => v ?? "");
const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const addressSchema = z.object({
  first_name: str,
  last_name: str,
  address_line_1: str,
  address_line_2: optStr,
  zip_code: optStr,
  city: str,
  country_code: z.string().regex(/^[A-Za-z]{2}$/, "two-letter country code"),
  state: optStr,
  phone_number: optStr,
  company_name: optStr,
  vat_number: optStr,
  vat_country_code: optStr,
  cpf_cnpj: optStr,
  neighbourhood: optStr,
});

const addressDetailsSchema = z.object({
  email_address: z.string().nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
});

const fileDetailsSchema = z
  .object({
    content_url: z.string().nullish(),
    content_width: num.nullish(),
    content_height: num.nullish(),
    number_of_pages: int.nullish(),
    cover_url: z.string().nullish(),
    spine_details: z
      .object({
        dynamic_spine_details: z
          .object({
            text_font: z.string().nullish(),
            text_size: num.nullish(),
            text_colour: z.string().nullish(),
            background_colour: z.string().nullish(),
            text_top: z.string().nullish(),
            text_center: z.string().nullish(),
            text_bottom: z.string().nullish(),
          })
          .nullish(),
        custom_spine_url: z.string().nullish(),
      })
      .nullish(),
  })
  .nullish();

const createOrderSchema = z.object({
  merchant_api_key: z.string(),
  purchase_order: optStr,
  order_reference: optStr,
  billing_entity_id: int.nullish(),
  cost_centre: optStr,
  currency: z.string().nullish(),
  item_details: z
    .array(
      z.object({
        item_reference: optStr,
        offering_id: int,
        quantity: int,
        title: optStr,
        file_details: fileDetailsSchema,
      }),
    )
    .min(1),
  address_details: addressDetailsSchema.nullish(),
});

const quoteSchema = z.object({
  apiKey: z.string(),
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, "two-letter country code"),
  state: z.string().nullish(),
  currency: z.string().nullish(),
  items: z.array(z.object({ offeringId: int, numberOfPages: int.nullish(), quantity: int })).min(1),
});

const orderRefSchema = z.object({ order_id: int, merchant_api_key: z.string() });
const addressUpdateSchema = orderRefSchema.extend({ address_details: addressDetailsSchema });
const paymentSchema = orderRefSchema.extend({ secret: z.string() });
const filesSchema = orderRefSchema.extend({
  item_reference: z.string().nullish(),
  file_details: z.object({
    content_url: z.string().nullish(),
    content_width: num.nullish(),
    content_height: num.nullish(),
    number_of_pages: int,
    cover_url: z.string().nullish(),
  }),
});

const publicationSchema = z.object({
  apiKey: z.string(),
  currency: z.string().nullish(),
  locale: z.string().nullish(),
  order: z.object({
    reference: optStr,
    product: z.object({
      title: optStr,
      // What the listing sells (the wire contract pins these names): one offering, or
      // every offering of a category priced by the merchant's markup.
      offeringId: int.nullish(),
      categoryCode: optStr,
      source: z.object({
        file: z.object({
          src: z.string(),
          pages: int,
          dimensions: z.object({ height: num, width: num }).nullish(),
        }),
      }),
      thumbnail: z.object({ src: z.string() }).nullish(),
    }),
  }),
});

const billingEntitySchema = z.object({
  apiKey: z.string(),
  parentEntityId: int.nullish(),
  firstName: optStr,
  lastName: optStr,
  companyName: optStr,
  addressLine1: optStr,
  addressLine2: optStr,
  zipCode: optStr,
  city: optStr,
  state: optStr,
  countryCode: optStr,
  vatNumber: optStr,
  chamberOfCommerce: optStr,
  emailAddresses: z.array(z.string()).nullish(),
  phoneNumber: optStr,
});

function issuePath(path: readonly PropertyKey[]): string {
  return (
    path
      .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i > 0 ? "." : ""}${String(p)}`))
      .join("") || "body"
  );
}

/** Parses with a schema; the first issue becomes 400 INVALID_DATA naming the field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw invalidData(issue ? issuePath(issue.path) : "body", issue?.message ?? "invalid");
}

/** Checks the merchant before the shape so an unknown key answers 500 even on bad bodies. */
function merchantFromBody(ctx: Ctx, req: SandboxRequest, field: string): Merchant {
  const body = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidData("body", "expected a JSON object");
  return requireMerchant(ctx, (body as Record<string, unknown>)[field], req.op, field);
}

export function toAddress(a: z.output<typeof addressSchema>): Address {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    addressLine1: a.address_line_1,
    addressLine2: a.address_line_2,
    zipCode: a.zip_code,
    city: a.city,
    countryCode: a.country_code.toUpperCase(),
    state: a.state,
    phoneNumber: a.phone_number,
    companyName: a.company_name,
    vatNumber: a.vat_number,
    cpfCnpj: a.cpf_cnpj,
    neighbourhood: a.neighbourhood,
  };
}

/** The item's files, or null for empty file_details (the request rules made the rest whole). */
function toFiles(
  f: z.output<typeof fileDetailsSchema>,
  offering: Offering | undefined,
): ItemFiles | null {
  if (!f?.content_url || f.number_of_pages == null) return null;
  return {
    contentUrl: f.content_url,
    width: f.content_width ?? offering?.dimensionWidth ?? 0,
    height: f.content_height ?? offering?.dimensionHeight ?? 0,
    pages: f.number_of_pages,
    coverUrl: f.cover_url ?? "",
    customSpineUrl: f.spine_details?.custom_spine_url ?? "",
  };
}

// ---- offering.list / categories -------------------------------------------------

export function jsonOffering(o: Offering, currencyCode: string) {
  const currency = requireCurrency(currencyCode);
  return {
    id: o.id,
    name: o.name,
    paperType: o.paperType,
    catalogueItemCode: o.catalogueItemCode,
    minimumQuantity: o.minimumQuantity,
    minNumberOfPages: o.minNumberOfPages,
    maxNumberOfPages: o.maxNumberOfPages,
    dimensionWidth: o.dimensionWidth,
    dimensionHeight: o.dimensionHeight,
    dynamicSize: o.dynamicSize,
    ...(o.dynamicSize
      ? { minDimensionWidth: o.minDimensionWidth, minDimensionHeight: o.minDimensionHeight }
      : {}),
    // Minor units (integers), as the contract pins for the offering list.
    pricingDto: {
      currency: currency.code,
      price: convertFromEur(o.basePrice, currency),
      pricePerPage: convertFromEur(o.pricePerPage, currency),
    },
  };
}

function offeringList(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const currency = requireCurrency(req.query.get("currency") || "EUR").code;
  const country = req.query.get("countryIsoCode2");
  const cat = req.query.get("categoryFilter");
  const sub = req.query.get("subCategoryFilter");
  const out: Record<string, Record<string, ReturnType<typeof jsonOffering>[]>> = {};
  for (const c of CATEGORIES) {
    if (cat && cat !== c.code) continue;
    for (const s of c.subCategories) {
      if (sub && sub !== s.code) continue;
      const list = ctx.catalogue.offerings.filter(
        (o) =>
          o.categoryCode === c.code &&
          o.subCategoryCode === s.code &&
          (!country || canProduce(o, country)),
      );
      if (list.length === 0) continue;
      (out[c.code] ??= {})[s.code] = list.map((o) => jsonOffering(o, currency));
    }
  }
  return json(200, out);
}

function categories(): Reply {
  return json(200, CATEGORIES);
}

// ---- quote -------------------------------------------------------------------------

function quote(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const q = parse(quoteSchema, req.body);
  const result = priceItems(
    ctx.catalogue,
    q.items.map((it) => ({
      offeringId: it.offeringId,
      numberOfPages: it.numberOfPages ?? undefined,
      quantity: it.quantity,
    })),
    q.currency || "EUR",
    q.countryCode,
    merchant.markupBp,
  );
  return json(200, jsonQuoteBody(result, q.countryCode, q.state ?? null));
}

// ---- orders --------------------------------------------------------------------------

function createOrder(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(createOrderSchema, req.body);
  const items: NewOrderItem[] = b.item_details.map((it, i) => ({
    reference: it.item_reference || `item-${i + 1}`,
    offeringId: it.offering_id,
    quantity: it.quantity,
    title: it.title,
    files: toFiles(it.file_details, ctx.catalogue.find(it.offering_id)),
  }));
  const ad = b.address_details;
  const order = ctx.orders.create(merchant, {
    reference: b.order_reference,
    purchaseOrder: b.purchase_order,
    currency: b.currency || "EUR",
    billingEntityId: b.billing_entity_id ?? null,
    costCentre: b.cost_centre,
    email: ad?.email_address ?? "",
    shippingAddress: ad?.shipping_address ? toAddress(ad.shipping_address) : null,
    billingAddress: ad?.billing_address ? toAddress(ad.billing_address) : null,
    items,
    legacy: null,
  });
  ctx.changed();
  return json(201, { order_id: order.id });
}

function taxObject(base: number, amount: number, bp?: number) {
  // Mixed VAT rates at order level: report the effective rate.
  const rate = bp ?? (base === 0 ? 0 : Number(divRound(BigInt(amount) * 10000n, BigInt(base))));
  return { tax_name: "VAT", tax_percentage: formatBp(rate), amount: formatMinor(amount) };
}

function uniformBp(items: readonly PricedItem[]): number | undefined {
  const first = items[0]?.vatBp;
  return items.every((it) => it.vatBp === first) ? first : undefined;
}

export function orderDetailsBody(ctx: Ctx, order: Order) {
  const priced = ctx.orders.priceOrder(order);
  const sum = (f: (p: PricedItem) => number) => priced.reduce((a, p) => a + f(p), 0);
  const bp = uniformBp(priced);
  const retailProduct = sum((p) => p.retailProduct);
  const retailProductVat = sum((p) => p.retailProductVat);
  const shipping = sum((p) => p.shipping);
  const shippingVat = sum((p) => p.shippingVat);
  const product = sum((p) => p.productNet);
  const productVat = sum((p) => p.productVat);
  const a = order.shippingAddress;
  const firstOffering = ctx.catalogue.find(order.items[0]?.offeringId ?? -1);
  const facility = firstOffering ? findFacility(firstOffering.facility) : undefined;
  return {
    order_id: order.id,
    order_state: order.state,
    moderation_reason: "",
    created_date: order.createdAt,
    currency: order.currency,
    merchant_order_reference: order.reference,
    purchase_order: order.purchaseOrder,
    tracking_code: order.trackingCode || null,
    tracking_url: order.trackingUrl || null,
    order_price_data: {
      total_retail_product_price_ex_taxes: formatMinor(retailProduct),
      total_retail_shipping_ex_taxes: formatMinor(shipping),
      total_retail_price_ex_taxes: formatMinor(retailProduct + shipping),
      total_retail_price_inc_taxes: formatMinor(
        retailProduct + shipping + retailProductVat + shippingVat,
      ),
      total_wholesale_product_price_ex_taxes: formatMinor(product),
      total_wholesale_shipping_ex_taxes: formatMinor(shipping),
      total_wholesale_price_ex_taxes: formatMinor(product + shipping),
      total_wholesale_price_inc_taxes: formatMinor(sum((p) => p.total)),
      retail_product_taxes: taxObject(retailProduct, retailProductVat, bp),
      retail_shipping_taxes: taxObject(shipping, shippingVat, bp),
      wholesale_product_taxes: taxObject(product, productVat, bp),
      wholesale_shipping_taxes: taxObject(shipping, shippingVat, bp),
    },
    item_price_data: order.items.map((it, i) => {
      const p = priced[i] as PricedItem;
      return {
        item_id: String(it.itemId),
        item_reference: it.reference,
        item_status: it.state,
        number_of_pages: p.numberOfPages,
        offering_id: String(it.offeringId),
        publication_id: "",
        quantity: String(it.quantity),
        retail_product_price: formatMinor(p.retailProduct),
        retail_shipping_price: formatMinor(p.shipping),
        wholesale_product_price: formatMinor(p.productNet),
        wholesale_shipping_price: formatMinor(p.shipping),
        total_wholesale_price_ex_taxes: formatMinor(p.productNet + p.shipping),
        total_wholesale_price_inc_taxes: formatMinor(p.total),
        retail_product_taxes: taxObject(p.retailProduct, p.retailProductVat, p.vatBp),
        retail_shipping_taxes: taxObject(p.shipping, p.shippingVat, p.vatBp),
        wholesale_product_taxes: taxObject(p.productNet, p.productVat, p.vatBp),
        wholesale_shipping_taxes: taxObject(p.shipping, p.shippingVat, p.vatBp),
      };
    }),
    address_details: {
      first_name: a?.firstName ?? "",
      last_name: a?.lastName ?? "",
      address_line_1: a?.addressLine1 ?? "",
      address_line_2: a?.addressLine2 ?? "",
      country_code: a?.countryCode ?? "",
      zip_code: a?.zipCode ?? "",
      city: a?.city ?? "",
      state: a?.state ?? "",
      cpf_cnpj: a?.cpfCnpj ?? "",
      neighbourhood: a?.neighbourhood ?? "",
    },
    fulfilment_location: {
      country_code: facility?.countryCode ?? "",
      lab_code: facility?.labCode ?? "",
    },
  };
}

function orderDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const idText = req.query.get("orderId");
  const reference = req.query.get("orderReference") || undefined;
  const order = ctx.orders.find(merchant, idText ? Number(idText) : undefined, reference);
  return json(200, orderDetailsBody(ctx, order));
}

function orderAddress(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(addressUpdateSchema, req.body);
  const order = ctx.orders.find(merchant, b.order_id);
  const ad = b.address_details;
  ctx.orders.setAddress(
    order,
    ad.shipping_address ? toAddress(ad.shipping_address) : null,
    ad.email_address ?? undefined,
  );
  if (ad.billing_address) order.billingAddress = toAddress(ad.billing_address);
  ctx.changed();
  return text(200, "");
}

function orderPayment(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(paymentSchema, req.body);
  const order = ctx.orders.find(merchant, b.order_id);
  if (!safeEqual(b.secret.toLowerCase(), paymentSecret(merchant.secretKey, order.id)))
    throw new ServiceError(401, "ORD_SECRET", "The secret does not match");
  try {
    ctx.orders.pay(order, merchant);
  } finally {
    ctx.changed(); // a failed payment may have moved the order to PAYMENT_ERROR
  }
  return json(200, { order_state: "PAID" });
}

function orderFiles(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(filesSchema, req.body);
  const order = ctx.orders.find(merchant, b.order_id);
  const f = b.file_details;
  const first = ctx.catalogue.find(order.items[0]?.offeringId ?? -1);
  ctx.orders.setFiles(order, b.item_reference ?? undefined, {
    contentUrl: f.content_url ?? "",
    width: f.content_width ?? first?.dimensionWidth ?? 0,
    height: f.content_height ?? first?.dimensionHeight ?? 0,
    pages: f.number_of_pages,
    coverUrl: f.cover_url ?? "",
    customSpineUrl: "",
  });
  ctx.changed();
  return text(200, "OK");
}

function orderCancel(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(orderRefSchema, req.body);
  const order = ctx.orders.find(merchant, b.order_id);
  ctx.orders.cancel(order, merchant);
  ctx.changed();
  return json(200, { order_state: "CANCELLED" });
}

// ---- publications / billing entities ---------------------------------------------

function createPublication(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const b = parse(publicationSchema, req.body);
  const currency = requireCurrency(b.currency || "EUR");
  const file = b.order.product.source.file;
  const wanted = b.order.product.offeringId ?? undefined;
  const categoryCode = b.order.product.categoryCode || null;
  // Never a product the merchant did not name: an offering, or a category, not both.
  if (wanted !== undefined && categoryCode)
    throw invalidData("order.product.categoryCode", "give offeringId or categoryCode, not both");
  let offering: Offering | undefined;
  if (wanted !== undefined) {
    offering = ctx.catalogue.find(wanted);
    if (!offering) throw offeringNotFound(wanted);
  } else if (categoryCode) {
    if (!CATEGORIES.some((c) => c.code === categoryCode))
      throw invalidData("order.product.categoryCode", `unknown category ${categoryCode}`);
    // The checkout shows the category's first offering the file's page count fits.
    const inCategory = ctx.catalogue.offerings.filter((o) => o.categoryCode === categoryCode);
    offering =
      inCategory.find(
        (o) => file.pages >= o.minNumberOfPages && file.pages <= o.maxNumberOfPages,
      ) ?? inCategory[0];
    if (!offering) throw offeringNotFound(`category ${categoryCode}`);
  } else {
    throw invalidData(
      "order.product.offeringId",
      "is missing: name the offering (or categoryCode for a category listing)",
    );
  }
  validateItemLimits(offering, file.pages, Math.max(1, offering.minimumQuantity));
  const id = ctx.store.nextId("publication");
  const secure = merchant.publicationResponse === "secure";
  ctx.store.addPublication({
    id,
    merchantApiKey: merchant.merchantApiKey,
    currency: currency.code,
    locale: b.locale || "en",
    reference: b.order.reference,
    title: b.order.product.title,
    sourceUrl: file.src,
    pages: file.pages,
    width: file.dimensions?.width ?? offering.dimensionWidth,
    height: file.dimensions?.height ?? offering.dimensionHeight,
    thumbnailUrl: b.order.product.thumbnail?.src ?? "",
    offeringId: offering.id,
    categoryCode,
    secureId: secure ? derivedHex(ctx.seed, `pub:${id}`, 16) : null,
    token: secure ? derivedHex(ctx.seed, `tok:${id}`, 32) : null,
    createdAt: new Date(ctx.clock.now()).toISOString(),
  });
  ctx.changed();
  if (merchant.publicationResponse === "number") return text(200, String(id), "application/json");
  if (secure) {
    const p = ctx.store.publications.get(id);
    return json(200, { secure_publication_id: p?.secureId, token: p?.token });
  }
  return json(200, { id });
}

function createBillingEntity(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "apiKey");
  validateRequest(ctx, req, merchant);
  const b = parse(billingEntitySchema, req.body);
  const parentId = b.parentEntityId ? b.parentEntityId : null;
  const id = ctx.store.nextId("billingEntity");
  ctx.store.billingEntities.set(id, {
    id,
    merchantApiKey: merchant.merchantApiKey,
    parentId,
    companyName: b.companyName,
    firstName: b.firstName,
    lastName: b.lastName,
    addressLine1: b.addressLine1,
    addressLine2: b.addressLine2,
    zipCode: b.zipCode,
    city: b.city,
    state: b.state,
    countryCode: b.countryCode.toUpperCase(),
    vatNumber: b.vatNumber,
    chamberOfCommerce: b.chamberOfCommerce,
    emailAddresses: b.emailAddresses ?? [],
    phoneNumber: b.phoneNumber,
  });
  ctx.changed();
  return json(201, { id });
}

interface BillingEntityNode {
  id: number;
  companyName: string;
  parentId: number | null;
  subEntities: BillingEntityNode[] | null;
}

function listBillingEntities(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  const mine = [...ctx.store.billingEntities.values()].filter(
    (b) => b.merchantApiKey === merchant.merchantApiKey,
  );
  const build = (parentId: number | null): BillingEntityNode[] =>
    mine
      .filter((b) => b.parentId === parentId)
      .map((b) => {
        const subs = build(b.id);
        return {
          id: b.id,
          companyName: b.companyName,
          parentId: b.parentId,
          subEntities: subs.length ? subs : null,
        };
      });
  return json(200, build(null));
}

export type JsonHandler = (ctx: Ctx, req: SandboxRequest) => Reply;

/** [method, path under /rest/v3, operation id, handler] */
export const JSON_ROUTES: readonly [string, string, string, JsonHandler][] = [
  ["GET", "/offering/list", "offering.list", offeringList],
  ["GET", "/categories", "categories", categories],
  ["POST", "/quote", "quote", quote],
  ["POST", "/order", "order.create", createOrder],
  ["GET", "/order/details", "order.details", orderDetails],
  ["POST", "/order/address", "order.address", orderAddress],
  ["POST", "/order/payment", "order.payment", orderPayment],
  ["POST", "/order/files", "order.files", orderFiles],
  ["POST", "/order/cancel", "order.cancel", orderCancel],
  ["POST", "/publication/create", "publication.create", createPublication],
  ["POST", "/billing-entity", "billingEntity.create", createBillingEntity],
  ["GET", "/billing-entity", "billingEntity.list", listBillingEntities],
];
