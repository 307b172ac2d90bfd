import { CONNECTION_CHECK_TEXT, type CheckedKey, type KeyProblem } from "../merchant-text/settings";
import { describePrintError } from "../merchant-text/print-problem";
import {
  PrintApiError,
  PrintConnectionError,
  PrintResponseShapeError,
  PrintTimeoutError,
  type PrintClient,
  type RequestOptions,
} from "../print";

/**
 * "Test connection": one call per key, each reported plainly, on the saved keys or on the keys
 * in the Settings form before they are saved. Each failure names only the key that failed.
 */

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

/** A report, and what it means for saving: which keys were refused, or whether none could be checked. */
export interface KeyTest {
  report: ConnectionReport;
  /** Null when every key that could be checked was accepted. */
  problem: KeyProblem | null;
}

/** Every unreachable host answers alike (see CONNECTION_CHECK_TEXT.unreachable). */
export const UNREACHABLE_DETAIL = CONNECTION_CHECK_TEXT.unreachable;

type Failure = { refused: boolean; detail: string };

/**
 * A failed call in the Settings page's words. Refused means the service answered that it does
 * not accept the key (401/403, APP_FORBIDDEN, its 500 for an unknown merchant key); anything
 * else says nothing about the key.
 */
function failureOf(key: CheckedKey | null, error: unknown): Failure {
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError)
    return { refused: false, detail: UNREACHABLE_DETAIL };
  if (error instanceof PrintResponseShapeError)
    return { refused: false, detail: CONNECTION_CHECK_TEXT.unreadable };
  if (error instanceof PrintApiError) {
    if (key && error.kind === "auth") {
      const said = error.details ? ` ${CONNECTION_CHECK_TEXT.serviceSaid(error.details)}` : "";
      // A code with advice of its own (APP_NO_COMP_DETAILS: complete the company details).
      const advice =
        error.customCode === "APP_NO_COMP_DETAILS" && error.hint ? ` ${error.hint}` : "";
      return { refused: true, detail: `${CONNECTION_CHECK_TEXT.refused(key)}${said}${advice}` };
    }
    if (error.kind === "server" || error.kind === "rate_limit")
      return { refused: false, detail: CONNECTION_CHECK_TEXT.unavailable };
  }
  // Title and the service's words; no hint, as hints send the merchant to the settings.
  const p = describePrintError(error);
  const detail = [p.title, p.detail].filter(Boolean).join(": ");
  return { refused: false, detail: detail.endsWith(".") ? detail : `${detail}.` };
}

/**
 * The checks on one client: the service answers at all (no key), the merchant API key, the
 * secret key (only a payment proves it), and the legacy application key when one is set. The
 * legacy interface takes both keys, so it is checked only once the merchant key is accepted.
 */
export async function runChecks(
  client: PrintClient,
  {
    hasLegacyKey,
    saved,
    quick,
  }: { hasLegacyKey: boolean; saved: boolean; quick: () => RequestOptions },
): Promise<KeyTest> {
  const checkedAt = new Date().toISOString();
  const checks: ConnectionCheck[] = [];
  const refused: CheckedKey[] = [];
  let unchecked = false;
  const fail = (id: string, label: string, key: CheckedKey | null, error: unknown) => {
    const f = failureOf(key, error);
    if (f.refused && key) refused.push(key);
    else unchecked = true;
    checks.push({ id, label, status: "failed", detail: f.detail });
  };

  // 1. The service answers at all (no key involved).
  let reachable = true;
  try {
    const categories = await client.categories.list(quick());
    checks.push({
      id: "reach",
      label: "Print service reachable",
      status: "ok",
      detail: CONNECTION_CHECK_TEXT.reached(client.baseUrls.json, categories.length),
    });
  } catch (error) {
    reachable = false;
    fail("reach", "Print service reachable", null, error);
  }

  // 2. The merchant API key is accepted.
  let merchantAccepted = false;
  if (reachable) {
    try {
      const list = await client.offerings.list({}, quick());
      merchantAccepted = true;
      checks.push({
        id: "merchant",
        label: "Merchant API key",
        status: "ok",
        detail: CONNECTION_CHECK_TEXT.merchantAccepted(list.offerings.length),
      });
    } catch (error) {
      fail("merchant", "Merchant API key", "merchantApiKey", error);
    }
  } else {
    checks.push({
      id: "merchant",
      label: "Merchant API key",
      status: "skipped",
      detail: CONNECTION_CHECK_TEXT.notReached,
    });
  }

  // 3. The secret key can only be proven by paying an order.
  checks.push({
    id: "secret",
    label: "Secret key",
    status: "skipped",
    detail: saved ? CONNECTION_CHECK_TEXT.secret : CONNECTION_CHECK_TEXT.secretUnsaved,
  });

  // 4. The legacy application key, when set.
  const legacy = { id: "legacy", label: "Legacy application API key" };
  if (!hasLegacyKey) {
    checks.push({ ...legacy, status: "skipped", detail: CONNECTION_CHECK_TEXT.legacyNotSet });
  } else if (!reachable) {
    checks.push({ ...legacy, status: "skipped", detail: CONNECTION_CHECK_TEXT.notReached });
  } else if (!merchantAccepted) {
    // Its call would fail on the merchant key and blame the wrong one.
    checks.push({
      ...legacy,
      status: "skipped",
      detail: CONNECTION_CHECK_TEXT.legacyAfterMerchant,
    });
  } else {
    try {
      const list = await client.legacy.listOfferings({}, quick());
      checks.push({
        ...legacy,
        status: "ok",
        detail: CONNECTION_CHECK_TEXT.legacyAccepted(list.offerings.length),
      });
    } catch (error) {
      fail(legacy.id, legacy.label, "applicationApiKey", error);
    }
  }

  const report = { ok: checks.every((c) => c.status !== "failed"), checkedAt, checks };
  const problem: KeyProblem | null =
    refused.length > 0
      ? { kind: "refused", keys: refused }
      : unchecked
        ? { kind: "unchecked" }
        : null;
  return { report, problem };
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

/** A failed key check for the warning on Home. */
export function keyCheckOf(error: unknown): KeyCheck {
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
    return { status: "unreachable" };
  }
  if (error instanceof PrintApiError && error.kind === "auth") {
    return { status: "refused", detail: error.details ?? null };
  }
  const problem = describePrintError(error);
  return { status: "failed", title: problem.title, detail: problem.hint ?? problem.detail };
}
