/**
 * Who sent a request, for keying rate limits. X-Forwarded-For is written by
 * whoever sends it, so it counts only as far as it was added by proxies the
 * operator trusts (TRUSTED_PROXIES: IP addresses and CIDR ranges, none by
 * default): starting from the connection's peer, each trusted hop's report
 * (the entry it appended, read from the right) is believed, and the first
 * untrusted address is the client. Pure: no network here.
 */
import net from "node:net";

/** An address as found in a socket or a header, normalised; null when it is not one. */
export function normalizeAddress(value: string | null | undefined): string | null {
  let text = (value ?? "").trim();
  if (text.startsWith("[")) {
    // [IPv6] or [IPv6]:port
    const end = text.indexOf("]");
    if (end < 0) return null;
    text = text.slice(1, end);
  } else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) {
    text = text.slice(0, text.lastIndexOf(":"));
  }
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  text = text.toLowerCase();
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(text);
  if (mapped) text = mapped[1]!;
  return net.isIP(text) ? text : null;
}

/** One entry of TRUSTED_PROXIES: an address, or a CIDR range; null when malformed. */
function parseEntry(entry: string): { address: string; prefix: number | null } | null {
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined) return null;
  const normalized = normalizeAddress(address);
  if (!normalized) return null;
  if (prefix === undefined) return { address: normalized, prefix: null };
  const bits = net.isIP(normalized) === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return null;
  return { address: normalized, prefix: Number(prefix) };
}

/**
 * A comma- or space-separated list of addresses and CIDR ranges. Returns the
 * entries, normalised, and the ones that are neither.
 */
export function parseTrustedProxies(text: string | undefined): {
  entries: string[];
  invalid: string[];
} {
  const entries: string[] = [];
  const invalid: string[] = [];
  for (const raw of (text ?? "").split(/[\s,]+/).filter(Boolean)) {
    const entry = parseEntry(raw);
    if (!entry) invalid.push(raw);
    else entries.push(entry.prefix === null ? entry.address : `${entry.address}/${entry.prefix}`);
  }
  return { entries, invalid };
}

/** A test for "is this address one of the trusted proxies", built once from the entries. */
export function trustedProxyMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const raw of entries) {
    const entry = parseEntry(raw);
    if (!entry) throw new Error(`Not an IP address or CIDR range: ${raw}`);
    const family = net.isIP(entry.address) === 4 ? "ipv4" : "ipv6";
    if (entry.prefix === null) list.addAddress(entry.address, family);
    else list.addSubnet(entry.address, entry.prefix, family);
  }
  if (entries.length === 0) return () => false;
  return (address) => list.check(address, net.isIP(address) === 4 ? "ipv4" : "ipv6");
}

export interface ClientAddressInput {
  /** The connection's peer (the socket's remote address). */
  socketAddress: string | null | undefined;
  /** The X-Forwarded-For header as received (several headers joined with commas). */
  forwardedFor: string | null | undefined;
  isTrustedProxy: (address: string) => boolean;
  /**
   * Hops beyond the trusted proxies whose report is believed too: 1 for a
   * request signed by Shopify's app proxy, which adds the visitor's address.
   */
  reportingHops?: number;
}

/** The client's address, or null when not even the socket's is known. */
export function resolveClientAddress(input: ClientAddressInput): string | null {
  let address = normalizeAddress(input.socketAddress);
  if (!address) return null;
  const reported = (input.forwardedFor ?? "").split(",").filter((e) => e.trim() !== "");
  let next = reported.length - 1;
  const step = (): boolean => {
    if (next < 0) return false;
    const hop = normalizeAddress(reported[next--]);
    // A malformed entry ends the chain: the hop that wrote it is the client.
    if (!hop) {
      next = -1;
      return false;
    }
    address = hop;
    return true;
  };
  while (input.isTrustedProxy(address) && step());
  for (let n = 0; n < (input.reportingHops ?? 0) && step(); n++);
  return address;
}
