/**
 * What the app does when a shop signs in (the Shopify library's afterAuth hook: install and
 * reinstall), changes the app's scopes, or uninstalls it. Imports no Shopify app library, so
 * app/shopify.server.ts can call it from the hook.
 */
import { forgetCarrierService } from "../data/carrier.server";
import {
  recordInstall,
  recordUninstall,
  updateSessionScopes,
  updateShopScopes,
} from "../data/shop.server";
import type { AdminApi } from "../services/shopify-admin";
import { ensureFulfillmentService } from "./fulfillment-service.server";
import { resumeAfterSignIn } from "./fulfilment-commands.server";
import { rememberContactAtSignIn } from "./shop-contact.server";
import { getLogger } from "./logger.server";
import { resumeCarrierRates } from "./rates.server";

const log = () => getLogger().child({ component: "shopify" });

/** After a sign-in that made a new offline session: install, reinstall or a token refresh. */
export async function afterSignIn({
  session,
  admin,
}: {
  session: { shop: string; scope?: string | undefined };
  admin: AdminApi;
}): Promise<void> {
  await recordInstall({ shop: session.shop, scopes: session.scope ?? "" });
  // A reinstall brings checkout rates back if the merchant had them on,
  // through the admin this sign-in just made. Awaited, so it never races
  // another token refresh; its failure never blocks sign-in (the Shipping
  // rates page registers again).
  try {
    await resumeCarrierRates({ shop: session.shop, admin: async () => admin });
  } catch (error) {
    log().warn({ err: error, shop: session.shop }, "carrier rates not resumed");
  }
  // The app's fulfillment service and its location (a failure is tried again on a later
  // visit: app/lib/fulfillment-service.server.ts).
  try {
    await ensureFulfillmentService({ shop: session.shop, admin: async () => admin });
  } catch (error) {
    log().warn({ err: error, shop: session.shop }, "fulfillment service not registered");
  }
  // The shop's name and e-mail kept, for the alerts Shopify cannot help with (its access lost).
  try {
    await rememberContactAtSignIn(session.shop, admin);
  } catch (error) {
    log().warn({ err: error, shop: session.shop }, "shop contact not read at sign-in");
  }
  // The print orders that stopped while the app had no access to the store go on.
  try {
    const resumed = await resumeAfterSignIn(session.shop);
    if (resumed > 0)
      log().info({ shop: session.shop, resumed }, "print orders resumed after sign-in");
  } catch (error) {
    log().warn({ err: error, shop: session.shop }, "print orders not resumed after sign-in");
  }
}

/**
 * app/scopes_update: the scopes granted now, on the shop's session and its record. Without a
 * session (the app was uninstalled meanwhile) there is nothing to update but the shop.
 */
export async function recordScopesUpdate({
  shop,
  sessionId,
  scopes,
}: {
  shop: string;
  sessionId: string | null;
  scopes: string;
}): Promise<void> {
  if (sessionId) await updateSessionScopes({ shop, sessionId, scopes });
  await updateShopScopes({ shop, scopes });
}

/** app/uninstalled: the shop's sessions go, its data stays until shop/redact (recordUninstall). */
export async function recordAppUninstalled({ shop }: { shop: string }): Promise<void> {
  await recordUninstall({ shop });
  // Shopify removes an uninstalled app's carrier service; keep the merchant's choice for a reinstall.
  await forgetCarrierService({ shop });
}
