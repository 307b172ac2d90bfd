/**
 * The stand-ins as their own process (`npm run stand-ins`, scripts/stand-ins.ts) and the demo
 * shop installed on them, as the scale tests that run the app as processes of its own need it:
 * the shop installed the way Shopify does it, its print-service account on the print sandbox,
 * its mappings saved. The app's modules read DATABASE_URL when first loaded here: set it first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { vi } from "vitest";
import { DEMO_SHOP_DOMAIN, installShopifyRedirect, mintSessionToken } from "../../sandbox/shopify";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { freePort } from "../support/server-process";
import type { MAPPINGS } from "../support/fulfilment-harness";

const root = path.resolve(import.meta.dirname, "../..");

export const SHOP = DEMO_SHOP_DOMAIN;

export interface StandInsShop {
  printUrl: string;
  shopifyUrl: string;
  close(): Promise<void>;
}

/** A JSON call to a stand-in's control API; fails on an answer that is not 2xx. */
export async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Starts the stand-ins with the test app's credentials and `appUrl` as the app Shopify sends its
 * webhooks to, and installs the demo shop with `mappings` (its print-service account on the
 * print sandbox).
 */
export async function startStandInsShop(
  appUrl: string,
  mappings: (typeof MAPPINGS)[keyof typeof MAPPINGS][],
): Promise<StandInsShop> {
  const [printPort, shopifyPort] = [await freePort(), await freePort()];
  const printUrl = `http://127.0.0.1:${printPort}`;
  const shopifyUrl = `http://127.0.0.1:${shopifyPort}`;
  const standIns: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts", "stand-ins.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        PRINT_SANDBOX_URL: printUrl,
        SANDBOX_SHOPIFY_PORT: String(shopifyPort),
        SHOPIFY_APP_URL: appUrl,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  createInterface({ input: standIns.stdout! }).on("line", () => undefined);
  await vi.waitUntil(
    async () =>
      (await fetch(`${printUrl}/__sandbox/health`).catch(() => null))?.ok === true &&
      (await fetch(`${shopifyUrl}/__fake/state`).catch(() => null))?.ok === true,
    { timeout: 30_000, interval: 100 },
  );

  // Installed the way Shopify does it, through the stand-ins process.
  const uninstallRedirect = installShopifyRedirect({ target: shopifyUrl });
  const { authenticate } = await import("~/shopify.server");
  const token = mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop: SHOP });
  await authenticate.admin(
    new Request(`${TEST_APP_URL}/app`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  const { savePrintSettings } = await import("~/data/print-settings.server");
  const { saveMapping } = await import("~/data/mapping.server");
  const { SANDBOX_KEYS } = await import("../support/fulfilment-harness");
  await savePrintSettings({
    shop: SHOP,
    input: {
      printEnvironment: "sandbox",
      printBaseUrl: printUrl,
      ...SANDBOX_KEYS,
      currency: "EUR",
    },
  });
  for (const mapping of mappings) await saveMapping({ shop: SHOP, mapping });

  return {
    printUrl,
    shopifyUrl,
    async close() {
      standIns.kill("SIGTERM");
      await uninstallRedirect();
    },
  };
}
