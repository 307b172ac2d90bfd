/**
 * What the Flow sender is given of the database, as a port: the events with a trigger due
 * (OrderEvent's flow columns) and their print orders. data/flow-triggers.server.ts implements
 * it, lib/flow-triggers.server.ts wires it in. An event is written by its id and shop.
 */

/** An event whose trigger is due. */
export interface DueTrigger {
  id: number;
  shop: string;
  printOrderId: string | null;
  type: string;
  message: string;
  data: string | null;
  flowTrigger: string | null;
  flowDueAt: Date | null;
  flowAttempts: number;
}

/** What a trigger's payload names of the print order. */
export interface TriggerPrintOrder {
  kind: string;
  shopifyOrderId: string;
  orderReference: string;
  trackingCode: string | null;
  trackingUrl: string | null;
}

export interface FlowTriggerStore {
  /** Events due at `now`, earliest first. */
  due(now: Date, take: number): Promise<DueTrigger[]>;
  /** Moves the event's due time to `until` if it is as read (compare-and-set); whether it did. */
  claim(event: DueTrigger, until: Date): Promise<boolean>;
  printOrder(shop: string, printOrderId: string): Promise<TriggerPrintOrder | null>;
  /** Done with the trigger: sent at `flowSentAt`, or given up with `flowError`. */
  finish(event: DueTrigger, result: { flowSentAt?: Date; flowError?: string }): Promise<void>;
  /** Due again at `dueAt`, after `attempts` attempts, with the reason. */
  retryAt(
    event: DueTrigger,
    retry: { attempts: number; dueAt: Date; error: string },
  ): Promise<void>;
}
