/**
 * What the fulfilment worker's hot path is given of the database, as ports: the door's one
 * write, the planner's deliveries and ingest's reads and plain INSERTs, the status callbacks'
 * inbox, the claims on print orders and a step's commit, the rows a round of claims reads once,
 * and the writes a step makes itself. data/fulfilment.server.ts, data/fulfilment-lease.server.ts
 * and data/order-intake.server.ts implement them with the same statements the path always sent
 * (docs/decisions/0011-plain-sql-on-hot-paths.md); the composition roots (worker.server.ts,
 * lib/fulfilment-commands.server.ts) wire them in.
 */
import type { OrderDelivery, Prisma, Shop, StatusUpdate, VariantMapping } from "@prisma/client";
import type { ORDER_DELIVERY, PlainRows, PlainTable, RowOf, SqlValue } from "./ingest-rows";
import type { OrderVersion } from "./order-version";
import type { MappingForPlan } from "./print-plan";
import type { Loaded } from "./step-support/result";

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
  /**
   * The door's write: whether the callback went in (false: the same one waits already). The
   * app's door groups these (status-updates.ts, keptTogether) into keepStatusUpdates.
   */
  keepStatusUpdate(update: NewStatusUpdate): Promise<boolean>;
  /** One INSERT of these callbacks, leaving out those waiting already: those that went in. */
  keepStatusUpdates(
    updates: readonly NewStatusUpdate[],
  ): Promise<Pick<NewStatusUpdate, "shop" | "dedupeKey">[]>;
  /** The callbacks received, oldest first, at most `take`. */
  receivedStatusUpdates(take: number): Promise<StatusUpdate[]>;
  /** In one read: the print orders of each shop with these print-service ids. */
  callbackTargets(named: { shop: string; printOrderIds: number[] }[]): Promise<CallbackTarget[]>;
  /**
   * Which of these timeline keys each shop has recorded already: read by shop and key, the
   * timeline's unique index, not by scanning every shop's entries.
   */
  recordedEventKeys(
    named: { shop: string; dedupeKeys: string[] }[],
  ): Promise<{ shop: string; dedupeKey: string | null }[]>;
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

/**
 * The print orders due at `at`: in none of `unlessStatus`, `nextAttemptAt` at or before `at`,
 * and no worker's lease on them unexpired then.
 */
export interface DueAt {
  unlessStatus: readonly string[];
  at: Date;
}

/**
 * A lease on print orders: who holds it and until when. The holder names one claim of a worker
 * (lease.ts claimHolder), not the worker: a lane of a claim that ran out is refused even when
 * its own worker has claimed the order again meanwhile.
 */
export interface LeaseClaim {
  holder: string;
  until: Date;
}

/** What a step's commit writes (lease.ts decides it), if its claim still holds the lease. */
export interface StepCommit {
  order: { id: string; shop: string };
  /** The claim the step ran under (LeaseClaim). */
  holder: string;
  /** The print order's columns, its lease's included. */
  columns: Prisma.PrintOrderUpdateManyMutationInput;
  /** Each item's changed columns; only items still on this print order are written. */
  items: { id: string; columns: Prisma.PrintOrderItemUpdateManyMutationInput }[];
  events: Prisma.OrderEventCreateManyInput[];
  /** Print orders split off, each with its items moved over and its event for the new row. */
  splits: {
    data: Prisma.PrintOrderUncheckedCreateInput;
    itemIds: string[];
    event(printOrderId: string): Prisma.OrderEventUncheckedCreateInput;
  }[];
}

/**
 * The claims on print orders (lease.ts), each write a compare-and-set on the lease: a claim is
 * taken only while the order is due and free, renewed and committed only while still held.
 */
