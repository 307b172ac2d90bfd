/**
 * Preflight as the app runs it: the file URL is a merchant's or a customer's,
 * so the download goes through the guarded dispatcher (public addresses over
 * https only, plus the hosts the operator lists in PRINT_ALLOWED_PRIVATE_HOSTS).
 * In sandbox mode and in tests the print sandbox's own origin (scheme, host
 * and port of PRINT_SANDBOX_URL, nothing else on that host) is allowed too,
 * because the sandbox hosts the demo's files. Never in production, where
 * PRINT_SANDBOX_URL still has its loopback default.
 */
import { Agent, type Dispatcher } from "undici";
import { getEnv, type Env } from "../env.server";
import { createGuardedDispatcher } from "../services/net/guarded-dispatcher";
import {
  preflightFileAgainst,
  type PreflightExpectation,
  type PreflightOptions,
  type PreflightResult,
} from "../services/preflight";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  downloadFile,
  type Download,
} from "../services/preflight/fetch";
import { getLogger } from "./logger.server";

export interface AppPreflightSettings {
  allowedPrivateHosts: readonly string[];
  /** An origin ("http://127.0.0.1:4010") fetched without the address rule, or null. */
  sandboxOrigin: string | null;
  /** Test knobs; the app uses the defaults (300 MB, 60 s, the PDF pool's 20 s to read the file). */
  maxBytes?: number;
  timeoutMs?: number;
  readTimeoutMs?: number;
}

/**
 * The print sandbox's origin when the app may download from it: in sandbox
 * mode outside production (the rule of app/dev/guard.server.ts) and in tests.
 */
export function trustedSandboxOrigin(
  env: Pick<Env, "mode" | "nodeEnv" | "printSandboxUrl">,
): string | null {
  if (env.nodeEnv === "production") return null;
  if (env.mode !== "sandbox" && env.nodeEnv !== "test") return null;
  return new URL(env.printSandboxUrl).origin;
}

function originOf(value: string | URL | undefined): string | null {
  if (value === undefined) return null;
  try {
    return new URL(String(value)).origin;
  } catch {
    return null;
  }
}

/**
 * The guarded dispatcher, with requests to exactly the sandbox's origin sent
 * around it. Each redirect hop is a new request through this dispatcher, so a
 * redirect from the sandbox to elsewhere meets the rule again.
 */
function appDispatcher(settings: AppPreflightSettings): Dispatcher {
  // Print files may be served over plain http; the address rule still applies after DNS.
  const guarded = createGuardedDispatcher({
    allowedPrivateHosts: settings.allowedPrivateHosts,
    allowPlainHttp: true,
  });
  const sandboxOrigin = settings.sandboxOrigin;
  if (!sandboxOrigin) return guarded;
  const direct = new Agent();
  return guarded.compose(
    (dispatch) => (options, handler) =>
      originOf(options.origin) === sandboxOrigin
        ? direct.dispatch(options, handler)
        : dispatch(options, handler),
  );
}

/**
 * A preflight function with its own connection pool, for the given settings:
 * one download of the file, checked against each expectation given.
 */
export function createAppPreflightAgainst(
  settings: AppPreflightSettings,
): (url: string, expects: readonly PreflightExpectation[]) => Promise<PreflightResult[]> {
  const options: PreflightOptions = {
    dispatcher: appDispatcher(settings),
    ...(settings.maxBytes !== undefined ? { maxBytes: settings.maxBytes } : {}),
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.readTimeoutMs !== undefined ? { readTimeoutMs: settings.readTimeoutMs } : {}),
  };
  return async (url, expects) => {
    const started = performance.now();
    const results = await preflightFileAgainst(url, expects, options);
    const ms = Math.round(performance.now() - started);
    const log = getLogger().child({ component: "preflight" });
    for (const result of results)
      log.info(
        {
          // The host only: a file URL may carry a signed token.
          host: originOf(url),
          status: result.status,
          codes: result.problems.map((p) => p.code),
          bytes: result.bytes,
          pages: result.pages,
          ms,
        },
        "print file checked",
      );
    return results;
  };
}

/** The same for one expectation. */
export function createAppPreflight(
  settings: AppPreflightSettings,
): (url: string, expect: PreflightExpectation) => Promise<PreflightResult> {
  const against = createAppPreflightAgainst(settings);
  return async (url, expect) => (await against(url, [expect]))[0]!;
}

let appPreflight: ReturnType<typeof createAppPreflightAgainst> | undefined;

/**
 * Downloads a print file once and checks it against each expectation (one
 * PDF printed as several offerings) under the app's address rule (see the
 * top of this file).
 */
export function preflightAgainstForApp(
  url: string,
  expects: readonly PreflightExpectation[],
): Promise<PreflightResult[]> {
  const env = getEnv();
  appPreflight ??= createAppPreflightAgainst({
    allowedPrivateHosts: env.printAllowedPrivateHosts,
    sandboxOrigin: trustedSandboxOrigin(env),
  });
  return appPreflight(url, expects);
}

/** Downloads and checks a print file under the app's address rule (see the top of this file). */
export async function preflightForApp(
  url: string,
  expect: PreflightExpectation,
): Promise<PreflightResult> {
  return (await preflightAgainstForApp(url, [expect]))[0]!;
}

let appDownloadDispatcher: Dispatcher | undefined;

/**
 * Downloads a merchant's file under the same address rule, size and time
 * limits as the preflight (the product image is drawn from the print file).
 */
export function downloadForApp(url: string): Promise<Download> {
  const env = getEnv();
  appDownloadDispatcher ??= appDispatcher({
    allowedPrivateHosts: env.printAllowedPrivateHosts,
    sandboxOrigin: trustedSandboxOrigin(env),
  });
  return downloadFile(url, {
    dispatcher: appDownloadDispatcher,
    maxBytes: DEFAULT_MAX_BYTES,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
}
