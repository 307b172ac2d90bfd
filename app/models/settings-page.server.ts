import { getEnv } from "../env.server";
import { billingEntitiesForSettings, billingEntityError } from "./billing.server";
import { invalidateCatalogue, listBillingEntities } from "./catalogue.server";
import { testPrintConnection, type ConnectionReport } from "./connection.server";
import {
  callbackUrlFor,
  getPrintSettingsForDisplay,
  parsePrintSettingsForm,
  savePrintSettings,
  serviceUrlError,
  type PrintSettingsInput,
} from "./print-settings.server";

/**
 * The Settings page: the stored settings (defaults before the first save),
 * the callback URL, the billing entities once the keys are saved, and saving
 * the form with the checks that need the network.
 */

export async function loadSettingsPage({ shop }: { shop: string }) {
  const settings = await getPrintSettingsForDisplay({ shop });
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  const billing = connected ? await listBillingEntities({ shop }) : null;
  return {
    settings: settings ?? {
      printEnvironment: "sandbox" as const,
      printBaseUrl: null,
      merchantApiKey: null,
      secretKeySet: false,
      applicationApiKeySet: false,
      buttonKey: null,
      currency: "EUR",
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
          ? { status: "error" as const, problem: billing.problem }
          : null,
  };
}

export type SettingsActionData =
  | { intent: "save"; ok: true; report?: ConnectionReport }
  | { intent: "save"; ok: false; fieldErrors: Record<string, string> }
  | { intent: "test"; ok: true; report: ConnectionReport };

/**
 * Checks and saves the settings form; nothing is saved while a field is wrong.
 * `test` then tests the connection with the saved settings.
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
  if (!parsed.ok) return { intent: "save", ok: false, fieldErrors: parsed.fieldErrors };
  const fieldErrors = await networkFieldErrors(shop, parsed.input, stored);
  if (Object.keys(fieldErrors).length > 0) return { intent: "save", ok: false, fieldErrors };
  await savePrintSettings({ shop, input: parsed.input });
  invalidateCatalogue({ shop });
  const report = test ? await testPrintConnection({ shop }) : undefined;
  return { intent: "save", ok: true, ...(report ? { report } : {}) };
}

/**
 * The checks that need the network, once the form itself is valid: where the
 * service URL resolves to, and whether the billing entity is the account's own.
 */
async function networkFieldErrors(
  shop: string,
  input: PrintSettingsInput,
  stored: Awaited<ReturnType<typeof getPrintSettingsForDisplay>>,
): Promise<Record<string, string>> {
  if (input.printBaseUrl) {
    const error = await serviceUrlError(input.printBaseUrl);
    if (error) return { printBaseUrl: error };
  }
  const billingEntityId = input.billingEntityId ?? null;
  if (billingEntityId === null) return {};
  // Checked when chosen or when the account changes; not on every save, so an
  // outage at the print service does not block saving other settings.
  const unchanged =
    stored !== null &&
    stored.billingEntityId === billingEntityId &&
    stored.printEnvironment === input.printEnvironment &&
    (stored.printBaseUrl ?? null) === (input.printBaseUrl ?? null) &&
    stored.merchantApiKey === input.merchantApiKey;
  if (unchanged) return {};
  const error = await billingEntityError({ shop, input: { ...input, billingEntityId } });
  return error ? { billingEntityId: error } : {};
}
