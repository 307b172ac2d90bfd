import { withinBudget } from "./budget";
import { TtlCache } from "./cache";
import { SingleFlight } from "./single-flight";

/**
 * Cache + single-flight + time budget around one upstream call.
 *
 * - A cached value answers at once.
 * - Otherwise concurrent callers for the same key share one upstream call.
 * - Each caller waits at most its budget; the upstream call goes on after
 *   that and stores its value, so the next caller gets it from the cache.
 * - How long a value is kept is decided per value (`ttlMs`), so a failure
 *   can be remembered briefly (answer fast during an outage) and a good quote
 *   for longer.
 */
export interface CachedQuoterOptions<V> {
  ttlMs: (value: V) => number;
  maxEntries?: number;
  now?: () => number;
}

export type QuoterAnswer<V> =
  | { source: "cache" | "upstream"; value: V }
  | { source: "timeout" }
  | { source: "error"; error: unknown };

export class CachedQuoter<V> {
  readonly cache: TtlCache<V>;
  readonly flights = new SingleFlight<V>();

  constructor(private readonly options: CachedQuoterOptions<V>) {
    this.cache = new TtlCache<V>({
      maxEntries: options.maxEntries ?? 5000,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  async get(key: string, upstream: () => Promise<V>, budgetMs: number): Promise<QuoterAnswer<V>> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return { source: "cache", value: cached };
    const flight = this.flights.run(key, async () => {
      const value = await upstream();
      this.cache.set(key, value, this.options.ttlMs(value));
      return value;
    });
    // Nobody may be waiting when the budget runs out: keep the rejection handled.
    flight.catch(() => undefined);
    const result = await withinBudget(flight, budgetMs);
    if (result.status === "done") return { source: "upstream", value: result.value };
    if (result.status === "failed") return { source: "error", error: result.error };
    return { source: "timeout" };
  }

  clear(): void {
    this.cache.clear();
  }
}
