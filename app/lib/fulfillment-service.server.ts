/**
 * Wiring of the app's fulfillment service: registered through the Admin GraphQL client when a
 * shop signs in (the install hook) and on a later visit of a shop that has none yet (installed
 * before, or without the scope until now). Imports no Shopify app library, so the install hook
 * in app/shopify.server.ts can import it.
 */
import { getFulfillmentService, getShop, saveFulfillmentService } from "../data/shop.server";
import { getEnv } from "../env.server";
import {
  canRegister,
  fulfillmentCallbackUrlFor,
  registerFulfillmentService,
  type RegisteredService,
} from "../services/fulfillment-service/registration";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { getLogger } from "./logger.server";

const log = () => getLogger().child({ component: "fulfillment-service" });

/**
 * The shop's fulfillment service, registered now if it has none. Null when the shop has not
 * granted the scope yet (Home asks for it) or the app does not know the shop.
 */
export async function ensureFulfillmentService({
  shop,
  admin,
}: {
  shop: string;
  admin: () => Promise<AdminApi>;
}): Promise<RegisteredService | null> {
  const known = await getFulfillmentService({ shop });
  if (known) return known;
  const row = await getShop({ shop });
  if (!row || row.uninstalledAt || !canRegister(row.scopes)) return null;
  const registered = await registerFulfillmentService(adminGraphql(await admin()), {
    callbackUrl: fulfillmentCallbackUrlFor(getEnv().shopifyAppUrl),
  });
  await saveFulfillmentService({ shop, ...registered });
  log().info({ shop, ...registered }, "fulfillment service registered");
  return registered;
}

const RETRY_AFTER_MS = 10 * 60_000;
/** Shops this process knows to have their service recorded: nothing to do for them. */
const recorded = new Set<string>();
const lastTry = new Map<string, number>();

/**
 * ensureFulfillmentService after a page has answered, for a shop this process has not seen
 * registered: at most one try per shop every ten minutes, so a page never waits for it and
 * a failing registration is not hammered.
 */
export function ensureFulfillmentServiceSoon({
  shop,
  admin,
}: {
  shop: string;
  admin: AdminApi;
}): void {
  if (recorded.has(shop)) return;
  const last = lastTry.get(shop);
  if (last !== undefined && Date.now() - last < RETRY_AFTER_MS) return;
  lastTry.set(shop, Date.now());
  if (lastTry.size > 10_000) lastTry.delete(lastTry.keys().next().value!);
  ensureFulfillmentService({ shop, admin: async () => admin }).then(
    (service) => {
      if (service && recorded.size < 100_000) recorded.add(shop);
    },
    (error: unknown) => log().warn({ err: error, shop }, "fulfillment service not registered"),
  );
}
