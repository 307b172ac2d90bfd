import prisma, { databaseSchema } from "../db.server";
import {
  applyOrderUpdate,
  noteStatusCallback,
  runOnEachPrintOrder,
  runOrderAction,
} from "../services/fulfilment/commands";
import { ingestPaidOrder } from "../services/fulfilment/ingest";
import { signalWorkAvailable } from "./worker-signal.server";

/**
 * The changes from outside the worker (services/fulfilment/commands, ingest), wired to the
 * database. Each wakes the in-process worker when it left work for it, here and nowhere else,
 * so the worker acts at once instead of at its next poll.
 */

async function waking<T>(change: Promise<T>, leftWork: (result: T) => boolean): Promise<T> {
  const result = await change;
  if (leftWork(result)) signalWorkAvailable();
  return result;
}

/** orders/paid: the Shopify order and its print-order plan, in the app's PostgreSQL schema. */
export const recordPaidOrder = (input: Omit<Parameters<typeof ingestPaidOrder>[1], "schema">) =>
  waking(
    ingestPaidOrder(prisma, { ...input, schema: databaseSchema() }),
    (r) => r.outcome === "planned",
  );

/** What the regular check with Shopify or an import knows of an order it read. */
type ReadOrder = Pick<
  Parameters<typeof ingestPaidOrder>[1],
  "shop" | "order" | "shopifyPaidAt" | "shopCurrency" | "now"
>;

/**
 * The same path as orders/paid, for an order the regular check with Shopify found without its
 * webhook. Its receipt id is its own (`reconcile:<order id>`); the shop order, one per Shopify
 * order, makes a later webhook for it change nothing, and the other way round.
 */
export const recordFoundOrder = (input: ReadOrder) =>
  recordPaidOrder({
    ...input,
    webhookId: `reconcile:${input.order.id}`,
    topic: "reconcile/orders",
    source: "reconcile",
  });

/** The same path as orders/paid, for a past order the merchant chose to import. */
export const recordImportedOrder = (input: ReadOrder) =>
  recordPaidOrder({
    ...input,
    webhookId: `import:${input.order.id}`,
    topic: "import/orders",
    source: "import",
  });

/** orders/updated: the changes that reach print orders not yet sent. */
export const recordOrderUpdate = (input: Parameters<typeof applyOrderUpdate>[1]) =>
  waking(applyOrderUpdate(prisma, input), (r) => r.changed.length > 0);

/** A print-service status callback: a hint that makes the print order due now. */
export const recordStatusCallback = (input: Parameters<typeof noteStatusCallback>[1]) =>
  waking(noteStatusCallback(prisma, input), (r) => r.outcome === "noted");

/** A merchant's action on one print order. */
export const runMerchantAction = (input: Parameters<typeof runOrderAction>[1]) =>
  waking(runOrderAction(prisma, input), (r) => r.ok);

/** A merchant's action on several print orders, each by its own rules. */
export const runMerchantBulkAction = (input: Parameters<typeof runOnEachPrintOrder>[1]) =>
  waking(runOnEachPrintOrder(prisma, input), (results) => results.some((r) => r.result.ok));
