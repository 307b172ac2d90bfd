import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

/**
 * With idBases the stand-in's order, line item and customer ids start beyond
 * 2^53, like the 18-digit ids of Shopify's documented payloads, and it keeps
 * every digit: in webhook bodies, GraphQL, look-ups and its control API.
 */
const ORDER_BASE = "820982911946154508";
const LINE_BASE = "866550311766439020";
const CUSTOMER_BASE = "115310627314723954";

let h: FakeHarness;

beforeAll(async () => {
  h = await startHarness({
    idBases: { Order: ORDER_BASE, LineItem: LINE_BASE, Customer: CUSTOMER_BASE },
  });
});
afterAll(async () => {
  await h?.close();
});

async function paidOrder() {
  const { order } = await h.fake.control.createOrder(
    { lineItems: [{ variantId: DEMO_IDS.variants.photoBook24, quantity: 2 }] },
    { deliver: false },
  );
  const paid = await h.fake.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
  return { order, rawBody: paid.deliveries[0]!.rawBody };
}

describe("ids beyond 2^53 in the Shopify stand-in", () => {
  it("sends them in webhook bodies as exact JSON numbers, with matching GIDs", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    expect([first.order.legacyId, second.order.legacyId]).toEqual([
      ORDER_BASE,
      "820982911946154509",
    ]);
    expect(first.order.id).toBe(`gid://shopify/Order/${ORDER_BASE}`);
    expect(first.rawBody).toContain(
      `"id":${ORDER_BASE},"admin_graphql_api_id":"gid://shopify/Order/${ORDER_BASE}"`,
    );
    expect(first.rawBody).toContain(
      `"id":${LINE_BASE},"admin_graphql_api_id":"gid://shopify/LineItem/${LINE_BASE}"`,
    );
    expect(first.rawBody).toContain(`"id":${CUSTOMER_BASE},`);
    expect(first.order.lineItems[0]?.legacyId).toBe(LINE_BASE);
  });

  it("answers GraphQL with the exact ids and finds each order by its own GID only", async () => {
    const query = `query ($id: ID!) { order(id: $id) { id legacyResourceId
      customer { id legacyResourceId } lineItems(first: 5) { nodes { id } } } }`;
    const found = await h.gql(query, { id: `gid://shopify/Order/${ORDER_BASE}` });
    expect(at(found.body.data, "order")).toEqual({
      id: `gid://shopify/Order/${ORDER_BASE}`,
      legacyResourceId: ORDER_BASE,
      customer: { id: `gid://shopify/Customer/${CUSTOMER_BASE}`, legacyResourceId: CUSTOMER_BASE },
      lineItems: { nodes: [{ id: `gid://shopify/LineItem/${LINE_BASE}` }] },
    });
    // The double nearest to the id is another id: no order.
    const rounded = await h.gql(query, {
      id: `gid://shopify/Order/${String(Number(ORDER_BASE))}`,
    });
    expect(at(rounded.body.data, "order")).toBeNull();

    const byNode = await h.gql(`query ($id: ID!) { node(id: $id) { id } }`, {
      id: `gid://shopify/LineItem/${LINE_BASE}`,
    });
    expect(at(byNode.body.data, "node", "id")).toBe(`gid://shopify/LineItem/${LINE_BASE}`);

    const searched = await h.gql(`{ orders(first: 5, query: "id:>820982911946154508") {
      nodes { legacyResourceId } } }`);
    expect(at(searched.body.data, "orders", "nodes")).toEqual([
      { legacyResourceId: "820982911946154509" },
    ]);
  });

  it("builds compliance payloads and relays custom payloads without rounding", async () => {
    const [redact] = await h.fake.control.sendWebhook({
      topic: "customers/redact",
      customerId: `gid://shopify/Customer/${CUSTOMER_BASE}`,
    });
    expect(redact!.rawBody).toContain(`"customer":{"id":${CUSTOMER_BASE},`);
    expect(redact!.rawBody).toContain(`"orders_to_redact":[${ORDER_BASE}]`);

    // Through the HTTP control API, as another process would send it.
    const response = await fetch(`${h.fake.url}/__fake/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"topic":"orders/cancelled","payload":{"id":820982911946154510,"note":"x"}}`,
    });
    expect(response.status).toBe(200);
    const [relayed] = (await response.json()) as { rawBody: string }[];
    expect(relayed?.rawBody).toBe('{"id":820982911946154510,"note":"x"}');
  });
});
