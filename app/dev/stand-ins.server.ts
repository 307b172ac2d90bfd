/**
 * The local stand-ins of sandbox mode (the print-service sandbox and the
 * Shopify stand-in), started here or joined when another process runs them.
 *
 * `npm run stand-ins` runs them as a process of their own on the fixed ports
 * (PRINT_SANDBOX_URL, SANDBOX_SHOPIFY_PORT), so any number of `npm start` and
 * `npm run worker` processes share one state and each can die alone. Without
 * it, `npm start` starts them in its own process, as the quick start does.
 * Their servers are loaded with import() only here, so Shopify mode never
 * loads them.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Sandbox } from "../../sandbox/index";
import type { ShopifyFake } from "../../sandbox/shopify/index";
import { DEFAULT_MERCHANT } from "../../sandbox/store";
import { getEnv } from "../env.server";
import { registerSandboxSmtpUrl } from "../lib/sandbox-mail.server";
import { registerSandboxShopifyUrl } from "../lib/sandbox-storefront.server";
import { shopifyStandInSubscriptions } from "./webhook-subscriptions.server";

/** How long a probe waits for a stand-in to answer: both run on loopback. */
const PROBE_TIMEOUT_MS = 1_500;

function portOf(url: string): number {
  const parsed = new URL(url);
  return Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
}

function portInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "EADDRINUSE";
}

/** Loopback names as the stand-ins listen on them. */
function listenHost(url: string): string {
  const host = new URL(url).hostname;
  return host === "localhost" ? "127.0.0.1" : host;
}

/** Where the print sandbox keeps its state: next to a SQLite database file, or nowhere. */
export function printSandboxStateFile(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith("file:")) return undefined;
  const dir = path.dirname(path.resolve(databaseUrl.slice("file:".length).split("?")[0] ?? ""));
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return path.join(dir, "print-sandbox-state.json");
}

/** Where this process finds the stand-ins when another process runs them. */
export function standInUrls() {
  const env = getEnv();
  return {
    printSandboxUrl: env.printSandboxUrl,
    shopifyUrl: `http://127.0.0.1:${env.sandboxShopifyPort}`,
  };
}

async function answers(url: string, isStandIn: (body: unknown) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok && isStandIn(await response.json());
  } catch {
    return false;
  }
}

/**
 * True when both stand-ins already answer on their ports (`npm run stand-ins`,
 * or another `npm start` that started them): this process joins them.
 */
export async function standInsRunning(): Promise<boolean> {
  const env = getEnv();
  if (env.sandboxShopifyPort === 0) return false; // a free port each time: nothing to join
  const { printSandboxUrl, shopifyUrl } = standInUrls();
  const [print, shopify] = await Promise.all([
    answers(`${printSandboxUrl}/__sandbox/health`, (b) => (b as { ok?: unknown }).ok === true),
    answers(`${shopifyUrl}/__fake/state`, (b) => Array.isArray((b as { shops?: unknown }).shops)),
  ]);
  return print && shopify;
}

export interface StartedStandIns {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  close(): Promise<void>;
}

/**
 * Starts both stand-ins on their configured ports. Throws with a clear
 * message when a port is taken, leaving nothing running.
 */
export async function startStandIns(options: { appUrl: string }): Promise<StartedStandIns> {
  const env = getEnv();
  const printPort = portOf(env.printSandboxUrl);
  const [{ startSandbox }, { startShopifyFake }] = await Promise.all([
    import("../../sandbox/index"),
    import("../../sandbox/shopify/server"),
  ]);
  const stateFile = printSandboxStateFile(env.databaseUrl);
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: printPort,
      host: listenHost(env.printSandboxUrl),
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
      appUrl: options.appUrl,
      port: env.sandboxShopifyPort,
      // The local mail server the alerts go to (SMTP_URL's sandbox default), shown at /__fake/mail.
      smtpPort: env.sandboxSmtpPort,
      ...shopifyStandInSubscriptions(),
    });
  } catch (error) {
    await sandbox.close();
    if (portInUse(error)) {
      throw new Error(
        (error as { port?: number }).port === env.sandboxSmtpPort && env.sandboxSmtpPort !== 0
          ? `Sandbox mode: port ${env.sandboxSmtpPort} for the local mail server (SANDBOX_SMTP_PORT) is already in use. ` +
              `Stop whatever runs there, or set SANDBOX_SMTP_PORT to a free port (0 picks one).`
          : `Sandbox mode: port ${env.sandboxShopifyPort} for the Shopify stand-in (SANDBOX_SHOPIFY_PORT) is already in use. ` +
              `Stop whatever runs there, or set SANDBOX_SHOPIFY_PORT to a free port (0 picks one).`,
        { cause: error },
      );
    }
    throw error;
  }
  if (shopify.mail) registerSandboxSmtpUrl(shopify.mail.url);
  registerSandboxShopifyUrl(shopify.url);
  // The demo shop is set up as a print-on-demand shop is: Shopify's "Automatically fulfill the
  // order's line items" is on, so a paid order's print lines are requested from Print Connect
  // at once, and its order page shows the requests being answered.
  shopify.control.setAutomaticFulfillment(undefined, true);
  return {
    sandbox,
    shopify,
    close: async () => {
      await Promise.allSettled([shopify.close(), sandbox.close()]);
    },
  };
}

/**
 * Sends this process's calls to `*.myshopify.com` to the Shopify stand-in at
 * `target`. Returns the undo.
 */
export async function redirectShopifyTo(target: string): Promise<() => Promise<void>> {
  const { installShopifyRedirect } = await import("../../sandbox/shopify/redirect");
  return installShopifyRedirect({ target });
}

/** Points the print sandbox's status callbacks for its default merchant at `url`, over HTTP. */
export async function setPrintCallbackUrl(printSandboxUrl: string, url: string): Promise<void> {
  const key = encodeURIComponent(DEFAULT_MERCHANT.merchantApiKey);
  const response = await fetch(`${printSandboxUrl}/__sandbox/merchants/${key}/callback-url`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) {
    throw new Error(`The print sandbox refused the callback address (HTTP ${response.status})`);
  }
}

/**
 * `npm run stand-ins`: both stand-ins as their own process, until SIGTERM or
 * SIGINT. Webhooks go to SHOPIFY_APP_URL (a load balancer in front of several
 * web processes, or the one `npm start`). Nothing here touches the database:
 * the first web process to join seeds the demo shop.
 */
export async function runStandInsProcess(
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<StartedStandIns> {
  const env = getEnv();
  const standIns = await startStandIns({ appUrl: env.shopifyAppUrl });
  print(
    [
      "",
      "  Sandbox stand-ins running (state in this process's memory; the print",
      "  sandbox's orders also in print-sandbox-state.json next to a SQLite database):",
      `    Print sandbox     ${standIns.sandbox.url}   control API ${standIns.sandbox.url}/__sandbox/`,
      `    Shopify stand-in  ${standIns.shopify.url}   control API ${standIns.shopify.url}/__fake/`,
      `    Webhooks go to    ${env.shopifyAppUrl}`,
      "  `npm start` and `npm run worker` in sandbox mode join them. Stop with Ctrl-C.",
      "",
      "",
    ].join("\n"),
  );
  return standIns;
}
