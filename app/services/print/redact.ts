/**
 * Redaction of keys and secrets before anything reaches a log line or an error message.
 *
 * Three layers, applied together:
 * 1. query parameters with a sensitive name (`merchantApiKey`, `apiKey`, `secret`, ...);
 * 2. object fields with a sensitive name (`merchant_api_key`, `apiKey`, `secret`, ...), deeply;
 * 3. in free text (raw bodies, XML), `name=value`, `"name":"value"` and `<name>value</name>`
 *    patterns, plus any literal occurrence of the configured key values themselves.
 */

export const REDACTED = "[REDACTED]";

/** Names (compared case-insensitively, ignoring `_` and `-`) whose values are never shown. */
const SENSITIVE_NAMES = new Set(
  [
    "merchantApiKey",
    "merchant_api_key",
    "apiKey",
    "api_key",
    "applicationApiKey",
    "buttonKey",
    "secret",
    "secretKey",
    "secret_key",
    "token",
    "signature",
    "quoteXml",
    "base64EncodedPolicy",
  ].map(normaliseName),
);

function normaliseName(name: string): string {
  return name.replace(/[-_]/g, "").toLowerCase();
}

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAMES.has(normaliseName(name));
}

/**
 * A field holding an address (`content_url`, `custom_spine_url`, `sourceUrl`, ...): a customer's
 * file address may carry a signed token in its path or query, so logs keep its origin only.
 */
function isAddressName(name: string): boolean {
  return normaliseName(name).endsWith("url");
}

/** `https://files.example/a.pdf?sig=…` -> `https://files.example/…`; anything else is hidden. */
export function originOnly(value: unknown): unknown {
  if (typeof value !== "string" || value === "") return value;
  try {
    return `${new URL(value).origin}/…`;
  } catch {
    return REDACTED;
  }
}

/**
 * Deep copy of a JSON-like value for a log line: sensitive fields replaced, addresses cut to
 * their origin.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 20) return "[…]";
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSensitiveName(k)
        ? REDACTED
        : isAddressName(k)
          ? originOnly(v)
          : redactValue(v, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * A path or URL with sensitive query parameters replaced and address parameters cut to their
 * origin. Keeps relative paths relative.
 */
export function redactUrl(pathOrUrl: string): string {
  const q = pathOrUrl.indexOf("?");
  if (q < 0) return pathOrUrl;
  const params = new URLSearchParams(pathOrUrl.slice(q + 1));
  const out = new URLSearchParams();
  for (const [k, v] of params)
    out.append(k, isSensitiveName(k) ? REDACTED : isAddressName(k) ? String(originOnly(v)) : v);
  return `${pathOrUrl.slice(0, q)}?${out.toString()}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Free text (a raw response body) with secrets removed. `knownSecrets` are literal values
 * (the configured keys) replaced wherever they occur.
 */
export function redactText(text: string, knownSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of knownSecrets) {
    if (secret.length >= 4) out = out.replace(new RegExp(escapeRegExp(secret), "g"), REDACTED);
  }
  // "name": "value" (JSON)
  out = out.replace(/"([A-Za-z_-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g, (m, name: string) =>
    isSensitiveName(name) ? `"${name}":"${REDACTED}"` : m,
  );
  // <name>value</name> (XML)
  out = out.replace(/<([A-Za-z_-]+)>([^<]*)<\/\1>/g, (m, name: string) =>
    isSensitiveName(name) ? `<${name}>${REDACTED}</${name}>` : m,
  );
  // name=value (query strings, form bodies)
  out = out.replace(/([A-Za-z_-]+)=([^&\s"'<]*)/g, (m, name: string) =>
    isSensitiveName(name) ? `${name}=${REDACTED}` : m,
  );
  return out;
}

/** Shorten for messages. */
export function truncate(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
