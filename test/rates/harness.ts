/**
 * Checkout-rates and storefront tests on loopback: the print sandbox, the
 * Shopify stand-in (reached by the Shopify library's real HTTP calls), and a
 * small server that hands requests for https://print-connect.test to the
 * app's route modules, so the stand-in can call the carrier-service callback
 * exactly as Shopify checkout does. Import "../support/app-env" first.
 */
import { createHmac } from "node:crypto";
import { startSandbox, type Sandbox } from "../../sandbox";
import {
  DEMO_SHOP_DOMAIN,
  installShopifyRedirect,
  mintSessionToken,
  startShopifyFake,
  type ShopifyFake,
} from "../../sandbox/shopify";
import { authenticate } from "~/shopify.server";
import { saveMapping, type MappingInput } from "~/data/mapping.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { action as carrierRates } from "~/routes/carrier.rates";
import { action as shopCarrierRates } from "~/routes/carrier.rates.$token";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { loader as publication } from "~/routes/proxy.publication";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { startRouteServer, type Route, type RouteHandler } from "../support/route-server";

export const SHOP = DEMO_SHOP_DOMAIN;
export const SANDBOX_KEYS = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
};

const ROUTES: Route[] = [
  { path: /^\/carrier\/rates$/, handler: carrierRates as RouteHandler },
  { path: /^\/carrier\/rates\/(?<token>[^/]+)$/, handler: shopCarrierRates as RouteHandler },
  { path: /^\/webhooks\/app\/uninstalled$/, handler: appUninstalled as RouteHandler },
  { path: /^\/proxy\/product-info$/, handler: productInfo as RouteHandler },
  { path: /^\/proxy\/publication$/, handler: publication as RouteHandler },
];

export interface RatesHarness {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  /** Where the app's routes answer over HTTP (what TEST_APP_URL reaches). */
  appUrl: string;
  /** Installs (token exchange through authenticate.admin), as a merchant opening the app. */
  install(): Promise<void>;
  map(mapping: MappingInput): Promise<void>;
  quoteRequests(): number;
  close(): Promise<void>;
}

export async function startRatesHarness(): Promise<RatesHarness> {
  const sandbox = await startSandbox({ port: 0, seed: 7 });
  const shopify = await startShopifyFake({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    rateLimit: false,
    // A deprecated field or enum value in an app query fails the test instead of a warning.
    rejectDeprecated: true,
  });
  const routes = await startRouteServer(ROUTES, TEST_APP_URL);
  const toShopify = installShopifyRedirect({ target: shopify.url });
  // The app's public URL (carrier callback, webhooks) reaches the route server.
  const toApp = installShopifyRedirect({
    target: routes.url,
    hostSuffix: new URL(TEST_APP_URL).hostname,
  });
  shopify.control.setAppUrl(routes.url);

  const harness: RatesHarness = {
    sandbox,
    shopify,
    appUrl: routes.url,
    async install() {
      const token = mintSessionToken({
        apiKey: TEST_API_KEY,
        apiSecret: TEST_API_SECRET,
        shop: SHOP,
      });
      await authenticate.admin(
        new Request(`${TEST_APP_URL}/app`, { headers: { Authorization: `Bearer ${token}` } }),
      );
    },
    async map(mapping) {
      await saveMapping({ shop: SHOP, mapping });
    },
    quoteRequests: () => sandbox.control.requests({ op: "quote", limit: 10_000 }).length,
    async close() {
      await toApp();
      await toShopify();
      await routes.close();
      await shopify.close();
      await sandbox.close();
    },
  };
  await harness.install();
  await savePrintSettings({
    shop: SHOP,
    input: {
      printEnvironment: "sandbox",
      printBaseUrl: sandbox.url,
      ...SANDBOX_KEYS,
      currency: "EUR",
    },
  });
  return harness;
}

/** Mappings of the stand-in's demo variants. */
export const MAPPINGS = {
  photoBook: {
    variantId: "gid://shopify/ProductVariant/20001",
    title: "Hardcover Photo Book",
    offeringId: 228478,
    contentWidth: 210,
    contentHeight: 297,
    numberOfPages: 24,
  },
  novel: {
    variantId: "gid://shopify/ProductVariant/20003",
    title: "Softcover Novel",
    offeringId: 228500,
    contentWidth: 148,
    contentHeight: 210,
    numberOfPages: 320,
  },
  // GB-LON art print: cannot be shipped to the US.
  artPrint: {
    variantId: "gid://shopify/ProductVariant/20006",
    title: "Art print 30x40",
    offeringId: 228550,
    contentWidth: 300,
    contentHeight: 400,
    numberOfPages: 1,
  },
} satisfies Record<string, MappingInput>;

/** An app proxy request as Shopify forwards it: `signature` = hex HMAC-SHA256 of the sorted `k=v` params. */
export function appProxyRequest(
  path: string,
  params: Record<string, string>,
  options: {
    secret?: string;
    shop?: string;
    timestamp?: number;
    headers?: Record<string, string>;
  } = {},
): Request {
  const all: Record<string, string> = {
    shop: options.shop ?? SHOP,
    logged_in_customer_id: "",
    path_prefix: "/apps/print-connect",
    timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    ...params,
  };
  const message = Object.keys(all)
    .sort((a, b) => a.localeCompare(b))
    .map((k) => `${k}=${all[k]}`)
    .join("");
  const signature = createHmac("sha256", options.secret ?? TEST_API_SECRET)
    .update(message)
    .digest("hex");
  const query = new URLSearchParams({ ...all, signature });
  return new Request(`${TEST_APP_URL}${path}?${query}`, { headers: options.headers ?? {} });
}

export async function respond(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
