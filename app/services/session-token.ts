import { createHmac, timingSafeEqual } from "node:crypto";
import { isShopDomain } from "./shop-domain";

/**
 * What the Shopify library does not check on an App Bridge session token:
 * that it expires (`exp`; jose only checks it when present) and that `dest`
 * names a Shopify shop domain (else the library fails with a 500). Judged
 * only on tokens signed with the app secret; anything else is left to the
 * library, which refuses it.
 */
export type SessionTokenVerdict = { refused: false } | { refused: true; reason: string };

function signedPayload(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return decoded && typeof decoded === "object" ? (decoded as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function judgeSessionToken(
  token: string,
  options: { secret: string; customShopDomain?: string | undefined },
): SessionTokenVerdict {
  const claims = signedPayload(token, options.secret);
  if (!claims) return { refused: false };
  if (typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) {
    return { refused: true, reason: "Session token without an expiry (exp)" };
  }
  let host: string | null = null;
  try {
    host = typeof claims.dest === "string" ? new URL(claims.dest).hostname : null;
  } catch {
    host = null;
  }
  if (!isShopDomain(host, options.customShopDomain)) {
    return { refused: true, reason: "Session token dest is not a *.myshopify.com shop" };
  }
  return { refused: false };
}

/** Where the library reads the token: the Authorization header, else `id_token`. */
export function sessionTokenOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header) return header.replace("Bearer ", "");
  return new URL(request.url).searchParams.get("id_token");
}
