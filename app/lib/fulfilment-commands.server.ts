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
