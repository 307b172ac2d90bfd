/**
 * Stopping a worker waits for the steps in hand to be committed; while it
 * waits, it says which ones (print order, step, how long), so a shutdown that
 * does not end names what it waits for.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { preflightForApp } from "~/lib/preflight.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import {
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
});
afterAll(async () => {
  await h?.close();
});

describe("stopping a worker", () => {
  it("says which step it still waits for, and stops once that step is committed", async () => {
    // GIVEN a worker in the middle of a print order's first step (its print-service client
    // has not come yet)
    let go!: () => void;
    const held = new Promise<void>((resolve) => (go = resolve));
    const warnings: string[] = [];
    const worker = new FulfilmentWorker(
      {
        store: fulfilmentStore(prisma),
        printClientFor: async (shop) => {
          await held;
          return printClientFor(shop, { retry: fastRetry });
        },
        shopify: shopifyAdmin,
        logger: {
          debug() {},
          info() {},
          error() {},
          warn: (_data, message) => warnings.push(message),
        },
        preflight: preflightForApp,
      },
      { stopReportMs: 50, baseBackoffMs: 1, maxBackoffMs: 5 },
    );
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const [printOrder] = await printOrdersOf(order.legacyId);
    worker.start();
    await vi.waitUntil(() => worker.stepsInHand().length === 1, { timeout: 10_000 });

    // WHEN it is stopped
    const stopped = worker.stop();

    // THEN, while it waits, it names the print order and the step
    await vi.waitUntil(() => warnings.length > 0, { timeout: 10_000 });
    expect(warnings[0]).toMatch(
      new RegExp(
        `^fulfilment worker stopping: still waiting for print order ${printOrder!.orderReference}, step prepare, for \\d+\\.\\d s$`,
      ),
    );
    // AND once the step is done it stops, with nothing in hand
    go();
    await stopped;
    expect(worker.stepsInHand()).toEqual([]);
    const after = warnings.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(warnings.length).toBe(after);
  });
});
