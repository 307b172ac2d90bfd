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
