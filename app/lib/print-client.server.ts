import type { Shop } from "@prisma/client";
import { createPrintClient, type PrintClient, type RetryOptions } from "../services/print";
import { getEnv } from "../env.server";
import {
  credentialsFromShop,
  credentialsVersion,
  getPrintCredentials,
} from "../models/print-settings.server";
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
  const env = getEnv();
  const client = createPrintClient({
    environment: credentials.environment,
    ...(credentials.environment === "sandbox"
      ? { baseUrl: credentials.baseUrl ?? env.printSandboxUrl }
      : credentials.baseUrl
        ? { baseUrl: credentials.baseUrl }
        : {}),
    merchantApiKey: credentials.merchantApiKey,
    secretKey: credentials.secretKey,
    ...(credentials.applicationApiKey ? { applicationApiKey: credentials.applicationApiKey } : {}),
    ...(credentials.buttonKey ? { buttonKey: credentials.buttonKey } : {}),
    timeoutMs: env.printTimeoutMs,
    ...(options.retry ? { retry: options.retry } : {}),
    logger: getLogger().child({ component: "print-client", shop: shopDomain }),
  });
  clients.set(shopDomain, { version, client });
  return client;
}
