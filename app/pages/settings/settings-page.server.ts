import { addressLinkSettingOf, saveAddressLinkSetting } from "../../data/address-links.server";
import { alertSettingsOf, saveShopAlertSettings } from "../../data/alerts.server";
import { confirmServiceMove, getServiceModel } from "../../data/fulfillment-service.server";
import { getEnv } from "../../env.server";
import { getLogger } from "../../lib/logger.server";
import {
  hintOnSettingsPage,
  KEY_FIELD_ERROR,
  type KeyProblem,
} from "../../services/merchant-text/settings";
import { billingEntitiesForSettings, billingEntityError } from "../../lib/billing-entities.server";
import { invalidateCatalogue, listBillingEntities } from "../../lib/catalogue.server";
import { testFormKeys } from "../../lib/print-connection.server";
import type { ConnectionReport } from "../../services/print-connection/checks";
import {
  callbackUrlFor,
  getPrintSettingsForDisplay,
  savePrintSettings,
  type PrintSettingsInput,
} from "../../data/print-settings.server";
import { FALLBACK_CURRENCY } from "../../services/pricing/currency";
import {
  parsePrintSettingsForm,
  postedServiceUrlError,
  serviceUrlError,
} from "./settings-form.server";

/**
 * The Settings page: the stored settings (defaults before the first save),
 * the callback URL, the billing entities once the keys are saved, and saving
 * the form with the checks that need the network.
 */

export async function loadSettingsPage({ shop }: { shop: string }) {
  const [settings, alerts, service, addressLinks] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    alertSettingsOf(shop),
    getServiceModel({ shop }),
    addressLinkSettingOf(shop),
  ]);
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  const billing = connected ? await listBillingEntities({ shop }) : null;
  return {
    alerts,
    service,
    addressLinks,
    settings: settings ?? {
      printEnvironment: "sandbox" as const,
      printBaseUrl: null,
      merchantApiKey: null,
      secretKeySet: false,
      applicationApiKeySet: false,
      buttonKey: null,
      currency: FALLBACK_CURRENCY,
      billingEntityId: null,
      routingMode: "immediate" as const,
      holdHours: 0,
      notifyCustomer: true,
      callbackId: null,
    },
    connected,
    callbackUrl: settings ? callbackUrlFor(getEnv().shopifyAppUrl, settings.callbackId) : null,
    billing:
      billing?.status === "ok"
        ? {
            status: "ok" as const,
            // Without the ones the merchant hid here; those come apart, in `hidden`.
            ...(await billingEntitiesForSettings({ shop, roots: billing.data })),
          }
        : billing?.status === "error"
          ? {
              status: "error" as const,
              // Said on the Settings page: its hint points at the fields, not at "the settings".
              problem: { ...billing.problem, hint: hintOnSettingsPage(billing.problem.hint) },
            }
          : null,
  };
}

/** The alerts section's own form (Settings, intent "alerts"). */
export async function saveAlertsFromForm({ shop, form }: { shop: string; form: FormData }) {
  const result = await saveShopAlertSettings(shop, {
    alertEmail: String(form.get("alertEmail") ?? "").slice(0, 1_000),
    attention: form.get("attention") === "on",
    webhooks: form.get("webhooks") === "on",
    payment: form.get("payment") === "on",
    prices: form.get("prices") === "on",
    weekly: form.get("weekly") === "on",
  });
  return { intent: "alerts" as const, ...result };
}

/** When customers get their address link (Settings, intent "address_links"). */
export async function saveAddressLinksFromForm({ shop, form }: { shop: string; form: FormData }) {
  const result = await saveAddressLinkSetting(shop, String(form.get("customerAddressLinks") ?? ""));
  return { intent: "address_links" as const, ...result };
}

/** The merchant confirms the move to the fulfillment service (Settings, intent "service_move"). */
export async function moveToServiceFromForm({ shop }: { shop: string }) {
  const moved = await confirmServiceMove({ shop });
  return { intent: "service_move" as const, ok: moved };
}

export type SettingsActionData =
  | {
      intent: "save";
      ok: true;
      report?: ConnectionReport;
      /** Saved at the merchant's word although the key check failed. */
      savedDespite?: KeyProblem;
    }
  | {
      intent: "save";
      ok: false;
      fieldErrors: Record<string, string>;
      /** The keys in the form failed the check; the merchant may save them anyway. */
      keyProblem?: KeyProblem;
      report?: ConnectionReport;
    }
  | { intent: "test"; ok: true; report: ConnectionReport };

type StoredSettings = Awaited<ReturnType<typeof getPrintSettingsForDisplay>>;

