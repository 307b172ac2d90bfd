import type { ProductCreation } from "@prisma/client";
import prisma from "../db.server";
import { isPricingMode, isRounding, type PricingRule } from "../services/pricing/price-rule";
import type { MoneyMinor } from "../services/print/money";
import {
  parseCreationRequest,
  serializeCreationRequest,
  type StoredRequest,
} from "../services/product-creation/request-codec";
import type { RepricingStore, SeenPrice, WatchedVariant } from "../services/repricing";

/**
 * What repricing reads and keeps: the variants of this shop's created products with their
 * kept quotes, and the last Shopify price seen for each, kept in the creation's `request`
 * under `shopifyPrices` (through the request's one codec).
 */

function ruleOf(c: ProductCreation): PricingRule | null {
  if (!isPricingMode(c.pricingMode) || !isRounding(c.rounding)) return null;
  if (!Number.isFinite(c.pricingPercent)) return null;
  return { mode: c.pricingMode, percent: c.pricingPercent, rounding: c.rounding };
}

/** The variants of this shop's created products, with their creation and kept quote. */
async function watchedVariants(
  shop: string,
  onlyVariantIds?: readonly string[],
): Promise<WatchedVariant[]> {
  const creations = await prisma.productCreation.findMany({
    where: { shop, state: "done", productId: { not: null } },
    orderBy: { createdAt: "desc" },
  });
  // A product is watched by its latest creation (a retried request updates the same product).
  const byProduct = new Map<string, ProductCreation>();
  for (const c of creations)
    if (c.productId && !byProduct.has(c.productId)) byProduct.set(c.productId, c);
  if (byProduct.size === 0) return [];
  const mappings = await prisma.variantMapping.findMany({
    where: {
      shop,
      productId: { in: [...byProduct.keys()] },
      ...(onlyVariantIds ? { variantId: { in: [...onlyVariantIds] } } : {}),
    },
    orderBy: [{ productId: "asc" }, { createdAt: "asc" }],
  });
  const quotes = await prisma.mappingQuote.findMany({
    where: { shop, variantId: { in: mappings.map((m) => m.variantId) } },
  });
  const quoteOf = new Map(quotes.map((q) => [q.variantId, q]));
  const out: WatchedVariant[] = [];
  for (const m of mappings) {
    const creation = m.productId ? byProduct.get(m.productId) : undefined;
    const rule = creation ? ruleOf(creation) : null;
    // A variant printed from a file per order has no page count to quote.
    if (!creation || !rule || m.numberOfPages === null || m.fileProperty) continue;
    const q = quoteOf.get(m.variantId);
    const current = q && q.offeringId === m.offeringId && q.numberOfPages === m.numberOfPages;
    out.push({
      creation,
      rule,
      mapping: { ...m, numberOfPages: m.numberOfPages },
      quote: current ? q : null,
    });
  }
  return out;
}

/**
 * The Shopify price last known for a variant of a creation: the one repricing kept, else the
 * price the creation set (`variants[i].priceMinor` with its `variantId`).
 */
function knownPrice(request: StoredRequest, variantId: string): MoneyMinor | null {
  const kept = request.shopifyPrices?.[variantId];
  if (kept && Number.isInteger(kept.amountMinor) && typeof kept.currency === "string")
    return { amountMinor: kept.amountMinor, currency: kept.currency };
  if (!Array.isArray(request.variants) || typeof request.currency !== "string") return null;
  for (const v of request.variants as unknown[]) {
    if (!v || typeof v !== "object") continue;
    const entry = v as { variantId?: unknown; priceMinor?: unknown };
    if (entry.variantId === variantId && Number.isInteger(entry.priceMinor))
      return { amountMinor: entry.priceMinor as number, currency: request.currency };
  }
  return null;
}

function knownPrices(watched: readonly WatchedVariant[]): Map<string, MoneyMinor> {
  const requests = new Map<string, StoredRequest>();
  const out = new Map<string, MoneyMinor>();
  for (const w of watched) {
    let request = requests.get(w.creation.id);
    if (!request) {
      request = parseCreationRequest(w.creation.request);
      requests.set(w.creation.id, request);
    }
    const price = knownPrice(request, w.mapping.variantId);
    if (price) out.set(w.mapping.variantId, price);
  }
  return out;
}

async function rememberPrices(shop: string, prices: readonly SeenPrice[]): Promise<void> {
  const byCreation = new Map<string, SeenPrice[]>();
  for (const p of prices)
    byCreation.set(p.creationId, [...(byCreation.get(p.creationId) ?? []), p]);
  const at = new Date().toISOString();
  for (const [creationId, list] of byCreation) {
    const row = await prisma.productCreation.findFirst({
      where: { id: creationId, shop },
      select: { request: true },
    });
    if (!row) continue;
    const request = parseCreationRequest(row.request);
    const kept = { ...(request.shopifyPrices ?? {}) };
    let changed = false;
    for (const p of list) {
      const before = kept[p.variantId];
      if (before?.amountMinor === p.price.amountMinor && before.currency === p.price.currency)
        continue;
      kept[p.variantId] = { amountMinor: p.price.amountMinor, currency: p.price.currency, at };
      changed = true;
    }
    if (!changed) continue;
    await prisma.productCreation.updateMany({
      where: { id: creationId, shop },
      data: { request: serializeCreationRequest({ ...request, shopifyPrices: kept }) },
    });
  }
}

/** The shops with products created through the app (the price watch goes through them). */
export async function shopsWatchingPrices(): Promise<string[]> {
  const rows = await prisma.productCreation.findMany({
    where: { state: "done", productId: { not: null } },
    distinct: ["shop"],
    select: { shop: true },
  });
  return rows.map((r) => r.shop);
}

/** A check found print costs changed: the prices alert looks at the shop (never moved back). */
async function pricesChanged(shop: string, at: Date): Promise<void> {
  await prisma.shop.updateMany({
    where: { shop, OR: [{ pricesChangedAt: null }, { pricesChangedAt: { lt: at } }] },
    data: { pricesChangedAt: at },
  });
}

export const repricingStore: RepricingStore = {
  watchedVariants,
  knownPrices,
  rememberPrices,
  pricesChanged,
};
