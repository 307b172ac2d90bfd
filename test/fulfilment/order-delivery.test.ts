/**
 * The webhook's one write and the worker's planning of it (decision 19), through the real
 * route, signed deliveries and the real database.
 */
import "../support/app-env";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { bodyOfReadOrder } from "~/services/fulfilment/door";
import { planRecordedDeliveries, planRetryDelayMs } from "~/services/fulfilment/planner";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";
import { parseJsonLossless } from "~/services/lossless-json";
import { countingPrismaClient } from "../support/counting-client";
import { paidOrderPayload } from "../support/orders";
import { planRecordedOrders } from "../support/plan-recorded";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";

const SHOP = "order-delivery.myshopify.com";

async function post(rawBody: string, webhookId: string = randomUUID(), shop = SHOP) {
  try {
    return await ordersPaid(
      routeArgs(
        signedWebhookRequest({ topic: "orders/paid", shop, payload: null, rawBody, webhookId }),
      ),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const order = (id: number) =>
  paidOrderPayload({ id, lines: [{ id: id * 10, variantId: 1001, quantity: 1, title: "Book" }] });

const printOrders = (shopifyOrderId: string) =>
  prisma.printOrder.count({ where: { shop: SHOP, shopifyOrderId } });

beforeAll(async () => {
  await recordInstall({ shop: SHOP, scopes: "read_orders" });
  await saveMapping({
    shop: SHOP,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1001",
      offeringId: 228478,
      title: "Photo book",
      contentUrl: "https://files.example.com/book.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
    },
  });
});

describe("the door: one write, the body as it came", () => {
  it("records the delivery byte for byte and plans nothing until the worker's round", async () => {
    // Spacing, key order, an 18-digit id and non-ASCII text, exactly as a sender may write them.
    const rawBody = JSON.stringify(order(7101), null, 1)
      .replace('"id": 7101', '"id": 820982911946157101')
      .replace("Order/7101", "Order/820982911946157101")
      .replace('"#7101"', '"#7101 – Ünïcode"');
    const webhookId = randomUUID();
    const response = await post(rawBody, webhookId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "recorded" });

    const row = await prisma.orderDelivery.findUniqueOrThrow({
      where: { shop_webhookId: { shop: SHOP, webhookId } },
    });
    expect(row).toMatchObject({ topic: "orders/paid", source: "webhook", attempts: 0 });
    expect(row.body).toBe(rawBody);
    expect(row.triggeredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await prisma.shopOrder.count({ where: { shop: SHOP } })).toBe(0);

    expect(await planRecordedOrders()).toEqual([{ shop: SHOP, webhookId, outcome: "planned" }]);
    expect(await printOrders("820982911946157101")).toBe(1);
    expect(await prisma.orderDelivery.count({ where: { shop: SHOP } })).toBe(0);
    const stored = await prisma.shopOrder.findFirstOrThrow({
      where: { shop: SHOP, shopifyOrderId: "820982911946157101" },
    });
    expect(stored.name).toBe("#7101 – Ünïcode");
    // The trigger time of the delivery stands for when Shopify says it was paid.
    expect(stored.shopifyPaidAt?.toISOString()).toBe(row.triggeredAt);
  });

  it("plans an order of 3,000 print lines once: its rows go in several statements, not one too many", async () => {
    // More lines than one statement's parameters hold (SQLite: 32,766): it was recorded, then
    // never planned ("too many SQL variables"), and tried again and again.
    const bigOrder = (id: number) => {
      const lines = Array.from({ length: 3_000 }, (_, i) => ({
        id: id * 1_000 + i,
        variantId: 1001,
        quantity: 1,
        title: "Book",
      }));
      return JSON.stringify(paidOrderPayload({ id, lines }));
    };
    const itemsOf = async (shopifyOrderId: string) =>
      (
        await prisma.printOrder.findMany({
          where: { shop: SHOP, shopifyOrderId },
          select: { _count: { select: { items: true } } },
        })
      ).map((p) => p._count.items);
    const webhookId = randomUUID();
    expect((await post(bigOrder(7200), webhookId)).status).toBe(200);
    expect(await planRecordedOrders()).toEqual([{ shop: SHOP, webhookId, outcome: "planned" }]);
    expect(await itemsOf("7200")).toEqual([3_000]);
    // Two in one claim: planned at once, 6,000 items in several statements of one transaction.
    const claim = [randomUUID(), randomUUID()];
    expect((await post(bigOrder(7210), claim[0])).status).toBe(200);
    expect((await post(bigOrder(7220), claim[1])).status).toBe(200);
    const planned = await planRecordedOrders();
    expect(planned.map((p) => [p.webhookId, p.outcome]).sort()).toEqual(
      claim.map((id) => [id, "planned"]).sort(),
    );
    expect([await itemsOf("7210"), await itemsOf("7220")]).toEqual([[3_000], [3_000]]);
    expect(await prisma.orderDelivery.count({ where: { shop: SHOP } })).toBe(0);

    // An order stored before with nothing to print (its variant not mapped then) is planned
    // through the reads-first path when it comes again mapped: its items go in chunks there too.
    const unmapped = JSON.parse(bigOrder(7230)) as { line_items: { variant_id: number }[] };
    for (const line of unmapped.line_items) line.variant_id = 1999;
    const first = randomUUID();
    expect((await post(JSON.stringify(unmapped), first)).status).toBe(200);
    expect(await planRecordedOrders()).toEqual([
      { shop: SHOP, webhookId: first, outcome: "nothing_to_print" },
    ]);
    const again = randomUUID();
    expect((await post(bigOrder(7230), again)).status).toBe(200);
    expect(await planRecordedOrders()).toEqual([
      { shop: SHOP, webhookId: again, outcome: "planned" },
    ]);
    expect(await itemsOf("7230")).toEqual([3_000]);
  });

  it("answers a copy sent before planning as a duplicate, and plans a later copy once", async () => {
    const rawBody = JSON.stringify(order(7102));
    const webhookId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => post(rawBody, webhookId)));
    const outcomes = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(["duplicate_delivery", "duplicate_delivery", "recorded"]);
    expect((await planRecordedOrders()).map((p) => p.outcome)).toEqual(["planned"]);

    // Shopify sends it again an hour later, and the same order under a new webhook id.
    expect(await (await post(rawBody, webhookId)).json()).toEqual({ outcome: "recorded" });
    expect(await (await post(rawBody)).json()).toEqual({ outcome: "recorded" });
    expect((await planRecordedOrders()).map((p) => p.outcome).sort()).toEqual([
      "already_planned",
      "duplicate_delivery",
    ]);
    expect(await printOrders("7102")).toBe(1);
    expect(await prisma.orderDelivery.count({ where: { shop: SHOP } })).toBe(0);
  });

  it("refuses at the door what is not an order (400) and what no served shop sent (200), storing nothing", async () => {
    const before = await prisma.orderDelivery.count();
    const notAnOrder = await post(JSON.stringify({ id: 1, name: "#1" }));
    expect(notAnOrder.status).toBe(400);
    expect(await notAnOrder.text()).toMatch(/^orders\/paid payload not understood: .*line_items/);
    const notJson = await post("{ not json");
    expect([notJson.status, await notJson.text()]).toEqual([400, "Webhook body is not valid JSON"]);
    const unknownShop = await post(
      JSON.stringify(order(7103)),
      randomUUID(),
      "nobody.myshopify.com",
    );
    expect([unknownShop.status, await unknownShop.text()]).toEqual([
      200,
      "The app is not installed for this shop; nothing stored",
    ]);
    expect(await prisma.orderDelivery.count()).toBe(before);
  });
});

