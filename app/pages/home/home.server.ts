import { z } from "zod";
import { getEnv } from "../../env.server";
import { countMappings } from "../../data/mapping.server";
import {
  hasRecentCallback,
  listNeedingAttention,
  listRecentActivity,
} from "../../data/order-activity.server";
import { callbackUrlFor, getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { countPrintOrdersByStatus } from "../../data/print-orders.server";
import { loadDeliveryHealth } from "../../data/handoff.server";
import { runMerchantAction } from "../../lib/fulfilment-commands.server";
import { countBelowTarget } from "../../lib/repricing.server";
import { checkPrintKeys } from "../../lib/print-connection.server";
import type { KeyCheck } from "../../services/print-connection/checks";
import { countOf } from "../../services/merchant-text/orders";
import { routingModeLabel } from "../../services/merchant-text/routing";
import { getShopSetup } from "./setup.server";

/**
 * Home: the setup checklist, the print orders by status group, what needs the
 * merchant, the latest activity, and the Approve / Retry buttons of the
 * attention list.
 */

export interface HomeStep {
  id: "credentials" | "mapping" | "routing" | "callback";
  label: string;
  done: boolean;
  detail: string;
  action: { content: string; url: string } | null;
}

type Settings = Awaited<ReturnType<typeof getPrintSettingsForDisplay>>;

function setupSteps(settings: Settings, mappings: number, callbackSeen: boolean): HomeStep[] {
  const credentials = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  return [
    {
      id: "credentials",
      label: "Connect your print-service account",
      done: credentials,
      detail: credentials
        ? `Keys saved for the ${settings?.printEnvironment} environment.`
        : "Enter your merchant API key and secret key.",
      action: { content: credentials ? "Review settings" : "Open Settings", url: "/app/settings" },
    },
    {
      id: "mapping",
      label: "Map a product to a print offering",
      done: mappings > 0,
      detail:
        mappings > 0
          ? `${countOf(mappings, "variant")} mapped.`
          : "Choose what the print service makes for a variant.",
      action: { content: mappings > 0 ? "Manage products" : "Map a product", url: "/app/products" },
    },
    {
      id: "routing",
      label: "Choose how orders go to print",
      done: credentials,
      detail: settings
        ? `${routingModeLabel(settings.routingMode)}${settings.routingMode === "hold" ? ` of ${countOf(settings.holdHours, "hour")}` : ""}.`
        : "Immediately, after a hold period, or on your approval.",
      action: { content: "Choose routing", url: "/app/settings#routing" },
    },
    {
      id: "callback",
      label: "Add the status callback URL to your print-service account",
      done: callbackSeen,
      detail: callbackSeen
        ? "Status updates are arriving."
        : "Paste it as the status update URL so order changes arrive at once.",
      action: null,
    },
  ];
}

/** Home's data; `keys` is a promise the page streams in (a key check can take a while). */
export async function loadHome({ shop, grantedScopes }: { shop: string; grantedScopes: string }) {
  const [
    setup,
    settings,
    mappings,
    counts,
    attention,
    activity,
    callbackSeen,
    belowTarget,
    deliveryHealth,
  ] = await Promise.all([
    getShopSetup({ shop, grantedScopes }),
    getPrintSettingsForDisplay({ shop }),
    countMappings({ shop }),
    countPrintOrdersByStatus({ shop }),
    listNeedingAttention({ shop, take: 10 }),
    listRecentActivity({ shop, take: 10 }),
    hasRecentCallback({ shop }),
    // From kept quotes and known prices: no call to the print service or Shopify.
    countBelowTarget({ shop }),
    // Handoff time, orders the regular check found, the last webhook: stored data only.
    loadDeliveryHealth({ shop }),
  ]);
  const credentials = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  // Not awaited: the page shows at once, a warning follows if the keys fail.
  const keys: Promise<KeyCheck | null> = credentials
    ? checkPrintKeys({ shop })
    : Promise.resolve(null);
  return {
    keys,
    shop,
    installedAt: setup.installedAt,
    scopesOk: setup.steps.every((s) => s.done),
    scopeDetail: setup.steps.find((s) => !s.done)?.detail ?? null,
    steps: setupSteps(settings, mappings, callbackSeen),
    callbackUrl: settings ? callbackUrlFor(getEnv().shopifyAppUrl, settings.callbackId) : null,
    counts,
    attention,
    activity,
    belowTarget,
    deliveryHealth,
  };
}

/** What Home's view reads. */
export type HomeView = Awaited<ReturnType<typeof loadHome>>;
export type AttentionRow = HomeView["attention"][number];
export type ActivityRow = HomeView["activity"][number];

const actionSchema = z.object({
  intent: z.enum(["approve", "retry"]),
  id: z.string().min(1).max(64),
});

/** Approve or Retry one order of the attention list. */
export async function runHomeAction({
  shop,
  form,
}: {
  shop: string;
  form: FormData;
}): Promise<{ status: number; body: { ok: boolean; message: string } }> {
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, body: { ok: false, message: "Unknown action" } };
  const result = await runMerchantAction({ shop, action: parsed.data });
  return {
    status: !result.ok && result.status === 404 ? 404 : 200,
    body: { ok: result.ok, message: result.message },
  };
}
