import { RateLimiter } from "../services/rates/rate-limit";

/**
 * Status callbacks per callback address. A callback is one INSERT at the door (decision 28),
 * so bursts (a whole day's orders shipping at once: thousands of callbacks in a minute) are
 * welcome; only a flood past what the door writes is refused. Each order's own limit below
 * bounds what one captured signature can do.
 */
export const callbackLimiter = new RateLimiter({ capacity: 20_000, refillPerSecond: 2_000 });

/**
 * Refused callbacks (an address no shop has, a bad signature) per client: a flood of forged or
 * random addresses is turned away before it costs a database read, a decryption or a log line
 * each. The print service itself never sends one.
 */
export const refusedCallbackLimiter = new RateLimiter({ capacity: 60, refillPerSecond: 1 });

/** Whether this client has used up its refusals (checked without taking one). */
export function refusedTooOften(client: string): boolean {
  return refusedCallbackLimiter.peek(client) < 1;
}

/**
 * Signed callbacks per print order. The signature covers only the order id, so one captured
 * callback can be sent again with any status: each new content would be a timeline entry and
 * a re-read at the service. An order's real life has a handful of callbacks; past this, 429.
 */
export const orderCallbackLimiter = new RateLimiter({ capacity: 30, refillPerSecond: 1 / 20 });

/** A bad signature is logged once a minute per shop: a flood is not a flood of log lines. */
const lastLogged = new Map<string, number>();
export function shouldLogRejection(shop: string, now = Date.now()): boolean {
  const last = lastLogged.get(shop);
  if (last !== undefined && now - last < 60_000) return false;
  lastLogged.set(shop, now);
  if (lastLogged.size > 10_000) lastLogged.delete(lastLogged.keys().next().value!);
  return true;
}
