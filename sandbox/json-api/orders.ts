// The order operations: create, details, address, payment, files, cancel.

import { z } from "zod";
import type { Offering } from "../catalogue";
import { json, requireMerchant, text, type Ctx, type Reply, type SandboxRequest } from "../context";
import { ServiceError } from "../errors";
import type { NewOrderItem } from "../orders";
import { paymentSecret, safeEqual } from "../signatures";
import type { ItemFiles } from "../store";
import { validateRequest } from "../validation";
import { orderDetailsBody } from "./order-details";
import {
  addressDetailsSchema,
  int,
  merchantFromBody,
  num,
  optStr,
  parse,
  toAddress,
} from "./parse";

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

export function createOrder(ctx: Ctx, req: SandboxRequest): Reply {
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

export function orderDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const idText = req.query.get("orderId");
  const reference = req.query.get("orderReference") || undefined;
  const order = ctx.orders.find(merchant, idText ? Number(idText) : undefined, reference);
  return json(200, orderDetailsBody(ctx, order));
}

export function orderAddress(ctx: Ctx, req: SandboxRequest): Reply {
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

export function orderPayment(ctx: Ctx, req: SandboxRequest): Reply {
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

export function orderFiles(ctx: Ctx, req: SandboxRequest): Reply {
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

export function orderCancel(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = merchantFromBody(ctx, req, "merchant_api_key");
  validateRequest(ctx, req, merchant);
  const b = parse(orderRefSchema, req.body);
  const order = ctx.orders.find(merchant, b.order_id);
  ctx.orders.cancel(order, merchant);
  ctx.changed();
  return json(200, { order_state: "CANCELLED" });
}
