/**
 * What the regular check with Shopify is given: the store of its per-shop
 * state and lease, the Admin API of a shop, and the one entry every paid order takes.
 */
import type { AdminGraphql } from "../shopify-admin/client";
import type { DoorOutcome } from "../fulfilment/door";
import type { ShopifyOrder } from "../fulfilment/shopify-order";

export interface ShopToCheck {
  shop: string;
  installedAt: Date;
}

export interface RegularCheckStore {
  /** Installed shops (uninstalled ones are never asked), at most `limit`. */
  installedShops(limit: number): Promise<ShopToCheck[]>;
  /** The shop's lease (compare-and-set) and how far it was read; null when another holds it. */
  claim(input: {
    shop: string;
    owner: string;
    leaseMs: number;
    now: Date;
  }): Promise<{ checkedThrough: Date | null } | null>;
  /** Ends the look and frees the lease; a null checkedThrough leaves it where it was. */
  finish(input: {
    shop: string;
    owner: string;
    now: Date;
    checkedThrough: Date | null;
    found: number;
    problem: string | null;
  }): Promise<void>;
  /** Which of these Shopify order ids the app has recorded for the shop. */
  knownOrderIds(shop: string, shopifyOrderIds: readonly string[]): Promise<Set<string>>;
}

/** The orders/paid entry (recorded, then planned by the worker), for an order the check found. */
export type RecordFoundOrder = (input: {
  shop: string;
  order: ShopifyOrder;
  shopifyPaidAt: Date | string | null;
}) => Promise<DoorOutcome>;

export interface RegularCheckLogger {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

export interface RegularCheckPorts {
  store: RegularCheckStore;
  /** The shop's Admin API; throws when the shop has no usable session (revoked, uninstalled). */
  adminFor(shop: string): Promise<AdminGraphql> | AdminGraphql;
  record: RecordFoundOrder;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  logger?: RegularCheckLogger;
}

export interface RegularCheckOptions {
  /** Names this instance in the lease. */
  owner: string;
  /** How long a look may hold a shop. */
  leaseMs?: number;
  /** Pages of orders one look reads per shop; the next look goes on from there. */
  maxPages?: number;
  /** How far back before the last look each look starts (Shopify's search index lags a little). */
  overlapMs?: number;
  /** Shops one round looks at. */
  maxShops?: number;
}
