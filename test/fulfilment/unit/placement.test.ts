/**
 * Where Shopify has a print order's lines in the service model: at Print Connect, moved to
 * another location, or no longer open anywhere.
 */
import { describe, expect, it } from "vitest";
import { placementOf, type OrderFulfillmentData } from "~/services/fulfilment/shopify-port";

const SERVICE = "gid://shopify/Location/90001";
const WAREHOUSE = "gid://shopify/Location/30002";
const BOOK = "gid://shopify/LineItem/1";
const MUG = "gid://shopify/LineItem/2";

type Order = NonNullable<OrderFulfillmentData["order"]>;

function fo(
  location: string,
  name: string,
  status: string,
  lines: { lineItem: string; remaining: number }[],
  more = false,
) {
  return {
    id: `gid://shopify/FulfillmentOrder/${Math.random()}`,
    status,
    assignedLocation: { name, location: { id: location } },
    merchantRequests: { nodes: [] },
    lineItems: {
      nodes: lines.map((l, i) => ({
        id: `gid://shopify/FulfillmentOrderLineItem/${i}`,
        remainingQuantity: l.remaining,
        totalQuantity: 1,
        lineItem: { id: l.lineItem },
      })),
      pageInfo: { hasNextPage: more },
    },
  };
}

function order(fulfillmentOrders: ReturnType<typeof fo>[]): Order {
  return {
    id: "gid://shopify/Order/1",
    fulfillmentOrders: { nodes: fulfillmentOrders, pageInfo: { hasNextPage: false } },
    fulfillments: [],
  };
}

const wanted = new Map([[BOOK, 1]]);

describe("placementOf", () => {
  it("is ours while the print lines are open (or held) at the Print Connect location", () => {
    for (const status of ["OPEN", "IN_PROGRESS", "ON_HOLD"]) {
      const o = order([
        fo(SERVICE, "Print Connect", status, [{ lineItem: BOOK, remaining: 1 }]),
        fo(WAREHOUSE, "Shop warehouse", "OPEN", [{ lineItem: MUG, remaining: 1 }]),
      ]);
      expect(placementOf(o, wanted, SERVICE)).toEqual({ kind: "ours" });
    }
  });

  it("names the location the lines were moved to", () => {
    const o = order([fo(WAREHOUSE, "Shop warehouse", "OPEN", [{ lineItem: BOOK, remaining: 1 }])]);
    expect(placementOf(o, wanted, SERVICE)).toEqual({
      kind: "elsewhere",
      locationName: "Shop warehouse",
    });
  });

  it("is closed when nothing of the print lines is open anywhere (fulfilled by hand, or closed)", () => {
    const fulfilled = order([
      fo(SERVICE, "Print Connect", "CLOSED", [{ lineItem: BOOK, remaining: 0 }]),
      fo(WAREHOUSE, "Shop warehouse", "OPEN", [{ lineItem: MUG, remaining: 1 }]),
    ]);
    expect(placementOf(fulfilled, wanted, SERVICE)).toEqual({ kind: "closed" });
    const cancelled = order([
      fo(SERVICE, "Print Connect", "CANCELLED", [{ lineItem: BOOK, remaining: 1 }]),
    ]);
    expect(placementOf(cancelled, wanted, SERVICE)).toEqual({ kind: "closed" });
  });

  it("says nothing when Shopify's answer was cut short", () => {
    const o = order([
      fo(WAREHOUSE, "Shop warehouse", "OPEN", [{ lineItem: MUG, remaining: 1 }], true),
    ]);
    expect(placementOf(o, wanted, SERVICE)).toEqual({ kind: "ours" });
  });
});
