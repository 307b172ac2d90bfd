/**
 * Pages through a shop's orders on the Admin API, within bounds: at most `maxPages` pages of
 * orders, at most LINE_ITEM_PAGES pages of one order's line items, and a throttled query waits
 * for Shopify's bucket (its own retryAfterMs, capped) a few times before giving up.
 */
import type { AdminGraphql } from "../shopify-admin/client";
import { ShopifyAdminError } from "../shopify-admin/errors";
import { orderGid } from "../shopify-admin/ids";
import {
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_PER_PAGE,
  ORDERS_QUERY,
  type AdminLineItem,
  type AdminOrder,
  type OrderLineItemsData,
  type OrdersData,
} from "../shopify-admin/documents/orders";

/** Pages of 50 further line items read for one order: 1,260 lines in all with the first 10. */
const LINE_ITEM_PAGES = 25;
const LINE_ITEMS_PAGE = 50;
/** Waits for a throttled query, and the longest of them. */
const THROTTLE_WAITS = 3;
const MAX_THROTTLE_WAIT_MS = 10_000;

export interface ReadOrdersPorts {
  graphql: AdminGraphql;
  /** Waits; a test passes one that records instead. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ReadOrdersRequest {
  /** Shopify search text (documents/orders.ts paidOrdersSearch). */
  search: string;
  sortKey: "UPDATED_AT" | "CREATED_AT";
  maxPages: number;
  reverse?: boolean;
  /** Where a previous read stopped. */
  after?: string | null;
}

/** An order with every one of its line items, or why they could not all be read. */
export interface WholeAdminOrder {
  order: AdminOrder;
  lineItems: AdminLineItem[];
  /**
   * Set when the order has more line items than the app reads: the order is skipped and
   * reported (an order of that size is no print order), and the read goes on with the rest.
   */
  problem?: string;
}

export interface OrdersRead {
  orders: WholeAdminOrder[];
  pages: number;
  /** False when maxPages was reached with more pages left; endCursor continues from there. */
  complete: boolean;
  endCursor: string | null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One Admin call, waiting out Shopify's throttling a few times. */
async function patiently<T>(
  ports: ReadOrdersPorts,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const sleep = ports.sleep ?? defaultSleep;
  for (let wait = 0; ; wait++) {
    try {
      return await ports.graphql<T>(query, variables);
    } catch (error) {
      if (!(error instanceof ShopifyAdminError) || error.kind !== "throttled") throw error;
      if (wait >= THROTTLE_WAITS) throw error;
      await sleep(Math.min(MAX_THROTTLE_WAIT_MS, Math.max(100, error.retryAfterMs ?? 1_000)));
    }
  }
}

/** The line items past the first page of one order; `complete` false past the bound. */
async function remainingLineItems(
  ports: ReadOrdersPorts,
  order: AdminOrder,
): Promise<{ lines: AdminLineItem[]; complete: boolean }> {
  const lines = [...order.lineItems.nodes];
  let pageInfo = order.lineItems.pageInfo;
  for (let page = 0; pageInfo.hasNextPage && page < LINE_ITEM_PAGES; page++) {
    const data = await patiently<OrderLineItemsData>(ports, ORDER_LINE_ITEMS_QUERY, {
      id: order.id.startsWith("gid://") ? order.id : orderGid(order.legacyResourceId),
      first: LINE_ITEMS_PAGE,
      after: pageInfo.endCursor,
    });
    if (!data.order) break;
    lines.push(...data.order.lineItems.nodes);
    pageInfo = data.order.lineItems.pageInfo;
  }
  return { lines, complete: !pageInfo.hasNextPage };
}

/** Reads up to `maxPages` pages of orders matching the search, each with all its line items. */
export async function readOrders(
  ports: ReadOrdersPorts,
  request: ReadOrdersRequest,
): Promise<OrdersRead> {
  const orders: WholeAdminOrder[] = [];
  let after = request.after ?? null;
  let pages = 0;
  let hasNextPage = true;
  while (hasNextPage && pages < Math.max(1, request.maxPages)) {
    const data = await patiently<OrdersData>(ports, ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after,
      query: request.search,
      sortKey: request.sortKey,
      reverse: request.reverse ?? false,
    });
    pages++;
    for (const order of data.orders.nodes) {
      if (!order.lineItems.pageInfo.hasNextPage) {
        orders.push({ order, lineItems: order.lineItems.nodes });
        continue;
      }
      const { lines, complete } = await remainingLineItems(ports, order);
      // One order too large to read must not stop the read of every order after it.
      orders.push(
        complete
          ? { order, lineItems: lines }
          : {
              order,
              lineItems: lines,
              problem: `It has more line items than Print Connect reads (over ${lines.length}).`,
            },
      );
    }
    hasNextPage = data.orders.pageInfo.hasNextPage;
    after = data.orders.pageInfo.endCursor;
  }
  return { orders, pages, complete: !hasNextPage, endCursor: after };
}
