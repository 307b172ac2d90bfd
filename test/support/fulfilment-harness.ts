/**
 * The whole fulfilment path on loopback, for integration tests: the print
 * sandbox, the Shopify stand-in (reached through the Shopify library's real
 * HTTP calls), and a small HTTP server that hands each request to the app's
 * real route modules. Import "./app-env" before this file.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox";
import {
  DEMO_SHOP_DOMAIN,
  installShopifyRedirect,
  mintSessionToken,
  startShopifyFake,
  type ShopifyFake,
  type ShopifyFakeOptions,
} from "../../sandbox/shopify";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { authenticate, unauthenticated } from "~/shopify.server";
import { serviceRoundDeps } from "~/lib/fulfillment-service-looks.server";
import { didSomething, lookAtShop } from "~/services/fulfillment-service/round";
import { registerFulfillmentService } from "~/services/fulfillment-service/registration";
import { adminGraphql, type AdminApi } from "~/services/shopify-admin";
import { printClientFor } from "~/lib/print-client.server";
import { preflightForApp } from "~/lib/preflight.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { saveMapping, type MappingInput } from "~/data/mapping.server";
import { savePrintSettings, type PrintSettingsInput } from "~/data/print-settings.server";
import { FulfilmentWorker, type WorkerOptions } from "~/services/fulfilment/worker";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as printCallback } from "~/routes/webhooks.print.$callbackId";
import { action as servicePing } from "~/routes/fulfillment-service.fulfillment_order_notification";
import { action as addressPagePost, loader as addressPageGet } from "~/routes/proxy.address.$token";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "./app-env";
import { planRecordedOrders } from "./plan-recorded";
import { startRouteServer, type Route, type RouteHandler } from "./route-server";

export const SHOP = DEMO_SHOP_DOMAIN;
export const SANDBOX_KEYS = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
};

const ROUTES: Route[] = [
  { path: /^\/webhooks\/orders\/paid$/, handler: ordersPaid as RouteHandler },
  { path: /^\/webhooks\/orders\/updated$/, handler: ordersUpdated as RouteHandler },
  { path: /^\/webhooks\/orders\/cancelled$/, handler: ordersCancelled as RouteHandler },
  { path: /^\/webhooks\/app\/uninstalled$/, handler: appUninstalled as RouteHandler },
  { path: /^\/webhooks\/print\/(?<callbackId>[^/]+)$/, handler: printCallback as RouteHandler },
  {
    path: /^\/fulfillment-service\/fulfillment_order_notification$/,
    handler: servicePing as RouteHandler,
  },
  // The customer's address page, reached through the stand-in's app proxy.
  {
    path: /^\/proxy\/address\/(?<token>[^/]+)$/,
    handler: ((args) =>
      args.request.method === "POST"
        ? addressPagePost(args as Parameters<typeof addressPagePost>[0])
        : addressPageGet(args as Parameters<typeof addressPageGet>[0])) as RouteHandler,
  },
];

export interface Harness {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  appUrl: string;
  callbackId: string;
  worker(options?: WorkerOptions): FulfilmentWorker;
  map(mapping: MappingInput): Promise<void>;
  settings(input: PrintSettingsInput): Promise<void>;
  close(): Promise<void>;
}

export const fastRetry = { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Which way the shop fulfils in Shopify (docs/decisions/0023): `merchant`, its own model (the
 * print lines on the merchant's fulfillment orders, a shop installed before the app was a
 * fulfillment service); `service`, Print Connect as its fulfillment service: mapped variants
 * stocked at its location, Shopify's automatic fulfilment on, and every worker's drain
 * answering Shopify's requests between its rounds, as the worker process's looks do.
 */
export type FulfilmentModel = "merchant" | "service";

