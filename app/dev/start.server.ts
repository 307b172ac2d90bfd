/**
 * Sandbox mode: what `npm run up` runs when no Shopify app is configured.
 *
 * In one process, on loopback: the print-service sandbox, the Shopify
 * stand-in (every `*.myshopify.com` call of the Shopify library is redirected
 * to it), and the demo shop seeded the real way (./seed.server.ts: a minted
 * session token goes through the library's token exchange and the offline
 * session lands in the app's session storage). The stand-in servers are loaded
 * with `import()` when sandbox mode starts, so a Shopify-mode server never
 * loads them; what this folder imports from the stand-ins up front is data and
 * small pure functions (the demo ids, the default merchant, token minting).
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
// Only types of the stand-ins are imported up front; their servers are loaded
// with import() when sandbox mode starts.
import type { Sandbox } from "../../sandbox/index";
import type { ShopifyFake } from "../../sandbox/shopify/index";
import { getEnv } from "../env.server";
import { getLogger } from "../lib/logger.server";
import { sandboxModeBanner } from "./banner.server";
import { connectPrintSandbox, seedDemoShop, type SeededDemoShop } from "./seed.server";
import { shopifyStandInSubscriptions } from "./webhook-subscriptions.server";

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
    import("../../sandbox/index"),
    import("../../sandbox/shopify/server"),
    import("../../sandbox/shopify/redirect"),
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
    // The print files live on the sandbox: point the demo mappings at the port it really took.
    seeded = await seedDemoShop({ printSandboxUrl: sandbox.url, demoProduct: true });
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
