import type { Prisma, PrintOrder, PrintOrderItem, ShopOrder } from "@prisma/client";
import type { NewEvent } from "../events";
import { needsAttention, type AttentionNote, type PrintOrderStatus } from "../machine";

/** A claimed print order with what every step reads. */
export type Loaded = PrintOrder & { items: PrintOrderItem[]; shopOrder: ShopOrder };

/** An event of this print order; the commit fills in shop and order ids. */
export type StepEvent = Omit<NewEvent, "shop" | "shopOrderId" | "printOrderId">;

/** A print order split off this one: created by the commit, with its items and its event. */
export interface SplitOff {
  data: Prisma.PrintOrderUncheckedCreateInput;
  itemIds: string[];
  event: StepEvent;
}

/**
 * A change to one of the order's items: a state read from the service that
 * moves it forward, when the print service got its files, or the print-file
 * result it takes over from its mapping.
 */
export interface ItemChange {
  id: string;
  serviceState?: string;
  filesSentAt?: Date;
  preflight?: string;
}

/** What a step did, for the commit to write under the lease. */
export interface StepResult {
  data: Prisma.PrintOrderUpdateManyMutationInput & { status?: PrintOrderStatus };
  events: StepEvent[];
  /** Changes to this order's items, written with the order: see ItemChange. */
  items?: ItemChange[];
  /** New print orders when the service cannot produce every item at one facility. */
  splits?: SplitOff[];
  /** Go straight on with the next step under the same claim. */
  continue: boolean;
  /**
   * A repeat of this step is safe (it wrote nothing at the print service a repeat could
   * duplicate, or the service recognises the repeat): its result may wait to be committed
   * with the next step's, under the same claim (lease.ts carry; decision 0004).
   */
  commitWithNext?: boolean;
}

export const done = (
  data: StepResult["data"],
  events: StepResult["events"] = [],
  next = false,
): StepResult => ({ data, events, continue: next });

/** Sets the order aside for the merchant, with the reason in its timeline. */
export function setAside(order: Loaded, reason: AttentionNote): StepResult {
  return done(needsAttention(order, reason), [
    {
      actor: "worker",
      type: "needs_attention",
      message: `${reason.message} ${reason.action}`,
      data: { code: reason.code },
    },
  ]);
}

/** The result with these item changes too (one change per item: later fields win). */
export function withItemChanges(result: StepResult, changes: readonly ItemChange[]): StepResult {
  if (changes.length === 0) return result;
  const byId = new Map<string, ItemChange>();
  for (const change of [...(result.items ?? []), ...changes]) {
    byId.set(change.id, { ...byId.get(change.id), ...change });
  }
  return { ...result, items: [...byId.values()] };
}
