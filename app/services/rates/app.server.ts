/**
 * Wiring of the rates services into the app: the process-wide quote cache,
 * the print client, the database and the Shopify library. Everything else in
 * this folder is framework-free.
 */
import { getEnv } from "../../env.server";
import { getLogger } from "../../lib/logger.server";
import { printClientFor } from "../../lib/print-client.server";
import {
  ensureCarrierCallbackToken,
  findMappedVariants,
  forgetCarrierService,
  getCarrierSettings,
  saveCarrierState,
} from "../../models/carrier.server";
import { authenticate, unauthenticated } from "../../shopify.server";
import { answerRateRequest, type RatesAnswer } from "./carrier-rates";
import {
  carrierCallbackUrlFor,
  deleteCarrierService,
  registerCarrierService,
  type AdminGraphql,
} from "./carrier-service";
import { outcomeTtlMs, quoteShipping, type QuoteInput, type QuoteOutcome } from "./print-quote";
import { CachedQuoter } from "./quoter";
import { variantGid, type RateRequest } from "./rate-request";
import { RateLimiter } from "./rate-limit";
import {
  loadOfferingIndex,
  OFFERINGS_FAILURE_TTL_MS,
  OFFERINGS_TTL_MS,
  productInfo,
  type OfferingIndex,
} from "./storefront";
import { findVariantMapping } from "../../models/storefront.server";
import { isShopDomain } from "../shop-domain";

/** Budgets: how long a caller waits for the print service before answering without it. */
export const ratesRuntime = {
  /** Checkout: Shopify allows 3-10 s, Built for Shopify wants p95 <= 500 ms. */
  checkoutBudgetMs: 1500,
  /** Storefront block: the page must not wait. */
  storefrontBudgetMs: 800,
};

/** One cache for checkout and storefront: a product-page estimate warms checkout and back. */
export const quoteCache = new CachedQuoter<QuoteOutcome>({ ttlMs: outcomeTtlMs });

const log = () => getLogger().child({ component: "rates" });

export function upstreamQuote(shop: string) {
  return async (input: QuoteInput): Promise<QuoteOutcome> => {
    const client = await printClientFor(shop);
    if (!client) return { kind: "failed", reason: "no print-service account is connected" };
    return quoteShipping(client, input);
  };
}

/** Answers a verified carrier-service rate request for a shop. */
export async function answerCarrierRates({
  shop,
  request,
}: {
  shop: string;
  request: RateRequest;
}): Promise<RatesAnswer> {
  const settings = await getCarrierSettings({ shop });
  if (!settings) {
    return { status: 200, body: { rates: [] }, outcome: "disabled", reason: "unknown shop" };
  }
  const variantGids = request.items
    .map((i) => i.variant_id)
    .filter((v): v is string => Boolean(v))
    .map(variantGid);
  const mappings = settings.enabled ? await findMappedVariants({ shop, variantGids }) : new Map();
  return answerRateRequest(
    {
      quoter: quoteCache,
      upstream: upstreamQuote(shop),
      budgetMs: ratesRuntime.checkoutBudgetMs,
      now: () => new Date(),
      log: log(),
    },
    { shop, settings, mappings, request },
  );
}

/** The callback URL registered for a shop: `<SHOPIFY_APP_URL>/carrier/rates/<its token>`. */
export function carrierCallbackUrl(token: string): string {
  return carrierCallbackUrlFor(getEnv().shopifyAppUrl, token);
}

/** A GraphQL port over the Shopify library's admin client (authenticate.admin or unauthenticated.admin). */
export function adminGraphql(admin: {
  graphql: (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
}): AdminGraphql {
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await admin.graphql(query, variables ? { variables } : undefined);
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (body.errors || !body.data) {
      const detail = Array.isArray(body.errors)
        ? body.errors.map((e: { message?: string }) => e.message).join("; ")
        : JSON.stringify(body.errors ?? "no data");
      throw new Error(`Shopify Admin API error: ${detail}`);
    }
    return body.data;
  };
}

/**
 * Turns checkout rates on: registers the carrier service at the shop's own
 * callback URL and remembers its id. A service registered earlier (same name,
 * e.g. at the unbound URL of older versions) is moved to that URL.
 */
export async function enableCarrierRates({
  shop,
  graphql,
}: {
  shop: string;
  graphql: AdminGraphql;
}) {
  const { token, created } = await ensureCarrierCallbackToken({ shop });
  let id: string;
  try {
    id = await registerCarrierService(graphql, { callbackUrl: carrierCallbackUrl(token) });
  } catch (error) {
    // Shopify may still call the old URL, which now refuses this shop: forget
    // the id, so the next sign-in or visit of the rates page registers again.
    if (created) await forgetCarrierService({ shop });
    throw error;
  }
  await saveCarrierState({ shop, enabled: true, carrierServiceId: id });
  log().info({ shop, carrierServiceId: id }, "carrier service registered");
  return id;
}

/** Turns checkout rates off: removes the carrier service (if any) and forgets it. */
export async function disableCarrierRates({
  shop,
  graphql,
}: {
  shop: string;
  graphql: AdminGraphql;
}) {
  const settings = await getCarrierSettings({ shop });
  if (settings?.carrierServiceId) await deleteCarrierService(graphql, settings.carrierServiceId);
  await saveCarrierState({ shop, enabled: false, carrierServiceId: null });
  quoteCache.cache.deletePrefix(`${shop}|`);
  log().info({ shop }, "carrier service removed");
}

