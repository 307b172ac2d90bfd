/**
 * The Shopify fake as a real HTTP server (node:http, port 0 by default):
 * OAuth token endpoint, Admin GraphQL, and a JSON control API under /__fake/.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { runAdminGraphql, type ApiChange, type CostLimiter, type GraphqlContext } from "./graphql";
import {
  compliancePayload,
  fulfillmentPayload,
  orderPayload,
  shopPayload,
  type JsonObject,
} from "./payloads";
import { SHOP_DOMAIN_HEADER } from "./redirect";
import { DEMO_SHOP_DOMAIN, type ShopSeed } from "./seed";
import { normalizeShopDomain, verifySessionToken } from "./session-token";
import {
  FakeError,
  FakeState,
  gid,
  parseId,
  toCents,
  uuid,
  type AddressInput,
  type Clock,
  type CreateOrderSpec,
  type LargeIdType,
  parseJsonExact,
  type OrderRecord,
  type ShopRecord,
} from "./state";
import {
  DEFAULT_WEBHOOK_API_VERSION,
  sendWebhook,
  signWebhook,
  webhookHeaders,
  type WebhookHeaders,
} from "./webhooks";
import { iso } from "./graphql";

export const DEFAULT_SCOPES =
  "read_products,read_orders,write_merchant_managed_fulfillment_orders,read_merchant_managed_fulfillment_orders,write_shipping,read_shipping,read_locations";

/** Topics delivered automatically when `subscriptions` is not given. */
export const DEFAULT_SUBSCRIPTIONS = [
  "orders/create",
  "orders/paid",
  "orders/updated",
  "orders/cancelled",
  "app/uninstalled",
  "app/scopes_update",
  "customers/data_request",
  "customers/redact",
  "shop/redact",
];

export interface ShopifyFakeOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The app's client id. */
  apiKey: string;
  /** The app's client secret (signs session tokens and webhooks). */
  apiSecret: string;
  /** Base URL of the app (webhooks go to appUrl + path). Can be set later with control.setAppUrl. */
  appUrl?: string;
  /** Extra shops (the demo shop is always there). */
  shops?: ShopSeed[];
  /** Clock in ms (default Date.now). */
  clock?: () => number;
  /** Granted scopes, comma separated. Default DEFAULT_SCOPES. */
  scopes?: string;
  /** Webhook path per topic; default `/webhooks/<topic>` (e.g. /webhooks/orders/paid). */
  webhookPaths?: Record<string, string> | ((topic: string) => string);
  /** Topics the app subscribes to: only these are delivered automatically. Default DEFAULT_SUBSCRIPTIONS. */
  subscriptions?: string[];
  /** X-Shopify-API-Version of deliveries. Default 2026-07. */
  webhookApiVersion?: string;
  /** Shopify waits 5 s. */
  webhookTimeoutMs?: number;
  /** Also deliver webhooks for changes the app makes via GraphQL (fulfillments/create, orders/updated...). Default false. */
  webhooksOnApiChanges?: boolean;
  /** Leaky bucket per shop; false disables. Default { maximumAvailable: 2000, restoreRate: 100 }. */
  rateLimit?: false | { maximumAvailable?: number; restoreRate?: number };
  /**
   * Answer a GraphQL error (and run nothing) when a request selects a deprecated field or
   * enum value. Real Shopify answers and names them in X-Shopify-API-Deprecated-Reason,
   * which the fake always sends; tests turn this on so the app using one fails.
   */
  rejectDeprecated?: boolean;
  /** Lifetime of expiring offline access tokens (Shopify: 3600). */
  accessTokenTtlSeconds?: number;
  /** Lifetime of refresh tokens (Shopify: 90 days). */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of online access tokens (Shopify: ~1 day). */
  onlineTokenTtlSeconds?: number;
  /**
   * Where order, line item and customer ids start, as decimal text; beyond
   * 2^53 if wanted (`{ Order: "820982911946154508" }`), like the 18-digit ids
   * of Shopify's documented payloads. Default: the small seeded ranges.
   */
  idBases?: Partial<Record<LargeIdType, string>>;
}

export interface DeliveryOptions {
  /** Deliver webhooks for this change (default true). */
  deliver?: boolean;
  /** Override which topics are sent (default: the change's topics that are subscribed). */
  topics?: string[];
  /** Extra copies of each delivery, with the same X-Shopify-Webhook-Id (default 0). */
  duplicates?: number;
  /** Send the copies at the same time instead of one after another. */
  concurrent?: boolean;
  /** Wait for the deliveries before returning (default true). */
  wait?: boolean;
}

export interface WebhookAttempt {
  at: string;
  status: number;
  body: string;
  durationMs: number;
  error?: string;
}

export interface WebhookDeliveryRecord {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  url: string;
  /** 0 = original, 1.. = duplicate copies (same webhookId). */
  copy: number;
  payload: unknown;
  rawBody: string;
  headers: WebhookHeaders;
  attempts: WebhookAttempt[];
  /** Last attempt answered 2xx. */
  delivered: boolean;
}

export interface RequestLogEntry {
  at: string;
  kind: "oauth" | "graphql" | "rest";
  shop: string | null;
  method: string;
  path: string;
  status: number;
  grantType?: string;
  requestedTokenType?: string;
  operationName?: string | null;
  operationType?: string | null;
  rootFields?: string[];
  variables?: unknown;
  query?: string;
  cost?: number;
  errors?: string[];
  userErrors?: unknown[];
  /** Deprecated fields and enum values the request used (`Type.field`). */
  deprecations?: string[];
}

