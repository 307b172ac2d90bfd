/**
 * Carrier-service upkeep in the background, through the Shopify library's
 * offline session (refreshed when it has expired).
 */
import { unauthenticated } from "../shopify.server";
import { getLogger } from "./logger.server";
import { resumeCarrierRates } from "./rates.server";

const log = () => getLogger().child({ component: "rates" });

/** resumeCarrierRates for background work: the offline session, fetched only when there is work. */
export function resumeCarrierRatesOffline({ shop }: { shop: string }): Promise<string | null> {
  return resumeCarrierRates({
    shop,
    admin: async () => (await unauthenticated.admin(shop)).admin,
  });
}

const LEGACY_MOVE_RETRY_MS = 10 * 60_000;
const legacyMoves = new Map<string, number>();

/**
 * A rate request arrived at the unbound `/carrier/rates` for a shop without
 * its own URL yet: move its registration now, in the background, at most
 * once per shop every ten minutes (a failure is retried by a later request).
 */
export function moveToShopCallbackUrl(shop: string): void {
  const last = legacyMoves.get(shop);
  if (last !== undefined && Date.now() - last < LEGACY_MOVE_RETRY_MS) return;
  legacyMoves.set(shop, Date.now());
  if (legacyMoves.size > 10_000) legacyMoves.delete(legacyMoves.keys().next().value!);
  resumeCarrierRatesOffline({ shop }).then(
    (id) => {
      if (id) log().info({ shop, carrierServiceId: id }, "carrier service moved to the shop's URL");
    },
    (error: unknown) =>
      log().warn({ err: error, shop }, "carrier service not moved to the shop's URL"),
  );
}
