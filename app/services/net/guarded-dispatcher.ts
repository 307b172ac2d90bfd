/**
 * The network half of the rule in ./addresses: DNS checks at save time and an
 * undici dispatcher that refuses connections the rule does not allow.
 */
import dns from "node:dns";
import net from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { isListed, isPublicAddress, normalizeHost } from "./addresses";

/** The error code of a connection refused by the rule (never sent: nothing left the process). */
export const BLOCKED_ADDRESS_CODE = "ERR_ADDRESS_NOT_ALLOWED";

export interface LookupAddress {
  address: string;
  family: number;
}

/** dns.lookup with `all: true`, promise style; injectable for tests. */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemLookupAll: LookupAll = (hostname) =>
  dns.promises.lookup(hostname, { all: true });

/**
 * The DNS half of the rule, for a URL that passed checkServiceUrl: "public"
 * when every address the name resolves to is public (or the host is listed).
 */
export async function checkServiceHostResolves(
  url: URL,
  allowedPrivateHosts: readonly string[],
  lookupAll: LookupAll = systemLookupAll,
): Promise<"public" | "not_public" | "not_found"> {
  const host = normalizeHost(url.hostname);
  if (isListed(host, allowedPrivateHosts)) return "public";
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? "public" : "not_public";
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    return "not_found";
  }
  if (addresses.length === 0) return "not_found";
  return addresses.every((a) => isPublicAddress(a.address)) ? "public" : "not_public";
}

// The connection guard -----------------------------------------------------------------------

function blockedError(host: string): Error {
  return Object.assign(new Error(`connection to ${host} refused: not a public address`), {
    code: BLOCKED_ADDRESS_CODE,
  });
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export interface GuardedDispatcherOptions {
  allowedPrivateHosts: readonly string[];
  /** Name resolution; default the system's (dns.lookup). */
  lookupAll?: LookupAll;
  /** undici connect timeout (ms); default undici's. */
  connectTimeoutMs?: number;
  /**
   * Plain http to public addresses too (print files may be served over http); the
   * print-service base URL keeps https only.
   */
  allowPlainHttp?: boolean;
}

/**
 * An undici dispatcher that connects only where the rule allows: plain http
 * and non-public addresses only for listed hosts. Names are checked on the
 * addresses they resolve to at connection time, and the socket connects to
 * exactly those addresses (no second lookup to race with).
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Dispatcher {
  const allowed = options.allowedPrivateHosts;
  const lookupAll = options.lookupAll ?? systemLookupAll;

  const guardedLookup = (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ): void => {
    lookupAll(hostname).then(
      (found) => {
        const wanted =
          lookupOptions.family === 4 || lookupOptions.family === "IPv4"
            ? found.filter((a) => a.family === 4)
            : lookupOptions.family === 6 || lookupOptions.family === "IPv6"
              ? found.filter((a) => a.family === 6)
              : found;
        if (wanted.length === 0) {
          callback(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }),
            "",
          );
          return;
        }
        if (!isListed(hostname, allowed) && !wanted.every((a) => isPublicAddress(a.address))) {
          callback(blockedError(hostname), "");
          return;
        }
        if (lookupOptions.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };

  const connector = buildConnector({
    lookup: guardedLookup,
    ...(options.connectTimeoutMs ? { timeout: options.connectTimeoutMs } : {}),
  } as buildConnector.BuildOptions);

  const connect: buildConnector.connector = (connectOptions, callback) => {
    const host = normalizeHost(connectOptions.hostname);
    if (!isListed(host, allowed)) {
      // Sockets to an IP literal skip the lookup, so the address is checked here.
      const literalRefused = net.isIP(host) !== 0 && !isPublicAddress(host);
      if ((connectOptions.protocol !== "https:" && !options.allowPlainHttp) || literalRefused) {
        callback(blockedError(host), null);
        return;
      }
    }
    connector(connectOptions, callback);
  };

  return new Agent({ connect });
}

/** A dispatcher that connects nowhere: for a stored URL that breaks the rule. */
export function createRefusingDispatcher(): Dispatcher {
  return new Agent({
    connect: (connectOptions, callback) =>
      callback(blockedError(normalizeHost(connectOptions.hostname)), null),
  });
}
