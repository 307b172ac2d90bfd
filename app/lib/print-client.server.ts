import type { Shop } from "@prisma/client";
import type { Dispatcher } from "undici";
import {
  createPrintClient,
  type PrintClient,
  type PrintLogger,
  type RetryOptions,
} from "../services/print";
import { checkServiceUrl } from "../services/net/addresses";
import {
  createGuardedDispatcher,
  createRefusingDispatcher,
} from "../services/net/guarded-dispatcher";
import { getEnv } from "../env.server";
import {
  credentialsFromShop,
  credentialsVersion,
  getPrintCredentials,
  type PrintCredentials,
} from "../data/print-settings.server";
import { getLogger } from "./logger.server";

const clients = new Map<string, { version: string; client: PrintClient }>();

/**
 * The print-service client for a shop, built from its stored settings and
 * reused until they change. Null when the shop has not entered its keys.
 * Pass the Shop row when it is already in hand (the worker does, every step)
 * to spare a second read of the same row.
 */
export async function printClientFor(
  shop: string | Shop,
  options: { retry?: Partial<RetryOptions> } = {},
): Promise<PrintClient | null> {
  const shopDomain = typeof shop === "string" ? shop : shop.shop;
  // Settings and retry policy together decide the client; either changing builds a new one.
  const versionOf = (settings: string) => `${settings}|${JSON.stringify(options.retry ?? null)}`;
  const cached = clients.get(shopDomain);
  // The worker's path: the row in hand matches the cached client, so no decryption.
  if (typeof shop !== "string" && cached?.version === versionOf(credentialsVersion(shop)))
    return cached.client;
  const credentials =
    typeof shop === "string" ? await getPrintCredentials({ shop }) : credentialsFromShop(shop);
  if (!credentials) return null;
  const version = versionOf(credentials.version);
  if (cached?.version === version) return cached.client;
  const client = buildPrintClient(credentials, {
    ...options,
    logger: getLogger().child({ component: "print-client", shop: shopDomain }),
  });
  clients.set(shopDomain, { version, client });
  return client;
}

let guarded: Dispatcher | undefined;
let refusing: Dispatcher | undefined;

/** One connection pool for every shop-chosen URL, refusing what the address rule refuses. */
function shopUrlDispatcher(): Dispatcher {
  guarded ??= createGuardedDispatcher({ allowedPrivateHosts: getEnv().printAllowedPrivateHosts });
  return guarded;
}

/**
 * A stored URL that breaks the rule (saved before it existed, or edited in the
 * database) is never called: every call fails as "not reachable", so no
 * caller needs a special case.
 */
function refusedUrl(): { baseUrl: string; dispatcher: Dispatcher } {
  refusing ??= createRefusingDispatcher();
  return { baseUrl: "https://refused-service-url.invalid", dispatcher: refusing };
}

/**
 * A print client for the given settings, saved or not (Settings checks a
 * billing entity against the account being saved). The operator's sandbox
 * (PRINT_SANDBOX_URL) and the built-in environments are called directly; a
 * URL the shop typed goes through the guarded dispatcher, which checks the
 * addresses it resolves to on every connection.
 */
export function buildPrintClient(
  credentials: Pick<
    PrintCredentials,
    "environment" | "baseUrl" | "merchantApiKey" | "secretKey" | "applicationApiKey" | "buttonKey"
  >,
  options: { retry?: Partial<RetryOptions>; logger?: PrintLogger } = {},
): PrintClient {
  const env = getEnv();
  const shopUrl = credentials.baseUrl
    ? checkServiceUrl(credentials.baseUrl, env.printAllowedPrivateHosts).ok
      ? { baseUrl: credentials.baseUrl, dispatcher: shopUrlDispatcher() }
      : refusedUrl()
    : null;
  return createPrintClient({
    environment: credentials.environment,
    ...(shopUrl
      ? shopUrl
      : credentials.environment === "sandbox"
        ? { baseUrl: env.printSandboxUrl }
        : {}),
    merchantApiKey: credentials.merchantApiKey,
    secretKey: credentials.secretKey,
    ...(credentials.applicationApiKey ? { applicationApiKey: credentials.applicationApiKey } : {}),
    ...(credentials.buttonKey ? { buttonKey: credentials.buttonKey } : {}),
    timeoutMs: env.printTimeoutMs,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
