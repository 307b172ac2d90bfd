import prisma, { databaseSchema } from "../db.server";
import {
  applyOrderCancelled,
  applyOrderUpdate,
  resumeReconnectedOrders,
  runOnEachPrintOrder,
  runOrderAction,
} from "../services/fulfilment/commands";
import {
  bodyOfReadOrder,
  recordOrderDelivery,
  type OrderDeliveryInput,
} from "../services/fulfilment/door";
import { paidAtOf } from "../services/fulfilment/ingest";
import { keptTogether, receiveStatusUpdate } from "../services/fulfilment/status-updates";
import { markServiceLookDue } from "../data/fulfillment-service.server";
import { printOrderCommandStore } from "../data/print-order-commands.server";
import { statusInboxStore } from "../data/fulfilment.server";
import { doorStore } from "../data/order-intake.server";
import { recordProof } from "../data/proofs.server";
import type { ShopifyOrder } from "../services/fulfilment/shopify-order";
import { signalWorkAvailable } from "./worker-signal.server";

/**
 * The changes from outside the worker (services/fulfilment/commands, ingest), wired to the
 * database. Each wakes the in-process worker when it left work for it, here and nowhere else,
 * so the worker acts at once instead of at its next poll.
 */

/** The callback route's INSERTs, grouped per turn of the event loop (a burst is a few statements). */
const statusInbox = keptTogether(statusInboxStore(prisma, databaseSchema()));

async function waking<T>(change: Promise<T>, leftWork: (result: T) => boolean): Promise<T> {
  const result = await change;
  if (leftWork(result)) signalWorkAvailable();
  return result;
}

/**
 * The same, and a change that lets print orders go on (a file arrived, the merchant approved)
 * makes the shop's fulfillment-service look due now: a request Shopify sent that waited for it
 * is answered within seconds, not at the next regular look.
 */
async function wakingWithService<T>(
  shop: string,
  change: Promise<T>,
  leftWork: (result: T) => boolean,
): Promise<T> {
  const result = await waking(change, leftWork);
  if (leftWork(result)) await markServiceLookDue({ shop });
  return result;
}

/**
 * An order heard of (orders/paid, the regular check with Shopify, an import): its one write.
 * The worker, woken here, plans it (services/fulfilment/planner.ts).
 */
export const recordOrderArrival = (input: OrderDeliveryInput) =>
  waking(recordOrderDelivery(doorStore(prisma, databaseSchema()), input), (o) => o === "recorded");

/** What the regular check with Shopify or an import knows of an order it read. */
interface ReadOrder {
  shop: string;
  order: ShopifyOrder;
  /** Shopify's processedAt. */
  shopifyPaidAt?: Date | string | null | undefined;
  now?: Date | undefined;
}

function readOrderArrival(input: ReadOrder, source: "reconcile" | "import") {
  return recordOrderArrival({
    shop: input.shop,
    // Its own receipt id; the shop order, one per Shopify order, makes a later webhook for it
    // change nothing, and the other way round.
    webhookId: `${source}:${input.order.id}`,
    topic: `${source}/orders`,
    body: bodyOfReadOrder(input.order),
    source,
    shopifyPaidAt: paidAtOf(input.shopifyPaidAt),
    now: input.now,
  });
}

/** An order the regular check with Shopify found without its webhook: the same entry. */
export const recordFoundOrder = (input: ReadOrder) => readOrderArrival(input, "reconcile");

/** A past order the merchant chose to import: the same entry. */
export const recordImportedOrder = (input: ReadOrder) => readOrderArrival(input, "import");

/** orders/updated: the changes that reach print orders not yet sent. */
export const recordOrderUpdate = (input: Parameters<typeof applyOrderUpdate>[1]) =>
  wakingWithService(
    input.shop,
    applyOrderUpdate(printOrderCommandStore, input),
    (r) => r.changed.length > 0,
  );

/** orders/cancelled: unpaid print orders cancelled, paid ones flagged; no work for the worker. */
export const recordOrderCancelled = (input: Parameters<typeof applyOrderCancelled>[1]) =>
  applyOrderCancelled(printOrderCommandStore, input);

/** A print-service status callback: kept for the worker, which makes its print order due. */
export const recordStatusCallback = (input: Parameters<typeof receiveStatusUpdate>[1]) =>
  waking(receiveStatusUpdate(statusInbox, input), (r) => r === "received");

/** A sign-in gave the app its access to the store back: the orders stopped for it go on. */
export const resumeAfterSignIn = (shop: string) =>
  wakingWithService(shop, resumeReconnectedOrders(printOrderCommandStore, { shop }), (n) => n > 0);

/** A merchant's action on one print order. */
export const runMerchantAction = (input: Parameters<typeof runOrderAction>[1]) =>
  wakingWithService(input.shop, runOrderAction(printOrderCommandStore, input), (r) => r.ok);

/** A merchant's action on several print orders, each by its own rules. */
export const runMerchantBulkAction = (input: Parameters<typeof runOnEachPrintOrder>[1]) =>
  wakingWithService(input.shop, runOnEachPrintOrder(printOrderCommandStore, input), (results) =>
    results.some((r) => r.result.ok),
  );

/** A proof copy the merchant placed (services/proofs): its one write. The worker takes it now. */
export const recordProofOrder = (input: Parameters<typeof recordProof>[0]) =>
  waking(recordProof(input), (placed) => placed.created);
