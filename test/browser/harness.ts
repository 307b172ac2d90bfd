/**
 * Browser-test harness: the real built app, in this test process, driven by
 * Debian's Chromium through playwright-core.
 *
 * Started per test file (each file is its own vitest fork, and the app reads
 * its environment once per process):
 * - its own database (test/support/app-env: a copy of the migrated SQLite
 *   template, or its own PostgreSQL database on PostgreSQL runs),
 * - the print-service sandbox and the Shopify stand-in on free ports, with every
 *   `*.myshopify.com` call redirected to the stand-in, which delivers the app's
 *   webhook topics (as in shopify.app.toml) to the app,
 * - the production build (`npm run build` first when build/ is older than the
 *   sources) served by server/app.js on a free port, in Shopify mode (no dev
 *   routes), with the demo shop seeded as sandbox mode seeds it,
 * - one Chromium, one page, reused by the file's tests.
 *
 * Pages authenticate as in Shopify admin: the first document request carries
 * `embedded=1&shop&host&id_token`, and the App Bridge stand-in gets later
 * session tokens from `window.__printConnectIdToken` (exposed by the harness).
 * Any console error or page error in the browser fails the test, and so does
 * any request to a host other than loopback (sent to a proxy that refuses it, so
 * nothing leaves the machine).
 */
import { TEST_API_KEY, TEST_API_SECRET } from "../support/app-env";
import { existsSync, mkdirSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import {
  installShopifyRedirect,
  mintSessionToken,
  startShopifyFake,
  type ShopifyFake,
} from "../../sandbox/shopify/index";
import { createAppServer } from "../../server/app.js";
import { readAppBridgeUrlFromEnv } from "../support/app-bridge-url";
import { freshBuildSnapshot } from "../support/app-build";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) when it is installed:
 * the same Blink and V8 without the desktop browser around them, about a quarter less CPU
 * per page load and less per start (docs/decisions/0010-test-run.md); else the full
 * browser (package chromium). CHROMIUM_PATH names another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ||
  "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No GPU process drawing with software GL: the pages are composited in software, as the
  // screenshots need, for less CPU per file (docs/decisions/0010-test-run.md).
  "--disable-gpu-compositing",
  "--disable-software-rasterizer",
];
/** Screenshots land here (git-ignored). */
export const SCREENSHOT_DIR = path.join(root, "test-results");
export const DEMO_SHOP = "print-connect-demo.myshopify.com";
/** Where Shopify mode loads App Bridge from; pages under test never ask for it (APP_BRIDGE_URL). */
export const APP_BRIDGE_CDN_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

export const browserAvailable = existsSync(CHROMIUM_PATH);

/**
 * Whether `screenshot()` writes its picture: always, unless SCREENSHOTS=0. CI (CI=true) sets
 * nothing to look at, so `.ci/run` turns them off (docs/decisions/0010-test-run.md).
 */
const takeScreenshots = process.env.SCREENSHOTS !== "0";

if (!browserAvailable) {
  console.warn(
    [
      "",
      "!".repeat(78),
      `!! Browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH}.`,
      "!! Install it with `apt-get install -y chromium-headless-shell` (or set CHROMIUM_PATH).",
      "!".repeat(78),
      "",
    ].join("\n"),
  );
}

/** 127.0.0.1, ::1, localhost: the only hosts a page may reach. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `describe` for browser tests: skipped (with the warning above, never a failure) without Chromium. */
export const describeBrowser = describe.skipIf(!browserAvailable);

export interface HarnessOptions {
  /** Browser viewport. Default 1280 x 900. */
  viewport?: { width: number; height: number };
  /** Seed the demo shop (session, print settings, mappings). Default true. */
  seed?: boolean;
  /** Extra environment for the app, applied before the build is imported. */
  env?: Record<string, string>;
}

