import prisma from "../db.server";
import { NOT_IN_TIMELINE } from "../services/fulfilment/events";

/** What the order page reads of one print order. Every read is keyed by shop. */

/** The timeline shows at most this many entries, newest first. */
export const TIMELINE_LIMIT = 200;

/**
 * The print order with its Shopify order's details, its items, its timeline and the print
 * orders of the same Shopify order; null when the shop has no such print order.
 */
export async function readPrintOrderDetail({ shop, id }: { shop: string; id: string }) {
  // Separate queries, each on an index that starts with shop (no scans of other shops' rows).
  const [order, items, events] = await Promise.all([
    prisma.printOrder.findFirst({
      where: { id, shop },
      include: {
        shopOrder: {
          select: {
            email: true,
            shippingAddress: true,
            lineItems: true,
            currency: true,
            redactedAt: true,
          },
        },
      },
    }),
    prisma.printOrderItem.findMany({
      where: { shop, printOrderRowId: id },
      orderBy: { itemReference: "asc" },
    }),
    prisma.orderEvent.findMany({
      where: { shop, printOrderId: id, type: { notIn: [...NOT_IN_TIMELINE] } },
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: TIMELINE_LIMIT,
      select: { id: true, at: true, actor: true, type: true, message: true, data: true },
    }),
  ]);
  if (!order) return null;
  // The print orders of the same Shopify order, on the (shop, shopifyOrderName) index.
  const siblings = (
    await prisma.printOrder.findMany({
      where: { shop, shopifyOrderName: order.shopifyOrderName },
      select: {
        id: true,
        shopOrderId: true,
        shopifyOrderName: true,
        groupIndex: true,
        status: true,
      },
    })
  ).filter((o) => o.shopOrderId === order.shopOrderId);
  return { order, items, events, siblings };
}

/** The Shopify order name of each of these print orders of the shop, by id. */
export async function printOrderNames({
  shop,
  ids,
}: {
  shop: string;
  ids: string[];
}): Promise<Map<string, string>> {
  const rows = await prisma.printOrder.findMany({
    where: { shop, id: { in: ids } },
    select: { id: true, shopifyOrderName: true },
  });
  return new Map(rows.map((o) => [o.id, o.shopifyOrderName]));
}
