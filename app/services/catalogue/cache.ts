/**
 * A small in-memory cache for print-service reads (catalogue, categories,
 * billing entities, quotes). Framework-free: no Remix, Prisma or Shopify.
 *
 * - Each entry has its own lifetime (a loader may shorten it, e.g. to the
 *   legacy `pricingExpireDate`).
 * - Concurrent misses for one key share a single load.
 * - After expiry an entry may still be served for `staleMs` while one
 *   background load refreshes it, so a page rarely waits on the service.
 * - Failed loads are never cached.
 * - Bounded: the least recently used entries go first.
 */

export interface Loaded<V> {
  value: V;
  /** Absolute expiry (ms since epoch); default now + ttlMs. */
  expiresAt?: number;
}

export interface TtlCacheOptions {
  ttlMs: number;
  /** How long past expiry a value may be served while it refreshes. Default 0. */
  staleMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** Called when a background refresh fails (the stale value stays). */
  onRefreshError?: (key: string, error: unknown) => void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  refreshing?: Promise<V>;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inflight = new Map<string, Promise<V>>();
  /** Which load owns a key; an invalidated load does not store its result. */
  private readonly owners = new Map<string, object>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value (fresh, or stale within the grace period) or the loaded one. */
  async get(key: string, load: () => Promise<Loaded<V>>): Promise<V> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.expiresAt > now) {
        this.touch(key, entry);
        return entry.value;
      }
      if (entry.expiresAt + (this.options.staleMs ?? 0) > now) {
        this.touch(key, entry);
        if (!entry.refreshing) {
          entry.refreshing = this.load(key, load).catch((error: unknown) => {
            entry.refreshing = undefined;
            this.options.onRefreshError?.(key, error);
            return entry.value;
          });
        }
        return entry.value;
      }
      this.entries.delete(key);
    }
    return this.load(key, load);
  }

  /** Remembers a value without loading (e.g. right after creating something). */
  set(key: string, value: V, expiresAt?: number): void {
    this.store(key, { value, expiresAt });
  }

  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : undefined;
  }

  /** Drops every entry whose key starts with the prefix (e.g. a shop's). */
  invalidate(prefix: string): void {
    for (const key of [...this.entries.keys()])
      if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of [...this.inflight.keys()]) {
      if (key.startsWith(prefix)) {
        this.inflight.delete(key);
        this.owners.delete(key);
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
    this.owners.clear();
  }

  private load(key: string, load: () => Promise<Loaded<V>>): Promise<V> {
    const running = this.inflight.get(key);
    if (running) return running;
    const token = {};
    this.owners.set(key, token);
    const promise = (async () => {
      try {
        const loaded = await load();
        if (this.owners.get(key) === token) this.store(key, loaded);
        return loaded.value;
      } finally {
        if (this.owners.get(key) === token) {
          this.owners.delete(key);
          this.inflight.delete(key);
        }
      }
    })();
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, loaded: Loaded<V>): void {
    const now = this.now();
    const ttl = this.options.ttlMs;
    const expiresAt = Math.min(loaded.expiresAt ?? now + ttl, now + ttl);
    this.entries.delete(key);
    this.entries.set(key, { value: loaded.value, expiresAt });
    const max = this.options.maxEntries ?? 1000;
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private touch(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}

/** A stable cache key from a shop, a kind and parameters (undefined values dropped). */
export function cacheKey(shop: string, kind: string, params: Record<string, unknown> = {}): string {
  const parts = Object.keys(params)
    .sort()
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== "")
    .map((k) => `${k}=${JSON.stringify(params[k])}`);
  return `${shop}|${kind}|${parts.join("&")}`;
}

/** The shop prefix of every key made by cacheKey. */
export function shopPrefix(shop: string): string {
  return `${shop}|`;
}