export interface FaultSpec {
  /** Which endpoint: graphql, oauth, or both. */
  target: "graphql" | "oauth" | "all";
  /** HTTP status to answer (e.g. 500, 502, 503, 429). Omit with throttle/delay only. */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer GraphQL with Shopify's 200 THROTTLED error. */
  throttle?: boolean;
  /** Add latency (ms) before answering (combined with or without status). */
  delayMs?: number;
  /** How many requests this applies to (default 1). */
  times?: number;
}

export interface OrderSnapshot {
  id: string;
  /** Decimal text: it may exceed 2^53 (see idBases). */
  legacyId: string;
  shop: string;
  name: string;
  email: string | null;
  financialStatus: string;
  fulfillmentStatus: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  totalPrice: string;
  currencyCode: string;
  shippingAddress: unknown;
  lineItems: Array<{
    id: string;
    legacyId: string;
    variantId: string | null;
    sku: string | null;
    title: string;
    variantTitle: string | null;
    quantity: number;
    price: string;
    print: boolean;
    properties: Array<{ name: string; value: string }>;
  }>;
  fulfillmentOrders: Array<{
    id: string;
    status: string;
    requestStatus: string;
    location: { id: string; name: string };
    lineItems: Array<{
      id: string;
      lineItemId: string;
      sku: string | null;
      totalQuantity: number;
      remainingQuantity: number;
    }>;
  }>;
  fulfillments: Array<{
    id: string;
    name: string;
    status: string;
    location: { id: string; name: string };
    trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
    notifyCustomer: boolean;
    message: string | null;
    lineItems: Array<{ lineItemId: string; quantity: number }>;
    trackingHistory: Array<{ at: string; trackingInfo: unknown[]; notifyCustomer: boolean }>;
    createdAt: string;
  }>;
}

export interface ChangeResult {
  order: OrderSnapshot;
  deliveries: WebhookDeliveryRecord[];
}

export interface ShippingRatesRequest {
  shop?: string;
  /** Default: the shop's first active carrier service. */
  carrierServiceId?: string | number;
  destination?: AddressInput;
  /** Default: one hardcover photo book. */
  items?: Array<{
    variantId: string | number;
    quantity?: number;
    properties?: Record<string, string>;
  }>;
  currency?: string;
  locale?: string;
  timeoutMs?: number;
}

export interface ShippingRatesResult {
  status: number;
  body: unknown;
  durationMs: number;
  request: unknown;
  error?: string;
}

export interface ShopifyFakeControl {
  setAppUrl(url: string): void;
  addShop(seed: ShopSeed): { id: string; domain: string };
  createOrder(spec: CreateOrderSpec, delivery?: DeliveryOptions): Promise<ChangeResult>;
  markOrderPaid(orderId: string | number, delivery?: DeliveryOptions): Promise<ChangeResult>;
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
  listCarrierServices(shop?: string): Array<{
    id: string;
    shop: string;
    name: string;
    callbackUrl: string;
    active: boolean;
    supportsServiceDiscovery: boolean;
  }>;
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
}

export interface ShopifyFake {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The live state (replaced by reset()). */
  readonly state: FakeState;
  control: ShopifyFakeControl;
  close(): Promise<void>;
}

const INVALID_TOKEN_BODY = {
  errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
};
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";
const ONLINE = "urn:shopify:params:oauth:token-type:online-access-token";

class HttpReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseParams(
  raw: string,
  contentType: string | undefined,
  url: URL,
): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams.entries());
  if (!raw) return params;
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw).entries()) };
  }
  try {
    const parsed: unknown = parseJsonExact(raw);
    if (parsed && typeof parsed === "object")
      return { ...params, ...(parsed as Record<string, unknown>) };
  } catch {
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw).entries()) };
  }
  return params;
}

