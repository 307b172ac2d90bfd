/**
 * The control API as functions: create and change orders (each change sends its
 * webhooks), send any webhook, carrier services, tokens, clock, faults, reset.
 */
import { compliancePayload, orderPayload, shopPayload } from "../payloads";
import type { ShopSeed } from "../seed";
import type { FlowTriggerRun } from "../state/flow-triggers";
import { normalizeShopDomain } from "../session-token";
import {
  FakeError,
  gid,
  parseId,
  type AddressInput,
  type CreateOrderSpec,
  type OrderRecord,
  type ProductRecord,
} from "../state";
import { removeAppServices, requestOnPayment } from "../state/fulfillment-service";
import { newFakeState, shopOf, type FakeServerState } from "./context";
import { DEFAULT_APP_ID } from "./options";
import type { DeliveryOptions, FaultSpec, RequestLogEntry, WebhookDeliveryRecord } from "./records";
import {
  listCarrierServices,
  requestShippingRates,
  type CarrierServiceSummary,
  type ShippingRatesRequest,
  type ShippingRatesResult,
} from "./shipping-rates";
import {
  createFulfillmentServiceControl,
  type FulfillmentServiceControl,
} from "./control-fulfillment-service";
import { createOnlineStoreControl, type OnlineStoreControl } from "./control-online-store";
import { notifyService } from "./service-notifications";
import { productSnapshot, type ProductSnapshot } from "./product-snapshot";
import { snapshot, type OrderSnapshot } from "./snapshot";
import { attempt, deliverMany, orderEvents, track } from "./webhook-delivery";

export interface ChangeResult {
  order: OrderSnapshot;
  deliveries: WebhookDeliveryRecord[];
}

export interface ShopifyFakeControl extends OnlineStoreControl, FulfillmentServiceControl {
  /** The Flow trigger runs the app started (flowTriggerReceive), oldest first. */
  flowTriggerRuns(filter?: { shop?: string; handle?: string }): FlowTriggerRun[];
  setAppUrl(url: string): void;
  addShop(seed: ShopSeed): { id: string; domain: string };
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
  /** Deliver any topic: an order topic (needs orderId), app/uninstalled, compliance topics, or a custom payload. */
  sendWebhook(
    input: {
      topic: string;
      shop?: string;
      orderId?: string | number;
      customerId?: string | number;
      payload?: unknown;
    } & DeliveryOptions,
  ): Promise<WebhookDeliveryRecord[]>;
  /** Revokes the shop's tokens, marks it uninstalled and delivers app/uninstalled. */
  uninstallApp(shop?: string, delivery?: DeliveryOptions): Promise<WebhookDeliveryRecord[]>;
  listWebhookDeliveries(filter?: { topic?: string; shop?: string }): WebhookDeliveryRecord[];
  /** Re-sends every delivery whose last attempt failed (same id and body, like Shopify's retries). */
  retryFailedWebhooks(): Promise<WebhookDeliveryRecord[]>;
  /** Resolves when background deliveries are done. */
  waitForWebhooks(): Promise<void>;
  listCarrierServices(shop?: string): CarrierServiceSummary[];
  /** Calls the carrier service callback the way Shopify checkout does. */
  requestShippingRates(input?: ShippingRatesRequest): Promise<ShippingRatesResult>;
  listTokens(shop?: string): Array<{
    token: string;
    shop: string;
    mode: string;
    expiresAt: string | null;
    revoked: boolean;
    refreshToken: string | null;
  }>;
  /** Makes the shop's access tokens expire now (next API call gets 401). */
  expireAccessTokens(shop?: string): number;
  revokeAccessTokens(shop?: string): number;
  /** Moves the fake's clock forward (tokens, JWT checks, rate limit, timestamps). */
  advanceClock(ms: number): void;
  injectFault(fault: FaultSpec): void;
  clearFaults(): void;
  requestLog(filter?: { kind?: RequestLogEntry["kind"]; shop?: string }): RequestLogEntry[];
  /** Back to the seed (same ids). Tokens survive unless includeTokens. */
  reset(options?: { includeTokens?: boolean }): void;
  /** The shop's products (seeded and made by productSet), optionally only those with this title or handle. */
  products(shop?: string, filter?: { title?: string; handle?: string }): ProductSnapshot[];
  /** One product of the shop by GID, numeric id or handle. */
  product(idOrHandle: string | number, shop?: string): ProductSnapshot | undefined;
  /** The staged upload targets handed out, and whether something was uploaded to each. */
  stagedUploads(shop?: string): StagedUploadSummary[];
  /** Resolves when background fetches of product images (loopback URLs) are done. */
  waitForMedia(): Promise<void>;
  /**
   * The scopes the shop has granted from now on: its existing tokens carry them at
   * once, and so do the tokens issued later (until reset()).
   */
  setScopes(shop: string | undefined, scopes: string): void;
}

