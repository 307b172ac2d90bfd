/**
 * Sandbox mode: what `npm run up` runs when no Shopify app is configured.
 *
 * In one process, on loopback: the print-service sandbox, the Shopify
 * stand-in (every `*.myshopify.com` call of the Shopify library is redirected
 * to it), and the demo shop seeded the real way (a minted session token goes
 * through the library's token exchange and the offline session lands in the
 * app's session storage). The stand-in servers are loaded with `import()` when
 * sandbox mode starts, so a Shopify-mode server never loads them; what this
 * module imports up front is data and small pure functions.
 *
 * `seedDemoShop` is also what the browser-test harness uses.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
// Only data and pure functions are imported up front (the dev routes use them);
// the stand-in servers are loaded with import() when sandbox mode starts.
import type { Sandbox } from "../sandbox/index";
import { DEFAULT_MERCHANT } from "../sandbox/store";
import type { ShopifyFake } from "../sandbox/shopify/index";
import { DEMO_IDS, DEMO_SHOP_DOMAIN } from "../sandbox/shopify/seed";
import { mintSessionToken } from "../sandbox/shopify/session-token";
import prisma, { describeDatabase } from "./db.server";
import { getEnv, type Env } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { saveMapping, type MappingInput } from "./models/mapping.server";
import { savePrintSettings, type PrintSettingsInput } from "./models/print-settings.server";
import { recordInstall } from "./models/shop.server";
import { authenticate, sessionStorage } from "./shopify.server";

export const DEMO_SHOP = DEMO_SHOP_DOMAIN;

/** The print sandbox's default merchant, as the demo shop's settings. */
export const DEMO_PRINT_SETTINGS = {
  printEnvironment: "sandbox",
  merchantApiKey: DEFAULT_MERCHANT.merchantApiKey,
  secretKey: DEFAULT_MERCHANT.secretKey,
  applicationApiKey: DEFAULT_MERCHANT.applicationApiKey,
  buttonKey: DEFAULT_MERCHANT.buttonKey,
  currency: "EUR",
} satisfies PrintSettingsInput;

/**
 * Some demo variants already mapped to sandbox offerings. The novel, the
 * magazine, the calendar and the 50 x 70 framed print (20007) stay unmapped,
 * so the merchant sees products still to map.
 */
export const DEMO_MAPPINGS: MappingInput[] = [
  {
    variantId: DEMO_IDS.variants.photoBook24,
    productId: DEMO_IDS.products.photoBook,
    title: "Hardcover Photo Book - A4 Landscape / 24 pages",
    offeringId: 228478,
    contentUrl: "https://files.print-connect-demo.example/photo-book/interior-24.pdf",
    coverUrl: "https://files.print-connect-demo.example/photo-book/cover-24.pdf",
    contentWidth: 210,
    contentHeight: 297,
    numberOfPages: 24,
  },
  {
    variantId: DEMO_IDS.variants.photoBook48,
    productId: DEMO_IDS.products.photoBook,
    title: "Hardcover Photo Book - A4 Landscape / 48 pages",
    offeringId: 228478,
    contentUrl: "https://files.print-connect-demo.example/photo-book/interior-48.pdf",
    coverUrl: "https://files.print-connect-demo.example/photo-book/cover-48.pdf",
    contentWidth: 210,
    contentHeight: 297,
    numberOfPages: 48,
  },
  {
    variantId: DEMO_IDS.variants.notebook,
    productId: DEMO_IDS.products.notebook,
    title: "Dotted Notebook A5",
    offeringId: 228570,
    contentWidth: 148,
    contentHeight: 210,
    numberOfPages: 120,
    fileProperty: "Print file",
  },
  {
    variantId: DEMO_IDS.variants.framedPrint3040,
    productId: DEMO_IDS.products.framedPrint,
    title: "Framed Art Print - Dunes at Dusk - 30 x 40 cm",
    offeringId: 228550,
    contentUrl: "https://files.print-connect-demo.example/art/dunes-at-dusk-30x40.pdf",
    contentWidth: 300,
    contentHeight: 400,
    numberOfPages: 1,
  },
];

/** The dev routes (`/dev/*`) exist only in sandbox mode, and never in production. */
export function devRoutesEnabled(): boolean {
  const env = getEnv();
  return env.mode === "sandbox" && env.nodeEnv !== "production";
}

/** A fresh App Bridge session token for the demo shop (60 s), signed with the app secret. */
export function mintDemoSessionToken(shop: string = DEMO_SHOP): string {
  const env = getEnv();
  return mintSessionToken({ apiKey: env.shopifyApiKey, apiSecret: env.shopifyApiSecret, shop });
}

/** The `host` parameter Shopify admin gives an embedded app: base64 of `admin.shopify.com/store/<name>`. */
export function adminHostParam(shop: string = DEMO_SHOP): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString(
    "base64",
  );
}

