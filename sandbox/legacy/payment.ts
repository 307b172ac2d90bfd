// set_paid and set_quote_and_paid: both check the order secret, then pay.

import { requireMerchant, text, type Ctx, type Reply, type SandboxRequest } from "../context";
import { ServiceError, invalidData } from "../errors";
import { priceItem, requireCurrency, validateItemLimits } from "../pricing";
import { legacyOrderSecret, safeEqual } from "../signatures";
import type { Merchant, Order } from "../store";
import { validateRequest } from "../validation";
import { bool, legacyOrder, offeringById, p, required } from "./params";
import { buildQuote } from "./quote";

function checkLegacySecret(
  ctx: Ctx,
  req: SandboxRequest,
): { order: Order; m: Merchant; fields: Record<string, unknown> } {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  const fields = validateRequest(ctx, req, m);
  const order = legacyOrder(ctx, req);
  const expected = legacyOrderSecret(
    m.secretKey,
    m.merchantApiKey,
    order.legacy?.externalOrderId ?? "",
  );
  if (!safeEqual(required(req, "secret"), expected))
    throw new ServiceError(401, "ORD_SECRET", "The secret does not match");
  return { order, m, fields };
}

export function setPaid(ctx: Ctx, req: SandboxRequest): Reply {
  // The interface answers only OK or ERROR; the reason goes into a header for debugging.
  try {
    const { order, m } = checkLegacySecret(ctx, req);
    try {
      ctx.orders.pay(order, m);
    } finally {
      ctx.changed();
    }
    return text(200, "OK");
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    return {
      ...text(200, "ERROR"),
      headers: { "x-sandbox-error": `${e.code ?? e.status}: ${e.details}`.slice(0, 300) },
    };
  }
}

export function setQuoteAndPaid(ctx: Ctx, req: SandboxRequest): Reply {
  const { order, m, fields } = checkLegacySecret(ctx, req);
  const useMerchantSecret = bool(req, "useMerchantSecret", true);
  const qx = fields.quoteXml as Record<string, unknown>;
  const f = (k: string) => (typeof qx[k] === "string" ? (qx[k] as string) : "");
  const address = order.shippingAddress;
  if (!address)
    throw new ServiceError(409, "ORD_MISS_ADDR", `Order ${order.id} has no shipping address`);
  const item = order.items[0];
  const offeringId = Number(f("offering-id"));
  if (!item || offeringId !== item.offeringId)
    throw invalidData("quoteXml", "offering-id does not match the order");
  const o = offeringById(ctx, offeringId);
  const pages = Number(f("number-of-pages"));
  const quantity = Number(f("quantity"));
  validateItemLimits(o, pages, quantity);
  const currency = requireCurrency(f("currency"));
  const priced = priceItem(o, pages, quantity, currency, address.countryCode, m.markupBp);
  const expected = buildQuote(
    ctx,
    m,
    o,
    priced,
    currency.code,
    address.countryCode,
    useMerchantSecret,
  );
  const mismatch = expected.fields
    .filter(([k]) => k !== "full-payment-url" && k !== "merchant-name")
    .find(([k, v]) => String(v) !== f(k));
  if (mismatch) throw invalidData("quoteXml", `${mismatch[0]} does not match the current quote`);
  ctx.orders.setQuantity(order, quantity);
  order.currency = currency.code;
  try {
    ctx.orders.pay(order, m);
  } finally {
    ctx.changed();
  }
  return text(200, "OK");
}
