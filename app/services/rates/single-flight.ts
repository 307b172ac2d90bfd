/**
 * Collapses concurrent calls for the same key into one: while a call for a
 * key is in flight, every other caller for that key gets the same promise.
 * Nothing is remembered once it settles (that is the cache's job).
 */
export class SingleFlight<V> {
  private readonly inflight = new Map<string, Promise<V>>();
  /** How many calls actually ran (for tests and metrics). */
  started = 0;
  /** How many callers joined a call already in flight. */
  joined = 0;

  run(key: string, fn: () => Promise<V>): Promise<V> {
    const existing = this.inflight.get(key);
    if (existing) {
      this.joined += 1;
      return existing;
    }
    this.started += 1;
    const promise = (async () => {
      try {
        return await fn();
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, promise);
    return promise;
  }

  /** Calls in flight now, whoever still waits for them. */
  get size(): number {
    return this.inflight.size;
  }

  isInFlight(key: string): boolean {
    return this.inflight.has(key);
  }
}
