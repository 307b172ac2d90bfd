import prisma from "../db.server";

/** Small data functions over the Shop table. Every one is keyed by shop. */

export async function recordInstall({ shop, scopes }: { shop: string; scopes: string }) {
  return prisma.shop.upsert({
    where: { shop },
    create: { shop, scopes },
    update: { scopes, uninstalledAt: null },
  });
}

export async function getShop({ shop }: { shop: string }) {
  return prisma.shop.findUnique({ where: { shop } });
}

export async function updateShopScopes({ shop, scopes }: { shop: string; scopes: string }) {
  return prisma.shop.updateMany({ where: { shop }, data: { scopes } });
}

/**
 * Uninstall: the shop's sessions go (its tokens are no longer valid); its data
 * stays until Shopify's shop/redact. Safe to repeat, also for an unknown shop.
 */
export async function recordUninstall({ shop, at = new Date() }: { shop: string; at?: Date }) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop } }),
    prisma.shop.updateMany({ where: { shop, uninstalledAt: null }, data: { uninstalledAt: at } }),
  ]);
}

/**
 * The app knows the shop: its Shop row, written at install and kept through
 * an uninstall until shop/redact. Order webhooks for any other shop (one that
 * never installed the app, or whose data was erased) store nothing.
 */
export async function isKnownShop({ shop }: { shop: string }): Promise<boolean> {
  return (await prisma.shop.count({ where: { shop } })) > 0;
}

/**
 * The app holds something of the shop: its Shop row, a session, or order
 * snapshots (also ones stored before webhooks were checked against installs).
 * Compliance webhooks act for such a shop, installed or not.
 */
export async function holdsShopData({ shop }: { shop: string }): Promise<boolean> {
  const [shops, sessions, orders] = await Promise.all([
    prisma.shop.count({ where: { shop } }),
    prisma.session.count({ where: { shop } }),
    prisma.shopOrder.count({ where: { shop }, take: 1 }),
  ]);
  return shops + sessions + orders > 0;
}
