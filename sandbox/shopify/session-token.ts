/**
 * App Bridge session tokens (the `id_token` Shopify Admin hands an embedded app).
 *
 * Shopify signs them HS256 with the app's client secret; claims as documented:
 * iss `https://<shop>/admin`, dest `https://<shop>`, aud = client id (API key),
 * sub = staff user id, exp/nbf/iat in seconds, jti, sid. `@shopify/shopify-api`
 * verifies them with `jose.jwtVerify(HS256, 10 s clock tolerance)` and checks `aud`.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

export interface SessionTokenPayload {
  iss: string;
  dest: string;
  aud: string;
  sub?: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid: string;
  sig?: string;
  [claim: string]: unknown;
}

export interface MintSessionTokenOptions {
  apiKey: string;
  apiSecret: string;
  /** `example.myshopify.com` (a scheme is stripped if given). */
  shop: string;
  /** Staff user id (numeric string). Default "1". */
  userId?: string | number;
  /** Lifetime; Shopify uses 60 s. */
  ttlSeconds?: number;
  /** Clock in ms (default Date.now()). */
  now?: number;
  /** Extra or overriding claims (for negative tests). */
  claims?: Partial<SessionTokenPayload>;
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString("base64url");
}

export function normalizeShopDomain(shop: string): string {
  return shop
    .replace(/^https?:\/\//i, "")
    .replace(/\/.*$/, "")
    .toLowerCase();
}

/** Signs any payload as an HS256 JWT. */
export function signHs256Jwt(payload: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url");
  return `${header}.${body}.${signature}`;
}

/** Mints a session token exactly shaped like the ones App Bridge hands out. */
export function mintSessionToken(options: MintSessionTokenOptions): string {
  const shop = normalizeShopDomain(options.shop);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const payload: SessionTokenPayload = {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: options.apiKey,
    sub: String(options.userId ?? "1"),
    exp: now + (options.ttlSeconds ?? 60),
    nbf: now,
    iat: now,
    jti: randomUUID(),
    sid: randomBytes(32).toString("hex"),
    sig: randomBytes(32).toString("hex"),
    ...options.claims,
  };
  return signHs256Jwt(payload, options.apiSecret);
}

export type SessionTokenCheck =
  { ok: true; payload: SessionTokenPayload; shop: string } | { ok: false; reason: string };

/**
 * Verifies a session token the way Shopify's token endpoint does: HS256 with
 * the client secret, `aud` = client id, inside exp/nbf (10 s leeway), and
 * `dest` naming the shop the request was sent to (when `shop` is given).
 */
export function verifySessionToken(
  token: string,
  options: {
    apiKey: string;
    apiSecret: string;
    shop?: string;
    now?: number;
    leewaySeconds?: number;
  },
): SessionTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "not a JWT" };
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: string };
  let payload: SessionTokenPayload;
  try {
    header = JSON.parse(Buffer.from(h, "base64url").toString("utf8")) as { alg?: string };
    payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as SessionTokenPayload;
  } catch {
    return { ok: false, reason: "malformed JWT" };
  }
  if (header.alg !== "HS256") return { ok: false, reason: "unsupported alg" };
  const expected = createHmac("sha256", options.apiSecret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "signature verification failed" };
  }
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const leeway = options.leewaySeconds ?? 10;
  if (typeof payload.exp !== "number" || payload.exp + leeway < now)
    return { ok: false, reason: "expired" };
  if (typeof payload.nbf === "number" && payload.nbf - leeway > now)
    return { ok: false, reason: "not yet valid" };
  if (payload.aud !== options.apiKey) return { ok: false, reason: "wrong audience" };
  if (typeof payload.dest !== "string") return { ok: false, reason: "missing dest" };
  const shop = normalizeShopDomain(payload.dest);
  if (options.shop && shop !== normalizeShopDomain(options.shop))
    return { ok: false, reason: "dest is another shop" };
  return { ok: true, payload, shop };
}
