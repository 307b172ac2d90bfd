/** The options of startShopifyFake and their defaults. */
import type { ShopSeed } from "../seed";
import type { LargeIdType } from "../state";

// write_products: the app keeps an app-owned variant metafield (the storefront minimum quantity).
// write_validations and read_themes: the setup check turns the cart rule on and reads the theme.
// write_fulfillments, the assigned fulfillment orders and write_inventory: the app is a
// fulfillment service (its location, stocking print variants there, answering requests).
// write_orders: a customer's corrected shipping address is written to the order.
export const DEFAULT_SCOPES =
  "read_products,write_products,read_orders,write_orders,write_merchant_managed_fulfillment_orders,read_merchant_managed_fulfillment_orders,write_shipping,read_shipping,read_locations,write_validations,read_themes,write_fulfillments,read_assigned_fulfillment_orders,write_assigned_fulfillment_orders,write_inventory";

/**
 * The app's numeric API client id: `$app` metafield namespaces resolve to
 * `app--<this id>`, as Shopify resolves them to `app--<api client id>`.
 */
export const DEFAULT_APP_ID = "1000001";

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
  /**
   * Also run the local mail server (sandbox/mail) on this port (0: a free one), shown under
   * /__fake/mail. Default: none.
   */
  smtpPort?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The app's client id. */
  apiKey: string;
  /** The app's numeric API client id, for `$app` namespaces. Default DEFAULT_APP_ID. */
  appId?: string;
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
