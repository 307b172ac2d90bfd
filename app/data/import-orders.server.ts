import prisma from "../db.server";

/** What Import past orders reads and writes of the app's own records, each scoped by shop. */

/** How the app already holds a Shopify order: printed (it has print orders) or only recorded. */
type KnownOrder = "printed" | "recorded";

/** The Shopify orders (numeric ids) the app has recorded, and whether they have print orders. */
export async function knownShopOrders({
  shop,
  shopifyOrderIds,
}: {
  shop: string;
  shopifyOrderIds: readonly string[];
}): Promise<Map<string, KnownOrder>> {
  const known = new Map<string, KnownOrder>();
  if (shopifyOrderIds.length === 0) return known;
  const rows = await prisma.shopOrder.findMany({
    where: { shop, shopifyOrderId: { in: [...shopifyOrderIds] } },
    select: { shopifyOrderId: true, _count: { select: { printOrders: true } } },
  });
  for (const row of rows)
    known.set(row.shopifyOrderId, row._count.printOrders > 0 ? "printed" : "recorded");
  // Imported or found and not planned yet: its print order is on its way.
  for (const id of await waitingToBePlanned({ shop, shopifyOrderIds })) {
    if (!known.has(id)) known.set(id, "printed");
  }
  return known;
}

/**
 * Which of these Shopify orders an import or the regular check recorded and the worker has
 * not planned yet (services/fulfilment/deliveries.ts): their deliveries carry the order's id.
 */
export async function waitingToBePlanned({
  shop,
  shopifyOrderIds,
}: {
  shop: string;
  shopifyOrderIds: readonly string[];
}): Promise<Set<string>> {
  if (shopifyOrderIds.length === 0) return new Set();
  const rows = await prisma.orderDelivery.findMany({
    where: {
      shop,
      webhookId: { in: shopifyOrderIds.flatMap((id) => [`import:${id}`, `reconcile:${id}`]) },
    },
    select: { webhookId: true },
  });
  return new Set(rows.map((r) => r.webhookId.slice(r.webhookId.indexOf(":") + 1)));
}

/** Whether Home may still offer the import, and since when the shop is installed. */
export async function importOfferState({ shop }: { shop: string }) {
  return prisma.shop.findUnique({
    where: { shop },
    select: { installedAt: true, uninstalledAt: true, importOfferDismissedAt: true },
  });
}

/** The offer is made once: dismissed, or answered by an import, it does not come back. */
export async function dismissImportOffer({ shop, at = new Date() }: { shop: string; at?: Date }) {
  await prisma.shop.updateMany({
    where: { shop, importOfferDismissedAt: null },
    data: { importOfferDismissedAt: at },
  });
}
