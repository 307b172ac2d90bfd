/**
 * Sandbox mode: what `npm run up` runs when no Shopify app is configured.
 *
 * On loopback: the print-service sandbox, the Shopify stand-in (every
 * `*.myshopify.com` call of the Shopify library is redirected to it), and the
 * demo shop seeded the real way (./seed.server.ts: a minted session token goes
 * through the library's token exchange and the offline session lands in the
 * app's session storage). The stand-ins run in this process, or, when they
 * already answer on their ports (`npm run stand-ins`, see ./stand-ins.server.ts),
 * in another one that this process joins. What this folder imports from the
 * stand-ins up front is data and small pure functions (the demo ids, the
 * default merchant, token minting); their servers are loaded with import().
 */
import type { Sandbox } from "../../sandbox/index";
import type { ShopifyFake } from "../../sandbox/shopify/index";
import { getEnv } from "../env.server";
import { getLogger } from "../lib/logger.server";
import { sandboxModeBanner } from "./banner.server";
import { connectPrintSandbox, seedDemoShop, type SeededDemoShop } from "./seed.server";
import {
  redirectShopifyTo,
  setPrintCallbackUrl,
  standInsRunning,
  standInUrls,
  startStandIns,
} from "./stand-ins.server";

/** Sandbox mode with the stand-ins started in this process. */
export interface SandboxModeHandle {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  seeded: SeededDemoShop;
  stop(): Promise<void>;
}

/** Sandbox mode joined to stand-ins another process runs. */
export interface JoinedSandboxMode {
  joined: true;
  printSandboxUrl: string;
  shopifyUrl: string;
  seeded: SeededDemoShop;
  stop(): Promise<void>;
}

let running: SandboxModeHandle | JoinedSandboxMode | undefined;

function stopOnce(handle: { stop(): Promise<void> }, undo: () => Promise<void>) {
  let stopped: Promise<void> | undefined;
  return () => {
    stopped ??= (async () => {
      await undo();
      if (running === handle) running = undefined;
      getLogger().child({ component: "sandbox-mode" }).info({}, "sandbox mode stopped");
    })();
    return stopped;
  };
}

/**
 * Starts the print sandbox, the Shopify stand-in and the redirect, seeds the
 * demo shop and prints what runs where. Throws with a clear message when a
 * port is taken. Safe to call twice (returns the running handle).
 */
export async function startSandboxMode(
  options: { appUrl?: string; print?: (text: string) => void } = {},
): Promise<SandboxModeHandle> {
  if (running && !("joined" in running)) return running;
  const env = getEnv();
  const appUrl = options.appUrl ?? env.shopifyAppUrl;
  const standIns = await startStandIns({ appUrl });
  const { sandbox, shopify } = standIns;
  const uninstallRedirect = await redirectShopifyTo(shopify.url);

  let seeded: SeededDemoShop;
  try {
    // The print files live on the sandbox: point the demo mappings at the port it really took.
    seeded = await seedDemoShop({ printSandboxUrl: sandbox.url, demoProduct: true });
    connectPrintSandbox(sandbox, seeded);
  } catch (error) {
    await uninstallRedirect();
    await standIns.close();
    throw error;
  }

  const handle = { sandbox, shopify, seeded } as SandboxModeHandle;
  handle.stop = stopOnce(handle, async () => {
    await uninstallRedirect();
    await standIns.close();
  });
  running = handle;
  getLogger()
    .child({ component: "sandbox-mode" })
    .info(
      { appUrl, printSandboxUrl: sandbox.url, shopifyStandInUrl: shopify.url, shop: seeded.shop },
      "sandbox mode started",
    );
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  print(sandboxModeBanner({ appUrl, sandbox, shopify, seeded, env }));
  return handle;
}

/**
 * Joins the stand-ins another process runs: redirects this process's Shopify
 * calls to them, seeds the demo shop without dropping a session that still
 * works (another process may be using it), and points the print sandbox's
 * callbacks at this app's URL.
 */
async function joinSandboxMode(options: {
  appUrl: string;
  print: (text: string) => void;
}): Promise<JoinedSandboxMode> {
  const env = getEnv();
  const { printSandboxUrl, shopifyUrl } = standInUrls();
  const uninstallRedirect = await redirectShopifyTo(shopifyUrl);
  let seeded: SeededDemoShop;
  try {
    seeded = await seedDemoShop({
      printSandboxUrl,
      demoProduct: true,
      keepWorkingSession: true,
    });
    await setPrintCallbackUrl(printSandboxUrl, seeded.callbackUrl);
  } catch (error) {
    await uninstallRedirect();
    throw error;
  }
  const handle = { joined: true, printSandboxUrl, shopifyUrl, seeded } as JoinedSandboxMode;
  handle.stop = stopOnce(handle, uninstallRedirect);
  running = handle;
  getLogger()
    .child({ component: "sandbox-mode" })
    .info(
      { appUrl: options.appUrl, printSandboxUrl, shopifyStandInUrl: shopifyUrl, shop: seeded.shop },
      "sandbox mode joined the running stand-ins",
    );
  options.print(
    sandboxModeBanner({
      appUrl: options.appUrl,
      sandbox: { url: printSandboxUrl },
      shopify: { url: shopifyUrl },
      seeded,
      env,
      joined: true,
    }),
  );
  return handle;
}

/**
 * What `npm start` runs in sandbox mode: joins the stand-ins when they already
 * answer on their ports, else starts them here.
 */
export async function enterSandboxMode(
  options: { appUrl?: string; print?: (text: string) => void } = {},
): Promise<SandboxModeHandle | JoinedSandboxMode> {
  if (running) return running;
  const appUrl = options.appUrl ?? getEnv().shopifyAppUrl;
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  if (await standInsRunning()) return joinSandboxMode({ appUrl, print });
  return startSandboxMode({ appUrl, print });
}

/**
 * `npm run worker` in sandbox mode: its Shopify calls go to the stand-in on
 * SANDBOX_SHOPIFY_PORT (run by `npm run stand-ins` or an `npm start`). The
 * redirect is installed even when the stand-in is not up yet: the worker's
 * calls fail as temporary and are retried until it is.
 */
export async function joinStandInsForWorker(): Promise<() => Promise<void>> {
  const log = getLogger().child({ component: "sandbox-mode" });
  if (getEnv().sandboxShopifyPort === 0) {
    log.warn(
      {},
      "SANDBOX_SHOPIFY_PORT=0: the worker cannot find the Shopify stand-in; set a fixed port",
    );
  }
  const { shopifyUrl, printSandboxUrl } = standInUrls();
  if (!(await standInsRunning())) {
    log.warn(
      { shopifyStandInUrl: shopifyUrl, printSandboxUrl },
      "the sandbox stand-ins do not answer yet: start `npm run stand-ins` or `npm start`; Shopify and print calls are retried meanwhile",
    );
  }
  return redirectShopifyTo(shopifyUrl);
}

/** Stops what startSandboxMode or enterSandboxMode started (no-op when nothing runs). */
export async function stopSandboxMode(): Promise<void> {
  await running?.stop();
}
