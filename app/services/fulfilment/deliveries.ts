/**
 * The door and the planner (docs/decisions/0019-one-write-at-the-door.md). A signed orders/paid
 * delivery is recorded with one INSERT of its body, exactly as it came, and answered; an order
 * the regular check with Shopify or an import read enters the same way. The worker then turns
 * each recorded delivery into a print plan through ingest.ts, which recognises a repeat by its
 * webhook id and a copy of an order by the shop order, and deletes the row once planned.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { parseJsonExact } from "../lossless-json";
import { sqlTable } from "../sql-table";
import { ingestPaidOrder, type IngestResult } from "./ingest";
import { insertRows, ORDER_DELIVERY, type OrderSource } from "./ingest-rows";
import { describeZodError, shopifyOrderSchema, type ShopifyOrder } from "./shopify-order";
import type { WorkerLogger } from "./steps";

export interface OrderDeliveryInput {
  shop: string;
  webhookId: string;
  topic: string;
  /** The order as JSON: the webhook's body exactly as signed, or an order the app read. */
  body: string;
  /** X-Shopify-Triggered-At, as sent. */
  triggeredAt?: string | null | undefined;
  source?: OrderSource | undefined;
  /** When Shopify says the order was paid, when the caller knows it (else the trigger time). */
  shopifyPaidAt?: Date | null | undefined;
  now?: Date | undefined;
}

export type DoorOutcome = "recorded" | "duplicate_delivery";

/**
 * The door's one statement: the delivery's row, unless a row of its webhook id is still
 * waiting (a copy sent again before the worker planned it). A copy sent after that is
 * recorded again and the planner finds its receipt: planned once either way.
 */
export async function recordOrderDelivery(
  db: Pick<Prisma.TransactionClient, "$executeRaw">,
  schema: string | null | undefined,
  input: OrderDeliveryInput,
): Promise<DoorOutcome> {
  const now = input.now ?? new Date();
  const inserted = await insertRows(
    db,
    (name) => sqlTable(schema, name),
    ORDER_DELIVERY,
    [
      {
        shop: input.shop,
        webhookId: input.webhookId,
        topic: input.topic,
        body: input.body,
        triggeredAt: input.triggeredAt ?? null,
        source: input.source ?? "webhook",
        shopifyPaidAt: input.shopifyPaidAt ?? null,
        receivedAt: now,
        planAfter: now,
      },
    ],
    { ignoringConflicts: true },
  );
  return inserted === 1 ? "recorded" : "duplicate_delivery";
}

/** An order the app read itself (the regular check, an import), recorded as a webhook's would be. */
export function bodyOfReadOrder(order: ShopifyOrder): string {
  // The parsed order parses again to itself (test/fulfilment/order-delivery.test.ts).
  return JSON.stringify(order);
}

export interface PlanOptions {
  workerId: string;
  now: Date;
  /** How long a worker holds the deliveries it took; a crashed worker's are taken again after. */
  leaseMs: number;
  batchSize: number;
  schema?: string | null | undefined;
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
  db: PrismaClient,
  options: PlanOptions,
): Promise<PlannedDelivery[]> {
  const { workerId, now } = options;
  const due = await db.orderDelivery.findMany({
    where: { planAfter: { lte: now } },
    orderBy: { planAfter: "asc" },
    take: options.batchSize,
    select: { shop: true, webhookId: true },
  });
  if (due.length === 0) return [];
  const claimed = await db.orderDelivery.updateManyAndReturn({
    where: { OR: due, planAfter: { lte: now } },
    data: { planAfter: new Date(now.getTime() + options.leaseMs), claimedBy: workerId },
  });
  if (claimed.length === 0) return [];
  const shops = new Map(
    (
      await db.shop.findMany({
        where: { shop: { in: [...new Set(claimed.map((d) => d.shop))] } },
        select: { shop: true, currency: true },
      })
    ).map((s) => [s.shop, s]),
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
      const result = await ingestPaidOrder(db, {
        shop: delivery.shop,
        webhookId: delivery.webhookId,
        topic: delivery.topic,
        order: parsed.data,
        triggeredAt: delivery.triggeredAt ?? undefined,
        source: delivery.source as OrderSource,
        shopifyPaidAt: delivery.shopifyPaidAt,
        receivedAt: delivery.receivedAt,
        shopCurrency: shop.currency ?? undefined,
        schema: options.schema,
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
      await db.orderDelivery.updateMany({
        where: { ...key, claimedBy: workerId },
        data: {
          attempts,
          lastError: reason.slice(0, 1_000),
          claimedBy: null,
          planAfter: new Date(now.getTime() + planRetryDelayMs(attempts)),
        },
      });
      results.push({ ...key, outcome: "failed" });
    }
  }
  // Planned (or a repeat, which ingest recognised by its receipt): the rows go in one statement.
  // A crash before it leaves them to be taken again, and then they are repeats.
  if (settled.length > 0) {
    await db.orderDelivery.deleteMany({ where: { OR: settled, claimedBy: workerId } });
  }
  return results;
}
