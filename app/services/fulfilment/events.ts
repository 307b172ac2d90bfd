import type { Prisma } from "@prisma/client";
import { FLOW_TRIGGER_OF_EVENT } from "../flow-triggers/triggers";

/** Who caused an event: shown in the order timeline. */
export type EventActor =
  | `webhook:${string}`
  | "worker"
  | "callback"
  | "poller"
  | "merchant"
  | "system"
  // The regular check with Shopify found the order; the merchant imported it.
  | "reconcile"
  | "import"
  // Shopify's fulfillment and cancellation requests, answered by the app's fulfillment service.
  | "shopify"
  // The customer, on the page where they correct their own shipping address.
  | "customer";

export interface NewEvent {
  shop: string;
  shopOrderId: string;
  printOrderId?: string | null;
  actor: EventActor;
  type: string;
  message: string;
  data?: unknown;
  at?: Date;
}

/**
 * Events are append-only: this is the only way one is written. An event a Shopify Flow
 * trigger reports (needs attention, shipped, cancelled) is written due for it, in the same
 * transaction as the change it records, so no trigger is lost (services/flow-triggers).
 */
export function eventRow(event: NewEvent): Prisma.OrderEventUncheckedCreateInput {
  const trigger = event.printOrderId ? FLOW_TRIGGER_OF_EVENT.get(event.type) : undefined;
  return {
    ...(trigger ? { flowTrigger: trigger, flowDueAt: event.at ?? new Date() } : {}),
    shop: event.shop,
    shopOrderId: event.shopOrderId,
    printOrderId: event.printOrderId ?? null,
    actor: event.actor,
    type: event.type,
    message: event.message,
    data: event.data === undefined ? null : JSON.stringify(event.data),
    ...(event.at ? { at: event.at } : {}),
  };
}

/**
 * Events kept for the record but not shown as timeline entries: a status
 * callback is a hint from the print service (its body is not signed), kept so
 * a replay is recognised; the change it announces is recorded once, by the
 * re-read it triggers ("service_state", "shipped", ...).
 */
export const NOT_IN_TIMELINE = ["status_callback"] as const;

/** A stored event as the timeline reads it, newest first. */
export interface TimelineEvent {
  id: number;
  at: Date;
  actor: string;
  type: string;
  message: string;
  data: string | null;
}

/**
 * One entry per state change, for events written before each change was
 * written once: drops status callbacks, the "Print service: Shipped" entry
 * written in the same step as "Shipped with tracking …", and an entry that
 * repeats the one before it word for word. Events are newest first.
 */
export function collapseTimeline<E extends TimelineEvent>(events: readonly E[]): E[] {
  const hidden = new Set<string>(NOT_IN_TIMELINE);
  const shown = events.filter((e) => !hidden.has(e.type));
  return shown.filter((e, i) => {
    const newer = shown[i - 1];
    if (!newer) return true;
    // Only the print service's reports repeat by mistake; a merchant may do the same twice.
    const repeated = newer.type === e.type && newer.message === e.message;
    if (repeated && e.actor === "poller" && newer.actor === "poller") return false;
    const sameStep = newer.at.getTime() === e.at.getTime();
    return !(sameStep && e.type === "service_state" && newer.type === "shipped");
  });
}
