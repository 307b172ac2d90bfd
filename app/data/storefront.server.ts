import prisma from "../db.server";

/** What the storefront blocks read (through the app proxy). Every function is keyed by shop. */

export async function findVariantMapping({
  shop,
  variantGid,
}: {
  shop: string;
  variantGid: string;
}) {
  return prisma.variantMapping.findUnique({
    where: { shop_variantId: { shop, variantId: variantGid } },
    select: {
      variantId: true,
      title: true,
      offeringId: true,
      numberOfPages: true,
      contentWidth: true,
      contentHeight: true,
      storefrontMinimumQuantity: true,
    },
  });
}

/** The newest publication listed for any of the variants (numeric ids or GIDs). */
export async function findPublicationForVariants({
  shop,
  variantIds,
}: {
  shop: string;
  variantIds: string[];
}) {
  if (variantIds.length === 0) return null;
  return prisma.publication.findFirst({
    where: { shop, variantId: { in: variantIds } },
    orderBy: { createdAt: "desc" },
    select: { title: true, checkoutUrl: true, variantId: true },
  });
}

export async function isShopInstalled({ shop }: { shop: string }) {
  const row = await prisma.shop.findUnique({ where: { shop }, select: { uninstalledAt: true } });
  return row !== null && row.uninstalledAt === null;
}
