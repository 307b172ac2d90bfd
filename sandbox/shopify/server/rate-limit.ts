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
          const b = bucketNow(shop);
          const ok = cost <= b.available;
          if (ok) b.available -= cost;
          return { ok, status: statusOf(b) };
        },
        refund(shop, points) {
          const b = bucketNow(shop);
          b.available = Math.min(max(), b.available + Math.max(0, points));
          return statusOf(b);
        },
      };

  function max() {
    return (options.rateLimit || {}).maximumAvailable ?? 2000;
  }
  function rate() {
    return (options.rateLimit || {}).restoreRate ?? 100;
  }
  /** The shop's bucket, refilled for the time since it was last touched. */
  function bucketNow(shop: string) {
    const now = clock.now();
    const b = buckets.get(shop) ?? { available: max(), at: now };
    b.available = Math.min(max(), b.available + ((now - b.at) / 1000) * rate());
    b.at = now;
    buckets.set(shop, b);
    return b;
  }
  function statusOf(b: { available: number }) {
    return {
      maximumAvailable: max(),
      currentlyAvailable: Math.floor(b.available),
      restoreRate: rate(),
    };
  }
}