describe("the planner", () => {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const plan = (workerId: string, now: Date) =>
    planRecordedDeliveries(fulfilmentStore(prisma), {
      workerId,
      now,
      leaseMs: 60_000,
      batchSize: 50,
      logger: silent,
    });

  it("plans each delivery once when two workers plan at the same moment", async () => {
    const ids = [7201, 7202, 7203, 7204, 7205, 7206];
    for (const id of ids) await post(JSON.stringify(order(id)));
    const now = new Date();
    const [a, b] = await Promise.all([plan("worker-a", now), plan("worker-b", now)]);
    const outcomes = [...a, ...b].map((p) => p.outcome);
    expect(outcomes).toEqual(ids.map(() => "planned"));
    for (const id of ids) expect(await printOrders(String(id))).toBe(1);
  });

  it("keeps a delivery it cannot plan, says why, and tries again later, not sooner", async () => {
    const webhookId = randomUUID();
    await post(JSON.stringify(order(7301)), webhookId);
    const key = { shop_webhookId: { shop: SHOP, webhookId } };
    const rawBody = (await prisma.orderDelivery.findUniqueOrThrow({ where: key })).body;
    // A body the planner cannot read (as after a change of what an order must hold).
    await prisma.orderDelivery.update({ where: key, data: { body: '{"id":7301}' } });

    const now = new Date();
    expect((await plan("worker-a", now)).map((p) => p.outcome)).toEqual(["failed"]);
    const kept = await prisma.orderDelivery.findUniqueOrThrow({ where: key });
    expect(kept).toMatchObject({ attempts: 1, claimedBy: null });
    expect(kept.lastError).toMatch(/not an order: .*line_items/);
    expect(kept.planAfter.getTime()).toBe(now.getTime() + planRetryDelayMs(1));

    expect(await plan("worker-a", new Date(now.getTime() + 1_000))).toEqual([]);
    await prisma.orderDelivery.update({ where: key, data: { body: rawBody } });
    const later = new Date(now.getTime() + planRetryDelayMs(1));
    expect((await plan("worker-a", later)).map((p) => p.outcome)).toEqual(["planned"]);
    expect(await printOrders("7301")).toBe(1);
    expect([planRetryDelayMs(1), planRetryDelayMs(2), planRetryDelayMs(12)]).toEqual([
      5_000,
      10_000,
      15 * 60_000,
    ]);
  });

  it("takes again a delivery whose worker died holding it, once its claim has run out", async () => {
    const webhookId = randomUUID();
    await post(JSON.stringify(order(7401)), webhookId);
    const now = new Date();
    // A worker claims it and dies before planning: its claim holds for the lease.
    await prisma.orderDelivery.updateMany({
      where: { shop: SHOP, webhookId },
      data: { claimedBy: "dead-worker", planAfter: new Date(now.getTime() + 20_000) },
    });
    expect(await plan("worker-a", now)).toEqual([]);
    const after = await plan("worker-a", new Date(now.getTime() + 20_000));
    expect(after.map((p) => p.outcome)).toEqual(["planned"]);
    expect(await printOrders("7401")).toBe(1);
  });

  it("drops, unplanned, a delivery of a shop whose data was erased since", async () => {
    const shop = "erased-since.myshopify.com";
    await recordInstall({ shop, scopes: "" });
    const webhookId = randomUUID();
    expect((await post(JSON.stringify(order(7501)), webhookId, shop)).status).toBe(200);
    await prisma.shop.deleteMany({ where: { shop } });
    expect(await plan("worker-a", new Date())).toEqual([
      { shop, webhookId, outcome: "shop_not_served" },
    ]);
    expect(await prisma.orderDelivery.count({ where: { shop } })).toBe(0);
    expect(await prisma.shopOrder.count({ where: { shop } })).toBe(0);
  });
});

