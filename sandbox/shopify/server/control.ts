/**
 * The control API as functions: send any webhook, carrier services, tokens, clock, faults,
 * reset; and the parts in control-orders.ts (orders and their webhooks), control-catalogue.ts
 * (products, staged uploads), control-online-store.ts and control-fulfillment-service.ts.
 */
import { compliancePayload, orderPayload, shopPayload } from "../payloads";
import type { ShopSeed } from "../seed";
import type { FlowTriggerRun } from "../state/flow-triggers";
import { normalizeShopDomain } from "../session-token";
import { FakeError, gid } from "../state";
import { removeAppServices } from "../state/fulfillment-service";
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
import { createCatalogueControl, type CatalogueControl } from "./control-catalogue";
import {
  createFulfillmentServiceControl,
  type FulfillmentServiceControl,
} from "./control-fulfillment-service";
import { createOnlineStoreControl, type OnlineStoreControl } from "./control-online-store";
import { createOrderControl, type OrderControl } from "./control-orders";
import { attempt, deliverMany, track } from "./webhook-delivery";

export interface ShopifyFakeControl
  extends OrderControl, CatalogueControl, OnlineStoreControl, FulfillmentServiceControl {
  /** The Flow trigger runs the app started (flowTriggerReceive), oldest first. */
  flowTriggerRuns(filter?: { shop?: string; handle?: string }): FlowTriggerRun[];
  setAppUrl(url: string): void;
  addShop(seed: ShopSeed): { id: string; domain: string };
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
  /**
   * The scopes the shop has granted from now on: its existing tokens carry them at
   * once, and so do the tokens issued later (until reset()).
   */
  setScopes(shop: string | undefined, scopes: string): void;
}

export function createControl(fake: FakeServerState): ShopifyFakeControl {
  return {
    ...createOnlineStoreControl(fake),
    ...createFulfillmentServiceControl(fake),
    ...createOrderControl(fake),
    ...createCatalogueControl(fake),
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
