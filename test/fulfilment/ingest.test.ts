import "../support/app-env";
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { ingestPaidOrder } from "~/services/fulfilment/ingest";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import { paidOrderPayload } from "../support/orders";
import { countingPrismaClient } from "../support/counting-client";
import { planRecordedOrders } from "../support/plan-recorded";
import { applyOrderUpdate } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";

const SHOP = "ingest.myshopify.com";

/** A second client on this test file's database that counts the statements one delivery costs. */
function statementCountingClient() {
  const { client, statements } = countingPrismaClient({ pgPoolSize: 1 });
  /** What reads or writes rows: transaction control (BEGIN, COMMIT) differs per driver. */
  const dataStatements = () =>
    statements.filter((sql) => !/^\s*(--|BEGIN|COMMIT|ROLLBACK)/i.test(sql));
  return { client, statements, dataStatements };
}

async function post(payload: unknown, webhookId: string, shop: string) {
  try {
    return await ordersPaid(
      routeArgs(signedWebhookRequest({ topic: "orders/paid", shop, payload, webhookId })),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * Posts the delivery to the route, then plans what it recorded as the worker's next round
 * would: the route's status and text, its outcome at the door, and the planning's.
 */
async function deliver(payload: unknown, webhookId: string = randomUUID(), shop = SHOP) {
  const response = await post(payload, webhookId, shop);
  const text = await response.text();
  const door = response.status === 200 ? (JSON.parse(text) as { outcome: string }).outcome : null;
  const planned = (await planRecordedOrders()).find((p) => p.webhookId === webhookId)?.outcome;
  return { status: response.status, text, door, planned };
}

async function setUpShop(shop = SHOP) {
  await recordInstall({ shop, scopes: "" });
  await saveMapping({
    shop,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1001",
      offeringId: 100101,
      title: "Photo book",
      contentUrl: "https://files.example.com/book.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 40,
    },
  });
  await saveMapping({
    shop,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1002",
      offeringId: 100201,
      title: "Custom notebook",
      contentWidth: 148,
      contentHeight: 210,
      numberOfPages: 96,
      fileProperty: "Print file",
    },
  });
}

describe("orders/paid webhook", () => {
  it("stores the order and one print order with only the print lines, without calling out", async () => {
    await setUpShop();
    const payload = paidOrderPayload({
      id: 5001,
      lines: [
        { id: 1, variantId: 1001, quantity: 2, title: "Photo book" },
        { id: 2, variantId: 9999, quantity: 1, title: "Tote bag" },
      ],
    });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect([response.door, response.planned]).toEqual(["recorded", "planned"]);

    const printOrders = await prisma.printOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: "5001" },
      include: { items: true },
    });
    expect(printOrders).toHaveLength(1);
    const [printOrder] = printOrders;
    expect(printOrder?.status).toBe("pending");
    expect(printOrder?.orderReference).toBe("PC-5001-1");
    expect(printOrder?.printOrderId).toBeNull();
    expect(printOrder?.items.map((i) => [i.offeringId, i.quantity])).toEqual([[100101, 2]]);
    expect(JSON.parse(printOrder!.items[0]!.fileDetails!)).toMatchObject({
      contentUrl: "https://files.example.com/book.pdf",
      numberOfPages: 40,
    });

    const events = await prisma.orderEvent.findMany({
      where: { shop: SHOP, printOrderId: printOrder!.id },
    });
    expect(events.map((e) => e.type)).toEqual(["planned"]);
    expect(events[0]?.message).toBe("#5001 paid: 1 print item planned, 1 line not printed.");
  });

  it("keeps one print order when the same delivery arrives 5 times, also concurrently", async () => {
    const payload = paidOrderPayload({
      id: 5002,
      lines: [{ id: 3, variantId: 1001, quantity: 1, title: "Photo book" }],
    });
    const first = await Promise.all([1, 2, 3].map(() => deliver(payload, "delivery-5002")));
    const later = [
      await deliver(payload, "delivery-5002"),
      await deliver(payload, "delivery-5002"),
    ];
    for (const response of [...first, ...later]) expect(response.status).toBe(200);
    const outcomes = [...first, ...later].map((r) => r.planned);
    expect(outcomes.filter((o) => o === "planned")).toHaveLength(1);
    expect(await prisma.printOrder.count({ where: { shop: SHOP, shopifyOrderId: "5002" } })).toBe(
      1,
    );
  });

  it("plans once per shop order even under a new delivery id", async () => {
    const payload = paidOrderPayload({
      id: 5003,
      lines: [{ id: 4, variantId: 1001, quantity: 1, title: "Photo book" }],
    });
    await deliver(payload, "a");
    const second = await deliver(payload, "b");
    expect(second.planned).toBe("already_planned");
    expect(await prisma.printOrder.count({ where: { shop: SHOP, shopifyOrderId: "5003" } })).toBe(
      1,
    );
  });

  it("records an order with no print line as an event and creates nothing", async () => {
    const response = await deliver(
      paidOrderPayload({
        id: 5004,
        lines: [{ id: 5, variantId: 9999, quantity: 1, title: "Mug" }],
      }),
    );
    expect(response.planned).toBe("nothing_to_print");
    expect(await prisma.printOrder.count({ where: { shop: SHOP, shopifyOrderId: "5004" } })).toBe(
      0,
    );
    const order = await prisma.shopOrder.findUniqueOrThrow({
      where: { shop_shopifyOrderId: { shop: SHOP, shopifyOrderId: "5004" } },
      include: { events: true },
    });
    expect(order.events.map((e) => e.type)).toEqual(["nothing_to_print"]);
  });

  it("plans a personalised item from its line property, or awaits the file", async () => {
    await deliver(
      paidOrderPayload({
        id: 5005,
        lines: [
          {
            id: 6,
            variantId: 1002,
            quantity: 1,
            title: "Custom notebook",
            properties: { "Print file": "https://files.example.com/anna.pdf" },
          },
          { id: 7, variantId: 1002, quantity: 1, title: "Custom notebook" },
        ],
      }),
    );
    const items = await prisma.printOrderItem.findMany({
      where: { shop: SHOP, printOrder: { shopifyOrderId: "5005" } },
      orderBy: { shopifyLineItemId: "asc" },
    });
    expect(JSON.parse(items[0]!.fileDetails!)).toMatchObject({
      contentUrl: "https://files.example.com/anna.pdf",
      numberOfPages: 96,
    });
    expect(items[1]!.fileDetails).toBeNull();
  });

  it("answers 400 with the reason for a payload that is not an order", async () => {
    const response = await deliver({ id: 1, name: "#1" });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/line_items/);
  });

  it("answers 401 to a bad signature and writes nothing", async () => {
    const before = [await prisma.webhookReceipt.count(), await prisma.orderDelivery.count()];
    let response: Response;
    try {
      response = await ordersPaid(
        routeArgs(
          signedWebhookRequest({
            topic: "orders/paid",
            shop: SHOP,
            payload: paidOrderPayload({ id: 5006, lines: [] }),
            secret: "nope",
          }),
        ),
      );
    } catch (thrown) {
      response = thrown as Response;
    }
    expect(response.status).toBe(401);
    expect([await prisma.webhookReceipt.count(), await prisma.orderDelivery.count()]).toEqual(
      before,
    );
  });

  it("keeps shops apart: another shop's mapping does not apply", async () => {
    const other = "other-ingest.myshopify.com";
    await recordInstall({ shop: other, scopes: "" });
    const response = await deliver(
      paidOrderPayload({
        id: 5007,
        lines: [{ id: 8, variantId: 1001, quantity: 1, title: "Photo book" }],
      }),
      undefined,
      other,
    );
    expect(response.planned).toBe("nothing_to_print");
  });

  it("plans a new order with one read and five inserts in one batch", async () => {
    const { client, statements, dataStatements } = statementCountingClient();
    const now = new Date("2026-11-24T10:00:00.123Z");
    try {
      const order = shopifyOrderSchema.parse(
        paidOrderPayload({
          id: 5009,
          lines: [
            { id: 10, variantId: 1001, quantity: 1, title: "Photo book" },
            { id: 11, variantId: 1001, quantity: 2, title: "Photo book" },
          ],
        }),
      );
      // The planner hands over the currency of the Shop row it read for its batch.
      const result = await ingestPaidOrder(fulfilmentStore(client as unknown as typeof prisma), {
        shop: SHOP,
        webhookId: "delivery-5009",
        topic: "orders/paid",
        order,
        shopCurrency: "EUR",
        now,
      });
      expect(result.outcome).toBe("planned");
      // The mappings; then the receipt, shop order, print order, its items (one
      // statement for both) and the event. A statement more here is a cost every
      // delivery pays: see bench/ingest.ts before raising this number.
      expect(dataStatements().map((sql) => sql.split(/\s+/)[0]?.toUpperCase())).toEqual([
        "SELECT",
        "INSERT",
        "INSERT",
        "INSERT",
        "INSERT",
        "INSERT",
      ]);
      expect(statements.filter((sql) => /COMMIT/i.test(sql))).toHaveLength(1);

      const printOrder = await prisma.printOrder.findFirstOrThrow({
        where: { shop: SHOP, shopifyOrderId: "5009" },
        include: { items: true, events: true },
      });
      expect(result).toMatchObject({
        shopOrderId: printOrder.shopOrderId,
        printOrderIds: [printOrder.id],
      });
      expect(printOrder.items.map((i) => i.quantity)).toEqual([1, 2]);
      expect(printOrder.events.map((e) => [e.type, e.shopOrderId])).toEqual([
        ["planned", printOrder.shopOrderId],
      ]);
      expect(
        await prisma.webhookReceipt.count({
          where: { shop: SHOP, webhookId: "delivery-5009", receivedAt: now },
        }),
      ).toBe(1);
      // Written as plain statements, the timestamps read and compare as Prisma's own do.
      expect([printOrder.nextAttemptAt, printOrder.createdAt, printOrder.events[0]?.at]).toEqual([
        now,
        now,
        now,
      ]);
      const due = (nextAttemptAt: Prisma.DateTimeFilter) =>
        prisma.printOrder.count({ where: { id: printOrder.id, nextAttemptAt } });
      expect([await due({ lte: now }), await due({ lt: now })]).toEqual([1, 0]);
    } finally {
      await client.$disconnect();
    }
  });

  it("writes nothing personal back into an order erased on the customer's request", async () => {
    await deliver(
      paidOrderPayload({
        id: 5008,
        lines: [{ id: 9, variantId: 1001, quantity: 1, title: "Photo book" }],
      }),
    );
    await prisma.shopOrder.updateMany({
      where: { shop: SHOP, shopifyOrderId: "5008" },
      data: { email: null, shippingAddress: null, redactedAt: new Date() },
    });
    const update = shopifyOrderSchema.parse(
      paidOrderPayload({
        id: 5008,
        lines: [{ id: 9, variantId: 1001, quantity: 1, title: "Photo book" }],
        address: { address1: "Damrak 1" },
      }),
    );
    expect(
      await applyOrderUpdate(printOrderCommandStore, {
        shop: SHOP,
        topic: "orders/updated",
        order: update,
      }),
    ).toEqual({ changed: [] });
    const stored = await prisma.shopOrder.findUniqueOrThrow({
      where: { shop_shopifyOrderId: { shop: SHOP, shopifyOrderId: "5008" } },
    });
    expect(stored.email).toBeNull();
    expect(stored.shippingAddress).toBeNull();
  });
});
