import type { MappingQuote, ProductCreation, VariantMapping } from "@prisma/client";
import prisma from "../db.server";
import { currencyExponent, formatMajor, type MoneyMinor } from "../services/print/money";
import {
  isPricingMode,
  isRounding,
  marginBps,
  priceFor,
  type PricingRule,
} from "../services/product-pricing";
import { adminGraphql, ShopifyAdminError, type AdminApi } from "../services/shopify-admin";
import { invalidateCatalogue } from "./catalogue.server";
import { keepSaleCost, quoteSaleCosts, type CostItem } from "./product-cost.server";
import { getVariants, type VariantDetail } from "./products.server";

/**
 * Keeping the prices of products created through the app honest.
 *
 * Which variants: those of products created here (ProductCreation in state "done") that are
 * still mapped to that product (VariantMapping by productId). Each keeps the target and the rule
 * of its creation: the margin share under which it is listed, and how its new price is worked
 * out (priceFor on the print cost of one copy, rounded the merchant's way).
 *
 * The print cost is the kept quote (MappingQuote) of the variant's smallest sale to the shop's
 * main market (app/models/product-cost.server.ts), divided per copy. It is checked again:
 * - when the merchant asks ("Check print prices now": every variant);
 * - on its own when the page opens and a kept quote has run out: the service's price list
 *   promised its prices until `validUntil` (the legacy pricingExpireDate) and that has passed,
 *   or no date was given and the quote is older than QUOTE_MAX_AGE_MS, or there is no quote
 *   for the variant as it is mapped now. Only those variants are quoted again.
 *
 * The Shopify price is read live for the page (one nodes(ids:) query per 50 variants). The
 * count for other pages (countBelowTarget) asks no one: it uses the kept quotes and the last
 * Shopify price the app knows, kept in the creation's `request` JSON under `shopifyPrices`
 * (written on every live read here and after every repricing), else the price the creation set
 * (`request.variants[i].priceMinor` with its `variantId`). A price changed in Shopify by hand
 * shows in the count after the prices page was opened once.
 *
 * Repricing is one productVariantsBulkUpdate per product. Shopify saves a product's variants
 * together: one refused price leaves the product's other prices as they were, so each variant
 * gets its own sentence.
 */

/** A kept quote without the service's own expiry is checked again after this long. */
export const QUOTE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const VARIANTS_PER_READ = 50;

export interface RepriceRow {
  productId: string;
  productTitle: string;
  variantId: string;
  variantTitle: string;
  currency: string;
  /** Shopify price of one copy. */
  priceMinor: number;
  /** Print + shipping + VAT of the smallest sale to the main market, per copy. */
  costMinor: number;
  /** Copies in the smallest sale the cost was quoted for. */
  quantity: number;
  marginBps: number | null;
  targetBps: number;
  newPriceMinor: number;
  newMarginBps: number | null;
  quotedAt: string;
  creationId: string;
  rule: PricingRule;
}

export interface RecheckSummary {
  /** Why the page asked the service again on its own. */
  reason: "expired" | "missing";
  checked: number;
  changed: number;
  problem: string | null;
}

export interface BelowTargetList {
  rows: RepriceRow[];
  /** Variants of created products watched here (with a kept quote and a Shopify price). */
  watched: number;
  /** When the oldest kept print price was quoted; null when none is kept. */
  checkedAt: string | null;
  /** The earliest date until which the print service promised its prices, when it gave one. */
  validUntil: string | null;
  /** The main market the print costs are quoted for (ISO country code), when any is kept. */
  countryCode: string | null;
  /** The check the page made on its own before listing, if it made one. */
  recheck: RecheckSummary | null;
  /** Plain sentences about variants that could not be compared. */
  notes: string[];
}

export interface CheckResult {
  checked: number;
  changed: number;
  problem: string | null;
}

export interface RepriceResult {
  repriced: number;
  /** Variants left as they were because their price already meets the target. */
  skipped: number;
  failed: { variantId: string; title: string; message: string }[];
}

// What is watched ------------------------------------------------------------------------------

interface Watched {
  creation: ProductCreation;
  rule: PricingRule;
  mapping: VariantMapping & { numberOfPages: number };
  /** The kept quote when it is for the mapping as it stands. */
  quote: MappingQuote | null;
}