export interface BrowserHarness {
  /** The app's origin, e.g. http://127.0.0.1:41234 (also SHOPIFY_APP_URL). */
  appUrl: string;
  shop: string;
  /** The print sandbox's status-callback URL for the demo shop. */
  callbackUrl: string;
  sandbox: Sandbox;
  /** The Shopify stand-in (`shopify.control.createOrder(...)`, webhooks, tokens...). */
  shopify: ShopifyFake;
  browser: Browser;
  context: BrowserContext;
  /** The one page of this file; openAdmin navigates it. */
  page: Page;
  /**
   * Opens an app page the way Shopify admin does (`embedded=1`, `shop`, `host`,
   * `id_token` on the document request) and waits until the network is idle.
   */
  openAdmin(pathname?: string): Promise<Page>;
  /** The address Shopify admin would open for an app page (for pages whose status a test checks itself). */
  adminUrl(pathname: string): string;
  /** Saves a full-page screenshot to test-results/<name>.png and returns the path. */
  screenshot(name: string): Promise<string>;
  /** A fresh session token for the demo shop (what App Bridge would hand out). */
  sessionToken(): string;
  /** fetch against the app with `Authorization: Bearer <session token>`, like App Bridge's fetch. */
  adminFetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** A fulfilment worker over the same database (WORKER=off: tests drive it, e.g. `await w.drain()`). */
  createWorker(): Promise<import("../../app/services/fulfilment/worker").FulfilmentWorker>;
  /** Returns and forgets the console and page errors seen so far (for tests that expect some). */
  takeBrowserErrors(): string[];
  /** Returns and forgets the refused requests to other hosts seen so far ("GET https://..."). */
  takeOffMachineRequests(): string[];
  /** How many connections the browser opened to the refusing proxy (every other host goes there). */
  refusedConnections(): number;
  /** Throws (and clears) if the browser reported errors. setupBrowserHarness calls it after each test. */
  assertNoBrowserErrors(): void;
  close(): Promise<void>;
}

/**
 * A proxy that takes each connection and closes it at once: where the browser's requests for
 * other hosts go, so none reaches the network (see startBrowserHarness).
 */
