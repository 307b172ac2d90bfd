import { TtlCache } from "../../services/catalogue/cache";
import { orderFromAdmin } from "../../services/regular-check/order-from-admin";
import { readOrders } from "../../services/regular-check/read-orders";
import { adminGraphql, type AdminApi } from "../../services/shopify-admin";
import { ORDERS_PER_PAGE, paidOrdersSearch } from "../../services/shopify-admin/documents/orders";
import type { PastOrder } from "./classify";

/**
 * A period's paid orders from Shopify, oldest first, through the same reader and conversion as
 * the regular check (services/regular-check): each in the orders/paid webhook's shape.
 */

/**
 * Pages of orders one look reads. A page costs ORDERS_PAGE_COST points (about 680);
 * Shopify's bucket holds 2,000 refilled at 100 a second on standard plans, so one look fits
 * a full bucket and the app's other Admin calls (fulfilments) are not starved.
 */
const PAGES_PER_LOOK = 3;
export const MAX_PAST_ORDERS = PAGES_PER_LOOK * ORDERS_PER_PAGE;

/**
 * A look is kept this long, per shop and period: the page opened again right after it costs
 * Shopify nothing, and the page says when Shopify was read and offers to read it again. What
 * the app holds of each order is always read fresh (that is what keeps an order from printing
 * twice), and the confirmation reads Shopify afresh, so an order cancelled, refunded or
 * fulfilled since the look is not imported.
 */
const LOOK_KEPT_MS = 2 * 60_000;
const looks = new TtlCache<PastOrdersRead>({ ttlMs: LOOK_KEPT_MS, maxEntries: 200 });

export interface PastOrdersRead {
  orders: PastOrder[];
  /** The period holds more orders than one look reads. */
  more: boolean;
  /** Where the next look goes on from (Shopify's cursor), when there is more. */
  endCursor: string | null;
  /** When Shopify answered (ISO time). */
  readAt: string;
}

export function readPastOrders({
  shop,
  admin,
  start,
  end,
  pages = PAGES_PER_LOOK,
  fresh = false,
  after = null,
}: {
  shop: string;
  admin: AdminApi;
  start: Date;
  end: Date;
  pages?: number | undefined;
  /** Read Shopify now (the kept look is replaced). */
  fresh?: boolean;
  /** Go on after an earlier look of the period (its endCursor). */
  after?: string | null;
}): Promise<PastOrdersRead> {
  const maxPages = Math.max(1, Math.min(pages, PAGES_PER_LOOK));
  const key = `${shop}|${start.toISOString()}|${end.toISOString()}|${maxPages}|${after ?? ""}`;
  if (fresh) looks.invalidate(key);
  return looks.get(key, async () => ({
    value: await readFromShopify(admin, start, end, maxPages, after),
  }));
}

async function readFromShopify(
  admin: AdminApi,
  start: Date,
  end: Date,
  maxPages: number,
  after: string | null,
): Promise<PastOrdersRead> {
  const read = await readOrders(
    { graphql: adminGraphql(admin) },
    {
      search: paidOrdersSearch({ field: "created_at", from: start, to: end }),
      sortKey: "CREATED_AT",
      maxPages,
      after,
    },
  );
  return {
    more: !read.complete,
    endCursor: read.complete ? null : read.endCursor,
    readAt: new Date().toISOString(),
    orders: read.orders.map(({ order, lineItems, problem }) => {
      const converted = problem
        ? ({ ok: false, problem } as const)
        : orderFromAdmin(order, lineItems);
      return {
        // The key the app stores the order under (the number in its GID), as a webhook's.
        id: converted.ok ? converted.order.id : String(order.legacyResourceId),
        name: order.name,
        createdAt: order.createdAt,
        paidAt: order.processedAt,
        financialStatus: order.displayFinancialStatus,
        fulfillmentStatus: order.displayFulfillmentStatus,
        order: converted.ok ? converted.order : { problem: converted.problem },
      };
    }),
  };
}
