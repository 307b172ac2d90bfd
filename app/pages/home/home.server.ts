import { z } from "zod";
import { listNeedingAttention, listRecentActivity } from "../../data/order-activity.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { countPrintOrdersByStatus } from "../../data/print-orders.server";
import { loadDeliveryHealth } from "../../data/handoff.server";
import { runMerchantAction } from "../../lib/fulfilment-commands.server";
import { countBelowTarget } from "../../lib/repricing.server";
import { checkPrintKeys } from "../../lib/print-connection.server";
import type { KeyCheck } from "../../services/print-connection/checks";
import type { SetupCheck } from "../../services/setup-check/judge";
import type { AdminGraphql } from "../../services/shopify-admin";
import { getShopSetup } from "./setup.server";
import { runSetupAction, runSetupCheck } from "./setup-check.server";

/**
 * Home: the setup check (streamed), the print orders by status group, what needs the
 * merchant, the latest activity, the Approve / Retry buttons of the attention list and the
 * setup check's buttons.
 */

/**
 * Home's data; `keys` and `setupCheck` are promises the page streams in (they ask the print
 * service and Shopify, which can take a while).
 */
export async function loadHome({
  shop,
  grantedScopes,
  graphql,
}: {
  shop: string;
  grantedScopes: string;
  /** The page's Admin client, for the setup check. */
  graphql: AdminGraphql;
}) {
  const [setup, settings, counts, attention, activity, belowTarget, deliveryHealth] =
    await Promise.all([
      getShopSetup({ shop, grantedScopes }),
      getPrintSettingsForDisplay({ shop }),
      countPrintOrdersByStatus({ shop }),
      listNeedingAttention({ shop, take: 10 }),
      listRecentActivity({ shop, take: 10 }),
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
  // Not awaited either: the check asks Shopify and the print service, each call bounded.
  const setupCheck: Promise<SetupCheck> = runSetupCheck({
    shop,
    graphql,
    keys,
    settings,
    installedAt: setup.installedAt ? new Date(setup.installedAt) : null,
  });
  return {
    keys,
    setupCheck,
    shop,
    installedAt: setup.installedAt,
    scopesOk: setup.steps.every((s) => s.done),
    scopeDetail: setup.steps.find((s) => !s.done)?.detail ?? null,
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

const setupActionSchema = z.object({
  intent: z.enum(["enable-cart-rule", "register-carrier"]),
});

/** Approve or Retry one order of the attention list, or a button of the setup check. */
export async function runHomeAction({
  shop,
  form,
  graphql,
}: {
  shop: string;
  form: FormData;
  graphql: AdminGraphql;
}): Promise<{ status: number; body: { ok: boolean; message: string; intent?: string } }> {
  const fields = Object.fromEntries(form);
  const setupAction = setupActionSchema.safeParse(fields);
  if (setupAction.success) {
    const { intent } = setupAction.data;
    return { status: 200, body: { ...(await runSetupAction({ shop, graphql, intent })), intent } };
  }
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success) return { status: 400, body: { ok: false, message: "Unknown action" } };
  const result = await runMerchantAction({ shop, action: parsed.data });
  return {
    status: !result.ok && result.status === 404 ? 404 : 200,
    body: { ok: result.ok, message: result.message },
  };
}
