import { createPrintClient, type PrintClient, type RetryOptions } from "../services/print";
import { getEnv } from "../env.server";
import { getPrintCredentials } from "../models/print-settings.server";
import { getLogger } from "./logger.server";

const clients = new Map<string, { version: string; client: PrintClient }>();

/**
 * The print-service client for a shop, built from its stored settings and
 * reused until they change. Null when the shop has not entered its keys.
 */
export async function printClientFor(
  shop: string,
  options: { retry?: Partial<RetryOptions> } = {},
): Promise<PrintClient | null> {
  const credentials = await getPrintCredentials({ shop });
  if (!credentials) return null;
  const cached = clients.get(shop);
  if (!options.retry && cached?.version === credentials.version) return cached.client;
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
    logger: getLogger().child({ component: "print-client", shop }),
  });
  if (!options.retry) clients.set(shop, { version: credentials.version, client });
  return client;
}
