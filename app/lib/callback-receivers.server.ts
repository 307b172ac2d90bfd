import { findCallbackReceiver } from "../data/print-settings.server";

/**
 * Whose status-callback address this is and its secret key, remembered for a minute: a burst
 * of callbacks reads and decrypts the shop's row once, not once per callback. A key the
 * merchant replaced meanwhile is caught by the route, which asks again fresh when a
 * remembered key refuses a signature. Unknown addresses are not remembered (a flood of
 * forged ones is limited by the route before it gets here).
 */
const KEPT_MS = 60_000;
/** A fresh read is asked at most this often per address (forged signatures cost no more). */
const FRESH_EVERY_MS = 5_000;
const KEPT_MAX = 10_000;
const kept = new Map<string, { shop: string; secretKey: string; at: number }>();

export async function callbackReceiver(
  callbackId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ shop: string; secretKey: string; remembered: boolean } | null> {
  const now = Date.now();
  const known = kept.get(callbackId);
  if (known && now - known.at < (fresh ? FRESH_EVERY_MS : KEPT_MS))
    return { shop: known.shop, secretKey: known.secretKey, remembered: true };
  const found = await findCallbackReceiver({ callbackId });
  const secretKey = found?.credentials?.secretKey;
  if (!found || !secretKey) {
    kept.delete(callbackId);
    return null;
  }
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(callbackId, { shop: found.shop, secretKey, at: now });
  return { shop: found.shop, secretKey, remembered: false };
}
