import type { Prisma } from "@prisma/client";

/** Who caused an event: shown in the order timeline. */
export type EventActor =
  `webhook:${string}` | "worker" | "callback" | "poller" | "merchant" | "system";

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

/** Events are append-only: this is the only way one is written. */
export function eventRow(event: NewEvent): Prisma.OrderEventUncheckedCreateInput {
  return {
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
