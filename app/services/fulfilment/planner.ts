/**
 * The planner (docs/decisions/0019-one-write-at-the-door.md): the worker turns each delivery
 * the door (door.ts) recorded into a print plan through ingest.ts, which recognises a repeat by
 * its webhook id and a copy of an order by the shop order, and deletes the row once planned.
 */
import { parseJsonExact } from "../lossless-json";
import { ingestPaidOrder, type IngestResult } from "./ingest";
import type { OrderSource } from "./ingest-rows";
import type { IngestStore, PlannerStore } from "./ports";
import { describeZodError, shopifyOrderSchema } from "./shopify-order";
import type { WorkerLogger } from "./steps";

export interface PlanOptions {
  workerId: string;
  now: Date;
  /** How long a worker holds the deliveries it took; a crashed worker's are taken again after. */
  leaseMs: number;
  batchSize: number;
  logger: WorkerLogger;
}

/** A delivery that could not be planned is tried again after 5 s, 10 s, ... up to 15 minutes. */
export function planRetryDelayMs(attempts: number): number {
  return Math.min(15 * 60_000, 5_000 * 2 ** Math.min(attempts - 1, 10));
}

export interface PlannedDelivery {
  shop: string;
  webhookId: string;
  outcome: IngestResult["outcome"] | "shop_not_served" | "failed";
}

/**
 * Plans the due recorded deliveries, oldest first, at most `batchSize`: claims them (a
 * compare-and-set on `planAfter`, so two workers do not plan one delivery twice over), plans
 * each through ingest.ts, and deletes it. A delivery whose body no longer parses or whose
 * planning fails is kept and tried again later, with the reason in `lastError`: an order is
 * never dropped for a bug or an outage. One for a shop the app holds nothing of any more
 * (erased after an uninstall) is deleted unplanned.
 */
export async function planRecordedDeliveries(
  store: PlannerStore & IngestStore,
  options: PlanOptions,
): Promise<PlannedDelivery[]> {
  const { workerId, now } = options;
  const due = await store.dueDeliveries(now, options.batchSize);
  if (due.length === 0) return [];
  const claimed = await store.claimDeliveries(due, now, {
    workerId,
    until: new Date(now.getTime() + options.leaseMs),
  });
  if (claimed.length === 0) return [];
  const shops = new Map(
    (await store.shopCurrencies([...new Set(claimed.map((d) => d.shop))])).map((s) => [s.shop, s]),
  );
  const results: PlannedDelivery[] = [];
  const settled: { shop: string; webhookId: string }[] = [];
  for (const delivery of claimed) {
    const key = { shop: delivery.shop, webhookId: delivery.webhookId };
    const shop = shops.get(delivery.shop);
    if (!shop) {
      options.logger.info(key, "recorded order of a shop the app no longer serves: not planned");
      settled.push(key);
      results.push({ ...key, outcome: "shop_not_served" });
      continue;
    }
    try {
      const parsed = shopifyOrderSchema.safeParse(parseJsonExact(delivery.body));
      if (!parsed.success) throw new Error(`not an order: ${describeZodError(parsed.error)}`);
      const result = await ingestPaidOrder(store, {
        shop: delivery.shop,
        webhookId: delivery.webhookId,
        topic: delivery.topic,
        order: parsed.data,
        triggeredAt: delivery.triggeredAt ?? undefined,
        source: delivery.source as OrderSource,
        shopifyPaidAt: delivery.shopifyPaidAt,
        receivedAt: delivery.receivedAt,
        shopCurrency: shop.currency ?? undefined,
        now,
      });
      settled.push(key);
      results.push({ ...key, outcome: result.outcome });
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      options.logger.warn(
        { ...key, attempts, reason: reason.slice(0, 300) },
        "a recorded order could not be planned; it is tried again",
      );
      await store.releaseDelivery(key, workerId, {
        attempts,
        lastError: reason.slice(0, 1_000),
        planAfter: new Date(now.getTime() + planRetryDelayMs(attempts)),
      });
      results.push({ ...key, outcome: "failed" });
    }
  }
  // Planned (or a repeat, which ingest recognised by its receipt): the rows go in one statement.
  // A crash before it leaves them to be taken again, and then they are repeats.
  if (settled.length > 0) {
    await store.deleteDeliveries(settled, workerId);
  }
  return results;
}