/**
 * After a (re)install: if the merchant had rates on and no carrier service
 * is registered (Shopify removed it at uninstall), or it still calls the
 * unbound URL of older versions, register it (again) at the shop's own URL,
 * in the background, through the offline session (refreshed when it has
 * expired). Returns the id, or null when there was nothing to do.
 */
export async function resumeCarrierRates({ shop }: { shop: string }): Promise<string | null> {
  const settings = await getCarrierSettings({ shop });
  if (!settings?.enabled || !settings.installed) return null;
  if (settings.carrierServiceId && settings.callbackBound) return null;
  const { admin } = await unauthenticated.admin(shop);
  return enableCarrierRates({ shop, graphql: adminGraphql(admin) });
}

const LEGACY_MOVE_RETRY_MS = 10 * 60_000;
const legacyMoves = new Map<string, number>();

/**
 * A rate request arrived at the unbound `/carrier/rates` for a shop without
 * its own URL yet: move its registration now, in the background, at most
 * once per shop every ten minutes (a failure is retried by a later request).
 */
export function moveToShopCallbackUrl(shop: string): void {
  const last = legacyMoves.get(shop);
  if (last !== undefined && Date.now() - last < LEGACY_MOVE_RETRY_MS) return;
  legacyMoves.set(shop, Date.now());
  if (legacyMoves.size > 10_000) legacyMoves.delete(legacyMoves.keys().next().value!);
  resumeCarrierRates({ shop }).then(
    (id) => {
      if (id) log().info({ shop, carrierServiceId: id }, "carrier service moved to the shop's URL");
    },
    (error: unknown) =>
      log().warn({ err: error, shop }, "carrier service not moved to the shop's URL"),
  );
}

// Storefront ---------------------------------------------------------------------------------

export const offeringsCache = new CachedQuoter<OfferingIndex | null>({
  ttlMs: (v) => (v ? OFFERINGS_TTL_MS : OFFERINGS_FAILURE_TTL_MS),
  maxEntries: 1000,
});

/**
 * Checkout rate requests per shop. Shopify signs them, so this only guards
 * against a runaway; when it trips Shopify shows the shop's backup rates.
 */
export const checkoutRateLimit = new RateLimiter({ capacity: 500, refillPerSecond: 100 });

/** Rate limits for the storefront endpoints: per visitor, and per shop for everything. */
export const storefrontLimits = {
  perVisitor: new RateLimiter({ capacity: 30, refillPerSecond: 1 }),
  perShop: new RateLimiter({ capacity: 300, refillPerSecond: 50 }),
};

export function takeStorefrontToken(shop: string, visitor: string) {
  const v = storefrontLimits.perVisitor.take(`${shop}|${visitor}`);
  if (!v.allowed) return v;
  return storefrontLimits.perShop.take(shop);
}

/** The product-page block's data for a variant (numeric id or GID). */
export async function storefrontProductInfo(input: {
  shop: string;
  variantId: string;
  countryCode: string | null;
  currency: string | null;
}) {
  const settings = await getCarrierSettings({ shop: input.shop });
  if (!settings?.installed) return { info: { mapped: false } as const, cache: "hit" as const };
  const mapping = await findVariantMapping({
    shop: input.shop,
    variantGid: variantGid(input.variantId),
  });
  return productInfo(
    {
      quotes: quoteCache,
      offerings: offeringsCache,
      upstreamQuote: upstreamQuote(input.shop),
      upstreamOfferings: async () => {
        const client = await printClientFor(input.shop);
        return client ? loadOfferingIndex(client) : null;
      },
      budgetMs: ratesRuntime.storefrontBudgetMs,
      now: () => new Date(),
    },
    {
      shop: input.shop,
      settingsVersion: settings.version,
      mapping,
      countryCode: input.countryCode,
      currency: input.currency ?? settings.currency,
    },
  );
}

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8" };

const notAShop = () =>
  new Response(JSON.stringify({ error: "shop is not a *.myshopify.com shop domain" }), {
    status: 400,
    headers: jsonHeaders,
  });

/**
 * The gate of every app proxy route: the request signature (`signature`
 * query parameter, checked by the Shopify library; 401 when bad), an
 * installed shop, and the rate limits (429 with Retry-After). The visitor is
 * the signed `logged_in_customer_id` when there is one, else the client
 * address (app/lib/client-address.server.ts, never a header taken as it
 * came). Throws the Response to answer.
 */
export async function authenticateStorefront(
  request: Request,
  { clientAddress }: { clientAddress: string },
): Promise<{ shop: string; url: URL }> {
  try {
    await authenticate.public.appProxy(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 400) {
      throw new Response(JSON.stringify({ error: "invalid signature" }), {
        status: 401,
        headers: jsonHeaders,
      });
    }
    // Signed, but the library failed looking up the session of a `shop` that
    // is no shop domain (its InvalidShopError).
    const shop = new URL(request.url).searchParams.get("shop");
    if (!(thrown instanceof Response) && !isShopDomain(shop, getEnv().shopCustomDomain)) {
      throw notAShop();
    }
    throw thrown;
  }
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop") ?? "";
  if (!isShopDomain(shop, getEnv().shopCustomDomain)) throw notAShop();
  const customer = url.searchParams.get("logged_in_customer_id");
  const visitor = customer ? `customer:${customer}` : `address:${clientAddress}`;
  const decision = takeStorefrontToken(shop, visitor);
  if (!decision.allowed) {
    throw new Response(JSON.stringify({ error: "too many requests" }), {
      status: 429,
      headers: { ...jsonHeaders, "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  return { shop, url };
}
