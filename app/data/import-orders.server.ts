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
  return known;
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
