import { SHOPIFY_NOT_CONNECTED } from "../failures";
import { resumedWhereStopped } from "../machine";
import type { CommandStore } from "./ports";

/**
 * Orders one sign-in sends on. The sign-in's hook runs while the merchant waits for the app to
 * open; any more wait for the next sign-in, or for the merchant's Retry on the order's page.
 */
export const RESUMED_PER_SIGN_IN = 500;

/**
 * The merchant's sign-in gave the app its access to the store back: the print orders that
 * stopped for the lack of it (SHOPIFY_NOT_CONNECTED) go on where they stopped, each with an
 * entry on its timeline. An order a worker holds, or one changed meanwhile, is left as it is.
 * Resolves with how many went on.
 */
export async function resumeReconnectedOrders(
  store: CommandStore,
  input: { shop: string; now?: Date; limit?: number },
): Promise<number> {
  const now = input.now ?? new Date();
  const stopped = await store.stoppedWithCode(
    input.shop,
    SHOPIFY_NOT_CONNECTED,
    input.limit ?? RESUMED_PER_SIGN_IN,
  );
  let resumed = 0;
  for (const order of stopped) {
    const changed = await store.changeIfUnleased(
      input.shop,
      order.id,
      { status: "needs_attention", lastErrorCode: SHOPIFY_NOT_CONNECTED },
      now,
      resumedWhereStopped(order, now),
    );
    if (!changed) continue;
    await store.addEvent(input.shop, {
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      actor: "system",
      type: "retried",
      message:
        "Print Connect has its access to your Shopify store again: went on where it stopped.",
      at: now,
    });
    resumed++;
  }
  return resumed;
}