export interface StagedUploadSummary {
  resourceUrl: string;
  shop: string;
  resource: string;
  filename: string;
  mimeType: string;
  fileSize: number | null;
  uploaded: boolean;
  size: number | null;
}

export function createControl(fake: FakeServerState): ShopifyFakeControl {
  return {
    ...createOnlineStoreControl(fake),
    ...createFulfillmentServiceControl(fake),
    flowTriggerRuns(filter = {}) {
      return fake.state.flowTriggerRuns
        .filter(
          (r) =>
            (!filter.shop || r.shop === filter.shop) &&
            (!filter.handle || r.handle === filter.handle),
        )
        .map((r) => structuredClone(r));
    },
    setAppUrl(url) {
      fake.appUrl = url.replace(/\/$/, "");
    },
    addShop(seed) {
      fake.extraShops.push(seed);
      const shop = fake.state.seedShop(seed);
      return { id: gid("Shop", shop.id), domain: shop.domain };
    },
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
    async sendWebhook(input) {
      const shop = shopOf(fake, input.shop);
      let payload: () => unknown;
      if (input.payload !== undefined) {
        const p = input.payload;
        payload = () => p;
      } else if (input.orderId !== undefined) {
        const order = fake.state.requireOrder(input.orderId);
        payload = () => orderPayload(fake.state, order);
      } else if (input.topic === "app/uninstalled" || input.topic === "shop/update") {
        payload = () => shopPayload(shop);
      } else if (
        ["customers/data_request", "customers/redact", "shop/redact"].includes(input.topic)
      ) {
        const cid =
          input.customerId === undefined
            ? undefined
            : fake.state.ids.stored(input.customerId, "Customer");
        payload = () => compliancePayload(fake.state, shop, input.topic, cid);
      } else {
        throw new FakeError(422, `Give orderId or payload for topic ${input.topic}`);
      }
      return deliverMany(fake, shop.domain, [{ topic: input.topic, payload }], {
        ...input,
        topics: [input.topic],
      });
    },
    async uninstallApp(shopDomain, delivery) {
      const shop = shopOf(fake, shopDomain);
      shop.installed = false;
      fake.state.revokeTokens(shop.domain);
      removeAppServices(fake.state, shop.domain, fake.options.appId ?? DEFAULT_APP_ID);
      return deliverMany(
        fake,
        shop.domain,
        [{ topic: "app/uninstalled", payload: () => shopPayload(shop) }],
        delivery,
      );
    },
    listWebhookDeliveries(filter = {}) {
      return fake.deliveries.filter(
        (d) =>
          (!filter.topic || d.topic === filter.topic) && (!filter.shop || d.shop === filter.shop),
      );
    },
    async retryFailedWebhooks() {
      const failed = fake.deliveries.filter((d) => !d.delivered);
      await track(fake, Promise.all(failed.map((d) => attempt(fake, d))));
      return failed;
    },
    async waitForWebhooks() {
      while (fake.inflight.size) await Promise.allSettled([...fake.inflight]);
    },
    listCarrierServices(shop) {
      return listCarrierServices(fake, shop);
    },
    async requestShippingRates(input = {}) {
      return requestShippingRates(fake, input);
    },
    listTokens(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      return [...fake.state.accessTokens.values()]
        .filter((t) => !domain || t.shop === domain)
        .map((t) => ({
          token: t.token,
          shop: t.shop,
          mode: t.mode,
          expiresAt: t.expiresAt === null ? null : new Date(t.expiresAt).toISOString(),
          revoked: t.revoked,
          refreshToken: t.refreshToken,
        }));
    },
    expireAccessTokens(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      let n = 0;
      const now = fake.clock.now();
      for (const t of fake.state.accessTokens.values()) {
        if ((!domain || t.shop === domain) && !t.revoked) {
          t.expiresAt = now - 1;
          n++;
        }
      }
      return n;
    },
    revokeAccessTokens(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      let n = 0;
      for (const s of fake.state.shops.values())
        if (!domain || s.domain === domain) n += fake.state.revokeTokens(s.domain);
      return n;
    },
    advanceClock(ms) {
      fake.clockOffset += ms;
    },
    injectFault(fault) {
      fake.faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      fake.faults = [];
    },
    requestLog(filter = {}) {
      return fake.log.filter(
        (e) => (!filter.kind || e.kind === filter.kind) && (!filter.shop || e.shop === filter.shop),
      );
    },
    products(shopDomain, filter = {}) {
      const shop = shopOf(fake, shopDomain);
      return [...fake.state.products.values()]
        .filter((p) => p.shop === shop.domain)
        .filter((p) => filter.title === undefined || p.title === filter.title)
        .filter((p) => filter.handle === undefined || p.handle === filter.handle)
        .map((p) => productSnapshot(fake.state, p, fake.url));
    },
    product(idOrHandle, shopDomain) {
      const shop = shopOf(fake, shopDomain);
      const id = parseId(idOrHandle, "Product");
      const found: ProductRecord | undefined =
        id !== undefined
          ? fake.state.products.get(id)
          : [...fake.state.products.values()].find(
              (p) => p.shop === shop.domain && p.handle === String(idOrHandle),
            );
      return found && found.shop === shop.domain
        ? productSnapshot(fake.state, found, fake.url)
        : undefined;
    },
    stagedUploads(shopDomain) {
      const domain = shopDomain ? normalizeShopDomain(shopDomain) : undefined;
      return [...fake.state.stagedUploads.values()]
        .filter((u) => !domain || u.shop === domain)
        .map((u) => ({
          resourceUrl: `${fake.url ?? ""}/staged-uploads/${u.key.split("/").map(encodeURIComponent).join("/")}`,
          shop: u.shop,
          resource: u.resource,
          filename: u.filename,
          mimeType: u.mimeType,
          fileSize: u.fileSize,
          uploaded: u.bytes !== null,
          size: u.bytes?.length ?? null,
        }));
    },
    async waitForMedia() {
      while (fake.mediaWork.size) await Promise.allSettled([...fake.mediaWork]);
    },
    setScopes(shopDomain, scopes) {
      const shop = shopOf(fake, shopDomain);
      fake.state.setGrantedScopes(
        shop.domain,
        scopes
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      );
    },
    reset(opts = {}) {
      const tokens = [...fake.state.accessTokens.entries()];
      const refresh = [...fake.state.refreshTokens.entries()];
      fake.state = newFakeState(fake);
      for (const seed of fake.extraShops) fake.state.seedShop(seed);
      if (!opts.includeTokens) {
        for (const [k, v] of tokens) fake.state.accessTokens.set(k, v);
        for (const [k, v] of refresh) fake.state.refreshTokens.set(k, v);
      }
      fake.deliveries.length = 0;
      fake.log.length = 0;
      fake.faults = [];
      fake.buckets.clear();
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
