import { getEnv } from "../../env.server";
import { carrierCallbackTokenOf, getCarrierSettings } from "../../data/carrier.server";
import { lastPaidWebhookAt, checkEverySeconds } from "../../data/handoff.server";
import { mappingCheckCounts } from "../../data/mapping.server";
import { statusCallbackFacts } from "../../data/order-activity.server";
import { callbackUrlFor } from "../../data/print-settings.server";
import { shopClient } from "../../lib/catalogue.server";
import { carrierCallbackUrl, enableCarrierRates } from "../../lib/rates.server";
import { countPriceProblems } from "../../lib/repricing.server";
import { flattenBillingEntities } from "../../services/billing-entity-tree";
import { SETUP_ACTION_TEXT, SETUP_CHECK_TEXT } from "../../services/merchant-text/setup-check";
import type { KeyCheck } from "../../services/print-connection/checks";
import { PrintConnectionError, PrintTimeoutError } from "../../services/print";
import { describePrintError } from "../../services/merchant-text/print-problem";
import { listCarrierServices } from "../../services/rates/carrier-service";
import { known, unknown, type SetupFacts } from "../../services/setup-check/facts";
import {
  judgeSetup,
  themeEditorUrl,
  type SetupCheck,
  type SetupIntent,
} from "../../services/setup-check/judge";
import { probe } from "../../services/setup-check/probe";
import {
  askShopifyAgainAfterBlip,
  enableCartRule,
  readCartRule,
  readLatestPaidOrder,
  readProductBlock,
  shopifyReason,
} from "../../services/setup-check/shopify";
import { PRODUCT_BLOCK_HANDLE } from "../../services/shopify-admin/documents/setup-check";
import { ShopifyAdminError, type AdminGraphql } from "../../services/shopify-admin";

/**
 * Home's setup check: asks Shopify (through the page's Admin client), the print service
 * (through the shop's print client) and the database, each live call bounded, and judges the
 * answers (services/setup-check/judge.ts). Home streams it, so the page never waits for it.
 */

/** How long each live question may take before it counts as "couldn't check". */
export const SETUP_CHECK_TIMEOUT_MS = { shopify: 6_000, print: 9_000 };
/** The check looks back this far for status callbacks and payments at the print service. */
const WINDOW_MS = 30 * 24 * 60 * 60_000;

const T = SETUP_CHECK_TEXT;

const shopify = <R>(run: () => Promise<R>) =>
  probe(
    SETUP_CHECK_TIMEOUT_MS.shopify,
    () => askShopifyAgainAfterBlip(run),
    shopifyReason,
    T.reason.shopifySlow,
  );

function printReason(error: unknown): string {
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError)
    return T.reason.printUnreachable;
  const p = describePrintError(error);
  return `${p.title}${p.title.endsWith(".") ? "" : "."}`;
}

async function billingFact(shop: string, savedId: number | null) {
  return probe(
    SETUP_CHECK_TIMEOUT_MS.print,
    async () => {
      if (savedId === null) return { savedId, found: true, name: null };
      const c = await shopClient(shop);
      if (!c) return { savedId, found: false, name: null };
      const roots = await c.client.billingEntities.list({ timeoutMs: 8_000, retry: false });
      const entity = flattenBillingEntities(roots).find((e) => e.id === savedId);
      return { savedId, found: Boolean(entity), name: entity?.companyName ?? null };
    },
    printReason,
    T.reason.printSlow,
  );
}

export async function runSetupCheck({
  shop,
  graphql,
  keys,
  settings,
  installedAt,
  now = new Date(),
}: {
  shop: string;
  graphql: AdminGraphql;
  /** Home's key check (one call, shared with the keys banner). */
  keys: Promise<KeyCheck | null>;
  settings: { billingEntityId: number | null; callbackId: string } | null;
  installedAt: Date | null;
  now?: Date;
}): Promise<SetupCheck> {
  const env = getEnv();
  const since = new Date(now.getTime() - WINDOW_MS);
  const [counts, callbacks, lastPaidAt, carrier, token, prices] = await Promise.all([
    mappingCheckCounts({ shop }),
    statusCallbackFacts({ shop, since }),
    lastPaidWebhookAt({ shop }),
    getCarrierSettings({ shop }),
    carrierCallbackTokenOf({ shop }),
    countPriceProblems({ shop }),
  ]);
  const keyProbe = await probe(
    SETUP_CHECK_TIMEOUT_MS.print,
    async (): Promise<KeyCheck> => (await keys) ?? { status: "not_set" },
    printReason,
    T.reason.printSlow,
  );
  const keysWork = keyProbe.known && keyProbe.value.status === "ok";
  const ratesOn = Boolean(carrier?.enabled);
  const [billing, latestPaidOrder, services, cartRule, block] = await Promise.all([
    keysWork ? billingFact(shop, settings?.billingEntityId ?? null) : Promise.resolve(null),
    shopify(() => readLatestPaidOrder(graphql)),
    ratesOn ? shopify(() => listCarrierServices(graphql)) : Promise.resolve(null),
    counts.inSets > 0 ? shopify(() => readCartRule(graphql)) : Promise.resolve(null),
    shopify(() => readProductBlock(graphql)),
  ]);
  const facts: SetupFacts = {
    now,
    installedAt,
    mappings: counts.total,
    keys: keyProbe,
    billing,
    callbacks: {
      ...callbacks,
      url: settings ? callbackUrlFor(env.shopifyAppUrl, settings.callbackId) : null,
    },
    webhooks: { lastPaidAt, latestPaidOrder },
    carrier: {
      enabled: ratesOn,
      expectedUrl: token ? carrierCallbackUrl(token) : null,
      services,
    },
    cartRule: { needed: counts.inSets, state: cartRule },
    productBlock: !block.known
      ? block
      : block.value
        ? known(block.value)
        : unknown(T.reason.noLiveTheme),
    themeEditorUrl: themeEditorUrl(shop, env.shopifyApiKey, PRODUCT_BLOCK_HANDLE),
    files: { failing: counts.failingFiles },
    prices,
  };
  return judgeSetup(facts, {
    checkEveryMinutes: Math.max(1, Math.round(checkEverySeconds() / 60)),
  });
}

/** A setup-check button: the cart rule turned on, or the carrier service registered again. */
export async function runSetupAction({
  shop,
  graphql,
  intent,
}: {
  shop: string;
  graphql: AdminGraphql;
  intent: SetupIntent;
}): Promise<{ ok: boolean; message: string }> {
  const A = SETUP_ACTION_TEXT;
  try {
    if (intent === "enable-cart-rule") {
      const result = await enableCartRule(graphql);
      if (result === "not_deployed") return { ok: false, message: A.cartRuleNotDeployed };
      return { ok: true, message: result === "already_on" ? A.cartRuleAlreadyOn : A.cartRuleOn };
    }
    const carrier = await getCarrierSettings({ shop });
    if (!carrier?.enabled) return { ok: false, message: A.carrierOff };
    await enableCarrierRates({ shop, graphql });
    return { ok: true, message: A.carrierRegistered };
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    if (error.transient) return { ok: false, message: A.shopifyUnavailable };
    const detail = /access denied/i.test(error.message) ? T.reason.missingAccess : error.message;
    return {
      ok: false,
      message: intent === "enable-cart-rule" ? A.cartRuleRefused(detail) : A.carrierRefused(detail),
    };
  }
}