export async function startShopifyFake(options: ShopifyFakeOptions): Promise<ShopifyFake> {
  let clockOffset = 0;
  const baseClock = options.clock ?? (() => Date.now());
  const clock: Clock = { now: () => baseClock() + clockOffset };
  const scopes = options.scopes ?? DEFAULT_SCOPES;
  const makeState = () =>
    new FakeState({ shops: options.shops, clock, scopes, idBases: options.idBases }, clock);
  let state = makeState();
  const extraShops: ShopSeed[] = [];
  let appUrl = options.appUrl?.replace(/\/$/, "") ?? null;
  const subscriptions = new Set(options.subscriptions ?? DEFAULT_SUBSCRIPTIONS);
  const deliveries: WebhookDeliveryRecord[] = [];
  const inflight = new Set<Promise<unknown>>();
  const log: RequestLogEntry[] = [];
  let faults: Array<FaultSpec & { remaining: number }> = [];
  const accessTtl = options.accessTokenTtlSeconds ?? 3600;
  const refreshTtl = options.refreshTokenTtlSeconds ?? 90 * 24 * 3600;
  const onlineTtl = options.onlineTokenTtlSeconds ?? 86399;
  const buckets = new Map<string, { available: number; at: number }>();

  const limiter: CostLimiter | null =
    options.rateLimit === false
      ? null
      : {
          charge(shop, cost) {
            const max = (options.rateLimit || {}).maximumAvailable ?? 2000;
            const rate = (options.rateLimit || {}).restoreRate ?? 100;
            const now = clock.now();
            const b = buckets.get(shop) ?? { available: max, at: now };
            b.available = Math.min(max, b.available + ((now - b.at) / 1000) * rate);
            b.at = now;
            buckets.set(shop, b);
            const ok = cost <= b.available;
            if (ok) b.available -= cost;
            return {
              ok,
              status: {
                maximumAvailable: max,
                currentlyAvailable: Math.floor(b.available),
                restoreRate: rate,
              },
            };
          },
        };

  // ------------------------------------------------------------ webhooks

  const pathFor = (topic: string): string => {
    if (typeof options.webhookPaths === "function") return options.webhookPaths(topic);
    return options.webhookPaths?.[topic] ?? `/webhooks/${topic}`;
  };

  async function attempt(record: WebhookDeliveryRecord): Promise<void> {
    const result = await sendWebhook({
      url: record.url,
      topic: record.topic,
      shop: record.shop,
      payload: record.rawBody,
      secret: options.apiSecret,
      webhookId: record.webhookId,
      eventId: record.eventId,
      triggeredAt: record.headers["X-Shopify-Triggered-At"],
      apiVersion: record.headers["X-Shopify-API-Version"],
      timeoutMs: options.webhookTimeoutMs ?? 5_000,
    });
    record.attempts.push({
      at: new Date(clock.now()).toISOString(),
      status: result.status,
      body: result.body.slice(0, 2_000),
      durationMs: Math.round(result.durationMs),
      ...(result.error ? { error: result.error } : {}),
    });
    record.delivered = result.status >= 200 && result.status < 300;
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  }

  async function deliver(
    shop: string,
    topic: string,
    payload: unknown,
    opts: DeliveryOptions = {},
  ): Promise<WebhookDeliveryRecord[]> {
    const rawBody = JSON.stringify(payload);
    const webhookId = uuid();
    const eventId = uuid();
    const base = appUrl ?? "http://app-url-not-configured.invalid";
    const headers = webhookHeaders({
      topic,
      shop,
      body: rawBody,
      secret: options.apiSecret,
      webhookId,
      eventId,
      triggeredAt: new Date(clock.now()).toISOString(),
      apiVersion: options.webhookApiVersion ?? DEFAULT_WEBHOOK_API_VERSION,
    });
    const copies = 1 + Math.max(0, Math.floor(opts.duplicates ?? 0));
    const records: WebhookDeliveryRecord[] = Array.from({ length: copies }, (_, copy) => ({
      webhookId,
      eventId,
      topic,
      shop,
      url: `${base}${pathFor(topic)}`,
      copy,
      payload,
      rawBody,
      headers,
      attempts: [],
      delivered: false,
    }));
    deliveries.push(...records);
    if (!appUrl) {
      for (const r of records) {
        r.attempts.push({
          at: new Date(clock.now()).toISOString(),
          status: 0,
          body: "",
          durationMs: 0,
          error: "appUrl is not configured",
        });
      }
      return records;
    }
    if (opts.concurrent) {
      await Promise.all(records.map((r) => attempt(r)));
    } else {
      for (const r of records) await attempt(r);
    }
    return records;
  }

  async function deliverMany(
    shop: string,
    events: Array<{ topic: string; payload: () => unknown }>,
    opts: DeliveryOptions = {},
  ) {
    if (opts.deliver === false) return [];
    const chosen = opts.topics
      ? opts.topics.map(
          (topic) =>
            events.find((e) => e.topic === topic) ?? {
              topic,
              payload: events[0]?.payload ?? (() => ({})),
            },
        )
      : events.filter((e) => subscriptions.has(e.topic));
    // Payloads are built now (a retry carries the original payload).
    const prepared = chosen.map((e) => ({ topic: e.topic, payload: e.payload() }));
    const run = async () => {
      const out: WebhookDeliveryRecord[] = [];
      for (const e of prepared) out.push(...(await deliver(shop, e.topic, e.payload, opts)));
      return out;
    };
    const p = track(run());
    if (opts.wait === false) return [];
    return p;
  }

  const orderEvents = (order: OrderRecord, topics: string[]) =>
    topics.map((topic) => ({ topic, payload: () => orderPayload(state, order) }));

  function onApiChange(change: ApiChange): void {
    if (!options.webhooksOnApiChanges) return;
    const order = state.orders.get(change.orderId);
    if (!order) return;
    const events = change.topics.map((topic) => ({
      topic,
      payload: () => {
        if (topic.startsWith("fulfillments/")) {
          const last = state
            .orderFulfillments(order)
            .sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id)[0];
          return last ? fulfillmentPayload(state, order, last.id) : {};
        }
        return orderPayload(state, order);
      },
    }));
    void deliverMany(order.shop, events, { wait: false });
  }

  // ------------------------------------------------------------ snapshots

  function snapshot(order: OrderRecord): OrderSnapshot {
    const locationRef = (id: number) => ({
      id: gid("Location", id),
      name: state.locations.get(id)?.name ?? "",
    });
    return {
      id: state.ids.gid("Order", order.id),
      legacyId: state.ids.shown("Order", order.id),
      shop: order.shop,
      name: order.name,
      email: order.email,
      financialStatus: order.financialStatus,
      fulfillmentStatus: state.displayFulfillmentStatus(order),
      cancelledAt: iso(order.cancelledAt),
      cancelReason: order.cancelReason,
      totalPrice: state.orderTotals(order).total,
      currencyCode: order.currencyCode,
      shippingAddress: order.shippingAddress ? { ...order.shippingAddress } : null,
      lineItems: state.orderLineItems(order).map((l) => ({
        id: state.ids.gid("LineItem", l.id),
        legacyId: state.ids.shown("LineItem", l.id),
        variantId: l.variantId === null ? null : gid("ProductVariant", l.variantId),
        sku: l.sku,
        title: l.title,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        price: l.price,
        print: l.print,
        properties: l.properties.map((p) => ({ ...p })),
      })),
      fulfillmentOrders: state.orderFulfillmentOrders(order).map((fo) => ({
        id: gid("FulfillmentOrder", fo.id),
        status: fo.status,
        requestStatus: fo.requestStatus,
        location: locationRef(fo.locationId),
        lineItems: fo.lineItems.map((li) => ({
          id: gid("FulfillmentOrderLineItem", li.id),
          lineItemId: state.ids.gid("LineItem", li.lineItemId),
          sku: state.lineItems.get(li.lineItemId)?.sku ?? null,
          totalQuantity: li.totalQuantity,
          remainingQuantity: li.remainingQuantity,
        })),
      })),
      fulfillments: state.orderFulfillments(order).map((f) => ({
        id: gid("Fulfillment", f.id),
        name: f.name,
        status: f.status,
        location: locationRef(f.locationId),
        trackingInfo: f.trackingInfo.map((t) => ({ ...t })),
        notifyCustomer: f.notifyCustomer,
        message: f.message,
        lineItems: f.lineItems.map((l) => ({
          lineItemId: state.ids.gid("LineItem", l.lineItemId),
          quantity: l.quantity,
        })),
        trackingHistory: f.trackingHistory.map((h) => ({ ...h })),
        createdAt: iso(f.createdAt)!,
      })),
    };
  }

  const shopOf = (domain?: string): ShopRecord =>
    state.requireShop(domain ? normalizeShopDomain(domain) : DEMO_SHOP_DOMAIN);

  // ------------------------------------------------------------ control

  const control: ShopifyFakeControl = {
    setAppUrl(url) {
      appUrl = url.replace(/\/$/, "");
    },
    addShop(seed) {
      extraShops.push(seed);
      const shop = state.seedShop(seed);
      return { id: gid("Shop", shop.id), domain: shop.domain };
    },
    async createOrder(spec, delivery) {
      const order = state.createOrder(spec);
      const topics = [
        "orders/create",
        ...(order.financialStatus === "PAID" ? ["orders/paid"] : []),
      ];
      const deliveries = await deliverMany(order.shop, orderEvents(order, topics), delivery);
      return { order: snapshot(order), deliveries };
    },
    async markOrderPaid(orderId, delivery) {
      const order = state.requireOrder(orderId);
      state.markPaid(order);
      const deliveries = await deliverMany(
        order.shop,
        orderEvents(order, ["orders/paid", "orders/updated"]),
        delivery,
      );
      return { order: snapshot(order), deliveries };
    },
    async updateShippingAddress(orderId, address, delivery) {
      const order = state.requireOrder(orderId);
      state.updateShippingAddress(order, address);
      const deliveries = await deliverMany(
        order.shop,
        orderEvents(order, ["orders/updated"]),
        delivery,
      );
      return { order: snapshot(order), deliveries };
    },
    async cancelOrder(orderId, opts = {}) {
      const order = state.requireOrder(orderId);
      state.cancelOrder(order, opts.reason ?? "CUSTOMER", opts.refund ?? true);
      const deliveries = await deliverMany(
        order.shop,
        orderEvents(order, ["orders/cancelled", "orders/updated"]),
        opts,
      );
      return { order: snapshot(order), deliveries };
    },
    async setLineItemProperty(orderId, lineItemId, name, value, delivery) {
      const order = state.requireOrder(orderId);
      state.setLineItemProperty(order, lineItemId, name, value);
      const deliveries = await deliverMany(
        order.shop,
        orderEvents(order, ["orders/updated"]),
        delivery,
      );
      return { order: snapshot(order), deliveries };
    },
    getOrder(orderId) {
      const order = state.order(orderId);
      return order ? snapshot(order) : undefined;
    },
    listOrders(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      return [...state.orders.values()].filter((o) => !domain || o.shop === domain).map(snapshot);
    },
    async sendWebhook(input) {
      const shop = shopOf(input.shop);
      let payload: () => unknown;
      if (input.payload !== undefined) {
        const p = input.payload;
        payload = () => p;
      } else if (input.orderId !== undefined) {
        const order = state.requireOrder(input.orderId);
        payload = () => orderPayload(state, order);
      } else if (input.topic === "app/uninstalled" || input.topic === "shop/update") {
        payload = () => shopPayload(shop);
      } else if (
        ["customers/data_request", "customers/redact", "shop/redact"].includes(input.topic)
      ) {
        const cid =
          input.customerId === undefined
            ? undefined
            : state.ids.stored(input.customerId, "Customer");
        payload = () => compliancePayload(state, shop, input.topic, cid);
      } else {
        throw new FakeError(422, `Give orderId or payload for topic ${input.topic}`);
      }
      return deliverMany(shop.domain, [{ topic: input.topic, payload }], {
        ...input,
        topics: [input.topic],
      });
    },
    async uninstallApp(shopDomain, delivery) {
      const shop = shopOf(shopDomain);
      shop.installed = false;
      state.revokeTokens(shop.domain);
      return deliverMany(
        shop.domain,
        [{ topic: "app/uninstalled", payload: () => shopPayload(shop) }],
        delivery,
      );
    },
    listWebhookDeliveries(filter = {}) {
      return deliveries.filter(
        (d) =>
          (!filter.topic || d.topic === filter.topic) && (!filter.shop || d.shop === filter.shop),
      );
    },
    async retryFailedWebhooks() {
      const failed = deliveries.filter((d) => !d.delivered);
      await track(Promise.all(failed.map((d) => attempt(d))));
      return failed;
    },
    async waitForWebhooks() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    listCarrierServices(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      return [...state.carrierServices.values()]
        .filter((c) => !domain || c.shop === domain)
        .map((c) => ({
          id: gid("DeliveryCarrierService", c.id),
          shop: c.shop,
          name: c.name,
          callbackUrl: c.callbackUrl,
          active: c.active,
          supportsServiceDiscovery: c.supportsServiceDiscovery,
        }));
    },
    async requestShippingRates(input = {}) {
      const shop = shopOf(input.shop);
      const services = [...state.carrierServices.values()].filter((c) => c.shop === shop.domain);
      const wanted =
        input.carrierServiceId === undefined
          ? undefined
          : parseId(input.carrierServiceId, "DeliveryCarrierService");
      const service =
        wanted === undefined
          ? services.find((c) => c.active)
          : services.find((c) => c.id === wanted);
      if (!service)
        throw new FakeError(
          404,
          `No ${wanted === undefined ? "active " : ""}carrier service in ${shop.domain}`,
        );
      const dest = {
        ...{
          firstName: "Anna",
          lastName: "de Vries",
          address1: "Keizersgracht 123",
          city: "Amsterdam",
          zip: "1015 CJ",
          countryCode: "NL",
        },
        ...input.destination,
      };
      const items = (
        input.items ?? [{ variantId: "gid://shopify/ProductVariant/20001", quantity: 1 }]
      ).map((item) => {
        const v = state.variants.get(parseId(item.variantId, "ProductVariant") ?? -1);
        if (!v || v.shop !== shop.domain)
          throw new FakeError(422, `Unknown variant ${String(item.variantId)}`);
        const p = state.products.get(v.productId);
        return {
          name: v.title === "Default Title" ? (p?.title ?? "") : `${p?.title ?? ""} - ${v.title}`,
          sku: v.sku,
          quantity: item.quantity ?? 1,
          grams: v.grams,
          price: toCents(v.price),
          vendor: p?.vendor ?? shop.name,
          requires_shipping: true,
          taxable: true,
          fulfillment_service: "manual",
          properties: item.properties ?? null,
          product_id: v.productId,
          variant_id: v.id,
        };
      });
      const loc = state.locationFor(shop.domain, "warehouse");
      const address = (a: Record<string, unknown>) => ({
        country: a.countryCode ?? null,
        postal_code: a.zip ?? null,
        province: a.provinceCode ?? null,
        city: a.city ?? null,
        name: [a.firstName, a.lastName].filter(Boolean).join(" ") || null,
        address1: a.address1 ?? null,
        address2: a.address2 ?? null,
        address3: null,
        latitude: null,
        longitude: null,
        phone: a.phone ?? null,
        fax: null,
        email: null,
        address_type: null,
        company_name: a.company ?? null,
      });
      const request = {
        rate: {
          origin: address({
            countryCode: loc.countryCode,
            zip: loc.zip,
            city: loc.city,
            address1: loc.address1,
            company: shop.name,
          }),
          destination: address(dest as Record<string, unknown>),
          items,
          currency: input.currency ?? shop.currencyCode,
          locale: input.locale ?? "en",
        },
      };
      const raw = JSON.stringify(request);
      const started = performance.now();
      try {
        const res = await fetch(service.callbackUrl, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Shopify-Shop-Domain": shop.domain,
            "X-Shopify-Hmac-Sha256": signWebhook(raw, options.apiSecret),
          },
          body: raw,
          signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        return { status: res.status, body, durationMs: performance.now() - started, request };
      } catch (error) {
        return {
          status: 0,
          body: null,
          durationMs: performance.now() - started,
          request,
          error: String(error),
        };
      }
    },
    listTokens(shop) {
      const domain = shop ? normalizeShopDomain(shop) : undefined;
      return [...state.accessTokens.values()]
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
      const now = clock.now();
      for (const t of state.accessTokens.values()) {
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
      for (const s of state.shops.values())
        if (!domain || s.domain === domain) n += state.revokeTokens(s.domain);
      return n;
    },
    advanceClock(ms) {
      clockOffset += ms;
    },
    injectFault(fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      faults = [];
    },
    requestLog(filter = {}) {
      return log.filter(
        (e) => (!filter.kind || e.kind === filter.kind) && (!filter.shop || e.shop === filter.shop),
      );
    },
    reset(opts = {}) {
      const tokens = [...state.accessTokens.entries()];
      const refresh = [...state.refreshTokens.entries()];
      state = makeState();
      for (const seed of extraShops) state.seedShop(seed);
      if (!opts.includeTokens) {
        for (const [k, v] of tokens) state.accessTokens.set(k, v);
        for (const [k, v] of refresh) state.refreshTokens.set(k, v);
      }
      deliveries.length = 0;
      log.length = 0;
      faults = [];
      buckets.clear();
    },
  };

  // ------------------------------------------------------------ HTTP

  function takeFault(target: "graphql" | "oauth"): (FaultSpec & { remaining: number }) | undefined {
    const fault = faults.find(
      (f) => (f.target === target || f.target === "all") && f.remaining > 0,
    );
    if (fault) {
      fault.remaining--;
      faults = faults.filter((f) => f.remaining > 0);
    }
    return fault;
  }

  function shopFromRequest(req: http.IncomingMessage, url: URL): string {
    const header = req.headers[SHOP_DOMAIN_HEADER];
    if (typeof header === "string" && header) return normalizeShopDomain(header);
    const host = (req.headers.host ?? "").split(":")[0]?.toLowerCase() ?? "";
    if (host.endsWith(".myshopify.com")) return host;
    const q = url.searchParams.get("shop");
    return q ? normalizeShopDomain(q) : DEMO_SHOP_DOMAIN;
  }

  function handleAccessToken(
    shopDomain: string,
    params: Record<string, unknown>,
    entry: RequestLogEntry,
  ): HttpReply {
    const grantType = String(params.grant_type ?? "");
    entry.grantType = grantType;
    const shop = state.shop(shopDomain);
    if (!shop) return new HttpReply(404, { errors: "Not Found" });
    if (params.client_id !== options.apiKey || params.client_secret !== options.apiSecret) {
      return new HttpReply(401, {
        error: "invalid_client",
        error_description:
          "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
      });
    }
    const expiring = params.expiring === "1" || params.expiring === 1 || params.expiring === true;
    const offlineResponse = (withRefresh: boolean, predecessor: string | null = null) => {
      const { access, refresh } = state.issueAccessToken({
        shop: shop.domain,
        mode: "offline",
        ttlSeconds: withRefresh ? accessTtl : null,
        withRefresh: withRefresh ? { ttlSeconds: refreshTtl, predecessor } : undefined,
      });
      return new HttpReply(200, {
        access_token: access.token,
        scope: access.scope,
        ...(refresh
          ? {
              expires_in: accessTtl,
              refresh_token: refresh.token,
              refresh_token_expires_in: refreshTtl,
            }
          : {}),
      });
    };
    const invalidSubject = () =>
      new HttpReply(400, {
        error: "invalid_subject_token",
        error_description: "Token exchange cannot be performed due to an invalid subject token.",
      });

    if (grantType === TOKEN_EXCHANGE) {
      const subjectToken = typeof params.subject_token === "string" ? params.subject_token : "";
      const subjectType = String(params.subject_token_type ?? "");
      const requested = String(params.requested_token_type ?? "");
      entry.requestedTokenType = requested;
      if (requested !== OFFLINE && requested !== ONLINE) {
        return new HttpReply(400, {
          error: "invalid_request",
          error_description: "The requested token type is not supported.",
        });
      }
      if (subjectType === OFFLINE) {
        // Migration of a non-expiring offline token to an expiring one.
        const old = state.validAccessToken(subjectToken, shop.domain);
        if (!old || old.mode !== "offline" || old.expiresAt !== null || requested !== OFFLINE)
          return invalidSubject();
        old.revoked = true;
        return offlineResponse(true);
      }
      if (subjectType !== ID_TOKEN) {
        return new HttpReply(400, {
          error: "invalid_request",
          error_description: "The subject token type is not supported.",
        });
      }
      const check = verifySessionToken(subjectToken, {
        apiKey: options.apiKey,
        apiSecret: options.apiSecret,
        shop: shop.domain,
        now: clock.now(),
      });
      if (!check.ok) return invalidSubject();
      if (requested === OFFLINE) return offlineResponse(expiring);
      const userId = check.payload.sub ?? "1";
      const { access } = state.issueAccessToken({
        shop: shop.domain,
        mode: "online",
        userId,
        ttlSeconds: onlineTtl,
      });
      return new HttpReply(200, {
        access_token: access.token,
        scope: access.scope,
        expires_in: onlineTtl,
        associated_user_scope: access.scope,
        session: check.payload.sid,
        account_number: 0,
        associated_user: {
          id: Number(userId),
          first_name: "Demo",
          last_name: `Staff ${userId}`,
          email: `staff${userId}@${shop.domain.replace(/\.myshopify\.com$/, "")}.example`,
          account_owner: userId === "1",
          locale: "en",
          collaborator: false,
          email_verified: true,
        },
      });
    }

    if (grantType === "refresh_token") {
      const token = typeof params.refresh_token === "string" ? params.refresh_token : "";
      const record = state.refreshTokens.get(token);
      if (
        !record ||
        record.shop !== shop.domain ||
        record.retired ||
        record.expiresAt <= clock.now()
      ) {
        return new HttpReply(400, {
          error: "invalid_grant",
          error_description: "The refresh token is invalid, expired or revoked.",
        });
      }
      // Using a refresh token retires its predecessor; the access tokens of the grant are rotated.
      if (record.predecessor) {
        const prev = state.refreshTokens.get(record.predecessor);
        if (prev) prev.retired = true;
      }
      state.revokeTokens(shop.domain, (t) => t.mode === "offline" && t.refreshToken !== null);
      return offlineResponse(true, record.token);
    }

    if (grantType === "authorization_code" || grantType === "client_credentials") {
      return new HttpReply(400, {
        error: "unsupported_grant_type",
        error_description: `The fake does not support ${grantType}.`,
      });
    }
    return new HttpReply(400, {
      error: "invalid_request",
      error_description: "The grant type is missing or not supported.",
    });
  }

  function handleGraphql(
    shopDomain: string,
    req: http.IncomingMessage,
    params: Record<string, unknown>,
    entry: RequestLogEntry,
  ): HttpReply {
    const shop = state.shop(shopDomain);
    if (!shop) return new HttpReply(404, { errors: "Not Found" });
    const tokenHeader = req.headers["x-shopify-access-token"];
    const token = state.validAccessToken(
      typeof tokenHeader === "string" ? tokenHeader : undefined,
      shop.domain,
    );
    if (!token || !shop.installed) return new HttpReply(401, INVALID_TOKEN_BODY);
    if (typeof params.query !== "string" || !params.query.trim()) {
      return new HttpReply(400, { errors: { query: "Required parameter missing or invalid" } });
    }
    const ctx: GraphqlContext = {
      state,
      shop,
      scopes: new Set(token.scope.split(",").map((s) => s.trim())),
      onChange: onApiChange,
    };
    const out = runAdminGraphql(ctx, params, limiter, {
      rejectDeprecated: options.rejectDeprecated ?? false,
    });
    if (out.deprecations.length) entry.deprecations = out.deprecations;
    entry.operationName = out.operationName;
    entry.operationType = out.operationType;
    entry.rootFields = out.rootFields;
    entry.variables = params.variables;
    entry.query = params.query;
    entry.cost = out.requestedCost;
    if (out.body.errors?.length) entry.errors = out.body.errors.map((e) => e.message);
    if (out.internalErrors.length)
      entry.errors = [
        ...(entry.errors ?? []),
        ...out.internalErrors.map((e) => `internal: ${e.stack ?? e.message}`),
      ];
    const data = out.body.data as
      Record<string, { userErrors?: unknown[] } | null> | null | undefined;
    if (out.operationType === "mutation" && data) {
      const userErrors = Object.values(data).flatMap((v) => v?.userErrors ?? []);
      if (userErrors.length) entry.userErrors = userErrors;
    }
    // As Shopify does from 2025-04: the deprecations used, by name.
    const headers: Record<string, string> = out.deprecations.length
      ? { "X-Shopify-API-Deprecated-Reason": out.deprecations.join(", ") }
      : {};
    return new HttpReply(200, out.body, headers);
  }

  async function handleControl(
    method: string,
    parts: string[],
    url: URL,
    params: Record<string, unknown>,
  ): Promise<HttpReply> {
    const [a, b, c, d, e] = parts;
    const body = params as Record<string, unknown> & DeliveryOptions;
    const delivery: DeliveryOptions = {
      deliver: body.deliver as boolean | undefined,
      topics: body.topics as string[] | undefined,
      duplicates: body.duplicates as number | undefined,
      concurrent: body.concurrent as boolean | undefined,
      wait: body.wait as boolean | undefined,
    };
    const shopParam =
      (body.shop as string | undefined) ?? url.searchParams.get("shop") ?? undefined;
    if (method === "GET" && a === "state") {
      return new HttpReply(200, {
        appUrl,
        shops: [...state.shops.values()].map((s) => ({
          id: gid("Shop", s.id),
          domain: s.domain,
          name: s.name,
          installed: s.installed,
        })),
        orders: state.orders.size,
        carrierServices: state.carrierServices.size,
        webhookDeliveries: deliveries.length,
        tokens: state.accessTokens.size,
      });
    }
    if (method === "GET" && a === "shops") {
      return new HttpReply(
        200,
        [...state.shops.values()].map((s) => ({
          id: gid("Shop", s.id),
          domain: s.domain,
          name: s.name,
          currencyCode: s.currencyCode,
          installed: s.installed,
          locations: [...state.locations.values()]
            .filter((l) => l.shop === s.domain)
            .map((l) => ({ id: gid("Location", l.id), name: l.name, role: l.role })),
          variants: [...state.variants.values()]
            .filter((v) => v.shop === s.domain)
            .map((v) => ({
              id: gid("ProductVariant", v.id),
              productId: gid("Product", v.productId),
              sku: v.sku,
              title: v.title,
              productTitle: state.products.get(v.productId)?.title ?? "",
              productType: state.products.get(v.productId)?.productType ?? "",
              print: state.products.get(v.productId)?.print ?? false,
              price: v.price,
            })),
        })),
      );
    }
    if (method === "POST" && a === "shops" && !b)
      return new HttpReply(201, control.addShop(params as unknown as ShopSeed));
    if (a === "app-url" && method === "POST") {
      control.setAppUrl(String(body.url));
      return new HttpReply(200, { appUrl });
    }
    if (a === "orders") {
      if (method === "GET" && !b) return new HttpReply(200, control.listOrders(shopParam));
      if (method === "POST" && !b)
        return new HttpReply(
          201,
          await control.createOrder(params as unknown as CreateOrderSpec, delivery),
        );
      if (b && method === "GET" && !c) {
        const order = control.getOrder(decodeURIComponent(b));
        return order
          ? new HttpReply(200, order)
          : new HttpReply(404, { error: `Unknown order ${b}` });
      }
      const id = decodeURIComponent(b ?? "");
      if (method === "POST" && c === "paid")
        return new HttpReply(200, await control.markOrderPaid(id, delivery));
      if (method === "POST" && c === "cancel") {
        return new HttpReply(
          200,
          await control.cancelOrder(id, {
            ...delivery,
            reason: body.reason as "CUSTOMER" | undefined,
            refund: body.refund as boolean | undefined,
          }),
        );
      }
      if ((method === "POST" || method === "PUT") && c === "shipping-address") {
        const address = (body.address ?? body) as AddressInput;
        return new HttpReply(200, await control.updateShippingAddress(id, address, delivery));
      }
      if (method === "POST" && c === "line-items" && d && e === "properties") {
        const value = body.value === null ? null : String(body.value ?? "");
        return new HttpReply(
          200,
          await control.setLineItemProperty(
            id,
            decodeURIComponent(d),
            String(body.name ?? ""),
            value,
            delivery,
          ),
        );
      }
    }
    if (a === "webhooks") {
      if (method === "GET" && !b) {
        return new HttpReply(
          200,
          control.listWebhookDeliveries({
            topic: url.searchParams.get("topic") ?? undefined,
            shop: url.searchParams.get("shop") ?? undefined,
          }),
        );
      }
      if (method === "POST" && b === "retry")
        return new HttpReply(200, await control.retryFailedWebhooks());
      if (method === "POST" && !b) {
        return new HttpReply(
          200,
          await control.sendWebhook({ ...(params as { topic: string }), ...delivery }),
        );
      }
    }
    if (method === "POST" && a === "app" && b === "uninstalled")
      return new HttpReply(200, await control.uninstallApp(shopParam, delivery));
    if (method === "GET" && a === "carrier-services")
      return new HttpReply(200, control.listCarrierServices(shopParam));
    if (method === "POST" && a === "carrier-services" && b === "rates") {
      return new HttpReply(200, await control.requestShippingRates(params as ShippingRatesRequest));
    }
    if (method === "GET" && a === "tokens")
      return new HttpReply(200, control.listTokens(shopParam));
    if (method === "POST" && a === "tokens" && b === "expire")
      return new HttpReply(200, { expired: control.expireAccessTokens(shopParam) });
    if (method === "POST" && a === "tokens" && b === "revoke")
      return new HttpReply(200, { revoked: control.revokeAccessTokens(shopParam) });
    if (method === "POST" && a === "clock" && b === "advance") {
      control.advanceClock(Number(body.ms ?? 0));
      return new HttpReply(200, { now: new Date(clock.now()).toISOString() });
    }
    if (a === "faults") {
      if (method === "POST") {
        control.injectFault(params as unknown as FaultSpec);
        return new HttpReply(200, { faults });
      }
      if (method === "DELETE") {
        control.clearFaults();
        return new HttpReply(200, { faults });
      }
    }
    if (method === "GET" && a === "requests") {
      return new HttpReply(
        200,
        control.requestLog({
          kind: (url.searchParams.get("kind") as RequestLogEntry["kind"]) ?? undefined,
          shop: url.searchParams.get("shop") ?? undefined,
        }),
      );
    }
    if (method === "POST" && a === "reset") {
      control.reset({ includeTokens: body.includeTokens === true });
      return new HttpReply(200, { ok: true });
    }
    return new HttpReply(404, { error: `No control route ${method} /__fake/${parts.join("/")}` });
  }

  async function route(req: http.IncomingMessage): Promise<HttpReply> {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    const params = parseParams(raw, req.headers["content-type"], url);
    const path = url.pathname;

    if (path.startsWith("/__fake/") || path === "/__fake") {
      const parts = path.split("/").filter(Boolean).slice(1);
      return handleControl(method, parts, url, params);
    }

    const shopDomain = shopFromRequest(req, url);
    const entry: RequestLogEntry = {
      at: new Date(clock.now()).toISOString(),
      kind: "rest",
      shop: shopDomain,
      method,
      path,
      status: 0,
    };
    let reply: HttpReply;
    try {
      if (path === "/admin/oauth/access_token") {
        entry.kind = "oauth";
        reply =
          (await applyFault("oauth")) ??
          (method === "POST"
            ? handleAccessToken(shopDomain, params, entry)
            : new HttpReply(404, { errors: "Not Found" }));
      } else if (
        /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.test(path) ||
        path === "/admin/api/graphql.json"
      ) {
        entry.kind = "graphql";
        if (method !== "POST") reply = new HttpReply(405, { errors: "Method Not Allowed" });
        else reply = (await applyFault("graphql")) ?? handleGraphql(shopDomain, req, params, entry);
        const version = /^\/admin\/api\/([^/]+)\//.exec(path)?.[1];
        if (version && version !== "graphql.json") reply.headers["X-Shopify-API-Version"] = version;
      } else {
        reply = new HttpReply(404, { errors: "Not Found" });
      }
    } catch (error) {
      reply =
        error instanceof FakeError
          ? new HttpReply(error.status, { errors: error.message })
          : new HttpReply(500, { errors: "Internal Server Error" });
      entry.errors = [error instanceof Error ? (error.stack ?? error.message) : String(error)];
    }
    entry.status = reply.status;
    log.push(entry);
    return reply;
  }

  async function applyFault(target: "graphql" | "oauth"): Promise<HttpReply | undefined> {
    const fault = takeFault(target);
    if (!fault) return undefined;
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.throttle) {
      return new HttpReply(200, {
        errors: [
          {
            message: "Throttled",
            extensions: {
              code: "THROTTLED",
              documentation: "https://shopify.dev/api/usage/rate-limits",
            },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 10,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
          },
        },
      });
    }
    if (fault.status) {
      return new HttpReply(
        fault.status,
        fault.body ?? { errors: http.STATUS_CODES[fault.status] ?? "Error" },
        fault.headers ?? {},
      );
    }
    return undefined;
  }

  const server = http.createServer((req, res) => {
    route(req)
      .catch((error: unknown) =>
        error instanceof FakeError
          ? new HttpReply(error.status, { error: error.message })
          : new HttpReply(500, { error: String(error) }),
      )
      .then((reply) => {
        const text = JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          "Content-Type": "application/json; charset=utf-8",
          "X-Request-Id": uuid(),
          ...reply.headers,
        });
        res.end(text);
      })
      .catch(() => res.destroy());
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;

  return {
    url,
    port,
    get state() {
      return state;
    },
    control,
    async close() {
      await control.waitForWebhooks();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type { JsonObject };
