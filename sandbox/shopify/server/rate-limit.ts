/** The query-cost leaky bucket per shop (Shopify's GraphQL rate limit, simplified). */
import type { CostLimiter } from "../graphql";
import type { Clock } from "../state";
import type { ShopifyFakeOptions } from "./options";

export type CostBuckets = Map<string, { available: number; at: number }>;

/** null when rateLimit is false (no throttling). The buckets are emptied by reset(). */
export function createCostLimiter(
  options: ShopifyFakeOptions,
  clock: Clock,
  buckets: CostBuckets,
): CostLimiter | null {
  return options.rateLimit === false
    ? null
    : {
        charge(shop, cost) {
          const max = (options.rateLimit || {}).maximumAvailable ?? 2000;
          const rate = (options.rateLimit || {}).restoreRate ?? 100;
          const now = clock.now();
          const b = buckets.get(shop) ?? { available: max, at: now };
          b.available = Math.min(max, b.available + ((now - b.at) / 1000) * rate);
          b.at = now;
          buckets.set(shop, b);
          const ok = cost <= b.available;
          if (ok) b.available -= cost;
          return {
            ok,
            status: {
              maximumAvailable: max,
              currentlyAvailable: Math.floor(b.available),
              restoreRate: rate,
            },
          };
        },
      };
}
