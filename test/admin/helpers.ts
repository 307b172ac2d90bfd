import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
/**
 * Route-level test support for the admin pages: the print sandbox, the
 * Shopify stand-in (every *.myshopify.com call redirected to it), signed
 * session tokens, and request builders for loaders and actions.
 */
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import {
  installShopifyRedirect,
  mintSessionToken,
  startShopifyFake,
  type ShopifyFake,
} from "../../sandbox/shopify";

export const DEMO_SHOP = "print-connect-demo.myshopify.com";

export interface AdminEnv {
  sandbox: Sandbox;
  shopify: ShopifyFake;
  close(): Promise<void>;
}

export async function startAdminEnv(
  options: { sandboxClock?: { now: () => number } } = {},
): Promise<AdminEnv> {
  const sandbox = await startSandbox({
    port: 0,
    ...(options.sandboxClock ? { clock: options.sandboxClock } : {}),
  });
  const shopify = await startShopifyFake({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    port: 0,
    // A deprecated field or enum value in an app query fails the test instead of a warning.
    rejectDeprecated: true,
  });
  const uninstall = installShopifyRedirect({ target: shopify.url });
  return {
    sandbox,
    shopify,
    async close() {
      await uninstall();
      await shopify.close();
      await sandbox.close();
    },
  };
}

export function bearer(shop = DEMO_SHOP): string {
  return `Bearer ${mintSessionToken({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, shop })}`;
}

/** A GET the way App Bridge's fetch sends it. */
export function get(path: string, shop = DEMO_SHOP): Request {
  return new Request(new URL(path, TEST_APP_URL), { headers: { Authorization: bearer(shop) } });
}

/** A form POST the way Remix sends an action. */
export function post(
  path: string,
  fields: Record<string, string | string[]>,
  shop = DEMO_SHOP,
): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return new Request(new URL(path, TEST_APP_URL), {
    method: "POST",
    headers: { Authorization: bearer(shop), "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** Calls a loader or action; a thrown Response (redirect, 404) is returned instead. */
export async function call(
  fn: (args: LoaderFunctionArgs) => Promise<Response> | Response,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return await fn({ request, params, context: {} as AppLoadContext });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export async function data<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The sandbox's default merchant as the shop's settings. */
export function sandboxSettings(sandbox: Sandbox) {
  return {
    printEnvironment: "sandbox" as const,
    printBaseUrl: sandbox.url,
    merchantApiKey: "sandbox-merchant-key",
    secretKey: "sandbox-secret-key",
    applicationApiKey: "sandbox-application-key",
    currency: "EUR",
  };
}
