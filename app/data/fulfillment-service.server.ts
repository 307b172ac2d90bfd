/**
 * The shop's move to the fulfillment service (docs/decisions/0023): what the merchant sees
 * before confirming it, the confirmation, and the mark that makes the worker look at the shop's
 * fulfillment orders now (Shopify's ping, a mapping changed).
 */
import prisma from "../db.server";

/** Mapped variants named in the move's preview; the rest are counted. */
export const MOVE_PREVIEW_NAMED = 8;

export interface ServiceModel {
  /** The service and its location are registered (needs the write_fulfillments scope). */
  registered: boolean;
  moveAt: Date | null;
  since: Date | null;
  mapped: number;
  stocked: number;
  /** The first mapped variants by title, as the preview names them. */
  named: { variantId: string; title: string }[];
}

export async function getServiceModel({ shop }: { shop: string }): Promise<ServiceModel> {
  const [row, mapped, stocked, named] = await Promise.all([
    prisma.shop.findUnique({
      where: { shop },
      select: { fulfillmentLocationId: true, serviceMoveAt: true, serviceModelSince: true },
    }),
    prisma.variantMapping.count({ where: { shop } }),
    prisma.serviceStocking.count({ where: { shop } }),
    prisma.variantMapping.findMany({
      where: { shop },
      orderBy: [{ title: "asc" }, { variantId: "asc" }],
      take: MOVE_PREVIEW_NAMED,
      select: { variantId: true, title: true },
    }),
  ]);
  return {
    registered: !!row?.fulfillmentLocationId,
    moveAt: row?.serviceMoveAt ?? null,
    since: row?.serviceModelSince ?? null,
    mapped,
    stocked,
    named,
  };
}

/** The merchant confirms the move: the worker stocks the mapped variants from its next look. */
export async function confirmServiceMove({
  shop,
  now = new Date(),
}: {
  shop: string;
  now?: Date;
}): Promise<boolean> {
  const { count } = await prisma.shop.updateMany({
    where: { shop, serviceMoveAt: null, fulfillmentLocationId: { not: null } },
    data: { serviceMoveAt: now, serviceRoundDueAt: now },
  });
  return count === 1;
}

/** The worker looks at this shop's fulfillment service at its next round (a moved shop only). */
export async function markServiceLookDue({ shop }: { shop: string }): Promise<void> {
  await prisma.shop.updateMany({
    where: { shop, serviceMoveAt: { not: null } },
    data: { serviceRoundDueAt: new Date() },
  });
}

/** Whether the shop moved and the app stocked this variant at the Print Connect location. */
export async function getVariantStocking({
  shop,
  variantId,
}: {
  shop: string;
  variantId: string;
}): Promise<{ moved: boolean; stocked: boolean }> {
  const [row, stocking] = await Promise.all([
    prisma.shop.findUnique({ where: { shop }, select: { serviceMoveAt: true } }),
    prisma.serviceStocking.findUnique({ where: { shop_variantId: { shop, variantId } } }),
  ]);
  return { moved: !!row?.serviceMoveAt, stocked: stocking !== null };
}
