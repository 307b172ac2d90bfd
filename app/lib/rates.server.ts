/**
 * Wiring of the checkout rates into the app: the process-wide quote cache,
 * the print client, the database and the carrier service registered through
 * the Admin GraphQL client. The rules live in app/services/rates/, which is
 * framework-free; this module imports no Shopify app library either, so the
 * install hook in app/shopify.server.ts can import it.
 */
import { getEnv } from "../env.server";
import {
  ensureCarrierCallbackToken,
  findMappedVariants,
  forgetCarrierService,
  getCarrierSettings,
  saveCarrierState,
} from "../models/carrier.server";
import { answerRateRequest, type RatesAnswer } from "../services/rates/carrier-rates";
import {
  carrierCallbackUrlFor,
  deleteCarrierService,
  registerCarrierService,
} from "../services/rates/carrier-service";
import {
  outcomeTtlMs,
  quoteShipping,
  type QuoteInput,
  type QuoteOutcome,
} from "../services/rates/print-quote";
import { CachedQuoter } from "../services/rates/quoter";
import { InFlightLimit } from "../services/rates/in-flight";
import { variantGid, type RateRequest } from "../services/rates/rate-request";
import { adminGraphql, type AdminApi, type AdminGraphql } from "../services/shopify-admin";
import { getLogger } from "./logger.server";
import { printClientFor } from "./print-client.server";

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

/**
 * Checkout rate requests under way in this process, for all shops. Shopify
 * signs every request, so there is no per-shop rate to enforce: a busy shop's
 * checkout is answered at whatever rate it comes. Only a flood (far more work
 * under way than the quote cache and the time budget ever let pile up) is
 * shed, before the body is read, with 503 and Retry-After; Shopify then shows
 * the backup rates from its own settings.
 */
export const CHECKOUT_MAX_IN_FLIGHT = 256;
export const checkoutInFlight = new InFlightLimit(CHECKOUT_MAX_IN_FLIGHT);

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
 * through `admin`: the install hook hands its own, background work the
 * offline session (app/lib/carrier-resume.server.ts). It is asked for only
 * when there is work. Returns the id, or null when there was nothing to do.
 */
export async function resumeCarrierRates({
  shop,
  admin,
}: {
  shop: string;
  admin: () => Promise<AdminApi>;
}): Promise<string | null> {
  const settings = await getCarrierSettings({ shop });
  if (!settings?.enabled || !settings.installed) return null;
  if (settings.carrierServiceId && settings.callbackBound) return null;
  return enableCarrierRates({ shop, graphql: adminGraphql(await admin()) });
}