/**
 * The URL Shopify admin would load in the app's iframe: `embedded=1`, `shop`,
 * `host` and a fresh `id_token`, which `authenticate.admin` accepts on a
 * document request with the token-exchange strategy.
 */
export function embeddedAppPath(path: string, shop: string = DEMO_SHOP): string {
  const url = new URL(path, "http://app.invalid");
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", adminHostParam(shop));
  url.searchParams.set("id_token", mintDemoSessionToken(shop));
  return `${url.pathname}${url.search}`;
}

/**
 * The app's webhook subscriptions, as in shopify.app.toml (a test keeps the two
 * in step): the Shopify stand-in delivers these topics, to these paths, and no
 * others, as Shopify would.
 */
export const APP_WEBHOOK_SUBSCRIPTIONS: Readonly<Record<string, string>> = {
  "orders/paid": "/webhooks/orders/paid",
  "orders/updated": "/webhooks/orders/updated",
  "orders/cancelled": "/webhooks/orders/cancelled",
  "app/uninstalled": "/webhooks/app/uninstalled",
  "app/scopes_update": "/webhooks/app/scopes_update",
  "customers/data_request": "/webhooks/customers/data_request",
  "customers/redact": "/webhooks/customers/redact",
  "shop/redact": "/webhooks/shop/redact",
};

/** Options for startShopifyFake that make it deliver what Shopify would deliver to this app. */
export function shopifyStandInSubscriptions() {
  return {
    subscriptions: Object.keys(APP_WEBHOOK_SUBSCRIPTIONS),
    webhookPaths: (topic: string) => APP_WEBHOOK_SUBSCRIPTIONS[topic] ?? `/webhooks/${topic}`,
  };
}

export interface SeedDemoShopOptions {
  /** Default: the demo shop of the Shopify stand-in. */
  shop?: string;
  /** Print settings and mappings are written only the first time unless this is true. */
  overwrite?: boolean;
}

export interface SeededDemoShop {
  shop: string;
  /** The unguessable part of the shop's print status-callback URL. */
  callbackId: string;
  /** `${SHOPIFY_APP_URL}/webhooks/print/<callbackId>` */
  callbackUrl: string;
  /** True when settings and mappings were written by this call. */
  firstSeed: boolean;
}

/**
 * Seeds a shop the way a merchant would end up after installing: the offline
 * session comes from the Shopify library's own token exchange (the app's
 * `authenticate.admin` with a freshly minted session token, against the
 * Shopify stand-in, which must already be reachable through the redirect),
 * stored through the app's session storage. Print settings and mappings are
 * written the first time only, so a merchant's edits survive restarts.
 */
export async function seedDemoShop(options: SeedDemoShopOptions = {}): Promise<SeededDemoShop> {
  const env = getEnv();
  const shop = options.shop ?? DEMO_SHOP;

  const existing = await prisma.shop.findUnique({ where: { shop } });
  const firstSeed = options.overwrite === true || !existing?.merchantApiKey;

  // The stand-in keeps its tokens in memory: a session stored by an earlier run
  // names a token it no longer knows. Drop it so the library exchanges anew.
  const sessionIds = (await sessionStorage.findSessionsByShop(shop)).map((s) => s.id);
  if (sessionIds.length > 0) await sessionStorage.deleteSessions(sessionIds);

  const sessionToken = mintDemoSessionToken(shop);
  const { session } = await authenticate.admin(
    new Request(`${env.shopifyAppUrl}/app`, {
      headers: { Authorization: `Bearer ${sessionToken}` },
    }),
  );
  await recordInstall({ shop, scopes: session.scope ?? "" });

  if (firstSeed) {
    await savePrintSettings({ shop, input: DEMO_PRINT_SETTINGS });
    for (const mapping of DEMO_MAPPINGS) await saveMapping({ shop, mapping });
  }
  const row = await prisma.shop.findUniqueOrThrow({
    where: { shop },
    select: { callbackId: true },
  });
  return {
    shop,
    callbackId: row.callbackId,
    callbackUrl: `${env.shopifyAppUrl}/webhooks/print/${row.callbackId}`,
    firstSeed,
  };
}

/** Points the print sandbox's status callbacks for its default merchant at the app. */
export function connectPrintSandbox(sandbox: Sandbox, seeded: SeededDemoShop) {
  sandbox.control.setCallbackUrl(DEFAULT_MERCHANT.merchantApiKey, seeded.callbackUrl);
}

export interface SandboxModeHandle {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  seeded: SeededDemoShop;
  stop(): Promise<void>;
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
}

function portInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "EADDRINUSE";
}

/** Where the print sandbox keeps its state: next to a SQLite database file, or nowhere. */
function printSandboxStateFile(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith("file:")) return undefined;
  const dir = path.dirname(path.resolve(databaseUrl.slice("file:".length).split("?")[0] ?? ""));
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return path.join(dir, "print-sandbox-state.json");
}

let running: SandboxModeHandle | undefined;

