import type { Shop, VariantMapping } from "@prisma/client";
import type { ClaimReadStore } from "../ports";

/**
 * Rows a round of claims reads once and shares between its orders' steps: the
 * shop (its settings and keys) and its variants' mappings. A round lasts a
 * few steps of a few orders, so a change made meanwhile (new keys, a mapping
 * edited) is seen by the next round, as if these orders had been worked a
 * moment earlier. The print orders themselves are never cached here: they
 * are loaded under the lease (lease.ts).
 */
export class ClaimReads {
  private readonly shops = new Map<string, Promise<Shop | null>>();
  private readonly mappingRows = new Map<string, Promise<VariantMapping | null>>();

  constructor(private readonly store: ClaimReadStore) {}

  shop(shop: string): Promise<Shop | null> {
    let row = this.shops.get(shop);
    if (!row) {
      row = this.store.shopRow(shop);
      this.shops.set(shop, row);
      // A failed read is not remembered: the next step reads again.
      row.catch(() => this.shops.delete(shop));
    }
    return row;
  }

  /** The shop's mappings of these variants (those it has); one read for the variants not read yet. */
  async mappings(shop: string, variantIds: readonly string[]): Promise<VariantMapping[]> {
    const key = (variantId: string) => `${shop}\n${variantId}`;
    const missing = [...new Set(variantIds)].filter((v) => !this.mappingRows.has(key(v)));
    if (missing.length) {
      const read = this.store.variantMappings(shop, missing);
      read.catch(() => missing.forEach((v) => this.mappingRows.delete(key(v))));
      for (const variantId of missing) {
        this.mappingRows.set(
          key(variantId),
          read.then((rows) => rows.find((r) => r.variantId === variantId) ?? null),
        );
      }
    }
    const unique = [...new Set(variantIds)];
    const rows = await Promise.all(unique.map((v) => this.mappingRows.get(key(v))!));
    return rows.filter((r): r is VariantMapping => r !== null);
  }

  /** A print-file result just stored on a mapping: the round's later orders reuse it. */
  notePreflight(mapping: VariantMapping, preflight: string): void {
    const key = `${mapping.shop}\n${mapping.variantId}`;
    if (this.mappingRows.has(key))
      this.mappingRows.set(key, Promise.resolve({ ...mapping, preflight }));
  }
}
