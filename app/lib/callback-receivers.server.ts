import { findCallbackReceiver } from "../data/print-settings.server";

/**
 * Whose status-callback address this is and its secret key, remembered for a minute: a burst
 * of callbacks reads and decrypts the shop's row once, not once per callback. The callbacks
 * that arrive while that read is on wait for it (a flood's first 64 at once, or the 64 in
 * flight when the minute runs out) rather than each decrypting the key again: Prisma joins
 * the reads of one tick into one query, but not what is done with the row. A key the
 * merchant replaced meanwhile is caught by the route, which asks again fresh when a
 * remembered key refuses a signature. Unknown addresses are not remembered (a flood of
 * forged ones is limited by the route before it gets here).
 */
const KEPT_MS = 60_000;
/** A fresh read is asked at most this often per address (forged signatures cost no more). */
const FRESH_EVERY_MS = 5_000;
const KEPT_MAX = 10_000;
const kept = new Map<string, { shop: string; secretKey: string; at: number }>();
type Receiver = { shop: string; secretKey: string } | null;
/** The reads on their way, one per address; each is gone once it is answered. */
const reading = new Map<string, Promise<Receiver>>();

export async function callbackReceiver(
  callbackId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ shop: string; secretKey: string; remembered: boolean } | null> {
  const now = Date.now();
  const known = kept.get(callbackId);
  if (known && now - known.at < (fresh ? FRESH_EVERY_MS : KEPT_MS))
    return { shop: known.shop, secretKey: known.secretKey, remembered: true };
  let read = reading.get(callbackId);
  if (!read) {
    read = readReceiver(callbackId).finally(() => reading.delete(callbackId));
    reading.set(callbackId, read);
  }
  const receiver = await read;
  return receiver && { ...receiver, remembered: false };
}

async function readReceiver(callbackId: string): Promise<Receiver> {
  const found = await findCallbackReceiver({ callbackId });
  const secretKey = found?.credentials?.secretKey;
  if (!found || !secretKey) {
    kept.delete(callbackId);
    return null;
  }
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(callbackId, { shop: found.shop, secretKey, at: Date.now() });
  return { shop: found.shop, secretKey };
}
