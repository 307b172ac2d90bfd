/**
 * One order with more line items than the app reads (about 1,260) is skipped and named, and
 * the read goes on with every order after it: it once threw out of the whole read, so the
 * regular check for that shop never moved on and Import failed for that day.
 */
import { describe, expect, it } from "vitest";
import { readOrders } from "~/services/regular-check/read-orders";
import { ingestEach } from "~/services/regular-check/steps";
import type { AdminOrder } from "~/services/shopify-admin/documents/orders";

const line = (n: number) => ({ id: `gid://shopify/LineItem/${n}` });

function order(n: number, moreLines: boolean): AdminOrder {
  return {
    id: `gid://shopify/Order/${n}`,
    legacyResourceId: String(n),
    name: `#${n}`,
    lineItems: {
      nodes: [line(n * 1000)],
      pageInfo: { hasNextPage: moreLines, endCursor: moreLines ? "c0" : null },
    },
  } as unknown as AdminOrder;
}

/** Shopify as the reader sees it: a page of three orders, the middle one endless in lines. */
function shopify() {
  const calls: string[] = [];
  const graphql = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    if (query.includes("lineItems(first: $first")) {
      calls.push(`lines ${String(variables?.after)}`);
      const page = Number(String(variables?.after).slice(1)) + 1;
      return {
        order: {
          lineItems: {
            nodes: Array.from({ length: 50 }, (_, i) => line(page * 100 + i)),
            pageInfo: { hasNextPage: true, endCursor: `c${page}` },
          },
        },
      } as T;
    }
    calls.push("orders");
    return {
      orders: {
        nodes: [order(1, false), order(2, true), order(3, false)],
        pageInfo: { hasNextPage: false, endCursor: "end" },
      },
    } as T;
  };
  return { graphql, calls };
}

describe("an order with more line items than the app reads", () => {
  it("is skipped with its reason, and the orders after it are read", async () => {
    const { graphql, calls } = shopify();
    const read = await readOrders(
      { graphql },
      { search: "financial_status:paid", sortKey: "UPDATED_AT", maxPages: 3 },
    );
    expect(read.complete).toBe(true);
    expect(read.orders.map((o) => o.order.name)).toEqual(["#1", "#2", "#3"]);
    expect(read.orders[1]!.problem).toBe(
      "It has more line items than Print Connect reads (over 1251).",
    );
    expect(read.orders[0]!.problem).toBeUndefined();
    // Bounded: 25 further pages of its lines, then no more.
    expect(calls.filter((c) => c.startsWith("lines"))).toHaveLength(25);

    // The regular check names it rather than recording it or stopping.
    const recorded: string[] = [];
    const tally = await ingestEach(
      {
        record: async ({ order: o }: { order: { name: string } }) => {
          recorded.push(o.name);
          return "recorded" as const;
        },
      } as never,
      "shop.myshopify.com",
      [read.orders[1]!],
    );
    expect(tally).toEqual({
      found: 0,
      unreadable: [
        {
          orderName: "#2",
          problem: "It has more line items than Print Connect reads (over 1251).",
        },
      ],
    });
    expect(recorded).toEqual([]);
  });
});
