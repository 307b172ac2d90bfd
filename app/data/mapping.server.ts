import prisma from "../db.server";
import { parsePreflight, type PreflightResult } from "../services/preflight";
import { markServiceLookDue } from "./fulfillment-service.server";

/** Variant mappings: every function is keyed by shop. */

export interface MappingInput {
  variantId: string;
  productId?: string | null;
  title?: string;
  offeringId: number;
  contentUrl?: string | null;
  contentWidth?: number | null;
  contentHeight?: number | null;
  numberOfPages?: number | null;
  coverUrl?: string | null;
  spineCustomUrl?: string | null;
  spineText?: {
    textFont: string;
    textSize: number;
    textColour: string;
    textTop?: string;
    textCenter?: string;
    textBottom?: string;
    backgroundColour?: string;
  } | null;
  fileProperty?: string | null;
  /**
   * The preflight of contentUrl against this mapping. Saving without one
   * clears the stored result: it belonged to the file and size saved before.
   */
  preflight?: PreflightResult | null;
  /** The offering's minimum copies when the storefront enforces it (see mapping-rules). */
  storefrontMinimumQuantity?: number | null;
  /** The book's ISBN-13 digits; null clears it, left out keeps the stored one (bulk mapping). */
  isbn?: string | null;
}

export async function saveMapping({ shop, mapping }: { shop: string; mapping: MappingInput }) {
  const data = {
    productId: mapping.productId ?? null,
    title: mapping.title ?? "",
    offeringId: mapping.offeringId,
    contentUrl: mapping.contentUrl ?? null,
    contentWidth: mapping.contentWidth ?? null,
    contentHeight: mapping.contentHeight ?? null,
    numberOfPages: mapping.numberOfPages ?? null,
    coverUrl: mapping.coverUrl ?? null,
    spineCustomUrl: mapping.spineCustomUrl ?? null,
    spineText: mapping.spineText ? JSON.stringify(mapping.spineText) : null,
    fileProperty: mapping.fileProperty ?? null,
    preflight: mapping.preflight ? JSON.stringify(mapping.preflight) : null,
    storefrontMinimumQuantity: mapping.storefrontMinimumQuantity ?? null,
    ...(mapping.isbn === undefined ? {} : { isbn: mapping.isbn }),
  };
  const saved = await prisma.variantMapping.upsert({
    where: { shop_variantId: { shop, variantId: mapping.variantId } },
    create: { shop, variantId: mapping.variantId, ...data },
    update: data,
  });
  // A shop fulfilled by the app's service has the variant stocked there within seconds.
  await markServiceLookDue({ shop });
  return saved;
}

export async function listMappings({ shop }: { shop: string }) {
  return prisma.variantMapping.findMany({ where: { shop }, orderBy: { title: "asc" } });
}

export async function countMappings({ shop }: { shop: string }) {
  return prisma.variantMapping.count({ where: { shop } });
}

export async function deleteMapping({ shop, variantId }: { shop: string; variantId: string }) {
  const deleted = await prisma.variantMapping.deleteMany({ where: { shop, variantId } });
  await markServiceLookDue({ shop });
  return deleted;
}

// Mapping form (admin pages) ------------------------------------------------------------------

export async function getMapping({ shop, variantId }: { shop: string; variantId: string }) {
  return prisma.variantMapping.findUnique({ where: { shop_variantId: { shop, variantId } } });
}

/** Another product's mapping that carries an ISBN, as a warning names it. */
export interface IsbnUse {
  variantId: string;
  title: string;
}

/**
 * The other variants whose mapping carries this ISBN-13 (at most five): an ISBN identifies
 * one edition, so the pages warn when it is on two.
 */
export async function isbnUses({
  shop,
  isbn,
  exceptVariantIds = [],
}: {
  shop: string;
  isbn: string;
  exceptVariantIds?: string[];
}): Promise<IsbnUse[]> {
  return prisma.variantMapping.findMany({
    where: { shop, isbn, variantId: { notIn: exceptVariantIds } },
    orderBy: { variantId: "asc" },
    take: 5,
    select: { variantId: true, title: true },
  });
}

/** The stored mappings of these variants (GIDs), for a bulk save. */
export async function getMappings({ shop, variantIds }: { shop: string; variantIds: string[] }) {
  return prisma.variantMapping.findMany({ where: { shop, variantId: { in: variantIds } } });
}

/** Stores a new preflight of the mapping's file (the merchant asked to check it again). */
export async function savePreflight({
  shop,
  variantId,
  preflight,
}: {
  shop: string;
  variantId: string;
  preflight: PreflightResult;
}) {
  return prisma.variantMapping.updateMany({
    where: { shop, variantId },
    data: { preflight: JSON.stringify(preflight) },
  });
}

export async function deleteMappings({ shop, variantIds }: { shop: string; variantIds: string[] }) {
  const deleted = await prisma.variantMapping.deleteMany({
    where: { shop, variantId: { in: variantIds } },
  });
  await markServiceLookDue({ shop });
  return deleted;
}

/** Mapped variants for pickers (publications, quotes), newest title order, bounded. */
export async function listMappingsForPicker({ shop, take = 500 }: { shop: string; take?: number }) {
  return prisma.variantMapping.findMany({
    where: { shop },
    orderBy: { title: "asc" },
    take,
    select: {
      variantId: true,
      title: true,
      offeringId: true,
      contentUrl: true,
      contentWidth: true,
      contentHeight: true,
      numberOfPages: true,
      fileProperty: true,
    },
  });
}

/** What a products list shows of each variant's mapping. */
export type MappingState = "mapped" | "unmapped" | "file_per_order";

export interface MappingSummary {
  state: MappingState;
  offeringId: number | null;
  numberOfPages: number | null;
  fileProperty: string | null;
}

const UNMAPPED: MappingSummary = {
  state: "unmapped",
  offeringId: null,
  numberOfPages: null,
  fileProperty: null,
};

/** The mapping summary of each variant (GIDs) in one query; unmapped variants get "unmapped". */
export async function mappingSummaries({
  shop,
  variantIds,
}: {
  shop: string;
  variantIds: string[];
}): Promise<(variantId: string) => MappingSummary> {
  if (variantIds.length === 0) return () => UNMAPPED;
  const rows = await prisma.variantMapping.findMany({
    where: { shop, variantId: { in: variantIds } },
    select: { variantId: true, offeringId: true, numberOfPages: true, fileProperty: true },
  });
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  return (variantId) => {
    const row = byVariant.get(variantId);
    if (!row) return UNMAPPED;
    return {
      state: row.fileProperty ? "file_per_order" : "mapped",
      offeringId: row.offeringId,
      numberOfPages: row.numberOfPages,
      fileProperty: row.fileProperty,
    };
  };
}

/**
 * The setup check's counts: mapped variants, those sold in sets (a storefront minimum the
 * cart rule enforces), and those whose kept print-file check failed. Only rows whose stored
 * check may say "failed" are read, and each is read through the column's one codec.
 */
export async function mappingCheckCounts({ shop }: { shop: string }) {
  const [total, inSets, maybeFailed] = await Promise.all([
    prisma.variantMapping.count({ where: { shop } }),
    prisma.variantMapping.count({ where: { shop, storefrontMinimumQuantity: { gte: 2 } } }),
    prisma.variantMapping.findMany({
      where: { shop, preflight: { contains: '"failed"' } },
      select: { preflight: true },
    }),
  ]);
  const failingFiles = maybeFailed.filter(
    (m) => parsePreflight(m.preflight)?.status === "failed",
  ).length;
  return { total, inSets, failingFiles };
}