describe("a claim of many deliveries", () => {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const planWith = (db: typeof prisma) =>
    planRecordedDeliveries(fulfilmentStore(db), {
      workerId: "worker-claim",
      now: new Date(),
      leaseMs: 60_000,
      batchSize: 50,
      logger: silent,
    });
  const cancelled = (id: number) => ({ ...order(id), cancelled_at: "2026-11-22T11:00:00+01:00" });
  const unmapped = (id: number) =>
    paidOrderPayload({ id, lines: [{ id: id * 10, variantId: 9999, quantity: 1, title: "Mug" }] });
  /** Posts each body, under its webhook id when given; answers the webhook ids in turn. */
  async function postAll(bodies: [unknown, string?][]): Promise<string[]> {
    const ids: string[] = [];
    for (const [body, webhookId = randomUUID()] of bodies) {
      expect((await post(JSON.stringify(body), webhookId)).status).toBe(200);
      ids.push(webhookId);
    }
    return ids;
  }
  const outcomesOf = async (ids: string[]) => {
    const planned = new Map((await planWith(prisma)).map((p) => [p.webhookId, p.outcome]));
    return ids.map((id) => planned.get(id));
  };
  const eventTypes = async (shopifyOrderId: string) =>
    (
      await prisma.orderEvent.findMany({
        where: { shop: SHOP, shopOrder: { shopifyOrderId } },
        orderBy: { id: "asc" },
      })
    ).map((e) => e.type);

  it("plans new orders, a repeat, a copy and cancelled orders in one claim, each as on its own", async () => {
    const [planned7601] = await postAll([[order(7601)]]);
    expect(await outcomesOf([planned7601!])).toEqual(["planned"]);
    expect(await outcomesOf(await postAll([[cancelled(7605)]]))).toEqual(["cancelled"]);

    // One claim: two new orders and one with nothing to print (the batch's), the same delivery
    // of 7601 again and a copy under a new id, 7604 cancelled when paid, and 7605 again, not
    // cancelled in this copy but cancelled before: the batch meets 7605's stored order.
    const ids = await postAll([
      [order(7602)],
      [order(7601), planned7601],
      [cancelled(7604)],
      [order(7603)],
      [order(7601)],
      [order(7605)],
      [unmapped(7606)],
    ]);
    expect(await outcomesOf(ids)).toEqual([
      "planned",
      "duplicate_delivery",
      "cancelled",
      "planned",
      "already_planned",
      "cancelled",
      "nothing_to_print",
    ]);
    const counts = [];
    for (const id of [7601, 7602, 7603, 7604, 7605, 7606])
      counts.push(await printOrders(String(id)));
    expect(counts).toEqual([1, 1, 1, 0, 0, 0]);
    expect(await eventTypes("7602")).toEqual(["planned"]);
    expect(await eventTypes("7604")).toEqual(["cancelled_before_planning"]);
    expect(await eventTypes("7606")).toEqual(["nothing_to_print"]);
    expect(await prisma.orderDelivery.count({ where: { shop: SHOP } })).toBe(0);
  });

  it("plans the claim's new orders at once beside a cancelled one and two copies of one order", async () => {
    const ids = await postAll([
      [order(7701)],
      [cancelled(7703)],
      [order(7704)],
      [order(7702)],
      [order(7704)],
    ]);
    const outcomes = await outcomesOf(ids);
    expect([outcomes[0], outcomes[1], outcomes[3]]).toEqual(["planned", "cancelled", "planned"]);
    // The two deliveries of 7704 in the order claimed: the first plans it, the second is a copy.
    expect([outcomes[2], outcomes[4]].sort()).toEqual(["already_planned", "planned"]);
    const counts = [];
    for (const id of [7701, 7702, 7703, 7704]) counts.push(await printOrders(String(id)));
    expect(counts).toEqual([1, 1, 0, 1]);
    expect(await eventTypes("7704")).toEqual(["planned"]);
    // A delivery taken again after a crash before its delete is a repeat, planned nothing.
    await postAll([[order(7701), ids[0]]]);
    expect(await outcomesOf([ids[0]!])).toEqual(["duplicate_delivery"]);
    expect(await printOrders("7701")).toBe(1);
  });

  it("plans a claim of new orders in as many statements for six orders as for two", async () => {
    const { client, statements } = countingPrismaClient({ pgPoolSize: 1 });
    try {
      const claimOf = async (orders: number[]) => {
        await postAll(orders.map((id) => [order(id)]));
        statements.length = 0;
        const planned = await planWith(client as unknown as typeof prisma);
        expect(planned.map((p) => p.outcome)).toEqual(orders.map(() => "planned"));
        return [...statements];
      };
      const two = await claimOf([7801, 7802]);
      const six = await claimOf([7811, 7812, 7813, 7814, 7815, 7816]);
      // Due, claim, shop, mappings, the five tables' INSERTs, their COMMIT, the delete.
      expect(six.length, six.join("\n")).toBe(two.length);
      expect(six.filter((sql) => /^\s*INSERT/i.test(sql))).toHaveLength(5);
      expect(six.filter((sql) => /^\s*SELECT "variantId"/.test(sql))).toHaveLength(1);
    } finally {
      await client.$disconnect();
    }
  });
});

describe("an order the app read itself", () => {
  it("is recorded as a body that parses again to the same order", () => {
    const documented = readFileSync(
      new URL("../fixtures/shopify-webhooks/orders/paid.json", import.meta.url),
      "utf8",
    );
    const parsed = shopifyOrderSchema.parse(parseJsonLossless(documented));
    expect(shopifyOrderSchema.parse(parseJsonLossless(bodyOfReadOrder(parsed)))).toEqual(parsed);
  });
});
