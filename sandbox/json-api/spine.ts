// offering.spine and order.spine: the spine width and cover size by the rule in
// catalogue/spine.ts. The answer's shape is the app's assumption (docs/print-wire-contract.md).

import { measureSpine, type Offering, type SpineMeasure } from "../catalogue";
import { json, requireMerchant, type Ctx, type Reply, type SandboxRequest } from "../context";
import { ServiceError, offeringNotFound } from "../errors";
import { validateItemLimits } from "../pricing";
import type { OrderItem } from "../store";
import { validateRequest } from "../validation";

function measureOrRefuse(
  o: Offering,
  pages: number,
  trim?: { width: number; height: number },
): SpineMeasure {
  const measure = measureSpine(o, pages, trim);
  if (!measure) throw new ServiceError(400, "INVALID_DATA", `Offering ${o.id} has no spine`);
  return measure;
}

function answer(m: SpineMeasure) {
  return {
    spineWidth: m.spineWidth,
    coverWidth: m.coverWidth,
    coverHeight: m.coverHeight,
    bleed: m.bleed,
    unit: "mm",
    binding: m.binding,
  };
}

export function offeringSpine(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const id = Number(req.query.get("offeringId"));
  const pages = Number(req.query.get("numberOfPages"));
  const o = ctx.catalogue.find(id);
  if (!o) throw offeringNotFound(id);
  const measure = measureOrRefuse(o, pages);
  // Pages outside the offering's range answer as a quote or order would (OFF_MIN).
  validateItemLimits(o, pages, Math.max(1, o.minimumQuantity));
  return json(200, { offeringId: o.id, numberOfPages: pages, ...answer(measure) });
}

const spineOrderNotFound = (details: string): ServiceError =>
  new ServiceError(404, "SPINE_ORDER_NOT_FOUND", details);

/** A dynamic-size item is measured at the size its file was ordered in. */
function trimOf(o: Offering, item: OrderItem): { width: number; height: number } | undefined {
  const f = item.files;
  return o.dynamicSize && f && f.width > 0 && f.height > 0
    ? { width: f.width, height: f.height }
    : undefined;
}

export function orderSpine(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const orderId = Number(req.query.get("orderId"));
  const reference = (req.query.get("itemReference") ?? "").trim();
  const order = ctx.store.orders.get(orderId);
  if (!order || order.merchantApiKey !== merchant.merchantApiKey)
    throw spineOrderNotFound(`Order not found: ${orderId}`);
  const item = order.items.find((it) => it.reference === reference);
  if (!item) throw spineOrderNotFound(`Order ${orderId} has no item ${reference}`);
  const o = ctx.catalogue.find(item.offeringId);
  if (!o) throw offeringNotFound(item.offeringId);
  // Before its file arrives an item is measured at the offering's default page count.
  const pages = item.files?.pages ?? o.defaultNumberOfPages;
  return json(200, {
    orderId: order.id,
    itemReference: item.reference,
    offeringId: o.id,
    numberOfPages: pages,
    ...answer(measureOrRefuse(o, pages, trimOf(o, item))),
  });
}
