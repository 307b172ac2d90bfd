/**
 * Where a shop-chosen print-service URL may point. A shop types the base URL
 * of a "custom" print service; the server then calls it. Without a rule that
 * is a server-side request forgery: loopback admin ports, the cloud metadata
 * address, the private network. The rule: https only, no query, fragment or
 * credentials, and every address the name resolves to must be public. Hosts
 * an operator lists (PRINT_ALLOWED_PRIVATE_HOSTS) are exempt, e.g. a print
 * service on the private network or a local sandbox.
 *
 * Checked when the URL is saved (checkServiceUrl here, then
 * checkServiceHostResolves) and again on every connection
 * (./guarded-dispatcher), after DNS resolution, so a name that later
 * resolves to 127.0.0.1 is refused too. Pure: no network here.
 */
import net from "node:net";

/** Host names compare lower-case, without IPv6 brackets or a trailing dot. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

/** A comma- or space-separated list of hosts, normalised. */
export function parseHostList(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s,]+/)
    .map(normalizeHost)
    .filter(Boolean);
}

// IPv4 ---------------------------------------------------------------------------------------

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** [first address, prefix length] of IPv4 ranges that are not public unicast. */
const IPV4_NOT_PUBLIC: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function ipv4Number(bytes: readonly number[]): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function isPublicIpv4(bytes: readonly number[]): boolean {
  const n = ipv4Number(bytes);
  return !IPV4_NOT_PUBLIC.some(([first, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (n & mask) >>> 0 === ipv4Number(ipv4Bytes(first)!);
  });
}

// IPv6 ---------------------------------------------------------------------------------------

/** The 16 bytes of an IPv6 address (zone id dropped), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split("%")[0]!;
  const words: number[] = [];
  // A trailing dotted quad (::ffff:127.0.0.1) stands for the last two words.
  const quad = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  let tail: number[] = [];
  if (quad) {
    const b = ipv4Bytes(quad[1]!);
    if (!b) return null;
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    text = text.slice(0, -quad[1]!.length);
    if (text.endsWith(":") && !text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").map((w) => (/^[0-9a-f]{1,4}$/i.test(w) ? parseInt(w, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const known = head.length + rest.length + tail.length;
  if (halves.length === 2) {
    if (known > 7) return null;
    words.push(...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail);
  } else {
    if (known !== 8) return null;
    words.push(...head, ...tail);
  }
  if (words.some((w) => Number.isNaN(w))) return null;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

function isPublicIpv6(bytes: readonly number[]): boolean {
  // Only global unicast (2000::/3) is public. That leaves out ::, ::1,
  // IPv4-mapped and -compatible addresses, NAT64 (64:ff9b::/96), discard
  // (100::/64), unique-local (fc00::/7), link-local (fe80::/10) and multicast.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  const word0 = (bytes[0]! << 8) | bytes[1]!;
  const word1 = (bytes[2]! << 8) | bytes[3]!;
  // 2001::/23: IETF special purpose (Teredo 2001::/32, benchmarking, ORCHID);
  // 2001:db8::/32 and 3fff::/20: documentation.
  if (word0 === 0x2001 && word1 < 0x0200) return false;
  if (word0 === 0x2001 && word1 === 0x0db8) return false;
  if (word0 === 0x3fff && word1 < 0x1000) return false;
  // 2002::/16 (6to4) carries an IPv4 address: public only if that one is.
  if (word0 === 0x2002) return isPublicIpv4(bytes.slice(2, 6));
  return true;
}

/** Whether an IP address (v4 or v6, as text) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const host = normalizeHost(address);
  const family = net.isIP(host.split("%")[0]!);
  if (family === 4) {
    const bytes = ipv4Bytes(host);
    return bytes !== null && isPublicIpv4(bytes);
  }
  if (family === 6) {
    const bytes = ipv6Bytes(host);
    return bytes !== null && isPublicIpv6(bytes);
  }
  return false;
}

// The URL rule -------------------------------------------------------------------------------

export type ServiceUrlProblem = "invalid" | "scheme" | "query" | "credentials" | "private";

export type ServiceUrlCheck = { ok: true; url: URL } | { ok: false; problem: ServiceUrlProblem };

export function isListed(host: string, allowedPrivateHosts: readonly string[]): boolean {
  return allowedPrivateHosts.includes(normalizeHost(host));
}

/**
 * The rule without DNS: an absolute https URL without query, fragment or
 * credentials whose host, if an IP address, is public. A listed host may use
 * http and any address.
 */
export function checkServiceUrl(
  value: string,
  allowedPrivateHosts: readonly string[],
): ServiceUrlCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (!url.hostname) return { ok: false, problem: "invalid" };
  const listed = isListed(url.hostname, allowedPrivateHosts);
  if (url.protocol !== "https:" && !(listed && url.protocol === "http:"))
    return { ok: false, problem: "scheme" };
  if (url.username || url.password) return { ok: false, problem: "credentials" };
  // A bare "?" or "#" leaves search and hash empty yet still cuts off the path appended later.
  if (url.search || url.hash || /[?#]/.test(value)) return { ok: false, problem: "query" };
  const host = normalizeHost(url.hostname);
  if (!listed && net.isIP(host) !== 0 && !isPublicAddress(host))
    return { ok: false, problem: "private" };
  return { ok: true, url };
}
