import { printClientFor } from "./print-client.server";
import { getLogger } from "./logger.server";
import { cacheKey, shopPrefix, TtlCache } from "../services/catalogue/cache";
import type {
  BillingEntity,
  Category,
  LegacyOffering,
  MoneyMinor,
  OfferingWithCategory,
  PrintClient,
} from "../services/print";
import { getPrintCredentials } from "../data/print-settings.server";
import { describePrintError, type PrintProblem } from "../services/merchant-text/print-problem";

/**
 * The print-service catalogue as the admin pages see it: categories, offerings
 * and legacy prices, cached per shop and filters so a page rarely waits on the
 * service. Every function is keyed by shop.
 */

/** Offerings and categories change rarely; prices are bounded by the legacy pricingExpireDate. */
export const CATALOGUE_TTL_MS = 30 * 60_000;
const CATEGORIES_TTL_MS = 6 * 60 * 60_000;
const BILLING_TTL_MS = 10 * 60_000;
/** Past expiry, a value is still served for this long while one refresh runs in the background. */
const STALE_MS = 10 * 60_000;
/** A pricingExpireDate in the past must not make every page call the service. */
const MIN_PRICE_TTL_MS = 60_000;

const log = () => getLogger().child({ component: "catalogue-cache" });
export const catalogueCache = new TtlCache<unknown>({
  ttlMs: CATEGORIES_TTL_MS,
  staleMs: STALE_MS,
  maxEntries: 2000,
  onRefreshError: (key, error) => log().warn({ err: error, key }, "catalogue refresh failed"),
});

export type ServiceResult<T> =
  | { status: "ok"; data: T }
  | { status: "no_credentials" }
  | { status: "error"; problem: PrintProblem };

export interface ShopClient {
  client: PrintClient;
  version: string;
  hasLegacyKey: boolean;
}

/** The shop's print client with what the cache needs to know; null without credentials. */
export async function shopClient(shop: string): Promise<ShopClient | null> {
  const [client, credentials] = await Promise.all([
    printClientFor(shop),
    getPrintCredentials({ shop }),
  ]);
  if (!client || !credentials) return null;
  return {
    client,
    version: credentials.version,
    hasLegacyKey: Boolean(credentials.applicationApiKey),
  };
}

/** Runs a cached print-service read and turns failures into a problem for the page. */
export async function cachedRead<T>(
  shop: string,
  kind: string,
  params: Record<string, unknown>,
  ttlMs: number,
  read: (c: ShopClient) => Promise<{ value: T; expiresAt?: number }>,
): Promise<ServiceResult<T>> {
  const c = await shopClient(shop);
  if (!c) return { status: "no_credentials" };
  const key = cacheKey(shop, kind, { ...params, v: c.version });
  try {
    const data = (await catalogueCache.get(key, async () => {
      const loaded = await read(c);
      return {
        value: loaded.value,
        expiresAt: Math.min(loaded.expiresAt ?? Infinity, Date.now() + ttlMs),
      };
    })) as T;
    return { status: "ok", data };
  } catch (error) {
    return { status: "error", problem: describePrintError(error) };
  }
}

/** Forget everything cached for a shop (settings changed, entity created). */
export function invalidateCatalogue({ shop, kind }: { shop: string; kind?: string }) {
  catalogueCache.invalidate(kind ? `${shopPrefix(shop)}${kind}|` : shopPrefix(shop));
}

export function listCategories({ shop }: { shop: string }): Promise<ServiceResult<Category[]>> {
  return cachedRead(shop, "categories", {}, CATEGORIES_TTL_MS, async ({ client }) => ({
    value: await client.categories.list(),
  }));
}

export interface OfferingFilters {
  category?: string | undefined;
  subCategory?: string | undefined;
  country?: string | undefined;
  currency?: string | undefined;
}

export function listOfferings({
  shop,
  filters,
}: {
  shop: string;
  filters: OfferingFilters;
}): Promise<ServiceResult<OfferingWithCategory[]>> {
  const params = {
    category: filters.category || undefined,
    subCategory: filters.subCategory || undefined,
    country: filters.country?.toUpperCase() || undefined,
    currency: filters.currency?.toUpperCase() || undefined,
  };
  return cachedRead(shop, "offerings", params, CATALOGUE_TTL_MS, async (c) => {
    const list = await c.client.offerings.list(params);
    return { value: list.offerings, expiresAt: legacyExpiry(shop, c.version) };
  });
}

