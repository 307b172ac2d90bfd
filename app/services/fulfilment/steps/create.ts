import { NOT_SCHEDULED } from "../machine";
import type { StepContext } from "../step-support/context";
import { filesOf, shippingDetailsOf } from "../step-support/order-data";
import { preflightItems } from "./prepare-preflight";
import { done, withItemChanges, type Loaded, type StepResult } from "../step-support/result";

/** Creates the order at the print service (or finds the one an earlier attempt created). */
export async function create(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const { shop, client } = ctx;
  const address = await shippingDetailsOf(order, ctx);
  // A file that arrived while the order was held or waiting for approval is checked here;
  // the others were checked in prepare and are not downloaded again.
  const reused = await preflightItems(order, ctx, order.items);
  const result = await client.orders.createIdempotent({
    orderReference: order.orderReference,
    currency: order.currency,
    ...(shop.billingEntityId ? { billingEntityId: shop.billingEntityId } : {}),
    purchaseOrder: order.shopifyOrderName,
    items: order.items.map((item) => {
      const files = filesOf(item);
      return {
        itemReference: item.itemReference,
        offeringId: item.offeringId,
        quantity: item.quantity,
        title: item.title,
        ...(files ? { files } : {}),
      };
    }),
    address,
  });
  const now = ctx.now();
  // The service has these files now: written with the step, so pay does not send them again.
  // (Should the commit not happen, the next attempt finds the order and writes this then.)
  const sent = order.items
    .filter((i) => i.fileDetails)
    .map((i) => ({ id: i.id, filesSentAt: now }));
  const awaiting = order.items.some((i) => !i.fileDetails);
  const how = result.outcome === "created" ? "Created" : "Found (already created earlier)";
  const step = done(
    {
      printOrderId: result.orderId,
      status: awaiting ? "awaiting_files" : "created",
      nextAttemptAt: awaiting ? NOT_SCHEDULED : now,
      addressPending: false,
      attempts: 0,
    },
    [
      {
        actor: "worker",
        type: "created",
        message:
          `${how} at the print service as order ${result.orderId}` +
          (awaiting ? "; waiting for a personalised file." : "."),
        data: { printOrderId: result.orderId, outcome: result.outcome },
      },
    ],
    !awaiting,
  );
  return withItemChanges(step, [...reused, ...sent]);
}
