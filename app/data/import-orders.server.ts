import prisma from "../db.server";

/** What Import past orders reads and writes of the app's own records, each scoped by shop. */

/** A print order of a Shopify order the app already holds (the shape classify.ts judges). */
export interface HeldPrintOrder {
  id: string;
  status: string;
  lastErrorMessage: string | null;
  holdUntil: Date | null;
}

/**
 * How the app already holds a Shopify order: handled (its print orders, none yet while it is
 * being planned) or only recorded (it had nothing to print then).
 */
export type KnownOrder = { kind: "handled"; printOrders: HeldPrintOrder[] } | { kind: "recorded" };

/** What the app already holds of each of these Shopify orders (none: unknown to it). */
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
    select: {
      shopifyOrderId: true,
      printOrders: {
        select: { id: true, status: true, lastErrorMessage: true, holdUntil: true },
        orderBy: { createdAt: "asc" },
        take: 20,
      },
    },
  });
  for (const row of rows)
    known.set(
      row.shopifyOrderId,
      row.printOrders.length
        ? { kind: "handled", printOrders: row.printOrders }
        : { kind: "recorded" },
    );
  // Imported or found and not planned yet: its print order is on its way.
  for (const id of await waitingToBePlanned({ shop, shopifyOrderIds })) {
    if (!known.has(id)) known.set(id, { kind: "handled", printOrders: [] });
  }
  return known;
}

/**
 * Which of these Shopify orders an import or the regular check recorded and the worker has
 * not planned yet (services/fulfilment/planner.ts): their deliveries carry the order's id.
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
