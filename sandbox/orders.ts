// Order store operations and the state machine, shared by the JSON and the
// legacy interface (one order store). Handlers validate shapes; this module
// enforces the business rules and emits one event per state change.

import type { Catalogue, Offering } from "./catalogue";
import { ServiceError, invalidData, offeringNotFound } from "./errors";
import { findCurrency } from "./money";
import {
  checkCombination,
  priceItem,
  requireCurrency,
  validateItemLimits,
  type PricedItem,
} from "./pricing";
import { derivedHex } from "./signatures";
import type {
  Address,
  ItemFiles,
  LegacyInfo,
  Merchant,
  Order,
  OrderItem,
  OrderState,
  Store,
} from "./store";
import { ORDER_STATES } from "./store";

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** ISO 8601 with an explicit offset, as the legacy interface writes timestamps. */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

/** The production path an order walks once paid. */
export const FORWARD_STATES: readonly OrderState[] = [
  "PAID",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "IN_PRODUCTION",
  "SHIPPED",
];

const UNPAID: readonly OrderState[] = ["OPEN", "PAYMENT_ERROR"];
const CANCELLABLE: readonly OrderState[] = [
  "NO_PRINT_FACILITY_ERROR",
  "OPEN",
  "PAYMENT_ERROR",
  "PAID",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
];

/**
 * Test trigger: a source URL whose host is (or ends with) `unreachable.invalid`,
 * or whose path contains `/unreachable/`, "cannot be retrieved" (409 at payment).
 */
export function isUnreachableUrl(url: string): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return (
      u.hostname === "unreachable.invalid" ||
      u.hostname.endsWith(".unreachable.invalid") ||
      u.pathname.includes("/unreachable/")
    );
  } catch {
    return url.includes("/unreachable/");
  }
}

export interface NewOrderItem {
  reference: string;
  offeringId: number;
  quantity: number;
  title: string;
  files: ItemFiles | null;
}

export interface NewOrder {
  reference: string;
  purchaseOrder: string;
  currency: string;
  billingEntityId: number | null;
  costCentre: string;
  email: string;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  items: NewOrderItem[];
  legacy: Omit<LegacyInfo, "externalOrderId"> | null;
}

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

export class OrderService {
  constructor(
    private readonly store: Store,
    private readonly catalogue: Catalogue,
    private readonly clock: Clock,
    private readonly seed: number,
    private readonly onChange: StateChangeListener,
  ) {}

  offering(id: number): Offering {
    const o = this.catalogue.find(id);
    if (!o) throw offeringNotFound(id);
    return o;
  }

  create(merchant: Merchant, input: NewOrder): Order {
    requireCurrency(input.currency);
    if (input.reference && this.store.orderByReference(merchant.merchantApiKey, input.reference))
      throw new ServiceError(
        400,
        "ORD_DUPLICATE",
        `Order reference already used: ${input.reference}`,
      );
    const offerings = input.items.map((it) => {
      const o = this.offering(it.offeringId);
      validateItemLimits(
        o,
        it.files?.pages ?? o.defaultNumberOfPages,
        it.quantity,
        it.files?.width,
        it.files?.height,
      );
      return o;
    });
    if (input.shippingAddress) checkCombination(offerings, input.shippingAddress.countryCode);

    const id = this.store.nextId("order");
    const now = isoWithOffset(this.clock.now());
    const items: OrderItem[] = input.items.map((it) => ({
      itemId: this.store.nextId("item"),
      reference: it.reference,
      offeringId: it.offeringId,
      quantity: it.quantity,
      title: it.title,
      files: it.files,
      state: it.files ? "AWAITING_PAYMENT" : "PENDING_COMPLETION",
    }));
    const order: Order = {
      id,
      merchantApiKey: merchant.merchantApiKey,
      reference: input.reference,
      purchaseOrder: input.purchaseOrder,
      currency: input.currency.toUpperCase(),
      billingEntityId: input.billingEntityId,
      costCentre: input.costCentre,
      email: input.email,
      shippingAddress: input.shippingAddress,
      billingAddress: input.billingAddress,
      items,
      state: "OPEN",
      history: [{ from: null, to: "OPEN", at: now }],
      createdAt: now,
      trackingCode: "",
      trackingUrl: "",
      paidAmount: 0,
      paidCurrency: "",
      pricedCountry: null,
      legacy: input.legacy
        ? { ...input.legacy, externalOrderId: derivedHex(this.seed, `ext:${id}`, 24).toUpperCase() }
        : null,
    };
    this.store.addOrder(order);
    return order;
  }

  /** An order of this merchant by id or by reference (404 otherwise). */
  find(merchant: Merchant, id: number | undefined, reference?: string): Order {
    const order =
      id !== undefined
        ? this.store.orders.get(id)
        : reference
          ? this.store.orderByReference(merchant.merchantApiKey, reference)
          : undefined;
    if (!order || order.merchantApiKey !== merchant.merchantApiKey)
      throw new ServiceError(404, undefined, "Order not found");
    return order;
  }

  setAddress(order: Order, address: Address | null, email: string | undefined): void {
    if (!UNPAID.includes(order.state))
      throw new ServiceError(
        409,
        "ORD_PAID_STATE",
        `Order ${order.id} is ${order.state}; the address can only change before payment`,
      );
    if (address) {
      checkCombination(
        order.items.map((it) => this.offering(it.offeringId)),
        address.countryCode,
      );
      order.shippingAddress = address;
    }
    if (email !== undefined) order.email = email;
  }

