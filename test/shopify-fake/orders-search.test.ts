/**
 * The stand-in's `orders` search as the regular check with Shopify and the import use it
 * (financial_status, updated_at and created_at ranges, sort keys, cursor paging, query cost),
 * read through the app's own reader (services/regular-check/read-orders.ts) and turned into
 * the orders/paid webhook's shape (order-from-admin.ts).
 */
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { orderPayload } from "../../sandbox/shopify/payloads";
import { queryCost } from "../../sandbox/shopify/graphql/cost";
import { adminGraphql, type AdminGraphql } from "~/services/shopify-admin";
import {
  LINE_ITEMS_PAGE_COST,
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_PAGE_COST,
  ORDERS_PER_PAGE,
  ORDERS_QUERY,
  paidOrdersSearch,
} from "~/services/shopify-admin/documents/orders";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";
import { orderFromAdmin } from "~/services/regular-check/order-from-admin";
import { readOrders } from "~/services/regular-check/read-orders";
import { API_VERSION, SHOP, startHarness, type FakeHarness } from "./helpers";

function costOf(query: string, variables: Record<string, unknown>) {
  const document = parse(query.replace("#graphql", ""));
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return queryCost(document, operation, variables);
}

/** The app's Admin client over the stand-in, as the Shopify library's `admin` would call it. */
function appClient(h: FakeHarness): AdminGraphql {
  return adminGraphql({
    graphql: (query, options) =>
      fetch(`https://${SHOP}/admin/api/${API_VERSION}/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": h.token },
        body: JSON.stringify({ query, variables: options?.variables }),
      }),
  });
}

const MINUTE = 60_000;

describe("reading orders from the stand-in's Admin API", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness({ rateLimit: { maximumAvailable: 1000, restoreRate: 50 } });
  });
  beforeEach(() => h.fake.control.reset());
  /** Waits for Shopify's bucket by moving the stand-in's clock: no real waiting in a test. */
  const sleep = async (ms: number) => h.fake.control.advanceClock(ms);
  afterAll(async () => {
    await h.close();
  });

  async function order(quantityOfLines = 1, paid = true, on: FakeHarness = h) {
    const { order } = await on.fake.control.createOrder(
      {
        lineItems: Array.from({ length: quantityOfLines }, (_, i) => ({
          variantId: i % 2 ? DEMO_IDS.variants.photoBook24 : DEMO_IDS.variants.novel,
          quantity: 1 + (i % 3),
          ...(i === 0 ? { properties: { "Print file": "https://files.example.com/a.pdf" } } : {}),
        })),
        email: "buyer@example.com",
        shippingAddress: {
          firstName: "Anna",
          lastName: "Jansen",
          address1: "Keizersgracht 1",
          city: "Amsterdam",
          zip: "1015 CJ",
          countryCode: "NL",
        },
      },
      { deliver: false },
    );
    if (paid) await on.fake.control.markOrderPaid(order.id, { deliver: false });
    return String(order.id).replace(/\D/g, "");
  }

  it("costs what the documents say, within Shopify's 1,000-point limit per query", () => {
    expect(costOf(ORDERS_QUERY, { first: ORDERS_PER_PAGE })).toBe(ORDERS_PAGE_COST);
    expect(costOf(ORDER_LINE_ITEMS_QUERY, { first: 50 })).toBe(LINE_ITEMS_PAGE_COST);
    expect(ORDERS_PAGE_COST).toBeLessThan(1000);
  });

  it("finds the paid orders updated in a window, oldest update first, page by page", async () => {
    const start = new Date(Date.now() + 0);
    const before = await order();
    h.fake.control.advanceClock(10 * MINUTE);
    const from = new Date(Date.now() + 10 * MINUTE);
    const unpaid = await order(1, false);
    const inWindow: string[] = [];
    for (let i = 0; i < ORDERS_PER_PAGE + 5; i++) {
      inWindow.push(await order());
      h.fake.control.advanceClock(1_000);
    }

    const graphql = appClient(h);
    const first = await readOrders(
      { graphql, sleep },
      {
        search: paidOrdersSearch({ field: "updated_at", from }),
        sortKey: "UPDATED_AT",
        maxPages: 1,
      },
    );
    expect(first.pages).toBe(1);
    expect(first.complete).toBe(false);
    expect(first.orders).toHaveLength(ORDERS_PER_PAGE);
    const rest = await readOrders(
      { graphql, sleep },
      {
        search: paidOrdersSearch({ field: "updated_at", from }),
        sortKey: "UPDATED_AT",
        maxPages: 5,
        after: first.endCursor,
      },
    );
    expect(rest.complete).toBe(true);
    const ids = [...first.orders, ...rest.orders].map((o) => o.order.legacyResourceId);
    expect(ids).toEqual(inWindow);
    expect(ids).not.toContain(before);
    expect(ids).not.toContain(unpaid);
    const updated = [...first.orders, ...rest.orders].map((o) => Date.parse(o.order.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));

    // created_at ranges, `to` exclusive: the import of a period.
    const period = await readOrders(
      { graphql, sleep },
      {
        search: paidOrdersSearch({ field: "created_at", from: start, to: from }),
        sortKey: "CREATED_AT",
        maxPages: 5,
      },
    );
    expect(period.orders.map((o) => o.order.legacyResourceId)).toEqual([before]);
  });

  it("reads every line item of a long order and gives the webhook's order", async () => {
    const id = await order(19);
    const read = await readOrders(
      { graphql: appClient(h), sleep },
      {
        search: paidOrdersSearch({ field: "updated_at", from: new Date(0) }),
        sortKey: "UPDATED_AT",
        maxPages: 1,
      },
    );
    expect(read.orders).toHaveLength(1);
    const [{ order: node, lineItems }] = read.orders as [(typeof read.orders)[number]];
    expect(node.lineItems.nodes.length).toBeLessThan(19);
    expect(lineItems).toHaveLength(19);

    const converted = orderFromAdmin(node, lineItems);
    if (!converted.ok) throw new Error(converted.problem);
    const record = h.fake.state.requireOrder(id);
    const webhook = shopifyOrderSchema.parse(orderPayload(h.fake.state, record));
    expect(converted.order.id).toBe(webhook.id);
    expect(converted.order.name).toBe(webhook.name);
    expect(converted.order.email).toBe(webhook.email);
    expect(converted.order.currency).toBe(webhook.currency);
    expect(converted.order.shipping_address).toEqual(webhook.shipping_address);
    const line = (l: (typeof webhook.line_items)[number]) => ({
      id: l.id,
      variant_id: l.variant_id,
      quantity: l.quantity,
      price: l.price,
      title: l.title,
      properties: l.properties,
    });
    expect(converted.order.line_items.map(line)).toEqual(webhook.line_items.map(line));
  });

  it("shows only the last 60 days of orders to an app with read_orders", async () => {
    const old = await order();
    h.fake.control.advanceClock(61 * 24 * 60 * MINUTE);
    const recent = await order();
    const read = await readOrders(
      { graphql: appClient(h), sleep },
      {
        search: paidOrdersSearch({ field: "created_at", from: new Date(0) }),
        sortKey: "CREATED_AT",
        maxPages: 2,
      },
    );
    const ids = read.orders.map((o) => o.order.legacyResourceId);
    expect(ids).toEqual([recent]);
    expect(ids).not.toContain(old);
  });

  it("waits for Shopify's bucket when throttled, and goes on", async () => {
    // A bucket that holds one page's requested cost (677 points) and little more: a page of
    // three orders costs far less than it asks, but the next page must wait until the bucket
    // holds what it asks again.
    const small = await startHarness({ rateLimit: { maximumAvailable: 700, restoreRate: 50 } });
    try {
      for (let i = 0; i < 3; i++) await order(1, true, small);
      const waits: number[] = [];
      const graphql = appClient(small);
      const search = paidOrdersSearch({ field: "updated_at", from: new Date(0) });
      const sleep = async (ms: number) => {
        waits.push(ms);
        small.fake.control.advanceClock(ms);
      };
      for (let i = 0; i < 3; i++) {
        const read = await readOrders(
          { graphql, sleep },
          { search, sortKey: "UPDATED_AT", maxPages: 1 },
        );
        expect(read.orders).toHaveLength(3);
      }
      expect(waits.length).toBeGreaterThan(0);
      for (const ms of waits) expect(ms).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