/**
 * Names of these offerings, by id as text, from the cached list; an offering the service no
 * longer lists (or no list at all) is left out, for the caller to name by its id.
 */
export async function offeringNames({
  shop,
  ids,
}: {
  shop: string;
  ids: readonly number[];
}): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const all = await listOfferings({ shop, filters: {} });
  if (all.status !== "ok") return {};
  const wanted = new Set(ids);
  const out: Record<string, string> = {};
  for (const o of all.data) if (wanted.has(o.id)) out[String(o.id)] = o.name;
  return out;
}

/** One offering with its category, from the (cached) unfiltered list in the given currency. */
export async function getOffering({
  shop,
  offeringId,
  currency,
}: {
  shop: string;
  offeringId: number;
  currency?: string | undefined;
}): Promise<ServiceResult<OfferingWithCategory | null>> {
  const all = await listOfferings({ shop, filters: { currency } });
  if (all.status !== "ok") return all;
  return { status: "ok", data: all.data.find((o) => o.id === offeringId) ?? null };
}

export interface LegacyPrices {
  pricingExpireDate: string | null;
  currency: string;
  price: MoneyMinor[];
  pricePerPage: MoneyMinor[];
  countryShipping: MoneyMinor[];
  regionShipping: MoneyMinor[];
  worldShipping: MoneyMinor[];
  vatPercentage: number | null;
}

const legacyExpiries = new Map<string, number>();
function legacyExpiry(shop: string, version: string): number | undefined {
  return legacyExpiries.get(`${shop}|${version}`);
}

function withBase(list: MoneyMinor[], base: MoneyMinor | undefined): MoneyMinor[] {
  const out = [...list];
  if (base && !out.some((m) => m.currency === base.currency)) out.unshift(base);
  return out.sort((a, b) => a.currency.localeCompare(b.currency));
}

function legacyPricesOf(o: LegacyOffering, pricingExpireDate: string | undefined): LegacyPrices {
  return {
    pricingExpireDate: pricingExpireDate ?? null,
    currency: o.currency,
    price: withBase(o.priceByCurrency, o.price),
    pricePerPage: withBase(o.pricePerPageByCurrency, o.pricePerPage),
    countryShipping: withBase(o.countryShippingPriceByCurrency, o.countryShippingPrice),
    regionShipping: withBase(o.regionShippingPriceByCurrency, o.regionShippingPrice),
    worldShipping: withBase(o.worldShippingPriceByCurrency, o.worldShippingPrice),
    vatPercentage: o.vatPercentage ?? null,
  };
}

/**
 * The legacy interface's prices of every offering in every currency, cached
 * until the list's pricingExpireDate (and never longer than the catalogue
 * lifetime). "unavailable" when no application API key is set.
 */
export async function listLegacyPrices({
  shop,
}: {
  shop: string;
}): Promise<ServiceResult<{ available: boolean; byOffering: Record<number, LegacyPrices> }>> {
  type Prices = { available: boolean; byOffering: Record<number, LegacyPrices> };
  return cachedRead<Prices>(shop, "legacy-prices", {}, CATALOGUE_TTL_MS, async (c) => {
    if (!c.hasLegacyKey) return { value: { available: false, byOffering: {} } };
    const list = await c.client.legacy.listOfferings({ currencies: "ALL" });
    const byOffering: Record<number, LegacyPrices> = {};
    for (const o of list.offerings) byOffering[o.id] = legacyPricesOf(o, list.pricingExpireDate);
    const expires = list.pricingExpireDate ? Date.parse(list.pricingExpireDate) : NaN;
    const expiresAt = Number.isFinite(expires)
      ? Math.max(expires, Date.now() + MIN_PRICE_TTL_MS)
      : undefined;
    if (expiresAt) legacyExpiries.set(`${shop}|${c.version}`, expiresAt);
    return { value: { available: true, byOffering }, expiresAt };
  });
}

export function listBillingEntities({
  shop,
}: {
  shop: string;
}): Promise<ServiceResult<BillingEntity[]>> {
  return cachedRead(shop, "billing", {}, BILLING_TTL_MS, async ({ client }) => ({
    value: await client.billingEntities.list(),
  }));
}