export interface LeaseStore {
  /** The ids of the print orders due, soonest first, at most `take`. */
  dueOrderIds(due: DueAt, take: number): Promise<string[]>;
  /** Of `ids`, those still due, claimed in one conditional UPDATE: the ids taken. */
  claimOrders(ids: string[], due: DueAt, claim: LeaseClaim): Promise<string[]>;
  /** The print orders of `ids` the claim `holder` holds, with their items and shop orders. */
  claimedOrders(ids: string[], holder: string): Promise<Loaded[]>;
  /** One print order the claim `holder` holds, with its items and shop order; null once lost. */
  claimedOrder(id: string, holder: string): Promise<Loaded | null>;
  /** Extends the lease on those of `ids` the claim still holds: how many. */
  renewClaims(ids: string[], claim: LeaseClaim): Promise<number>;
  /**
   * Writes the commit in one transaction; throws LeaseLostError (nothing written) when the
   * worker no longer holds the lease.
   */
  commitStep(commit: StepCommit): Promise<void>;
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
  /** The changed address was sent; written only while the claim `holder` holds the order. */
  markAddressSent(order: { id: string; shop: string }, holder: string): Promise<void>;
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

/** The door (door.ts): a delivery's row, unless one of its webhook id is still waiting. */
export interface DoorStore {
  /** One INSERT that leaves out a row whose key is taken; whether the row went in. */
  recordDelivery(row: RowOf<typeof ORDER_DELIVERY>): Promise<boolean>;
}

/** A recorded delivery by its key. */
export interface DeliveryKey {
  shop: string;
  webhookId: string;
}

/** The planner's deliveries (planner.ts), taken by compare-and-set on `planAfter`. */
export interface PlannerStore {
  /** Deliveries due at `now`, oldest first, at most `take`. */
  dueDeliveries(now: Date, take: number): Promise<DeliveryKey[]>;
  /** Of these, those still due at `now`, taken by `workerId` until `until`: the rows as taken. */
  claimDeliveries(
    due: DeliveryKey[],
    now: Date,
    claim: { workerId: string; until: Date },
  ): Promise<OrderDelivery[]>;
  /** The print currency of each of these shops that has a Shop row. */
  shopCurrencies(shops: string[]): Promise<{ shop: string; currency: string | null }[]>;
  /** A delivery this worker took and could not plan: let go, tried again at `retry.planAfter`. */
  releaseDelivery(
    key: DeliveryKey,
    workerId: string,
    retry: { attempts: number; lastError: string; planAfter: Date },
  ): Promise<void>;
  /** The deliveries this worker took and settled, in one statement. */
  deleteDeliveries(settled: DeliveryKey[], workerId: string): Promise<void>;
}

/** What ingest reads before it plans an order. */
export interface IngestReads {
  /** The shop's mappings of these variants, read with plain statements. */
  mappingsForPlan(shop: string, variantIds: string[]): Promise<MappingForPlan[]>;
  /** The shop's print currency setting; null without one or without a Shop row. */
  shopCurrency(shop: string): Promise<string | null>;
}

/** The shop order a delivery names, as stored. */
export interface StoredShopOrder {
  id: string;
  cancelledAt: Date | null;
  printOrderCount: number;
}

/** Ingest's reads and writes inside its one transaction (ingest.ts, the full path). */
export interface IngestTransaction extends IngestReads {
  /** One plain INSERT of these rows; fails on a unique key. */
  insert<C extends string>(
    into: PlainTable<C>,
    rows: readonly Record<C, SqlValue>[],
  ): Promise<void>;
  storedShopOrder(shop: string, shopifyOrderId: string): Promise<StoredShopOrder | null>;
  /** The order's snapshot and version, only over a stored version older than `version`. */
  refreshShopOrder(
    shop: string,
    id: string,
    version: OrderVersion,
    snapshot: Prisma.ShopOrderUpdateManyMutationInput,
  ): Promise<void>;
  /** Marks the shop order cancelled at `now` unless it is already. */
  markShopOrderCancelled(shop: string, id: string, now: Date): Promise<void>;
}

export interface IngestStore extends IngestReads {
  /**
   * The rows of an order seen first, in one batch transaction: each table's rows in as few
   * INSERTs as the parameter bound allows (one for a usual order), in this order.
   */
  insertAtOnce(inserts: readonly PlainRows[]): Promise<void>;
  /** Runs `work` in one interactive transaction. */
  transaction<T>(work: (tx: IngestTransaction) => Promise<T>): Promise<T>;
}

/** Everything the worker's path is given of the database. */
export type FulfilmentStore = StatusUpdateStore &
  LeaseStore &
  ClaimReadStore &
  StepStore &
  PlannerStore &
  IngestStore;
