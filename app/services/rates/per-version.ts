import { SingleFlight } from "./single-flight";

/**
 * One value per shop, kept while the shop's settings version stays the same.
 * What a rate request needs of the shop row (its rate settings, a print
 * client holding the decrypted keys) is built once per version instead of
 * once per request. The caller reads the version on every request (one small
 * statement), so a change saved by any process is seen by the next request,
 * with nothing to call on save. Concurrent requests that meet a new version
 * share one build.
 */
export class PerVersionCache<V> {
  private readonly entries = new Map<string, { version: string; value: V }>();
  private readonly building = new SingleFlight<V>();

  constructor(private readonly maxEntries: number) {}

  async get(shop: string, version: string, build: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(shop);
    if (entry?.version === version) return entry.value;
    return this.building.run(`${shop}\n${version}`, async () => {
      const value = await build();
      this.entries.delete(shop);
      this.entries.set(shop, { version, value });
      if (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      return value;
    });
  }

  /** Forgets a shop (its row is gone): nothing of it stays in memory. */
  delete(shop: string): void {
    this.entries.delete(shop);
  }

  clear(): void {
    this.entries.clear();
  }

  /** How many values were built: once per shop and version (for tests and metrics). */
  get builds(): number {
    return this.building.started;
  }

  get size(): number {
    return this.entries.size;
  }
}
