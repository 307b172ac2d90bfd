// Order store operations, shared by the JSON and the legacy interface (one order
// store). Handlers validate shapes; this module enforces the business rules. State
// changes go through the lifecycle (order-lifecycle.ts), which emits one event per change.

import type { Catalogue, Offering } from "./catalogue";
import { isoWithOffset, type Clock } from "./clock";
import { ServiceError, invalidData, offeringNotFound } from "./errors";
import { findCurrency } from "./money";
import {
  CANCELLABLE,
  OrderLifecycle,
  UNPAID,
  type AdvanceOptions,
  type StateChangeListener,
  type Tracking,
  type Transition,
} from "./order-lifecycle";
import {
  checkCombination,
  priceItem,
  requireCurrency,
  validateItemLimits,
  type PricedItem,
} from "./pricing";
import { derivedHex } from "./signatures";
import type { Address, ItemFiles, LegacyInfo, Merchant, Order, OrderItem, Store } from "./store";

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

export class OrderService {
  private readonly lifecycle: OrderLifecycle;

  constructor(
    private readonly store: Store,
    private readonly catalogue: Catalogue,
    private readonly clock: Clock,
    private readonly seed: number,
    onChange: StateChangeListener,
  ) {
    this.lifecycle = new OrderLifecycle(store, clock, seed, onChange);
  }

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
      // Without its address a file cannot be printed: the item waits for it (sandbox/README.md).
      it.state = !files.contentUrl
        ? "PENDING_COMPLETION"
        : orderOpen
          ? "AWAITING_PAYMENT"
          : "QUEUED_FOR_PROCESSING";
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
      if (order.state !== "PAYMENT_ERROR") this.lifecycle.transition(order, "PAYMENT_ERROR");
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
    this.lifecycle.transition(order, "PAID");
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
    this.lifecycle.transition(order, "CANCELLED");
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
    // A paid order keeps the prices of the price list it was paid under.
    const paid = order.history.findLast((h) => h.to === "PAID");
    const paidAt = paid ? Date.parse(paid.at) : null;
    return order.items.map((it) => {
      const current = this.offering(it.offeringId);
      const o = paidAt === null ? current : this.catalogue.prices.listedAt(current, paidAt);
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
    return this.lifecycle.canAdvance(order);
  }

  /** See OrderLifecycle.advance. */
  advance(opts: AdvanceOptions): Transition[] {
    return this.lifecycle.advance(opts);
  }

  /** See OrderLifecycle.setTracking. */
  setTracking(orderId: number, tracking: Tracking): Order {
    return this.lifecycle.setTracking(orderId, tracking);
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