function ruleOf(c: ProductCreation): PricingRule | null {
  if (!isPricingMode(c.pricingMode) || !isRounding(c.rounding)) return null;
  if (!Number.isFinite(c.pricingPercent)) return null;
  return { mode: c.pricingMode, percent: c.pricingPercent, rounding: c.rounding };
}

/** The variants of this shop's created products, with their creation and kept quote. */
async function watchedVariants(shop: string, onlyVariantIds?: readonly string[]) {
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
  const out: Watched[] = [];
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
 * This shop's watched variants (GIDs) whose kept quote has run out at `now`, or that have
 * none for their current mapping: what a check of print prices should ask about.
 */
export async function variantsDueForCheck({
  shop,
  now = Date.now(),
}: {
  shop: string;
  now?: number;
}): Promise<string[]> {
  const watched = await watchedVariants(shop);
  return watched
    .filter((w) => !w.quote || quoteExpired(w.quote, now))
    .map((w) => w.mapping.variantId);
}

/** Whether the kept quote can no longer be trusted at `now` (see the file comment). */
export function quoteExpired(
  q: Pick<MappingQuote, "validUntil" | "quotedAt">,
  now = Date.now(),
): boolean {
  if (q.validUntil) return q.validUntil.getTime() <= now;
  return now - q.quotedAt.getTime() > QUOTE_MAX_AGE_MS;
}

/** Print + shipping + VAT of the quoted sale, per copy, rounded up. */
function perCopyCost(q: MappingQuote): number {
  const total = q.printMinor + q.shippingMinor + q.vatMinor;
  return Math.ceil(total / Math.max(1, q.quantity));
}

function rowOf(
  w: Watched,
  price: MoneyMinor,
  productTitle: string,
  variantTitle: string,
): RepriceRow | null {
  const q = w.quote;
  if (!q || q.currency !== price.currency) return null;
  const costMinor = perCopyCost(q);
  const margin = marginBps(price.amountMinor, costMinor);
  const targetBps = w.creation.targetMarginBps;
  if (margin !== null && margin >= targetBps) return null;
  const newPriceMinor = priceFor(costMinor, w.rule, currencyExponent(price.currency));
  return {
    productId: w.creation.productId ?? "",
    productTitle,
    variantId: w.mapping.variantId,
    variantTitle,
    currency: price.currency,
    priceMinor: price.amountMinor,
    costMinor,
    quantity: q.quantity,
    marginBps: margin,
    targetBps,
    newPriceMinor,
    newMarginBps: marginBps(newPriceMinor, costMinor),
    quotedAt: q.quotedAt.toISOString(),
    creationId: w.creation.id,
    rule: w.rule,
  };
}

// Last known Shopify prices ---------------------------------------------------------------------

interface KnownPrice {
  amountMinor: number;
  currency: string;
  at: string;
}

type RequestJson = Record<string, unknown> & {
  shopifyPrices?: Record<string, KnownPrice>;
  currency?: unknown;
  variants?: unknown;
};

function parseRequest(text: string): RequestJson {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as RequestJson)
      : {};
  } catch {
    return {};
  }
}

/** The Shopify price last known for a variant of a creation, without asking Shopify. */
function knownPrice(request: RequestJson, variantId: string): MoneyMinor | null {
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

/** Records Shopify prices seen or set, per creation (only when they differ from what is kept). */
async function rememberPrices(
  shop: string,
  prices: { creationId: string; variantId: string; price: MoneyMinor }[],
): Promise<void> {
  const byCreation = new Map<string, typeof prices>();
  for (const p of prices)
    byCreation.set(p.creationId, [...(byCreation.get(p.creationId) ?? []), p]);
  const at = new Date().toISOString();
  for (const [creationId, list] of byCreation) {
    const row = await prisma.productCreation.findFirst({
      where: { id: creationId, shop },
      select: { request: true },
    });
    if (!row) continue;
    const request = parseRequest(row.request);
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
      data: { request: JSON.stringify({ ...request, shopifyPrices: kept }) },
    });
  }
}

// Shopify prices ---------------------------------------------------------------------------------

async function liveVariants(admin: AdminApi, variantIds: string[]) {
  const out = new Map<string, VariantDetail>();
  for (let i = 0; i < variantIds.length; i += VARIANTS_PER_READ) {
    const chunk = variantIds.slice(i, i + VARIANTS_PER_READ);
    for (const v of await getVariants({ admin, variantIds: chunk })) out.set(v.id, v);
  }
  return out;
}