/**
 * Waits until React has hydrated the page's form controls. "networkidle" only says the scripts
 * arrived; on a loaded machine hydration can run later, and a field filled before it keeps its
 * text without React ever hearing of it (no save bar, no validation).
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll("input, textarea, select")).every((control) =>
      Object.keys(control).some((key) => key.startsWith("__reactProps$")),
    ),
  );
}

async function startRefusingProxy(): Promise<{
  port: number;
  connections(): number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`browser harness: ${what} is not started`);
  return value;
}

/** Starts everything. Prefer setupBrowserHarness(), which also stops it and checks for errors. */
export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
  };
  try {
    const snapshot = await freshBuildSnapshot();
    cleanups.push(() => snapshot.remove());

    const sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => sandbox.close());

    const app = await createAppServer({
      host: "127.0.0.1",
      port: 0,
      clientDir: snapshot.clientDir,
      build: async (port) => {
        // The app reads its environment once, when the build loads.
        Object.assign(process.env, {
          SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
          APP_BRIDGE_URL: "/sandbox/app-bridge.js",
          PRINT_SANDBOX_URL: sandbox.url,
          WORKER: "off",
          ...options.env,
        });
        const build = await import(/* @vite-ignore */ snapshot.serverEntry);
        await readAppBridgeUrlFromEnv();
        return build;
      },
    });
    cleanups.push(() => app.close());
    const appUrl = `http://127.0.0.1:${app.port}`;

    // App modules only now: the app's environment is complete.
    const sandboxMode = {
      ...(await import("../../app/dev/webhook-subscriptions.server")),
      ...(await import("../../app/dev/seed.server")),
      ...(await import("../../app/dev/sign-in.server")),
    };
    const shopify = await startShopifyFake({
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      appUrl,
      port: 0,
      // The local mail server sandbox mode runs with it (the alerts' e-mails).
      smtpPort: 0,
      ...sandboxMode.shopifyStandInSubscriptions(),
    });
    cleanups.push(() => shopify.close());
    const uninstallRedirect = installShopifyRedirect({ target: shopify.url });
    cleanups.push(() => uninstallRedirect());
    let callbackUrl = "";
    if (options.seed !== false) {
      const seeded = await sandboxMode.seedDemoShop({ shop: DEMO_SHOP });
      sandboxMode.connectPrintSandbox(sandbox, seeded);
      callbackUrl = seeded.callbackUrl;
    }

    // Nothing may leave the machine: Chromium sends every request for another host to a
    // proxy that answers none (loopback never goes through a proxy), and the harness
    // records each such request that failed, which fails the test like a console error.
    // Not Playwright's request routing: routing turns off the HTTP cache, so every page
    // load fetched and compiled all of the app's scripts anew (a third more CPU per load).
    const refusingProxy = await startRefusingProxy();
    cleanups.push(() => refusingProxy.close());
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, `--proxy-server=http://127.0.0.1:${refusingProxy.port}`],
    });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({
      // Headless Chromium says "HeadlessChrome", which shopify-app-remix turns away as a bot (410).
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      locale: "en-US",
      timezoneId: "Europe/Amsterdam",
    });
    const sessionToken = () =>
      mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop: DEMO_SHOP });
    await context.exposeFunction("__printConnectIdToken", sessionToken);
    const offMachine: string[] = [];
    const isOffMachine = (url: string) => {
      const parsed = new URL(url);
      return /^(https?|wss?):$/.test(parsed.protocol) && !isLoopbackHost(parsed.hostname);
    };
    // A request a test answers itself (page.route) does not fail, and is not recorded.
    context.on("requestfailed", (request) => {
      if (isOffMachine(request.url())) offMachine.push(`${request.method()} ${request.url()}`);
    });
    context.on("page", (opened) =>
      opened.on("websocket", (socket) => {
        if (isOffMachine(socket.url())) offMachine.push(`WEBSOCKET ${socket.url()}`);
      }),
    );

    const page = await context.newPage();
    // Upper bounds only (a wait ends as soon as its state is there), sized for the 2-core
    // machine running both databases' tests at once, where a save that asks the print
    // service took over 10 s; well inside the browser tests' 60 s, with Playwright's message.
    page.setDefaultTimeout(20_000);
    page.setDefaultNavigationTimeout(30_000);
    let errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") {
        const where = message.location();
        errors.push(
          `console.error: ${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ""}`,
        );
      }
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message}`));

    const harness: BrowserHarness = {
      appUrl,
      shop: DEMO_SHOP,
      callbackUrl,
      sandbox,
      shopify,
      browser,
      context,
      page,
      adminUrl(pathname) {
        const url = new URL(pathname, appUrl);
        url.searchParams.set("embedded", "1");
        url.searchParams.set("shop", DEMO_SHOP);
        url.searchParams.set("host", sandboxMode.adminHostParam(DEMO_SHOP));
        url.searchParams.set("id_token", sessionToken());
        return url.toString();
      },
      async openAdmin(pathname = "/app") {
        const response = await page.goto(harness.adminUrl(pathname), {
          waitUntil: "networkidle",
        });
        if (!response) throw new Error(`openAdmin(${pathname}): no response`);
        if (response.status() >= 400) {
          throw new Error(
            `openAdmin(${pathname}): HTTP ${response.status()}\n${await response.text()}`,
          );
        }
        await untilHydrated(page);
        return page;
      },
      async screenshot(name) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
        if (takeScreenshots) await page.screenshot({ path: file, fullPage: true });
        return file;
      },
      sessionToken,
      adminFetch(pathname, init = {}) {
        const headers = new Headers(init.headers);
        headers.set("Authorization", `Bearer ${sessionToken()}`);
        return fetch(new URL(pathname, appUrl), { ...init, headers });
      },
      async createWorker() {
        const { createFulfilmentWorker } = await import("../../app/worker.server");
        return createFulfilmentWorker({ workerId: `browser-test-${process.pid}` });
      },
      takeBrowserErrors() {
        const seen = errors;
        errors = [];
        return seen;
      },
      takeOffMachineRequests() {
        return offMachine.splice(0);
      },
      refusedConnections: () => refusingProxy.connections(),
      assertNoBrowserErrors() {
        const left = offMachine.splice(0);
        // A refused request also logs "Failed to load resource: net::ERR_…": the request says more.
        const seen =
          left.length > 0
            ? errors.filter((e) => !/Failed to load resource: net::ERR_/.test(e))
            : errors;
        errors = [];
        const problems = [...left.map((r) => `request off the machine: ${r}`), ...seen];
        if (problems.length > 0) {
          throw new Error(
            `The browser reported ${problems.length} error(s):\n${problems.join("\n")}`,
          );
        }
      },
      close: cleanup,
    };
    return harness;
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Registers beforeAll / afterEach / afterAll for this file and returns the
 * harness (usable inside tests and hooks, not at collection time).
 *
 * ```ts
 * const h = setupBrowserHarness();
 * describeBrowser("home", () => {
 *   it("renders", async () => {
 *     const page = await h().openAdmin("/app");
 *     await page.getByRole("heading", { name: "Print Connect" }).waitFor();
 *   });
 * });
 * ```
 */
export function setupBrowserHarness(options: HarnessOptions = {}): () => BrowserHarness {
  let harness: BrowserHarness | undefined;
  if (!browserAvailable) return () => started(harness, "the browser harness (no Chromium)");
  beforeAll(async () => {
    harness = await startBrowserHarness(options);
  }, 180_000);
  afterEach(() => {
    harness?.assertNoBrowserErrors();
  });
  afterAll(async () => {
    await harness?.close();
  }, 30_000);
  return () => started(harness, "the browser harness");
}
