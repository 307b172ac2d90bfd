/**
 * What the looks at a shop's fulfillment service are given of the database, as a port: the
 * shops due a look, their print orders' holds and answers, and the variants the app stocked.
 * data/fulfillment-service.server.ts implements it, lib/fulfillment-service-looks.server.ts
 * wires it in. Every read and write is keyed by shop, except the pick of the due shops.
 */
import type { EventActor } from "../fulfilment/events";
import type { PrintOrderFacts } from "./answers";

/** A print order of the Shopify order, as the answers are decided from it. */
export type RecordedPrintOrder = PrintOrderFacts & {
  id: string;
  items: { shopifyLineItemId: string }[];
};

/** The Shopify order as the app recorded it, with its print orders (by group). */
export interface RecordedOrder {
  id: string;
  printOrders: RecordedPrintOrder[];
}

/** A print order to end as cancelled, with its timeline entry's message. */
export interface Cancellation {
  id: string;
  printOrderId: number | null;
  message: string;
}

export interface ServiceStore {
  /** Installed shops whose look is due at `now`, the longest due first. */
  dueShops(now: Date, take: number): Promise<{ shop: string; serviceRoundDueAt: Date | null }[]>;
  /** Takes the shop for a look until `until` if its due time is as read (compare-and-set). */
  claimShop(shop: string, dueAt: Date | null, until: Date): Promise<boolean>;
  /** Makes the shop due at `at`, unless something made it due at or before `after`. */
  scheduleLook(shop: string, after: Date, at: Date): Promise<void>;
  /** The shop's service location and move, null without a shop row. */
  serviceSetup(shop: string): Promise<{
    fulfillmentLocationId: string | null;
    serviceMoveAt: Date | null;
    serviceModelSince: Date | null;
  } | null>;
  /** Records that the shop works through the service since `since`. */
  markServiceModel(shop: string, since: Date): Promise<void>;

  /** The Shopify order the app recorded for the shop under this id. */
  recordedOrder(shop: string, shopifyOrderId: string): Promise<RecordedOrder | null>;
  /** The same timeline entry on each of these print orders of the order (null: the order's). */
  addEvents(
    shop: string,
    shopOrderId: string,
    printOrderIds: (string | null)[],
    event: { actor: EventActor; type: string; message: string; at: Date },
  ): Promise<void>;
  /** Print orders stopped as FULFILLMENT_NOT_REQUESTED and not leased go on as shipped now. */
  resumeUnrequested(shop: string, printOrderIds: string[], now: Date): Promise<void>;
  /**
   * In one transaction: each print order not cancelled yet is taken from under no worker
   * (PrintOrderBusyError while one holds it), ends as cancelled and gets its entry, the
   * Shopify merchant's.
   */
  cancelPrintOrders(
    shop: string,
    shopOrderId: string,
    cancellations: readonly Cancellation[],
    now: Date,
  ): Promise<void>;

  /** Sale print orders in one of `statuses` that hold nothing yet, oldest first. */
  toHold(
    shop: string,
    statuses: readonly string[],
    take: number,
  ): Promise<{ id: string; shopifyOrderId: string; status: string }[]>;
  /** Records the hold at `now` unless it is recorded already. */
  markHeld(shop: string, printOrderId: string, now: Date): Promise<void>;
  /** Print orders that hold and are in none of `statuses`. */
  toRelease(
    shop: string,
    statuses: readonly string[],
    take: number,
  ): Promise<{ id: string; shopifyOrderId: string }[]>;
  /** Records the release; one shipped meanwhile (and not leased) is due at `now`. */
  markReleased(shop: string, printOrderId: string, now: Date): Promise<void>;

  /** Mapped variants the app has not stocked yet, by id. */
  toStock(shop: string, take: number): Promise<string[]>;
  /** Variants the app stocked that are no longer mapped, by id. */
  toUnstock(shop: string, take: number): Promise<string[]>;
  markStocked(shop: string, variantId: string): Promise<void>;
  markUnstocked(shop: string, variantId: string): Promise<void>;
}
