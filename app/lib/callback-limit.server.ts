import { RateLimiter } from "../services/rates/rate-limit";

/**
 * Status callbacks per callback address. A callback only marks an order due,
 * so bursts (a whole day's orders shipping at once) are welcome; only a flood
 * is refused.
 */
export const callbackLimiter = new RateLimiter({ capacity: 1_000, refillPerSecond: 200 });