/**
 * Checks and saves the settings form; nothing is saved while a field is wrong.
 *
 * Keys are tested before they are stored: a key the print service refuses (or keys it could not
 * be asked about) would otherwise go live at once, and the catalogue and every order of the shop
 * would fail from that moment. So when the account changes (environment, URL, merchant key, a
 * new legacy key), Save and "Save and test connection" first test the keys in the form, and
 * store them only when the service accepts them, or when the merchant confirms in so many
 * words (`saveAnyway`), which is logged. Settings other than the account never wait for the
 * service. `test` also tests unchanged keys and reports, as "Test connection" does.
 */
export async function saveSettingsFromForm({
  shop,
  form,
  test,
}: {
  shop: string;
  form: FormData;
  test: boolean;
}): Promise<SettingsActionData> {
  const stored = await getPrintSettingsForDisplay({ shop });
  const parsed = parsePrintSettingsForm(form, stored);
  if (!parsed.ok) {
    const urlError = await postedServiceUrlError(form, parsed.fieldErrors);
    return {
      intent: "save",
      ok: false,
      fieldErrors: { ...parsed.fieldErrors, ...(urlError ? { printBaseUrl: urlError } : {}) },
    };
  }
  const input = parsed.input;
  if (input.printBaseUrl) {
    const error = await serviceUrlError(input.printBaseUrl);
    if (error) return { intent: "save", ok: false, fieldErrors: { printBaseUrl: error } };
  }

  const changed = accountChanged(input, stored);
  const keyTest = changed || test ? await testFormKeys({ shop, input }) : null;
  // Unchanged keys are live already: their test is a report, not a reason to refuse the save.
  const problem = changed ? (keyTest?.problem ?? null) : null;
  const report = keyTest?.report;
  if (problem && form.get("saveAnyway") !== "on") {
    return {
      intent: "save",
      ok: false,
      fieldErrors: keyFieldErrors(problem),
      keyProblem: problem,
      ...(report ? { report } : {}),
    };
  }

  // A billing entity cannot be checked with keys the service refuses or cannot be asked about;
  // it is checked again whenever the account changes next.
  if (!problem) {
    const error = await billingEntityFieldError(shop, input, stored);
    if (error) return { intent: "save", ok: false, fieldErrors: { billingEntityId: error } };
  }

  await savePrintSettings({ shop, input });
  invalidateCatalogue({ shop });
  if (problem) {
    getLogger()
      .child({ component: "settings" })
      .warn(
        {
          shop,
          outcome: problem.kind,
          refusedKeys: problem.kind === "refused" ? problem.keys : [],
        },
        problem.kind === "refused"
          ? "print-service keys saved at the merchant's confirmation although the print service refused them"
          : "print-service keys saved at the merchant's confirmation without a check: the print service could not be asked",
      );
  }
  return {
    intent: "save",
    ok: true,
    ...(report && (test || problem) ? { report } : {}),
    ...(problem ? { savedDespite: problem } : {}),
  };
}

/** The fields that decide which account the shop's calls go to, and with which keys. */
function accountChanged(input: PrintSettingsInput, stored: StoredSettings): boolean {
  if (!stored?.merchantApiKey) return true;
  return (
    stored.printEnvironment !== input.printEnvironment ||
    (stored.printBaseUrl ?? null) !== (input.printBaseUrl ?? null) ||
    stored.merchantApiKey !== input.merchantApiKey ||
    // A new legacy key typed in; removing it needs no check.
    typeof input.applicationApiKey === "string"
  );
}

/** A refusal on the field of each refused key; keys that could not be checked have no fault. */
function keyFieldErrors(problem: KeyProblem): Record<string, string> {
  if (problem.kind !== "refused") return {};
  return Object.fromEntries(problem.keys.map((key) => [key, KEY_FIELD_ERROR[key]]));
}

/** Whether the billing entity is the account's own, when chosen or when the account changes. */
async function billingEntityFieldError(
  shop: string,
  input: PrintSettingsInput,
  stored: StoredSettings,
): Promise<string | null> {
  const billingEntityId = input.billingEntityId ?? null;
  if (billingEntityId === null) return null;
  // Not on every save, so an outage at the print service does not block saving other settings.
  const unchanged =
    stored !== null &&
    stored.billingEntityId === billingEntityId &&
    stored.printEnvironment === input.printEnvironment &&
    (stored.printBaseUrl ?? null) === (input.printBaseUrl ?? null) &&
    stored.merchantApiKey === input.merchantApiKey;
  if (unchanged) return null;
  return billingEntityError({ shop, input: { ...input, billingEntityId } });
}
