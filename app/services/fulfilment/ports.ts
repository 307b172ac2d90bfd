/**
 * What the fulfilment worker's hot path is given of the database, as ports: the status
 * callbacks' inbox, the rows a round of claims reads once, and the writes a step makes itself. data/fulfilment.server.ts implements them with the same statements the
 * path always sent (docs/decisions/0011-plain-sql-on-hot-paths.md); the composition roots
 * (worker.server.ts, lib/fulfilment-commands.server.ts) wire them in.
 */
import type { Prisma, Shop, StatusUpdate, VariantMapping } from "@prisma/client";

/** A status callback as the door keeps it for the worker. */
export type NewStatusUpdate = Omit<StatusUpdate, "id" | "receivedAt">;

/** A print order a status callback names, as the worker matches it. */
export interface CallbackTarget {
  id: string;
  shop: string;
  shopOrderId: string;
  printOrderId: number | null;
  orderReference: string;
}

export interface StatusUpdateStore {
  /** The door's one INSERT; a delivery kept already fails on the inbox's unique key. */
  keepStatusUpdate(update: NewStatusUpdate): Promise<void>;
  /** The callbacks received, oldest first, at most `take`. */
  receivedStatusUpdates(take: number): Promise<StatusUpdate[]>;
  /** In one read: the print orders of each shop with these print-service ids. */
  callbackTargets(named: { shop: string; printOrderIds: number[] }[]): Promise<CallbackTarget[]>;
  /** Which of these timeline keys are recorded already. */
  recordedEventKeys(dedupeKeys: string[]): Promise<(string | null)[]>;
  /**
   * In one transaction: the timeline entries, the print orders due at `now` (those in none of
   * `unlessStatus`), and the applied callbacks deleted.
   */
  applyStatusUpdateBatch(batch: {
    events: Prisma.OrderEventCreateManyInput[];
    due: { ids: string[]; unlessStatus: readonly string[]; at: Date };
    applied: number[];
  }): Promise<void>;
  deleteStatusUpdate(shop: string, id: number): Promise<void>;
}

/** The rows a round of claims shares between its orders (step-support/claim-reads.ts). */
export interface ClaimReadStore {
  shopRow(shop: string): Promise<Shop | null>;
  /** The shop's mappings of these variants, those it has. */
  variantMappings(shop: string, variantIds: string[]): Promise<VariantMapping[]>;
}

/**
 * The writes a step makes before its commit (lease.ts commits the rest): what the print service
 * has taken is written at once, so a later failure in the step does not send it again.
 */
export interface StepStore {
  /** The changed address was sent; written only while this worker holds the order's lease. */
  markAddressSent(order: { id: string; shop: string }, workerId: string): Promise<void>;
  markFilesSent(shop: string, itemId: string, at: Date): Promise<void>;
  /**
   * The item's print-file result; with `note` (a file that could not be downloaded), its
   * timeline entry in the same transaction.
   */
  storeItemPreflight(
    shop: string,
    itemId: string,
    preflight: string,
    note?: Prisma.OrderEventUncheckedCreateInput,
  ): Promise<void>;
  /** The result kept on the mapping only while it is still the one checked; whether it was. */
  storeMappingPreflight(shop: string, mapping: VariantMapping, preflight: string): Promise<boolean>;
}

/** Everything the worker's path is given of the database. */
export type FulfilmentStore = StatusUpdateStore & ClaimReadStore & StepStore;