  setQuantity(order: Order, quantity: number): void {
    if (!UNPAID.includes(order.state))
      throw new ServiceError(409, "ORD_PAID_STATE", `Order ${order.id} is already ${order.state}`);
    for (const it of order.items) {
      const o = this.offering(it.offeringId);
      validateItemLimits(o, it.files?.pages ?? o.defaultNumberOfPages, quantity);
      it.quantity = quantity;
    }
  }

  setFiles(order: Order, itemReference: string | undefined, files: ItemFiles): OrderItem[] {
    const orderOpen = UNPAID.includes(order.state);
    if (!orderOpen && order.state !== "PAID")
      throw new ServiceError(
        409,
        "ORD_FILES_STATE",
        `Files cannot change: order ${order.id} is ${order.state}`,
      );
    let targets: OrderItem[];
    if (itemReference !== undefined) {
      const item = order.items.find((it) => it.reference === itemReference);
      if (!item)
        throw invalidData("item_reference", `no item ${itemReference} in order ${order.id}`);
      if (item.state !== "PENDING_COMPLETION" && !orderOpen)
        throw new ServiceError(
          409,
          "ORD_FILES_STATE",
          `Files cannot change: item ${itemReference} is ${item.state}`,
        );
      targets = [item];
    } else {
      targets = order.items.filter((it) => it.state === "PENDING_COMPLETION");
      if (targets.length === 0 && orderOpen) targets = order.items;
      if (targets.length === 0)
        throw new ServiceError(
          409,
          "ORD_FILES_STATE",
          `Files cannot change: no item of order ${order.id} is PENDING_COMPLETION`,
        );
    }
    for (const it of targets) {
      const o = this.offering(it.offeringId);
      validateItemLimits(o, files.pages, it.quantity, files.width, files.height);
    }
    if (!orderOpen) this.assertReachable([files]);
    for (const it of targets) {
      it.files = { ...files };
      it.state = orderOpen ? "AWAITING_PAYMENT" : "QUEUED_FOR_PROCESSING";
    }
    return targets;
  }

  /** Payment core shared by JSON /order/payment and legacy set_paid (secrets checked by callers). */
  pay(order: Order, merchant: Merchant): void {
    if (!UNPAID.includes(order.state))
      throw new ServiceError(
        409,
        "ORD_PAID_STATE",
        `Order ${order.id} is ${order.state}; payment is accepted only from OPEN or PAYMENT_ERROR`,
      );
    const address = order.shippingAddress;
    if (!address)
      throw new ServiceError(409, "ORD_MISS_ADDR", `Order ${order.id} has no shipping address`);
    checkCombination(
      order.items.map((it) => this.offering(it.offeringId)),
      address.countryCode,
    );
    this.assertReachable(order.items.map((it) => it.files));
    const creditCurrency = findCurrency(merchant.creditCurrency) ?? requireCurrency("EUR");
    const total = this.priceOrder(order, creditCurrency.code, address.countryCode).reduce(
      (sum, p) => sum + p.total,
      0,
    );
    if (merchant.credit < total) {
      if (order.state !== "PAYMENT_ERROR") this.transition(order, "PAYMENT_ERROR");
      throw new ServiceError(
        409,
        "MERCH_INSUFFICIENT_BALANCE",
        `Insufficient balance: ${total} ${creditCurrency.code} minor units needed`,
      );
    }
    merchant.credit -= total;
    order.paidAmount = total;
    order.paidCurrency = creditCurrency.code;
    order.pricedCountry = address.countryCode;
    this.transition(order, "PAID");
  }

  cancel(order: Order, merchant: Merchant): void {
    if (!CANCELLABLE.includes(order.state))
      throw new ServiceError(
        409,
        "ORD_CANCEL_STATE",
        `Order ${order.id} is ${order.state} and can no longer be cancelled`,
      );
    if (order.paidAmount > 0 && order.paidCurrency === merchant.creditCurrency) {
      merchant.credit += order.paidAmount;
      order.paidAmount = 0;
    }
    this.transition(order, "CANCELLED");
  }

  /** Prices per item, like the quote, for the order's (or given) currency and destination. */
  priceOrder(order: Order, currencyCode = order.currency, country?: string): PricedItem[] {
    const currency = requireCurrency(currencyCode);
    const merchant = this.store.merchants.get(order.merchantApiKey);
    const dest =
      country ??
      order.pricedCountry ??
      order.shippingAddress?.countryCode ??
      merchant?.homeCountry ??
      "NL";
    return order.items.map((it) => {
      const o = this.offering(it.offeringId);
      return priceItem(
        o,
        it.files?.pages ?? o.defaultNumberOfPages,
        it.quantity,
        currency,
        dest,
        merchant?.markupBp ?? 0,
      );
    });
  }

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

  private transition(order: Order, to: OrderState, tracking?: Tracking | null): void {
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

  private assertReachable(files: readonly (ItemFiles | null)[]): void {
    for (const f of files) {
      if (!f) continue;
      for (const url of [f.contentUrl, f.coverUrl, f.customSpineUrl])
        if (isUnreachableUrl(url))
          throw new ServiceError(409, undefined, `Source file could not be retrieved: ${url}`);
    }
  }
}
