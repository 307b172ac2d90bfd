/**
 * Token buckets per key: `capacity` requests at once, refilled at
 * `refillPerSecond`. Buckets that are full again are forgotten, so memory
 * stays bounded by the number of recently active keys (and by maxKeys).
 */
export interface RateLimiterOptions {
  capacity: number;
  refillPerSecond: number;
  maxKeys?: number;
  now?: () => number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    // Read Date.now at each call (not a saved reference), so a test's fake clock applies.
    this.now = options.now ?? (() => Date.now());
  }

  take(key: string): RateDecision {
    const now = this.now();
    const { capacity, refillPerSecond } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(
      capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond,
    );
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)),
      };
    }
    bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    const maxKeys = this.options.maxKeys ?? 10_000;
    while (this.buckets.size > maxKeys) {
      const oldest = this.buckets.keys().next();
      if (oldest.done) break;
      this.buckets.delete(oldest.value);
    }
    return { allowed: true };
  }

  /** The tokens this key has now, without taking one. */
  peek(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.options.capacity;
    const elapsed = (this.now() - bucket.at) / 1000;
    return Math.min(this.options.capacity, bucket.tokens + elapsed * this.options.refillPerSecond);
  }

  reset(): void {
    this.buckets.clear();
  }
}
