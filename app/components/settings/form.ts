import type { SerializeFrom } from "@remix-run/node";
import type { loadSettingsPage } from "../../pages/settings/settings-page.server";

/** The Settings page's data as its loader sends it. */
export type SettingsPageData = SerializeFrom<Awaited<ReturnType<typeof loadSettingsPage>>>;

/** The settings form's values: stored settings as text, secret keys always empty. */
export function settingsFormValues(settings: SettingsPageData["settings"]) {
  return {
    printEnvironment: settings.printEnvironment as string,
    printBaseUrl: settings.printBaseUrl ?? "",
    merchantApiKey: settings.merchantApiKey ?? "",
    secretKey: "",
    applicationApiKey: "",
    removeApplicationApiKey: false,
    buttonKey: settings.buttonKey ?? "",
    currency: settings.currency,
    billingEntityId: settings.billingEntityId ? String(settings.billingEntityId) : "",
    routingMode: settings.routingMode as string,
    holdHours: String(settings.holdHours || 24),
    notifyCustomer: settings.notifyCustomer,
  };
}

export type SettingsValues = ReturnType<typeof settingsFormValues>;

/** The fields that choose the print-service account and its keys: what the key check tests. */
export function accountValues(v: SettingsValues) {
  return {
    printEnvironment: v.printEnvironment,
    printBaseUrl: v.printBaseUrl,
    merchantApiKey: v.merchantApiKey,
    secretKey: v.secretKey,
    applicationApiKey: v.applicationApiKey,
    removeApplicationApiKey: v.removeApplicationApiKey,
  };
}

export type SetSettingsValue = <K extends keyof SettingsValues>(
  key: K,
) => (v: SettingsValues[K]) => void;
