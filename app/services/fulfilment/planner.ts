/**
 * The planner (docs/decisions/0019-one-write-at-the-door.md): the worker turns each delivery
 * the door (door.ts) recorded into a print plan through ingest.ts, which recognises a repeat by
 * its webhook id and a copy of an order by the shop order, and deletes the row once planned.
 */
import { parseJsonExact } from "../lossless-json";
import { isUniqueViolation } from "../unique-violation";
import { ingestPaidOrder, type IngestResult } from "./ingest";
import { recordFirstSights, type ServedDelivery } from "./ingest-batch";
import type { OrderSource } from "./ingest-rows";
import type { DeliveryKey, IngestStore, PlannerStore } from "./ports";
import { describeZodError, shopifyOrderSchema, type ShopifyOrder } from "./shopify-order";
import type { WorkerLogger } from "./steps";

/** A recorded delivery as the planner took it. */
type OrderDelivery = Awaited<ReturnType<PlannerStore["claimDeliveries"]>>[number];

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
 * them through ingest.ts, and deletes them. A delivery whose body no longer parses or whose
 * planning fails is kept and tried again later, with the reason in `lastError`: an order is
 * never dropped for a bug or an outage. One for a shop the app holds nothing of any more
 * (erased after an uninstall) is deleted unplanned.
 *
 * The claim's orders seen for the first time are planned at once (ingest-batch.ts): a few
 * statements for the claim, not several per order. Should that batch meet a row already
 * there (a repeat, an order planned before or cancelled first), it writes nothing, and every
 * delivery is planned on its own as before, which tells each case apart.
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
  // Each delivery's outcome, in the order claimed; the settled ones are deleted at the end.
  const outcomes = new Map<OrderDelivery, PlannedDelivery["outcome"]>();
  const failed = (delivery: OrderDelivery, error: unknown) =>
    keepForLater(store, delivery, error, options).then(() => outcomes.set(delivery, "failed"));
  const orders: ServedDelivery[] = [];
  const ofOrder = new Map<ServedDelivery, OrderDelivery>();
  for (const delivery of claimed) {
    const key = keyOf(delivery);
    const shop = shops.get(delivery.shop);
    if (!shop) {
      options.logger.info(key, "recorded order of a shop the app no longer serves: not planned");
      outcomes.set(delivery, "shop_not_served");
      continue;
    }
    const order = orderOf(delivery.body);
    if (order instanceof Error) {
      await failed(delivery, order);
      continue;
    }
    const served: ServedDelivery = {
      ...key,
      topic: delivery.topic,
      order,
      triggeredAt: delivery.triggeredAt ?? undefined,
      source: delivery.source as OrderSource,
      shopifyPaidAt: delivery.shopifyPaidAt,
      receivedAt: delivery.receivedAt,
      shopCurrency: shop.currency,
      now,
    };
    orders.push(served);
    ofOrder.set(served, delivery);
  }

  await planServed(store, orders, options, async (served, outcome) => {
    const delivery = ofOrder.get(served)!;
    if (outcome instanceof Error) await failed(delivery, outcome);
    else outcomes.set(delivery, outcome);
  });

  // Planned (or a repeat, which ingest recognised by its receipt): the rows go in one statement.
  // A crash before it leaves them to be taken again, and then they are repeats.
  const settled = claimed.filter((d) => outcomes.get(d) !== "failed").map(keyOf);
  if (settled.length > 0) {
    await store.deleteDeliveries(settled, workerId);
  }
  return claimed.map((d) => ({ ...keyOf(d), outcome: outcomes.get(d)! }));
}

/**
 * Plans the deliveries of served shops: the claim's new orders at once, then every other one
 * on its own (all of them when the batch could not be written), each one's outcome (or the
 * error it met) told to `settle`.
 */
async function planServed(
  store: IngestStore,
  orders: readonly ServedDelivery[],
  options: PlanOptions,
  settle: (served: ServedDelivery, outcome: IngestResult["outcome"] | Error) => Promise<void>,
): Promise<void> {
  const alone = new Set(orders);
  const firstSights = newOrdersOf(orders);
  let results: IngestResult[] = [];
  if (firstSights.length > 1) {
    try {
      results = await recordFirstSights(store, firstSights);
    } catch (error) {
      // Nothing was written: each is planned on its own below, as the single path decides.
      if (!isUniqueViolation(error)) {
        options.logger.warn(
          { reason: reasonOf(error).slice(0, 300) },
          "the claim's new orders could not be planned at once; each is planned on its own",
        );
      }
    }
  }
  for (const [i, result] of results.entries()) {
    const served = firstSights[i]!;
    alone.delete(served);
    await settle(served, result.outcome);
  }
  for (const served of alone) {
    const { shopCurrency, ...input } = served;
    let outcome: IngestResult["outcome"] | Error;
    try {
      const result = await ingestPaidOrder(store, {
        ...input,
        shopCurrency: shopCurrency ?? undefined,
      });
      outcome = result.outcome;
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(reasonOf(error));
    }
    await settle(served, outcome);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The recorded body as an order, or why it is not one. */
function orderOf(body: string): ShopifyOrder | Error {
  try {
    const parsed = shopifyOrderSchema.safeParse(parseJsonExact(body));
    return parsed.success
      ? parsed.data
      : new Error(`not an order: ${describeZodError(parsed.error)}`);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function keyOf(delivery: DeliveryKey): DeliveryKey {
  return { shop: delivery.shop, webhookId: delivery.webhookId };
}

/**
 * The deliveries the batch may plan: each the only one of its order in the claim, and not
 * cancelled (ingest.ts records why nothing is printed of one). Two of one order are planned in
 * turn, so the second is told apart as a copy.
 */
function newOrdersOf(orders: readonly ServedDelivery[]): ServedDelivery[] {
  const orderKey = (d: ServedDelivery) => JSON.stringify([d.shop, d.order.id]);
  const count = new Map<string, number>();
  for (const d of orders) count.set(orderKey(d), (count.get(orderKey(d)) ?? 0) + 1);
  return orders.filter((d) => !d.order.cancelled_at && count.get(orderKey(d)) === 1);
}

/** A delivery that could not be planned: let go with the reason, tried again later. */
async function keepForLater(
  store: PlannerStore,
  delivery: OrderDelivery,
  error: unknown,
  options: PlanOptions,
): Promise<void> {
  const key = keyOf(delivery);
  const attempts = delivery.attempts + 1;
  const reason = reasonOf(error);
  options.logger.warn(
    { ...key, attempts, reason: reason.slice(0, 300) },
    "a recorded order could not be planned; it is tried again",
  );
  await store.releaseDelivery(key, options.workerId, {
    attempts,
    lastError: reason.slice(0, 1_000),
    planAfter: new Date(options.now.getTime() + planRetryDelayMs(attempts)),
  });
}
