/**
 * Wiring of the checkout rates into the app: the process-wide quote cache,
 * the print client, the database and the carrier service registered through
 * the Admin GraphQL client. The rules live in app/services/rates/, which is
 * framework-free; this module imports no Shopify app library either, so the
 * install hook in app/shopify.server.ts can import it.
 */
import { Prisma, type Shop } from "@prisma/client";
import prisma, { appTable } from "../db.server";
import { getEnv } from "../env.server";
import {
  ensureCarrierCallbackToken,
  forgetCarrierService,
  getCarrierSettings,
  saveCarrierState,
} from "../data/carrier.server";
import { getShop } from "../data/shop.server";
import { parseStoredBackupRates } from "../services/rates/backup";
import {
  answerRateRequest,
  type RatesAnswer,
  type RatesShopSettings,
} from "../services/rates/carrier-rates";
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
import { PerVersionCache } from "../services/rates/per-version";
import { TurnBatcher } from "../services/rates/turn-batch";
import type { MappedVariant, RateRequest } from "../services/rates/rate-request";
import { variantGid } from "../services/shopify-admin/ids";
import type { PrintClient } from "../services/print";
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

type RateRequestState = { version: string; mappings: Map<string, MappedVariant> } | null;

/**
 * What a rate request reads of the database, in one statement scoped to the
 * shop: the shop's settings version (`Shop.updatedAt`, which every change to
 * the row moves) and the mappings of the carts' variants. Null for a shop the
 * app does not know. A plain statement: it costs a fraction of two model
 * queries, and it is the only one a rate request runs while the shop's
 * settings stay the same. The shop's requests of one event-loop turn share it
 * (`rateRequestReads`): each gets the mappings of all their variants.
 */
async function readRateRequestState({
  shop,
  variantGids,
}: {
  shop: string;
  variantGids: string[];
}): Promise<RateRequestState> {
  const ids = [...new Set(variantGids)];
  const rows = await prisma.$queryRaw<
    {
      version: unknown;
      variantId: string | null;
      offeringId: number | bigint | null;
      numberOfPages: number | bigint | null;
    }[]
  >(
    ids.length === 0
      ? Prisma.sql`SELECT s."updatedAt" AS "version", NULL AS "variantId", NULL AS "offeringId", NULL AS "numberOfPages" FROM ${appTable("Shop")} s WHERE s."shop" = ${shop}`
      : Prisma.sql`SELECT s."updatedAt" AS "version", m."variantId", m."offeringId", m."numberOfPages" FROM ${appTable("Shop")} s LEFT JOIN ${appTable("VariantMapping")} m ON m."shop" = s."shop" AND m."variantId" IN (${Prisma.join(ids)}) WHERE s."shop" = ${shop}`,
  );
  const first = rows[0];
  if (!first) return null;
  const mappings = new Map<string, MappedVariant>();
  for (const row of rows) {
    if (row.variantId === null || row.offeringId === null) continue;
    mappings.set(row.variantId, {
      variantId: row.variantId,
      offeringId: Number(row.offeringId),
      numberOfPages: row.numberOfPages === null ? null : Number(row.numberOfPages),
    });
  }
  return { version: settingsVersion(first.version), mappings };
}

/**
 * A timestamp as the drivers return it (a Date; a number or text from an
 * older SQLite file) written as `Shop.updatedAt.toISOString()` is, so checkout
 * and the storefront (which reads the row through the model) share quote keys.
 */
function settingsVersion(value: unknown): string {
  const date =
    value instanceof Date
      ? value
      : new Date(
          typeof value === "number" || typeof value === "bigint" ? Number(value) : String(value),
        );
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** The shop's rate requests of one event-loop turn read their state in one statement. */
export const rateRequestReads = new TurnBatcher<string, RateRequestState>(
  (shop, variantGids) => readRateRequestState({ shop, variantGids }),
  // Well under SQLite's and PostgreSQL's limits on bound values per statement.
  { maxItems: 500 },
);

/** What answering a rate request needs of a shop row, built once per settings version. */
interface ShopRatesContext {
  settings: RatesShopSettings;
  /** Null until the shop has entered its print-service keys. */
  client: PrintClient | null;
}

/**
 * Per shop: its rate settings and print client for the settings version last
 * seen. The row is read, the backup rates parsed and the keys decrypted only
 * when the version moves (any save of the shop row), not per request.
 */
export const shopRatesContexts = new PerVersionCache<ShopRatesContext | null>(10_000);

async function buildShopRatesContext(shop: string, version: string) {
  const row: Shop | null = await getShop({ shop });
  if (!row) return null;
  return {
    settings: {
      enabled: row.carrierRatesEnabled,
      installed: row.uninstalledAt === null,
      version,
      backupRates: parseStoredBackupRates(row.backupRates),
    },
    // The row in hand: a client already built for these settings is reused as is.
    client: await printClientFor(row),
  };
}

/**
 * Answers a verified carrier-service rate request for a shop: one statement
 * (settings version and the cart's mappings; shared with the shop's other
 * requests of this turn), the shop's cached context, then the quote (from
 * the cache, or asked of the print service at once).
 */
export async function answerCarrierRates({
  shop,
  request,
}: {
  shop: string;
  request: RateRequest;
}): Promise<RatesAnswer> {
  const variantGids = request.items
    .map((i) => i.variant_id)
    .filter((v): v is string => Boolean(v))
    .map(variantGid);
  const state = await rateRequestReads.read(shop, variantGids);
  const context = state
    ? await shopRatesContexts.get(shop, state.version, () =>
        buildShopRatesContext(shop, state.version),
      )
    : null;
  if (!state || !context) {
    // Erased (shop/redact) or never installed: keep no client with its keys.
    shopRatesContexts.delete(shop);
    return { status: 200, body: { rates: [] }, outcome: "disabled", reason: "unknown shop" };
  }
  const { client } = context;
  return answerRateRequest(
    {
      quoter: quoteCache,
      upstream: (input) =>
        client
          ? quoteShipping(client, input)
          : Promise.resolve({ kind: "failed", reason: "no print-service account is connected" }),
      budgetMs: ratesRuntime.checkoutBudgetMs,
      now: () => new Date(),
      // The child logger is made only for the few answers that log.
      log: {
        info: (obj, msg) => log().info(obj, msg),
        warn: (obj, msg) => log().warn(obj, msg),
      },
    },
    { shop, settings: context.settings, mappings: state.mappings, request },
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
