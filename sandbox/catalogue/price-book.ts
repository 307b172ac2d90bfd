// The print service's price list: which prices of the built-in offerings are in force when.

import { percentOf } from "../money";
import type { Offering } from "./offerings";

const HOUR_MS = 3600 * 1000;

/** One offering's print prices in a new price list: `percent` up (or down) from the list before. */
export interface PriceChange {
  offering: Offering;
  /** Basis points: 1500 = 15 % dearer, -1000 = 10 % cheaper. */
  percentBp: number;
}

export interface PriceListView {
  /** 1 = the built-in prices; each published list adds one. */
  version: number;
  /** When this list was published; null for the built-in list. */
  publishedAt: string | null;
  /** How long the service promises a list's prices; the legacy `pricingExpireDate` is the end of it. */
  validForHours: number;
  /** Offerings priced differently from the catalogue, at this list's EUR prices. */
  offerings: { id: number; basePrice: number; pricePerPage: number }[];
}

/**
 * The print service's price list in force. A new list changes the print prices of offerings
 * (the price of a copy and of each extra page; shipping prices stay) from the moment it is
 * published; quotes, orders, checkout pages and both offering lists all read the offering
 * through `listed()`. A list holds its prices for `validForMs` from its publication (the
 * built-in list from the first time the list was asked for); when that passes without a new
 * list, the same prices are promised again for another period, so the legacy
 * `pricingExpireDate` moves on by the sandbox clock exactly as a real renewal would.
 * Earlier lists are kept, so an order paid under one is priced as it was paid (`listedAt`).
 */
export class PriceBook {
  private lists: PriceList[] = [builtInList()];
  private firstAskedAt: number | null = null;
  /** The catalogue's own offering, for each one a list has repriced. */
  private readonly catalogueOfferings = new Map<number, Offering>();

  get version(): number {
    return this.lists.length;
  }

  private get current(): PriceList {
    return this.lists[this.lists.length - 1] as PriceList;
  }

  /** The offering at the prices in force (the same object when the list does not change it). */
  listed(o: Offering): Offering {
    return this.current.repriced.get(o.id) ?? o;
  }

  /** The offering (as any list prices it) at the prices of the list in force at `at` (epoch ms). */
  listedAt(o: Offering, at: number): Offering {
    const own = this.catalogueOfferings.get(o.id) ?? o;
    for (let i = this.lists.length - 1; i >= 0; i--) {
      const list = this.lists[i] as PriceList;
      if (list.publishedAt === null || list.publishedAt <= at)
        return list.repriced.get(o.id) ?? own;
    }
    return own;
  }

  /** Publishes a new list at `now`: every change applies to the offering's current prices. */
  publish(now: number, changes: readonly PriceChange[], validForHours?: number): void {
    const repriced = new Map(this.current.repriced);
    for (const { offering, percentBp } of changes) {
      const current = this.listed(offering);
      // Never repriced before, so `current` is still the catalogue's own.
      if (!this.catalogueOfferings.has(offering.id))
        this.catalogueOfferings.set(offering.id, current);
      repriced.set(offering.id, {
        ...current,
        basePrice: current.basePrice + percentOf(current.basePrice, percentBp),
        pricePerPage: current.pricePerPage + percentOf(current.pricePerPage, percentBp),
      });
    }
    const validForMs =
      validForHours === undefined ? this.current.validForMs : validForHours * HOUR_MS;
    this.lists.push({ publishedAt: now, validForMs, repriced });
  }

  /** Until when the prices in force at `now` are promised (the legacy `pricingExpireDate`). */
  expiresAt(now: number): number {
    const { publishedAt, validForMs } = this.current;
    const start = publishedAt ?? (this.firstAskedAt ??= now);
    const periods = Math.floor(Math.max(0, now - start) / validForMs) + 1;
    return start + periods * validForMs;
  }

  view(): PriceListView {
    const { publishedAt, validForMs, repriced } = this.current;
    return {
      version: this.version,
      publishedAt: publishedAt === null ? null : new Date(publishedAt).toISOString(),
      validForHours: validForMs / HOUR_MS,
      offerings: [...repriced.values()].map((o) => ({
        id: o.id,
        basePrice: o.basePrice,
        pricePerPage: o.pricePerPage,
      })),
    };
  }

  /** Back to the built-in prices. */
  reset(): void {
    this.lists = [builtInList()];
    this.firstAskedAt = null;
    this.catalogueOfferings.clear();
  }
}

interface PriceList {
  /** null: the built-in list, in force from the start. */
  publishedAt: number | null;
  validForMs: number;
  /** Offerings this list prices differently from the catalogue. */
  repriced: Map<number, Offering>;
}

const builtInList = (): PriceList => ({
  publishedAt: null,
  validForMs: 24 * HOUR_MS,
  repriced: new Map(),
});
