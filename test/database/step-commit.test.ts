/**
 * The worker's usual step commit as the database sees it (data/fulfilment-lease.server.ts): on
 * PostgreSQL one statement whose writes hang on its compare-and-set (decision 34), on SQLite one
 * transaction (decision 32). Either way: everything written while the lease is held, the
 * events in the order given; nothing written once another worker holds it.
 */
import { testDatabaseProvider } from "../support/app-env";
import { afterAll, describe, expect, it } from "vitest";
import prisma, { databaseSchema } from "~/db.server";
import { leaseStore } from "~/data/fulfilment-lease.server";
import { LeaseLostError } from "~/services/fulfilment/lease";

const SHOP = "step-commit.myshopify.com";
const store = leaseStore(prisma, databaseSchema());

afterAll(async () => {
  await prisma.shopOrder.deleteMany({ where: { shop: SHOP } });
});

/** A print order with one item, its lease held by `owner`. */
async function heldOrder(owner: string) {
  const n = Math.random().toString(36).slice(2, 10);
  const shopOrder = await prisma.shopOrder.create({
    data: { shop: SHOP, shopifyOrderId: n, name: `#${n}`, currency: "EUR", lineItems: "[]" },
  });
  const order = await prisma.printOrder.create({
    data: {
      shop: SHOP,
      shopOrderId: shopOrder.id,
      shopifyOrderId: n,
      shopifyOrderName: `#${n}`,
      orderReference: `PC-${n}-0`,
      status: "ready",
      currency: "EUR",
      nextAttemptAt: new Date(),
      leaseOwner: owner,
      leaseExpiresAt: new Date(Date.now() + 60_000),
    },
  });
  const item = await prisma.printOrderItem.create({
    data: {
      shop: SHOP,
      printOrderRowId: order.id,
      itemReference: `${n}-1`,
      shopifyLineItemId: n,
      variantId: "gid://shopify/ProductVariant/1",
      offeringId: 228500,
      quantity: 1,
      title: "Softcover novel",
    },
  });
  return { order, item, shopOrderId: shopOrder.id };
}

/** The commit of a create step: the order's columns, one item's change, two events. */
function createCommit(
  held: Awaited<ReturnType<typeof heldOrder>>,
  holder: string,
  at: Date,
): Parameters<typeof store.commitStep>[0] {
  const event = (type: string, message: string, data: unknown) => ({
    shop: SHOP,
    shopOrderId: held.shopOrderId,
    printOrderId: held.order.id,
    actor: "worker",
    type,
    message,
    data: data === null ? null : JSON.stringify(data),
    at,
  });
  return {
    order: { id: held.order.id, shop: SHOP },
    holder,
    columns: { status: "created", printOrderId: 4711, leaseOwner: null, leaseExpiresAt: null },
    items: [{ id: held.item.id, columns: { filesSentAt: at, serviceState: "PENDING" } }],
    // The same time for both, as one step writes them: only their order tells them apart.
    events: [
      event("ready", "Checked and quoted: it's €12.40 it's \"fine\"", { total: "12.40" }),
      event("created", "Created at the print service as 4711", null),
    ],
    splits: [],
  };
}

describe(`the step commit (${testDatabaseProvider})`, () => {
  it("writes the order's columns, the item's change and the events, in the order given", async () => {
    const held = await heldOrder("worker-a");
    const at = new Date("2026-11-30T10:00:00.123Z");
    await store.commitStep(createCommit(held, "worker-a", at));

    const row = await prisma.printOrder.findUniqueOrThrow({
      where: { id: held.order.id },
      include: { items: true, events: { orderBy: { id: "asc" } } },
    });
    expect(row).toMatchObject({ status: "created", printOrderId: 4711, leaseOwner: null });
    expect(row.updatedAt.getTime()).toBeGreaterThan(held.order.updatedAt.getTime() - 1);
    expect(row.items[0]).toMatchObject({ filesSentAt: at, serviceState: "PENDING" });
    expect(row.events.map((e) => [e.type, e.message, e.data, e.at.getTime()])).toEqual([
      ["ready", "Checked and quoted: it's €12.40 it's \"fine\"", '{"total":"12.40"}', at.getTime()],
      ["created", "Created at the print service as 4711", null, at.getTime()],
    ]);
  });

  it("writes nothing when another worker holds the order now", async () => {
    const held = await heldOrder("worker-b");
    const commit = createCommit(held, "worker-a", new Date());
    await expect(store.commitStep(commit)).rejects.toBeInstanceOf(LeaseLostError);

    const row = await prisma.printOrder.findUniqueOrThrow({
      where: { id: held.order.id },
      include: { items: true, events: true },
    });
    expect(row).toMatchObject({ status: "ready", printOrderId: null, leaseOwner: "worker-b" });
    expect(row.items[0]).toMatchObject({ filesSentAt: null, serviceState: null });
    expect(row.events).toEqual([]);
  });

  it("writes an item of another print order never, even with the lease held", async () => {
    const held = await heldOrder("worker-a");
    const other = await heldOrder("worker-a");
    const commit = createCommit(held, "worker-a", new Date());
    commit.items = [{ id: other.item.id, columns: { serviceState: "SHIPPED" } }];
    await store.commitStep(commit);
    const item = await prisma.printOrderItem.findUniqueOrThrow({ where: { id: other.item.id } });
    expect(item.serviceState).toBeNull();
  });
});
