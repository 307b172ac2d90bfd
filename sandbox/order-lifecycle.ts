// The order state machine: the production path a paid order walks, what each state means for
// its items, and the moves only the control API and the auto-advance timer make (advance,
// late tracking numbers). OrderService moves orders through the same transition().

import { isoWithOffset, type Clock } from "./clock";
import { ServiceError, invalidData } from "./errors";
import { derivedHex } from "./signatures";
import { ORDER_STATES, type Order, type OrderState, type Store } from "./store";

/** The production path an order walks once paid. */
export const FORWARD_STATES: readonly OrderState[] = [
  "PAID",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "IN_PRODUCTION",
  "SHIPPED",
];

/** Not paid yet: the only states that take a payment, an address or a quantity. */
export const UNPAID: readonly OrderState[] = ["OPEN", "PAYMENT_ERROR"];
/** Up to WAITING_TO_DISPATCH an order can still be cancelled (paid credit is refunded). */
export const CANCELLABLE: readonly OrderState[] = [
  "NO_PRINT_FACILITY_ERROR",
  "OPEN",
  "PAYMENT_ERROR",
  "PAID",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
];

export type StateChangeListener = (order: Order, from: OrderState, to: OrderState) => void;

export interface Transition {
  orderId: number;
  from: OrderState;
  to: OrderState;
}

/** A carrier's tracking number and page, as the service reports them. */
export interface Tracking {
  code: string;
  url?: string | undefined;
}

export interface AdvanceOptions {
  orderId?: number;
  to?: string;
  force?: boolean;
  /**
   * On reaching SHIPPED: this tracking number, or none at all (null: shipped untracked,
   * or its number comes later through setTracking). Default: a generated number.
   */
  tracking?: Tracking | null;
}

function setTrackingOf(order: Order, tracking: Tracking): void {
  order.trackingCode = tracking.code;
  order.trackingUrl = tracking.url ?? "";
}

export class OrderLifecycle {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly seed: number,
    private readonly onChange: StateChangeListener,
  ) {}

  canAdvance(order: Order): boolean {
    const i = FORWARD_STATES.indexOf(order.state);
    if (i < 0 || i === FORWARD_STATES.length - 1) return false;
    return !(order.state === "PAID" && this.hasPendingItems(order));
  }

  /**
   * Moves orders forward. Without `to`: every paid order one step (a PAID order with
   * items PENDING_COMPLETION waits). With `to`: walks forward state by state to it, or
   * jumps directly when `to` is off the forward path (CANCELLED, PRODUCTION_ERROR, ...).
   */
  advance(opts: AdvanceOptions): Transition[] {
    if (opts.to !== undefined && !(ORDER_STATES as readonly string[]).includes(opts.to))
      throw invalidData("to", `unknown state ${opts.to}`);
    const to = opts.to as OrderState | undefined;
    let targets: Order[];
    if (opts.orderId !== undefined) {
      const o = this.store.orders.get(opts.orderId);
      if (!o) throw new ServiceError(404, undefined, "Order not found");
      targets = [o];
    } else targets = [...this.store.orders.values()];
    const out: Transition[] = [];
    const step = (o: Order, next: OrderState) => {
      out.push({ orderId: o.id, from: o.state, to: next });
      this.transition(o, next, opts.tracking);
    };
    for (const o of targets) {
      if (to === undefined) {
        if (this.canAdvance(o))
          step(o, FORWARD_STATES[FORWARD_STATES.indexOf(o.state) + 1] as OrderState);
        continue;
      }
      const target = FORWARD_STATES.indexOf(to);
      const current = UNPAID.includes(o.state) ? -1 : FORWARD_STATES.indexOf(o.state);
      if (target >= 0 && current >= -1 && (current >= 0 || UNPAID.includes(o.state))) {
        for (let i = current + 1; i <= target; i++) {
          if (o.state === "PAID" && !opts.force && this.hasPendingItems(o)) break;
          step(o, FORWARD_STATES[i] as OrderState);
        }
      } else if (o.state !== to) step(o, to);
    }
    return out;
  }

  private hasPendingItems(order: Order): boolean {
    return order.items.some((it) => it.state === "PENDING_COMPLETION");
  }

  /**
   * Adds or replaces a shipped order's tracking number, as the real service does when a
   * carrier's number arrives after the order was marked shipped. No status callback: the
   * state does not change.
   */
  setTracking(orderId: number, tracking: Tracking): Order {
    const order = this.store.orders.get(orderId);
    if (!order) throw new ServiceError(404, undefined, "Order not found");
    setTrackingOf(order, tracking);
    return order;
  }

  /** Moves one order to a state: history, item states, tracking on SHIPPED, one change event. */
  transition(order: Order, to: OrderState, tracking?: Tracking | null): void {
    const from = order.state;
    order.state = to;
    order.history.push({ from, to, at: isoWithOffset(this.clock.now()) });
    for (const it of order.items) {
      if (it.state === "PENDING_COMPLETION") continue;
      if (to === "PAID") it.state = "QUEUED_FOR_PROCESSING";
      else if (to === "WAITING_TO_DISPATCH") it.state = "PROCESSED";
      else if (to === "IN_PRINT_QUEUE") it.state = "PRINT_READY";
    }
    if (to === "SHIPPED" && tracking) {
      setTrackingOf(order, tracking);
    } else if (to === "SHIPPED" && tracking !== null && !order.trackingCode) {
      const code = `SBX${order.id}${derivedHex(this.seed, `trk:${order.id}`, 6).toUpperCase()}`;
      setTrackingOf(order, { code, url: `https://tracking.sandbox.invalid/track/${code}` });
    }
    this.onChange(order, from, to);
  }
}
