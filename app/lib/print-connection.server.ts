import { getStoredSecrets, type PrintSettingsInput } from "../data/print-settings.server";
import { getEnv } from "../env.server";
import { cacheKey } from "../services/catalogue/cache";
import { CONNECTION_CHECK_TEXT } from "../services/merchant-text/settings";
import {
  keyCheckOf,
  runChecks,
  type ConnectionReport,
  type KeyCheck,
  type KeyTest,
} from "../services/print-connection/checks";
import type { RequestOptions } from "../services/print";
import { catalogueCache, shopClient } from "./catalogue.server";
import { getLogger } from "./logger.server";
import { buildPrintClient } from "./print-client.server";

/**
 * "Test connection" and the key check on Home, on the saved keys or on the keys in the
 * Settings form; the checks themselves are in services/print-connection/checks.ts.
 */

/** Quick checks: at most 8 s each, never longer than the operator's own print timeout. */
const quick = (): RequestOptions => ({
  timeoutMs: Math.min(8_000, getEnv().printTimeoutMs),
  retry: false,
});

/** "Test connection" on the saved keys. */
export async function testPrintConnection({ shop }: { shop: string }): Promise<ConnectionReport> {
  const c = await shopClient(shop);
  if (!c) {
    return {
      ok: false,
      checkedAt: new Date().toISOString(),
      checks: [
        { id: "keys", label: "Keys saved", status: "failed", detail: CONNECTION_CHECK_TEXT.noKeys },
      ],
    };
  }
  return (await runChecks(c.client, { hasLegacyKey: c.hasLegacyKey, saved: true, quick })).report;
}

/**
 * The same checks on the keys in the Settings form, before anything is stored. Keys the form
 * leaves empty are the saved ones (secret fields are write-only); `applicationApiKey: null`
 * removes the legacy key, so it is not checked.
 */
export async function testFormKeys({
  shop,
  input,
}: {
  shop: string;
  input: PrintSettingsInput;
}): Promise<KeyTest> {
  const stored = await getStoredSecrets({ shop });
  const secretKey = input.secretKey ?? stored.secretKey;
  const applicationApiKey =
    input.applicationApiKey === undefined ? stored.applicationApiKey : input.applicationApiKey;
  // The form's own checks require all three (a secret typed or stored).
  if (!input.printEnvironment || !input.merchantApiKey || !secretKey) {
    throw new TypeError("testFormKeys needs a checked form: environment, merchant and secret key");
  }
  const client = buildPrintClient(
    {
      environment: input.printEnvironment,
      baseUrl: input.printBaseUrl ?? null,
      merchantApiKey: input.merchantApiKey,
      secretKey,
      applicationApiKey: applicationApiKey ?? undefined,
      buttonKey: undefined,
    },
    // The client's own log lines (keys redacted by the SDK), like a saved shop's.
    { logger: getLogger().child({ component: "print-client", shop, unsaved: true }) },
  );
  return runChecks(client, { hasLegacyKey: Boolean(applicationApiKey), saved: false, quick });
}

/** A good answer stays good this long (and until the keys change: the cache key holds their version). */
const KEYS_OK_TTL_MS = 10 * 60_000;

/**
 * The merchant API key checked with one quick offerings call. Successes are
 * cached with the catalogue (so most visits of Home make no call, and saving
 * Settings clears them); failures are not, so a fixed key shows at once.
 */
export async function checkPrintKeys({ shop }: { shop: string }): Promise<KeyCheck> {
  const c = await shopClient(shop);
  if (!c) return { status: "not_set" };
  try {
    await catalogueCache.get(cacheKey(shop, "keys-ok", { v: c.version }), async () => {
      await c.client.offerings.list({}, quick());
      return { value: true, expiresAt: Date.now() + KEYS_OK_TTL_MS };
    });
    return { status: "ok" };
  } catch (error) {
    return keyCheckOf(error);
  }
}
