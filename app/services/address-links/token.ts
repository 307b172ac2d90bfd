/**
 * The secret in a customer's address link: 32 random bytes, base64url. Only its SHA-256 is
 * stored, so the database alone does not give anyone a working link.
 */
import { createHash, randomBytes } from "node:crypto";

/** How long a link works: a customer who reads their mail once a week still can. */
export const LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

/** What a token looks like; anything else is refused before the database is asked. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