const variantName = (v: Pick<VariantDetail, "title">) =>
  v.title === "Default Title" ? "Default" : v.title;

// The page's list ----------------------------------------------------------------------------------

/**
 * The variants of created products whose margin is under their target, with the price their
 * rule gives now. Kept quotes that ran out are checked again first (see the file comment).
 * Shopify failures arrive as ShopifyAdminError.
 */
export async function listBelowTarget({
  shop,
  admin,
  now = Date.now(),
}: {
  shop: string;
  admin: AdminApi;
  now?: number;
}): Promise<BelowTargetList> {
  let watched = await watchedVariants(shop);
  let recheck: RecheckSummary | null = null;
  const missing = watched.filter((w) => !w.quote).map((w) => w.mapping.variantId);
  const expired = watched
    .filter((w) => w.quote && quoteExpired(w.quote, now))
    .map((w) => w.mapping.variantId);
  if (missing.length + expired.length > 0) {
    // Quotes the app remembered for a few minutes may do for a variant never quoted; not for
    // prices whose promise ran out.
    const result = await checkPrintPrices({
      shop,
      admin,
      variantIds: [...expired, ...missing],
      fresh: expired.length > 0,
    });
    recheck = { reason: expired.length > 0 ? "expired" : "missing", ...result };
    watched = await watchedVariants(shop);
  }

  const live = await liveVariants(
    admin,
    watched.map((w) => w.mapping.variantId),
  );
  await rememberPrices(
    shop,
    watched.flatMap((w) => {
      const v = live.get(w.mapping.variantId);
      return v ? [{ creationId: w.creation.id, variantId: v.id, price: v.price }] : [];
    }),
  );

  const rows: RepriceRow[] = [];
  let compared = 0;
  let gone = 0;
  let otherCurrency = 0;
  let unquoted = 0;
  for (const w of watched) {
    const v = live.get(w.mapping.variantId);
    if (!v) {
      gone += 1;
      continue;
    }
    if (!w.quote) {
      unquoted += 1;
      continue;
    }
    if (w.quote.currency !== v.price.currency) {
      otherCurrency += 1;
      continue;
    }
    compared += 1;
    const row = rowOf(w, v.price, v.productTitle, variantName(v));
    if (row) rows.push(row);
  }

  const count = (n: number) => (n === 1 ? "1 variant" : `${n} variants`);
  const notes: string[] = [];
  if (unquoted)
    notes.push(
      `${count(unquoted)} could not be quoted by the print service, so ${unquoted === 1 ? "its" : "their"} margin is unknown. Check print prices again later, or open the mapping to see why.`,
    );
  if (otherCurrency)
    notes.push(
      `${count(otherCurrency)} ${otherCurrency === 1 ? "is" : "are"} quoted in another currency than your shop's, so the margin cannot be compared.`,
    );
  if (gone)
    notes.push(
      `${count(gone)} no longer ${gone === 1 ? "exists" : "exist"} in Shopify and ${gone === 1 ? "is" : "are"} left out.`,
    );

  const quoted = watched.flatMap((w) => (w.quote ? [w.quote] : []));
  const oldest = quoted.reduce<Date | null>(
    (min, q) => (min === null || q.quotedAt < min ? q.quotedAt : min),
    null,
  );
  const until = quoted.reduce<Date | null>(
    (min, q) => (q.validUntil && (min === null || q.validUntil < min) ? q.validUntil : min),
    null,
  );
  rows.sort(
    (a, b) =>
      a.productTitle.localeCompare(b.productTitle) || a.variantTitle.localeCompare(b.variantTitle),
  );
  return {
    rows,
    watched: compared,
    checkedAt: oldest?.toISOString() ?? null,
    validUntil: until?.toISOString() ?? null,
    countryCode: quoted[0]?.countryCode ?? null,
    recheck,
    notes,
  };
}

/**
 * How many variants of created products are under their target, from the kept quotes and the
 * last known Shopify prices: no call to Shopify or the print service.
 */
