// order/status: the order found by its payment reference, with prices and history.

import { requireMerchant, type Ctx, type Reply, type SandboxRequest } from "../context";
import { ServiceError } from "../errors";
import { formatMinor } from "../money";
import type { PricedItem } from "../pricing";
import type { Order } from "../store";
import { validateRequest } from "../validation";
import { p, required } from "./params";
import { el, xml } from "./xml";

export function orderStatus(ctx: Ctx, req: SandboxRequest): Reply {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, m);
  const ref = required(req, "paymentReference");
  let order: Order | undefined;
  for (const o of ctx.store.orders.values())
    if (o.merchantApiKey === m.merchantApiKey && o.legacy?.paymentReference === ref) order = o;
  if (!order) throw new ServiceError(404, undefined, "Order not found");
  const priced = ctx.orders.priceOrder(order);
  const sum = (fn: (x: PricedItem) => number) => priced.reduce((a, x) => a + fn(x), 0);
  const retailIncVat = sum(
    (x) => x.retailProduct + x.shipping + x.retailProductVat + x.shippingVat,
  );
  const history = order.history
    .map((h) => `<entry>${el("state", h.to)}${el("date", h.at)}</entry>`)
    .join("");
  return xml(
    200,
    "<order-status>" +
      el("order-id", order.id) +
      el("external-order-id", order.legacy?.externalOrderId ?? "") +
      el("payment-reference", order.legacy?.paymentReference ?? "") +
      el("merchant-reference", order.legacy?.merchantReference ?? order.reference) +
      el("order-status", order.state.toLowerCase()) +
      el("price", formatMinor(retailIncVat)) +
      el("priceRetail", formatMinor(sum((x) => x.retailProduct))) +
      el("priceWholesale", formatMinor(sum((x) => x.productNet))) +
      el("shippingRetail", formatMinor(sum((x) => x.shipping))) +
      el("shippingWholesale", formatMinor(sum((x) => x.shipping))) +
      el("vat", formatMinor(sum((x) => x.vat))) +
      el("created", order.createdAt) +
      el("quantity", order.items[0]?.quantity ?? 0) +
      el("title", order.items[0]?.title ?? "") +
      "<shipping>" +
      el("countryCode", order.shippingAddress?.countryCode ?? "") +
      el("trackingCode", order.trackingCode) +
      el("trackingUrl", order.trackingUrl) +
      "</shipping>" +
      `<history>${history}</history>` +
      "</order-status>",
  );
}