export async function startHarness(
  options: {
    sandbox?: SandboxOptions;
    shopify?: Pick<ShopifyFakeOptions, "idBases" | "smtpPort">;
    model?: FulfilmentModel;
  } = {},
): Promise<Harness> {
  const model = options.model ?? "merchant";
  const sandbox = await startSandbox({ port: 0, seed: 11, ...options.sandbox });
  const shopify = await startShopifyFake({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    rateLimit: false,
    // A deprecated field or enum value in an app query fails the test instead of a warning.
    rejectDeprecated: true,
    ...options.shopify,
  });
  const uninstallRedirect = installShopifyRedirect({ target: shopify.url });
  const routes = await startRouteServer(ROUTES, TEST_APP_URL);
  shopify.control.setAppUrl(routes.url);

  // Install the way Shopify does: a session token, exchanged for an offline token. A session
  // an earlier harness of this file stored names a token this new stand-in never issued.
  await prisma.session.deleteMany({ where: { shop: SHOP } });
  const token = mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop: SHOP });
  await authenticate.admin(
    new Request(`${TEST_APP_URL}/app`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  await savePrintSettings({
    shop: SHOP,
    input: {
      printEnvironment: "sandbox",
      printBaseUrl: sandbox.url,
      ...SANDBOX_KEYS,
      currency: "EUR",
    },
  });
  const { callbackId } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
  sandbox.control.setCallbackUrl(
    SANDBOX_KEYS.merchantApiKey,
    `${routes.url}/webhooks/print/${callbackId}`,
  );
  if (model === "service") {
    // The install registered the service (nothing was mapped: the shop starts moved); its
    // pings go to this harness's routes, and Shopify requests every paid order's print lines.
    const { admin } = await unauthenticated.admin(SHOP);
    await registerFulfillmentService(adminGraphql(admin as AdminApi), {
      callbackUrl: `${routes.url}/fulfillment-service`,
    });
    shopify.control.setAutomaticFulfillment(SHOP, true);
  } else {
    await prisma.shop.update({
      where: { shop: SHOP },
      data: { serviceMoveAt: null, serviceModelSince: null, serviceRoundDueAt: null },
    });
  }
  const looks = serviceRoundDeps({ logger: silent });
  /** One look at the shop's fulfillment service; whether it changed anything. */
  // As in the worker process, a look that fails (Shopify throttled, say) is tried again later:
  // it never fails the worker's round.
  const look = async () => didSomething(await lookAtShop(looks, SHOP));
  const lookQuietly = () => look().catch(() => false);

  const workers: FulfilmentWorker[] = [];
  return {
    sandbox,
    shopify,
    appUrl: routes.url,
    callbackId,
    worker(workerOptions = {}) {
      const worker = new FulfilmentWorker(
        {
          store: fulfilmentStore(prisma),
          printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
          shopify: shopifyAdmin,
          logger: silent,
          // The app's own file check: the sandbox's PDFs on loopback are allowed in tests.
          preflight: preflightForApp,
        },
        { baseBackoffMs: 1, maxBackoffMs: 5, leaseMs: 5_000, ...workerOptions },
      );
      if (model === "service") {
        // The worker process answers Shopify's requests between its rounds: a round that found
        // nothing to do looks at the shop's fulfillment service, and counts as work when the
        // look changed something (drain and settle then go on).
        const runOnce = worker.runOnce.bind(worker);
        worker.runOnce = async () => {
          const worked = await runOnce();
          if (worked > 0) return worked;
          return (await lookQuietly()) ? 1 : 0;
        };
      }
      workers.push(worker);
      return worker;
    },
    async map(mapping) {
      await saveMapping({ shop: SHOP, mapping });
      // Stocked at the Print Connect location at once, as the worker's next look does.
      if (model === "service") await look();
    },
    async settings(input) {
      await savePrintSettings({ shop: SHOP, input });
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      // Waits for the requests still being worked (a callback the sandbox gave up on).
      const stillRunning = await routes.close();
      await uninstallRedirect();
      await shopify.close();
      await sandbox.close();
      if (stillRunning.length > 0)
        throw new Error(
          `The app's routes were still working on ${stillRunning.length} request(s) 20 s after the harness closed: ${stillRunning.slice(0, 5).join("; ")}`,
        );
    },
  };
}

/** Print-ready mappings of the stand-in's demo variants to sandbox offerings. */
export const MAPPINGS = {
  photoBook: {
    variantId: "gid://shopify/ProductVariant/20001",
    title: "Hardcover Photo Book - 24 pages",
    offeringId: 228478,
    contentUrl: "https://files.example.com/photo-book.pdf",
    contentWidth: 210,
    contentHeight: 297,
    numberOfPages: 24,
  },
  novel: {
    variantId: "gid://shopify/ProductVariant/20003",
    title: "Softcover Novel",
    offeringId: 228500,
    contentUrl: "https://files.example.com/novel.pdf",
    contentWidth: 148,
    contentHeight: 210,
    numberOfPages: 320,
  },
  framedPrint: {
    variantId: "gid://shopify/ProductVariant/20006",
    title: "Framed print 30x40",
    offeringId: 228565,
    contentUrl: "https://files.example.com/print.jpg",
    contentWidth: 300,
    contentHeight: 400,
    numberOfPages: 1,
  },
  notebook: {
    variantId: "gid://shopify/ProductVariant/20008",
    title: "Personalised notebook",
    offeringId: 228570,
    contentWidth: 148,
    contentHeight: 210,
    numberOfPages: 96,
    fileProperty: "Print file",
  },
} satisfies Record<string, MappingInput>;

export const ADDRESS_NL = {
  firstName: "Anna",
  lastName: "Jansen",
  address1: "Keizersgracht 1",
  city: "Amsterdam",
  zip: "1015 CJ",
  countryCode: "NL",
  phone: "+31 20 123 4567",
};

/**
 * Runs a worker until no print order is due within the next second (retries
 * with short backoff included), or fails after `timeoutMs`.
 */
export async function settle(worker: FulfilmentWorker, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const worked = await worker.runOnce();
    if (worked > 0) continue;
    const soon = await prisma.printOrder.count({
      where: {
        status: { notIn: ["cancelled", "needs_attention"] },
        nextAttemptAt: { lte: new Date(Date.now() + 1_000) },
      },
    });
    if (soon === 0) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`settle: still ${soon} print order(s) due after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A paid order in the Shopify stand-in; its orders/paid webhook goes to the app, which records
 * it, and what was recorded is planned, as a worker's next round would (its print order exists
 * when this returns).
 */
export async function placePaidOrder(
  h: Harness,
  lineItems: { variantId: string; quantity?: number; properties?: Record<string, string> }[],
  options: {
    shippingAddress?: Record<string, string | null>;
    email?: string;
    duplicates?: number;
    concurrent?: boolean;
    /** What checkout asked the buyer for, e.g. Brazil's CPF/CNPJ. */
    localizedFields?: { key: string; value: string }[];
  } = {},
) {
  const { order } = await h.shopify.control.createOrder(
    {
      lineItems,
      email: options.email ?? "anna@example.com",
      shippingAddress: { ...ADDRESS_NL, ...options.shippingAddress },
      ...(options.localizedFields ? { localizedFields: options.localizedFields } : {}),
    },
    { deliver: false },
  );
  const paid = await h.shopify.control.markOrderPaid(order.id, {
    topics: ["orders/paid"],
    ...(options.duplicates ? { duplicates: options.duplicates } : {}),
    ...(options.concurrent ? { concurrent: true } : {}),
  });
  await planRecordedOrders();
  return { order, deliveries: paid.deliveries };
}

export function printOrdersOf(shopifyOrderId: string | number) {
  return prisma.printOrder.findMany({
    where: { shop: SHOP, shopifyOrderId: String(shopifyOrderId).replace(/\D/g, "") },
    include: { items: true, events: { orderBy: { id: "asc" } } },
    orderBy: { groupIndex: "asc" },
  });
}