export async function countBelowTarget({ shop }: { shop: string }): Promise<number> {
  const watched = await watchedVariants(shop);
  const requests = new Map<string, RequestJson>();
  let count = 0;
  for (const w of watched) {
    if (!w.quote) continue;
    let request = requests.get(w.creation.id);
    if (!request) {
      request = parseRequest(w.creation.request);
      requests.set(w.creation.id, request);
    }
    const price = knownPrice(request, w.mapping.variantId);
    if (price && rowOf(w, price, "", "")) count += 1;
  }
  return count;
}

// Checking print prices ---------------------------------------------------------------------------

const itemKey = (m: Watched["mapping"]) =>
  [m.offeringId, m.numberOfPages, m.contentWidth ?? "", m.contentHeight ?? ""].join("|");

/**
 * Asks the print service again for the cost of each watched variant's smallest sale to the main
 * market (one quote per distinct item) and keeps it. `changed` counts the variants whose cost
 * or currency moved. With `fresh`, the app's own quote and price-list caches are skipped.
 */
export async function checkPrintPrices({
  shop,
  admin,
  variantIds,
  fresh = true,
}: {
  shop: string;
  admin: AdminApi;
  /** Only these (GIDs); all watched variants when left out. */
  variantIds?: readonly string[];
  /** Ask the service even if the app remembers a quote from the last few minutes (default). */
  fresh?: boolean;
}): Promise<CheckResult> {
  const watched = await watchedVariants(shop, variantIds);
  if (watched.length === 0) return { checked: 0, changed: 0, problem: null };
  const items: CostItem[] = [];
  const indexOf = new Map<string, number>();
  for (const w of watched) {
    const key = itemKey(w.mapping);
    if (indexOf.has(key)) continue;
    indexOf.set(key, items.length);
    items.push({
      offeringId: w.mapping.offeringId,
      numberOfPages: w.mapping.numberOfPages,
      width: w.mapping.contentWidth,
      height: w.mapping.contentHeight,
    });
  }
  if (fresh) {
    // "Now" means now: not the quote or price list the app remembered for a few minutes.
    invalidateCatalogue({ shop, kind: "quote" });
    invalidateCatalogue({ shop, kind: "legacy-prices" });
  }
  const result = await quoteSaleCosts({ shop, admin, items });
  if (result.status === "no_credentials")
    return {
      checked: 0,
      changed: 0,
      problem:
        "Print Connect has no print service account to ask. Add your API keys in Settings, then check again.",
    };
  if (result.status === "unavailable") return { checked: 0, changed: 0, problem: result.reason };

  let checked = 0;
  let changed = 0;
  let unpriced = 0;
  for (const w of watched) {
    const cost = result.costs[indexOf.get(itemKey(w.mapping)) ?? -1];
    if (!cost || cost.offeringId !== w.mapping.offeringId) {
      unpriced += 1;
      continue;
    }
    const before = w.quote;
    const moved =
      !before ||
      before.currency !== cost.currency ||
      before.quantity !== cost.quantity ||
      before.printMinor + before.shippingMinor + before.vatMinor !== cost.totalMinor;
    await keepSaleCost({
      shop,
      variantId: w.mapping.variantId,
      numberOfPages: w.mapping.numberOfPages,
      countryCode: result.countryCode,
      cost,
    });
    checked += 1;
    if (moved) changed += 1;
  }
  return {
    checked,
    changed,
    problem: unpriced
      ? `The print service gave no price for ${unpriced === 1 ? "1 variant" : `${unpriced} variants`} to ${result.countryName}.`
      : null,
  };
}

// Repricing -----------------------------------------------------------------------------------------

const REPRICE_MUTATION = `#graphql
  mutation PrintConnectReprice($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price }
      userErrors { field message code }
    }
  }`;

interface BulkUpdateData {
  productVariantsBulkUpdate: {
    productVariants: { id: string; price: string }[] | null;
    userErrors: { field: string[] | null; message: string; code: string | null }[];
  } | null;
}

/** Shopify's sentence for one variant, in the page's words. */
function refusedSentence(message: string): string {
  const text = message.trim().replace(/\.$/, "");
  return `Shopify did not accept the new price: ${text}. Change the price in Shopify, or check the print price again.`;
}

/**
 * Sets the rule's new price on each of these variants that is still under its target (read live
 * from Shopify), with one productVariantsBulkUpdate per product, and records the prices set.
 */
