import { NOT_SCHEDULED } from "../machine";
import type { StepContext } from "../step-support/context";
import { filesOf, shippingDetailsOf } from "../step-support/order-data";
import { checkPlacementBeforePaying } from "../step-support/placement";
import { preflightItems } from "./prepare-preflight";
import { done, withItemChanges, type Loaded, type StepResult } from "../step-support/result";

/**
 * Sends a changed address and late files (checked first), then pays once
 * every file is there.
 * What the service has taken is written at once, so a later failure in this
 * step does not send it again; the loaded order is kept in step with those
 * writes, as the worker goes on with it under the same claim.
 */
export async function pay(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const { client } = ctx;
  const orderId = order.printOrderId!;
  const events: StepResult["events"] = [];
  if (order.addressPending) {
    await client.orders.address({ orderId, address: await shippingDetailsOf(order, ctx) });
    await ctx.store.markAddressSent(order, ctx.leaseHolder);
    order.addressPending = false;
    events.push({
      actor: "worker",
      type: "address_sent",
      message: "Sent the changed shipping address to the print service.",
    });
  }
  // Files that arrived after the order was created are checked before any is sent or paid.
  const reused = await preflightItems(
    order,
    ctx,
    order.items.filter((i) => i.fileDetails && !i.filesSentAt),
  );
  for (const item of order.items) {
    const files = filesOf(item);
    if (!files || item.filesSentAt) continue;
    await client.orders.files({
      orderId,
      itemReference: item.itemReference,
      files: {
        contentUrl: files.contentUrl,
        contentWidth: files.contentWidth,
        contentHeight: files.contentHeight,
        numberOfPages: files.numberOfPages,
        ...(files.coverUrl ? { coverUrl: files.coverUrl } : {}),
      },
    });
    const sentAt = ctx.now();
    await ctx.store.markFilesSent(order.shop, item.id, sentAt);
    item.filesSentAt = sentAt;
    events.push({
      actor: "worker",
      type: "files_sent",
      message: `Sent the print file for "${item.title}".`,
    });
  }
  if (order.items.some((i) => !i.fileDetails)) {
    return withItemChanges(
      done({ status: "awaiting_files", nextAttemptAt: NOT_SCHEDULED }, events),
      reused,
    );
  }
  // The point of no return: an order that waited is checked against Shopify first.
  await checkPlacementBeforePaying(order, ctx);
  const payment = await client.orders.pay({ orderId });
  events.push({
    actor: "worker",
    type: "paid",
    message:
      payment.status === "paid"
        ? "Paid: the order goes to production."
        : "Already paid at the print service (a retry found it paid).",
    data: { outcome: payment.status },
  });
  const now = ctx.now();
  const paid = done(
    {
      status: "paid",
      serviceState: "PAID",
      // The handoff time ends here, written with the move to paid (states only move forward);
      // a time already stored is kept.
      servicePaidAt: order.servicePaidAt ?? now,
      attempts: 0,
      nextAttemptAt: now,
      lastErrorCode: null,
      lastErrorMessage: null,
      lastErrorAction: null,
    },
    events,
    true,
  );
  // Committed with the first read after paying: a repeat of this step finds the order paid.
  return withItemChanges({ ...paid, commitWithNext: true }, reused);
}
