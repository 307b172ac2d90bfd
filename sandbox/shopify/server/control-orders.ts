/**
 * The control API's orders part: a test makes and changes orders as checkout and the merchant
 * would, each change sending the webhooks Shopify sends for it (and, for a paid order with
 * automatic fulfilment on, the requests to fulfillment services); and reads them back.
 */
import { normalizeShopDomain } from "../session-token";
import type { AddressInput, CreateOrderSpec, OrderRecord } from "../state";
import { requestOnPayment } from "../state/fulfillment-requests";
import { shopOf, type FakeServerState } from "./context";
import type { DeliveryOptions, WebhookDeliveryRecord } from "./records";
import { notifyService } from "./service-notifications";
import { snapshot, type OrderSnapshot } from "./snapshot";
import { deliverMany, orderEvents } from "./webhook-delivery";

export interface ChangeResult {
  order: OrderSnapshot;
  deliveries: WebhookDeliveryRecord[];
}

export interface OrderControl {
  createOrder(spec: CreateOrderSpec, delivery?: DeliveryOptions): Promise<ChangeResult>;
  markOrderPaid(orderId: string | number, delivery?: DeliveryOptions): Promise<ChangeResult>;
  /**
   * Shopify's "Automatically fulfill the order's line items": on, a paid order's lines at a
   * fulfillment service are requested at once (and the service pinged).
   */
  setAutomaticFulfillment(shop: string | undefined, on: boolean): void;
  updateShippingAddress(
    orderId: string | number,
    address: AddressInput,
    delivery?: DeliveryOptions,
  ): Promise<ChangeResult>;
  cancelOrder(
    orderId: string | number,
    options?: {
      reason?: "CUSTOMER" | "DECLINED" | "FRAUD" | "INVENTORY" | "OTHER" | "STAFF";
      refund?: boolean;
    } & DeliveryOptions,
  ): Promise<ChangeResult>;
  /** Adds or replaces a line item property; value null removes it. */
  setLineItemProperty(
    orderId: string | number,
    lineItemId: string | number,
    name: string,
    value: string | null,
    delivery?: DeliveryOptions,
  ): Promise<ChangeResult>;
  getOrder(orderId: string | number): OrderSnapshot | undefined;
  listOrders(shop?: string): OrderSnapshot[];
}

export function createOrderControl(fake: FakeServerState): OrderControl {
  return {
    async createOrder(spec, delivery) {
      const order = fake.state.createOrder(spec);
      const topics = [
        "orders/create",
        ...(order.financialStatus === "PAID" ? ["orders/paid"] : []),
      ];
      const deliveries = await deliverMany(
        fake,
        order.shop,
        orderEvents(fake, order, topics),
        delivery,
      );
      deliveries.push(...(await requestAutomatically(fake, order, delivery)));
      return { order: snapshot(fake.state, order), deliveries };
    },
    async markOrderPaid(orderId, delivery) {
      const order = fake.state.requireOrder(orderId);
      fake.state.markPaid(order);
      const deliveries = await deliverMany(
        fake,
        order.shop,
        orderEvents(fake, order, ["orders/paid", "orders/updated"]),
        delivery,
      );
      deliveries.push(...(await requestAutomatically(fake, order, delivery)));
      return { order: snapshot(fake.state, order), deliveries };
    },
    setAutomaticFulfillment(shopDomain, on) {
      shopOf(fake, shopDomain).automaticFulfillment = on;
    },
    async updateShippingAddress(orderId, address, delivery) {
      const order = fake.state.requireOrder(orderId);
      fake.state.updateShippingAddress(order, address);
      const deliveries = await deliverMany(
        fake,
        order.shop,
        orderEvents(fake, order, ["orders/updated"]),
        delivery,
      );
      return { order: snapshot(fake.state, order), deliveries };
    },
    async cancelOrder(orderId, opts = {}) {
      const order = fake.state.requireOrder(orderId);
      const requested = fake.state.cancelOrder(
        order,
        opts.reason ?? "CUSTOMER",
        opts.refund ?? true,
      );
      // A service that accepted the work is asked to cancel it.
      for (const fo of requested) await notifyService(fake, fo, "CANCELLATION_REQUEST", opts);
      const deliveries = await deliverMany(
        fake,
        order.shop,
        orderEvents(fake, order, ["orders/cancelled", "orders/updated"]),
        opts,
      );
      return { order: snapshot(fake.state, order), deliveries };
    },
    async setLineItemProperty(orderId, lineItemId, name, value, delivery) {
      const order = fake.state.requireOrder(orderId);
      fake.state.setLineItemProperty(order, lineItemId, name, value);
      const deliveries = await deliverMany(
        fake,
        order.shop,
        orderEvents(fake, order, ["orders/updated"]),
        delivery,
      );
      return { order: snapshot(fake.state, order), deliveries };
    },
    getOrder(orderId) {
      const order = fake.state.order(orderId);
      return order ? snapshot(fake.state, order) : undefined;
    },
    listOrders(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      return [...fake.state.orders.values()]
        .filter((o) => !domain || o.shop === domain)
        .map((o) => snapshot(fake.state, o));
    },
  };
}

/** Shopify's automatic fulfilment of a paid order: the requests, then a ping to each service. */
async function requestAutomatically(
  fake: FakeServerState,
  order: OrderRecord,
  delivery: DeliveryOptions | undefined,
): Promise<WebhookDeliveryRecord[]> {
  const pings: WebhookDeliveryRecord[] = [];
  for (const fo of requestOnPayment(fake.state, order)) {
    const ping = await notifyService(fake, fo, "FULFILLMENT_REQUEST", { wait: delivery?.wait });
    if (ping) pings.push(ping);
  }
  return pings;
}
