import { getEnv } from "../env.server";
import { cacheKey } from "../services/catalogue/cache";
import {
  PrintApiError,
  PrintConnectionError,
  PrintTimeoutError,
  type RequestOptions,
} from "../services/print";
import { catalogueCache, shopClient } from "./catalogue.server";
import { getPrintCredentials } from "./print-settings.server";
import { describePrintError } from "./print-problem.server";

/** "Test connection": one call per key, each reported plainly. */

export interface ConnectionCheck {
  id: string;
  label: string;
  status: "ok" | "failed" | "skipped";
  detail: string;
}

export interface ConnectionReport {
  ok: boolean;
  checkedAt: string;
  checks: ConnectionCheck[];
}

/** Quick checks: at most 8 s each, never longer than the operator's own print timeout. */
const quick = (): RequestOptions => ({
  timeoutMs: Math.min(8_000, getEnv().printTimeoutMs),
  retry: false,
});

/**
 * One answer for every way a host can be unreachable (refused, no such name,
 * an address the rule blocks, no answer in time): told apart, they would make
 * "Test connection" a scanner of the server's network.
 */
export const UNREACHABLE_DETAIL =
  "The print service could not be reached at this address. Check the environment and URL, or try again in a few minutes.";

function failed(id: string, label: string, error: unknown): ConnectionCheck {
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError)
    return { id, label, status: "failed", detail: UNREACHABLE_DETAIL };
  const p = describePrintError(error);
  const detail = [p.title, p.detail, p.hint].filter(Boolean).join(". ").replace(/\.\./g, ".");
  return { id, label, status: "failed", detail };
}

export async function testPrintConnection({ shop }: { shop: string }): Promise<ConnectionReport> {
  const checkedAt = new Date().toISOString();
  const [c, credentials] = await Promise.all([shopClient(shop), getPrintCredentials({ shop })]);
  if (!c || !credentials) {
    return {
      ok: false,
      checkedAt,
      checks: [
        {
          id: "keys",
          label: "Keys saved",
          status: "failed",
          detail: "Enter and save your merchant API key and secret key first.",
        },
      ],
    };
  }
  const { client } = c;
  const checks: ConnectionCheck[] = [];

  // 1. The service answers at all (no key involved).
  let reachable = true;
  try {
    const categories = await client.categories.list(quick());
    checks.push({
      id: "reach",
      label: "Print service reachable",
      status: "ok",
      detail: `Reached ${client.baseUrls.json} (${categories.length} categories).`,
    });
  } catch (error) {
    reachable = false;
    checks.push(failed("reach", "Print service reachable", error));
  }

  // 2. The merchant API key is accepted.
  if (reachable) {
    try {
      const list = await client.offerings.list({}, quick());
      checks.push({
        id: "merchant",
        label: "Merchant API key",
        status: "ok",
        detail: `Accepted: ${list.offerings.length} offerings available to this account.`,
      });
    } catch (error) {
      checks.push(failed("merchant", "Merchant API key", error));
    }
  } else {
    checks.push({
      id: "merchant",
      label: "Merchant API key",
      status: "skipped",
      detail: "Not checked: the service was not reachable.",
    });
  }

  // 3. The secret key can only be proven by paying an order.
  checks.push({
    id: "secret",
    label: "Secret key",
    status: "skipped",
    detail: "Saved. It signs payments, so it is only checked when the first order is paid.",
  });

  // 4. The legacy application key, when set.
  if (!credentials.applicationApiKey) {
    checks.push({
      id: "legacy",
      label: "Legacy application API key",
      status: "skipped",
      detail: "Not set (optional): needed only for legacy prices in every currency.",
    });
  } else if (!reachable) {
    checks.push({
      id: "legacy",
      label: "Legacy application API key",
      status: "skipped",
      detail: "Not checked: the service was not reachable.",
    });
  } else {
    try {
      const legacy = await client.legacy.listOfferings({}, quick());
      checks.push({
        id: "legacy",
        label: "Legacy application API key",
        status: "ok",
        detail: `Accepted: ${legacy.offerings.length} offerings on the legacy interface.`,
      });
    } catch (error) {
      checks.push(failed("legacy", "Legacy application API key", error));
    }
  }

  return { ok: checks.every((c) => c.status !== "failed"), checkedAt, checks };
}

/** Whether the shop's saved keys work right now, for the warning on Home. */
export type KeyCheck =
  | { status: "ok" }
  | { status: "not_set" }
  /** The service refused the merchant API key. */
  | { status: "refused"; detail: string | null }
  | { status: "unreachable" }
  /** Any other failure, in the service's words. */
  | { status: "failed"; title: string; detail: string | null };

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
    if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
      return { status: "unreachable" };
    }
    if (error instanceof PrintApiError && error.kind === "auth") {
      return { status: "refused", detail: error.details ?? null };
    }
    const problem = describePrintError(error);
    return { status: "failed", title: problem.title, detail: problem.hint ?? problem.detail };
  }
}
