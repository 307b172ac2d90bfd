import { getCarrierSettings, saveBackupRatesFromForm } from "../../data/carrier.server";
import { getEnv } from "../../env.server";
import { getLogger } from "../../lib/logger.server";
import { disableCarrierRates, enableCarrierRates } from "../../lib/rates.server";
import { getShopInfo } from "../../lib/shop-info.server";
import { carrierCallbackText } from "../../services/merchant-text/rates";
import { shopCurrency } from "../../services/pricing/currency";
import type { BackupRatesFormResult } from "../../services/rates/backup-rate-form";
import { adminGraphql, SHOPIFY_FAILURE_TEXT, type AdminApi } from "../../services/shopify-admin";

/** The Shipping rates page: checkout rates on or off, and the backup rates. */

/** The shop's currency from Shopify (backup prices are in it), else the one in its settings. */
async function backupRatesCurrency({ shop, admin }: { shop: string; admin: AdminApi }) {
  const info = await getShopInfo({ shop, admin });
  // The settings are read only when Shopify could not say.
  const settings = info ? null : await getCarrierSettings({ shop });
  return shopCurrency(info?.currencyCode, settings?.currency);
}

export async function loadShippingRatesPage({ shop, admin }: { shop: string; admin: AdminApi }) {
  const graphql = adminGraphql(admin);
  let settings = await getCarrierSettings({ shop });
  let problem: string | null = null;
  // Self-healing: rates on but no carrier service (e.g. after a reinstall), or
  // one still calling the unbound URL of older versions.
  if (
    settings?.enabled &&
    settings.installed &&
    (!settings.carrierServiceId || !settings.callbackBound)
  ) {
    try {
      await enableCarrierRates({ shop, graphql });
      settings = await getCarrierSettings({ shop });
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const currency = await backupRatesCurrency({ shop, admin });
  return {
    enabled: settings?.enabled ?? false,
    registered: Boolean(settings?.carrierServiceId),
    // The token stays on the server: it is what binds Shopify's calls to this shop.
    callback: carrierCallbackText(getEnv().shopifyAppUrl, Boolean(settings?.carrierServiceId)),
    currency,
    backupRates: settings?.backupRates ?? [],
    problem,
  };
}

export type ShippingRatesAnswer = BackupRatesFormResult | { ok: boolean; message: string };

/** Turn on, turn off, or save the backup rates: the answer the page shows, and its HTTP status. */
export async function runShippingRatesAction({
  shop,
  admin,
  form,
  requestLocale,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  /** The admin's language as the request tells it. */
  requestLocale: string;
}): Promise<{ answer: ShippingRatesAnswer; status: number }> {
  const graphql = adminGraphql(admin);
  const intent = form.get("intent");
  try {
    if (intent === "enable") {
      await enableCarrierRates({ shop, graphql });
      return { answer: { ok: true, message: "Checkout rates are on." }, status: 200 };
    }
    if (intent === "disable") {
      await disableCarrierRates({ shop, graphql });
      return { answer: { ok: true, message: "Checkout rates are off." }, status: 200 };
    }
    if (intent === "backup") {
      const result = await saveBackupRatesFromForm({
        shop,
        rowsJson: String(form.get("rows") ?? "[]"),
        currency: await backupRatesCurrency({ shop, admin }),
        // The locale the page showed the prices in (the app's format context); else this request's.
        locale: String(form.get("locale") ?? "") || requestLocale,
      });
      return { answer: result, status: 200 };
    }
  } catch (error) {
    getLogger().warn({ shop, intent, err: error }, "shipping rates settings failed");
    return {
      answer: {
        ok: false,
        fieldErrors: {},
        message: SHOPIFY_FAILURE_TEXT.changeNotAccepted(
          error instanceof Error ? error.message : String(error),
        ),
      },
      status: 200,
    };
  }
  return { answer: { ok: false, message: "Unknown action." }, status: 400 };
}
