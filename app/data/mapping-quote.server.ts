import prisma from "../db.server";
import type { MoneyMinor } from "../services/print/money";
import {
  keptRate,
  listedMargin,
  type ListedMargin,
  type ListedVariant,
} from "../services/pricing/mapping-margin";

/**
 * The print service's price of a variant's smallest sale (MappingQuote), kept so the Products
 * list can show the margin against the live Shopify price without asking the service for
 * every row.
 */

export async function storeMappingQuote(q: {
  shop: string;
  /** GID. */
  variantId: string;
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  countryCode: string;
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  exchangeRate: string | null;
  /** Until when the quoted prices hold (legacy pricingExpireDate), when known. */
  validUntil?: Date | null;
  /** When a check found the cost changed from the one kept (kept as it was when not given). */
  costChangedAt?: Date;
}): Promise<void> {
  const data = {
    offeringId: q.offeringId,
    numberOfPages: q.numberOfPages,
    quantity: q.quantity,
    countryCode: q.countryCode,
    currency: q.print.currency,
    printMinor: q.print.amountMinor,
    shippingMinor: q.shipping.amountMinor,
    vatMinor: q.vat.amountMinor,
    exchangeRate: keptRate(q.exchangeRate),
    quotedAt: new Date(),
    validUntil: q.validUntil ?? null,
    ...(q.costChangedAt ? { costChangedAt: q.costChangedAt } : {}),
  };
  await prisma.mappingQuote.upsert({
    where: { shop_variantId: { shop: q.shop, variantId: q.variantId } },
    create: { shop: q.shop, variantId: q.variantId, ...data },
    update: data,
  });
}

/**
 * Margins of the mapped variants on a page of the Products list, from the kept quotes (one
 * query); see services/pricing/mapping-margin.ts for the rule.
 */
export async function storedMargins({
  shop,
  variants,
}: {
  shop: string;
  variants: ListedVariant[];
}): Promise<Record<string, ListedMargin>> {
  const mapped = variants.filter((v) => v.mapping.offeringId !== null);
  if (mapped.length === 0) return {};
  const rows = await prisma.mappingQuote.findMany({
    where: { shop, variantId: { in: mapped.map((v) => v.id) } },
  });
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  const out: Record<string, ListedMargin> = {};
  for (const v of mapped) out[v.id] = listedMargin(v, byVariant.get(v.id));
  return out;
}

/** The mappings of these variants (GIDs) whose margins can be worked out. */
export function mappingsToQuote({ shop, variantIds }: { shop: string; variantIds: string[] }) {
  return prisma.variantMapping.findMany({
    where: { shop, variantId: { in: variantIds } },
    select: { variantId: true, offeringId: true, numberOfPages: true },
  });
}