/**
 * Starts the print sandbox, the Shopify stand-in and the redirect, seeds the
 * demo shop and prints what runs where. Throws with a clear message when a
 * port is taken. Safe to call twice (returns the running handle).
 */
export async function startSandboxMode(
  options: { appUrl?: string; print?: (text: string) => void } = {},
): Promise<SandboxModeHandle> {
  if (running) return running;
  const env = getEnv();
  const log = getLogger().child({ component: "sandbox-mode" });
  const appUrl = options.appUrl ?? env.shopifyAppUrl;
  const printPort = portOf(env.printSandboxUrl);
  const printHost = new URL(env.printSandboxUrl).hostname;

  const [{ startSandbox }, { startShopifyFake }, { installShopifyRedirect }] = await Promise.all([
    import("../sandbox/index"),
    import("../sandbox/shopify/server"),
    import("../sandbox/shopify/redirect"),
  ]);
  const stateFile = printSandboxStateFile(env.databaseUrl);
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: printPort,
      host: printHost === "localhost" ? "127.0.0.1" : printHost,
      ...(stateFile ? { stateFile } : {}),
    });
  } catch (error) {
    if (portInUse(error)) {
      throw new Error(
        `Sandbox mode: port ${printPort} for the print-service sandbox (PRINT_SANDBOX_URL=${env.printSandboxUrl}) is already in use. ` +
          `Stop whatever runs there, or set PRINT_SANDBOX_URL to a free port (e.g. http://127.0.0.1:4011).`,
        { cause: error },
      );
    }
    throw error;
  }

  let shopify: ShopifyFake;
  try {
    shopify = await startShopifyFake({
      apiKey: env.shopifyApiKey,
      apiSecret: env.shopifyApiSecret,
      appUrl,
      port: env.sandboxShopifyPort,
      ...shopifyStandInSubscriptions(),
    });
  } catch (error) {
    await sandbox.close();
    if (portInUse(error)) {
      throw new Error(
        `Sandbox mode: port ${env.sandboxShopifyPort} for the Shopify stand-in (SANDBOX_SHOPIFY_PORT) is already in use. ` +
          `Stop whatever runs there, or set SANDBOX_SHOPIFY_PORT to a free port (0 picks one).`,
        { cause: error },
      );
    }
    throw error;
  }
  const uninstallRedirect = installShopifyRedirect({ target: shopify.url });

  let seeded: SeededDemoShop;
  try {
    seeded = await seedDemoShop();
    connectPrintSandbox(sandbox, seeded);
  } catch (error) {
    await uninstallRedirect();
    await Promise.allSettled([shopify.close(), sandbox.close()]);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  const handle: SandboxModeHandle = {
    sandbox,
    shopify,
    seeded,
    stop: () => {
      stopped ??= (async () => {
        await uninstallRedirect();
        await Promise.allSettled([shopify.close(), sandbox.close()]);
        if (running === handle) running = undefined;
        log.info({}, "sandbox mode stopped");
      })();
      return stopped;
    },
  };
  running = handle;

  log.info(
    { appUrl, printSandboxUrl: sandbox.url, shopifyStandInUrl: shopify.url, shop: seeded.shop },
    "sandbox mode started",
  );
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  print(sandboxModeBanner({ appUrl, sandbox, shopify, seeded, env }));
  return handle;
}

/** Stops what startSandboxMode started (no-op when nothing runs). */
export async function stopSandboxMode(): Promise<void> {
  await running?.stop();
}

export { describeDatabase };

export function sandboxModeBanner(parts: {
  appUrl: string;
  sandbox: Pick<Sandbox, "url">;
  shopify: Pick<ShopifyFake, "url">;
  seeded: Pick<SeededDemoShop, "shop">;
  env: Pick<Env, "databaseUrl" | "worker" | "workerConcurrency">;
}): string {
  const { env } = parts;
  const rows: [string, string][] = [
    ["App", parts.appUrl],
    ["Sign in (dev)", `${parts.appUrl}/dev/login`],
    ["Demo shop", parts.seeded.shop],
    ["Print sandbox", parts.sandbox.url],
    ["  control API", `${parts.sandbox.url}/__sandbox/`],
    ["Shopify stand-in", parts.shopify.url],
    ["  control API", `${parts.shopify.url}/__fake/`],
    [
      "Fulfilment worker",
      env.worker === "inline"
        ? `inline, in the app process (WORKER=inline, up to ${env.workerConcurrency} print orders at a time)`
        : "not in the app process (WORKER=off): run `npm run worker` to fulfil orders",
    ],
    ["Database", describeDatabase(env.databaseUrl)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  const rule = "-".repeat(Math.max(...lines.map((l) => l.length)) + 2);
  return [
    "",
    rule,
    "  Print Connect is running in SANDBOX MODE (no SHOPIFY_API_KEY set):",
    "  local stand-ins for Shopify and the print service, nothing leaves this machine.",
    "",
    ...lines,
    rule,
    "",
  ].join("\n");
}
