/**
 * What the changes from outside the worker are given of the database, as a port: the print
 * orders, their items and shop orders they read, and the writes they make, each keyed by shop.
 * data/print-order-commands.server.ts implements it, lib/fulfilment-commands.server.ts wires it.
 */
import type { PrintOrder, PrintOrderItem, ShopOrder } from "@prisma/client";
import type { NewEvent } from "../events";
import type { OrderVersion } from "../order-version";
import type { MappingForPlan } from "../print-plan";

/** The print order columns a change writes. */
export type PrintOrderChange = Partial<
  Pick<
    PrintOrder,
    | "status"
    | "resumeStatus"
    | "approvedAt"
    | "attempts"
    | "nextAttemptAt"
    | "lastErrorCode"
    | "lastErrorMessage"
    | "lastErrorAction"
    | "attentionAlertedAt"
    | "addressPending"
  >
>;

/** The item columns a change writes. */
export type ItemChange = Partial<
  Pick<
    PrintOrderItem,
    | "offeringId"
    | "fileDetails"
    | "fileProperty"
    | "filesSentAt"
    | "preflight"
    | "preflightOverride"
  >
>;

/** A timeline entry of the shop's, as written with a change. */
export type CommandEvent = Omit<NewEvent, "shop">;

/** What the decision on a print order was made on: the write happens only if it still holds. */
export interface ExpectedPrintOrder {
  status: string;
  lastErrorCode?: string;
}

/** The Shopify order as recorded, with its print orders. */
export type StoredOrder = ShopOrder & { printOrders: PrintOrder[] };

/** The same, with the print orders' items. */
export type StoredOrderWithItems = ShopOrder & {
  printOrders: (PrintOrder & { items: PrintOrderItem[] })[];
};

/** The writes made inside a transaction and outside one alike. */
export interface PrintOrderWrites {
  /**
   * Writes `change` if the print order is as `expected` and no worker holds it
   * (compare-and-set); whether it was written.
   */
  changeIfUnleased(
    shop: string,
    id: string,
    expected: ExpectedPrintOrder,
    now: Date,
    change: PrintOrderChange,
  ): Promise<boolean>;
  /** Changes the item, if it is still there. */
  updateItem(shop: string, itemId: string, change: ItemChange): Promise<void>;
  addEvent(shop: string, event: CommandEvent): Promise<void>;
}

/** The reads and writes of one change inside its one transaction. */
export interface CommandTransaction extends PrintOrderWrites {
  /**
   * Takes the print order for this transaction if no worker holds it and its status is
   * still `row.status`; throws PrintOrderBusyError otherwise (commands/lock.ts).
   */
  lockUnleased(shop: string, row: { id: string; status: string }, now: Date): Promise<void>;
  /** Changes the print order, which must be there. */
  updatePrintOrder(shop: string, id: string, change: PrintOrderChange): Promise<void>;
  /** Changes the print order if its status is one of `statuses`. */
  updatePrintOrderIn(
    shop: string,
    id: string,
    statuses: readonly string[],
    change: PrintOrderChange,
  ): Promise<void>;
  /**
   * Writes the order's snapshot and `version` if the stored version is older
   * (compare-and-set); whether it was written.
   */
  updateOrderIfOlder(
    shop: string,
    shopOrderId: string,
    version: OrderVersion,
    snapshot: { email: string | null; shippingAddress: string | null; lineItems: string },
  ): Promise<boolean>;
  /** Records the order's cancellation at `at`; the order must be there. */
  markOrderCancelled(shop: string, shopOrderId: string, at: Date): Promise<void>;
  setShippingAddress(shop: string, shopOrderId: string, shippingAddress: string): Promise<void>;
  /** Writes the item's files; the item must be there. */
  setItemFiles(shop: string, itemId: string, fileDetails: string): Promise<void>;
}

/** A personalised file the merchant attached to an item, and what it sets going. */
export interface AttachedFile {
  itemId: string;
  printOrderId: string;
  fileDetails: string;
  event: CommandEvent;
  now: Date;
}

export interface CommandStore extends PrintOrderWrites {
  printOrder(shop: string, id: string): Promise<PrintOrder | null>;
  printOrderStatus(shop: string, id: string): Promise<string | null>;
  printOrderWithItems(
    shop: string,
    id: string,
  ): Promise<(PrintOrder & { items: PrintOrderItem[] }) | null>;
  /** The print order if it needs attention, with its items. */
  stoppedPrintOrder(
    shop: string,
    id: string,
  ): Promise<(PrintOrder & { items: PrintOrderItem[] }) | null>;
  /** Up to `take` of the shop's print orders stopped with the attention code `code`, oldest first. */
  stoppedWithCode(
    shop: string,
    code: string,
    take: number,
  ): Promise<Pick<PrintOrder, "id" | "shopOrderId" | "resumeStatus">[]>;
  /** The same, with its Shopify order's line items. */
  stoppedPrintOrderWithLines(
    shop: string,
    id: string,
  ): Promise<(PrintOrder & { items: PrintOrderItem[]; shopOrder: { lineItems: string } }) | null>;
  /** The item of that print order, with its print order. */
  itemWithOrder(
    shop: string,
    printOrderId: string,
    itemId: string,
  ): Promise<(PrintOrderItem & { printOrder: PrintOrder }) | null>;
  /** The Shopify order recorded under its id, with its print orders and their items. */
  orderByShopifyIdWithItems(
    shop: string,
    shopifyOrderId: string,
  ): Promise<StoredOrderWithItems | null>;
  /** The Shopify order recorded under its id, with its print orders. */
  orderByShopifyId(shop: string, shopifyOrderId: string): Promise<StoredOrder | null>;
  /** The recorded Shopify order, by its row id, with its print orders. */
  orderById(shop: string, shopOrderId: string): Promise<StoredOrder | null>;

  /** The shop's current mappings of these variants. */
  mappings(shop: string, variantIds: string[]): Promise<MappingForPlan[]>;
  mapping(shop: string, variantId: string): Promise<MappingForPlan | null>;
  /** The file checks of the mappings of these variants whose own file is one of `contentUrls`. */
  mappingChecks(
    shop: string,
    variantIds: string[],
    contentUrls: string[],
  ): Promise<{ variantId: string; preflight: string | null }[]>;
  /** Drops the item's file check if it is still `preflight` (compare-and-set). */
  clearItemCheck(shop: string, itemId: string, preflight: string | null): Promise<void>;
  /** Drops the mapping's file check if it is still `preflight` (compare-and-set). */
  clearMappingCheck(shop: string, variantId: string, preflight: string | null): Promise<void>;

  /**
   * In one transaction: the item's file (its check and override dropped), its print order due
   * at `now` if it waits for files, and the entry.
   */
  attachFile(shop: string, file: AttachedFile): Promise<void>;
  /** Runs `work` in one database transaction. */
  transaction<T>(work: (tx: CommandTransaction) => Promise<T>): Promise<T>;
}