export async function repriceVariants({
  shop,
  admin,
  variantIds,
}: {
  shop: string;
  admin: AdminApi;
  variantIds: readonly string[];
}): Promise<RepriceResult> {
  const wanted = [...new Set(variantIds)];
  const watched = await watchedVariants(shop, wanted);
  const known = new Set(watched.map((w) => w.mapping.variantId));
  const failed: RepriceResult["failed"] = wanted
    .filter((id) => !known.has(id))
    .map((id) => ({
      variantId: id,
      title: "",
      message: "This variant is not one Print Connect created in your shop, so it was left alone.",
    }));
  const live = await liveVariants(
    admin,
    watched.map((w) => w.mapping.variantId),
  );

  const byProduct = new Map<string, { row: RepriceRow; title: string }[]>();
  let skipped = 0;
  for (const w of watched) {
    const v = live.get(w.mapping.variantId);
    if (!v) {
      failed.push({
        variantId: w.mapping.variantId,
        title: w.mapping.title,
        message: "This variant no longer exists in Shopify.",
      });
      continue;
    }
    const title = v.productTitle + (variantName(v) === "Default" ? "" : ` – ${variantName(v)}`);
    if (!w.quote) {
      failed.push({
        variantId: v.id,
        title,
        message: "There is no print price for this variant yet. Check print prices, then reprice.",
      });
      continue;
    }
    const row = rowOf(w, v.price, v.productTitle, variantName(v));
    if (!row) {
      skipped += 1;
      continue;
    }
    // Shopify's own product id, not the creation's: a variant is updated through its product.
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), { row, title }]);
  }

  let repriced = 0;
  const saved: { creationId: string; variantId: string; price: MoneyMinor }[] = [];
  const graphql = adminGraphql(admin);
  for (const [productId, entries] of byProduct) {
    let data: BulkUpdateData;
    try {
      data = await graphql<BulkUpdateData>(REPRICE_MUTATION, {
        productId,
        variants: entries.map(({ row }) => ({
          id: row.variantId,
          price: formatMajor({ amountMinor: row.newPriceMinor, currency: row.currency }),
        })),
      });
    } catch (error) {
      // The library hands Shopify's HTTP failures on as a Response: a sign-in one is the
      // framework's to answer; a busy or failing Shopify only stops this product.
      const unanswered =
        error instanceof Response
          ? error.status === 429 || error.status >= 500
          : error instanceof ShopifyAdminError && error.transient;
      if (error instanceof Response && !unanswered) throw error;
      if (!(error instanceof Response) && !(error instanceof ShopifyAdminError)) throw error;
      const message = unanswered
        ? "Shopify did not answer, so this price may not be saved. Open the page again in a moment to see where it stands."
        : "Shopify refused the change. Reload the page and try again.";
      for (const { row, title } of entries)
        failed.push({ variantId: row.variantId, title, message });
      continue;
    }
    const answer = data.productVariantsBulkUpdate;
    const userErrors = answer?.userErrors ?? [];
    const updated = new Map((answer?.productVariants ?? []).map((v) => [v.id, v.price]));
    // A userError names its variant by position: ["variants", "<index>", "price"].
    const errorOf = new Map<number, string>();
    const general: string[] = [];
    for (const e of userErrors) {
      const index = e.field?.[0] === "variants" ? Number(e.field[1]) : NaN;
      if (Number.isInteger(index) && index >= 0 && index < entries.length)
        errorOf.set(index, errorOf.has(index) ? `${errorOf.get(index)}; ${e.message}` : e.message);
      else general.push(e.message);
    }
    entries.forEach(({ row, title }, index) => {
      const own = errorOf.get(index);
      if (userErrors.length === 0 && updated.has(row.variantId)) {
        repriced += 1;
        saved.push({
          creationId: row.creationId,
          variantId: row.variantId,
          price: { amountMinor: row.newPriceMinor, currency: row.currency },
        });
        return;
      }
      const message = own
        ? refusedSentence(own)
        : general.length
          ? refusedSentence(general.join("; "))
          : userErrors.length
            ? "Not changed: Shopify saves a product's prices together, and another variant's new price was refused."
            : "Shopify did not confirm the new price. Open the page again to see where it stands.";
      failed.push({ variantId: row.variantId, title, message });
    });
  }
  await rememberPrices(shop, saved);
  return { repriced, skipped, failed };
}
