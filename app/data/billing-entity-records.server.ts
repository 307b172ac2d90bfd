import prisma from "../db.server";
import type { BillingEntityForm, KeptBillingEntity } from "../services/billing-entity-tree";

/**
 * What this app keeps about a shop's billing entities beyond the print service's list: the
 * form values an entity was created with (the service gives back only id, name and parent),
 * and whether the merchant hid it here. Every function is keyed by shop.
 */

/** The one codec of the `details` column: form values as JSON text. */
function parseDetails(json: string | null): Partial<BillingEntityForm> | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== "object") return null;
    return Object.fromEntries(
      Object.entries(v).filter(([, x]) => typeof x === "string"),
    ) as Partial<BillingEntityForm>;
  } catch {
    return null;
  }
}

export async function rememberCreatedBillingEntity({
  shop,
  id,
  details,
}: {
  shop: string;
  id: number;
  details: Partial<BillingEntityForm>;
}) {
  await prisma.billingEntityRecord.upsert({
    where: { shop_billingEntityId: { shop, billingEntityId: id } },
    create: { shop, billingEntityId: id, details: JSON.stringify(details) },
    update: { details: JSON.stringify(details) },
  });
}

/**
 * Hides the replaced entity and moves the shop's default billing entity to its replacement
 * when it was the replaced one; true when it moved.
 */
export async function recordBillingEntityReplaced({
  shop,
  id,
  replacedById,
}: {
  shop: string;
  id: number;
  replacedById: number;
}): Promise<boolean> {
  const now = new Date();
  const [, moved] = await prisma.$transaction([
    prisma.billingEntityRecord.upsert({
      where: { shop_billingEntityId: { shop, billingEntityId: id } },
      create: { shop, billingEntityId: id, hiddenAt: now, replacedById },
      update: { hiddenAt: now, replacedById },
    }),
    prisma.shop.updateMany({
      where: { shop, billingEntityId: id },
      data: { billingEntityId: replacedById },
    }),
  ]);
  return moved.count > 0;
}

/** Whether new print orders of the shop are billed to this entity. */
export async function isDefaultBillingEntity({ shop, id }: { shop: string; id: number }) {
  const row = await prisma.shop.findFirst({
    where: { shop, billingEntityId: id },
    select: { shop: true },
  });
  return row !== null;
}

export async function setBillingEntityHiddenAt({
  shop,
  id,
  hiddenAt,
}: {
  shop: string;
  id: number;
  hiddenAt: Date | null;
}) {
  await prisma.billingEntityRecord.upsert({
    where: { shop_billingEntityId: { shop, billingEntityId: id } },
    create: { shop, billingEntityId: id, hiddenAt },
    update: { hiddenAt },
  });
}

export async function billingEntityRecords({
  shop,
}: {
  shop: string;
}): Promise<Map<number, KeptBillingEntity>> {
  const rows = await prisma.billingEntityRecord.findMany({ where: { shop } });
  return new Map(
    rows.map((r) => [
      r.billingEntityId,
      { hiddenAt: r.hiddenAt, replacedById: r.replacedById, details: parseDetails(r.details) },
    ]),
  );
}
