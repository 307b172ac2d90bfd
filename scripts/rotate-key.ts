/**
 * Re-encrypts every secret stored at rest from one ENCRYPTION_KEY to another,
 * in one transaction:
 *   - Shop.secretKeyEncrypted, Shop.applicationKeyEncrypted (print-service keys)
 *   - Session.accessToken, Session.refreshToken (Shopify tokens,
 *     app/services/crypto/session-storage.ts)
 *
 *   npm run rotate-key -- --from <old key> --to <new key> [--dry-run]
 *   OLD_ENCRYPTION_KEY=<old> ENCRYPTION_KEY=<new> npm run rotate-key
 *
 * Keys are 64 hex characters or base64 of 32 bytes. The database is
 * DATABASE_URL (from .env too), SQLite or PostgreSQL. Idempotent: values the
 * new key already opens are left alone, so an interrupted or repeated run is
 * safe. Refuses, changing nothing, when any value opens with neither key.
 * Session tokens stored in plain text (from before encryption) are encrypted
 * with the new key. See docs/operations.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PrismaClient } from "@prisma/client";
import { decodeKey } from "../app/env.server";
import { createSecretCipher, type SecretCipher } from "../app/services/crypto/cipher";

export interface RotationReport {
  /** Values re-encrypted from the old key to the new one. */
  rotated: number;
  /** Values the new key already opened (an earlier run). */
  alreadyRotated: number;
  /** Plain-text session tokens encrypted with the new key. */
  encryptedPlain: number;
  dryRun: boolean;
}

export class RotationRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Nothing was changed: ${problems.length} stored value(s) open with neither key:\n` +
        problems.map((p) => `  - ${p}`).join("\n"),
    );
    this.name = "RotationRefusedError";
  }
}

/** A stored value changed while the rotation ran (an app process still writing). */
export class RotationConflictError extends Error {
  constructor(where: string) {
    super(`Nothing was changed: ${where} changed during the rotation; stop the app and run again`);
    this.name = "RotationConflictError";
  }
}

type Verdict = { kind: "rotated" | "already" | "plain"; value: string } | { kind: "unreadable" };

function reEncrypt(
  stored: string,
  from: SecretCipher,
  to: SecretCipher,
  plainAllowed: boolean,
): Verdict {
  if (!to.isEncrypted(stored)) {
    return plainAllowed ? { kind: "plain", value: to.encrypt(stored) } : { kind: "unreadable" };
  }
  try {
    to.decrypt(stored);
    return { kind: "already", value: stored };
  } catch {
    // not the new key's
  }
  try {
    return { kind: "rotated", value: to.encrypt(from.decrypt(stored)) };
  } catch {
    return { kind: "unreadable" };
  }
}

export async function rotateEncryptionKey(
  db: PrismaClient,
  keys: { from: Buffer; to: Buffer },
  options: { dryRun?: boolean } = {},
): Promise<RotationReport> {
  const from = createSecretCipher(keys.from);
  const to = createSecretCipher(keys.to);
  const report: RotationReport = {
    rotated: 0,
    alreadyRotated: 0,
    encryptedPlain: 0,
    dryRun: !!options.dryRun,
  };
  const problems: string[] = [];

  await db.$transaction(
    async (tx) => {
      const count = (v: Verdict) => {
        if (v.kind === "rotated") report.rotated++;
        if (v.kind === "already") report.alreadyRotated++;
        if (v.kind === "plain") report.encryptedPlain++;
      };

      const shops = await tx.shop.findMany({
        where: {
          OR: [{ secretKeyEncrypted: { not: null } }, { applicationKeyEncrypted: { not: null } }],
        },
        select: { id: true, shop: true, secretKeyEncrypted: true, applicationKeyEncrypted: true },
        orderBy: { id: "asc" },
      });
      const shopUpdates: { id: string; where: object; data: object; label: string }[] = [];
      for (const shop of shops) {
        const data: Record<string, string> = {};
        for (const field of ["secretKeyEncrypted", "applicationKeyEncrypted"] as const) {
          const stored = shop[field];
          if (!stored) continue;
          const verdict = reEncrypt(stored, from, to, false);
          if (verdict.kind === "unreadable") problems.push(`Shop ${shop.shop}: ${field}`);
          else {
            count(verdict);
            if (verdict.kind !== "already") data[field] = verdict.value;
          }
        }
        if (Object.keys(data).length > 0) {
          shopUpdates.push({
            id: shop.id,
            where: {
              id: shop.id,
              secretKeyEncrypted: shop.secretKeyEncrypted,
              applicationKeyEncrypted: shop.applicationKeyEncrypted,
            },
            data,
            label: `Shop ${shop.shop}`,
          });
        }
      }

      const sessions = await tx.session.findMany({
        select: { id: true, accessToken: true, refreshToken: true },
        orderBy: { id: "asc" },
      });
      const sessionUpdates: { where: object; data: object; label: string }[] = [];
      for (const session of sessions) {
        const data: Record<string, string> = {};
        for (const field of ["accessToken", "refreshToken"] as const) {
          const stored = session[field];
          if (!stored) continue;
          const verdict = reEncrypt(stored, from, to, true);
          if (verdict.kind === "unreadable") problems.push(`Session ${session.id}: ${field}`);
          else {
            count(verdict);
            if (verdict.kind !== "already") data[field] = verdict.value;
          }
        }
        if (Object.keys(data).length > 0) {
          sessionUpdates.push({
            where: {
              id: session.id,
              accessToken: session.accessToken,
              refreshToken: session.refreshToken,
            },
            data,
            label: `Session ${session.id}`,
          });
        }
      }

      if (problems.length > 0) throw new RotationRefusedError(problems);
      if (options.dryRun) return;
      // Each write repeats the value it replaces: a concurrent change aborts everything.
      for (const u of shopUpdates) {
        const { count: n } = await tx.shop.updateMany({ where: u.where, data: u.data });
        if (n !== 1) throw new RotationConflictError(u.label);
      }
      for (const u of sessionUpdates) {
        const { count: n } = await tx.session.updateMany({ where: u.where, data: u.data });
        if (n !== 1) throw new RotationConflictError(u.label);
      }
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
  return report;
}

// Command line ---------------------------------------------------------------------------------

function parseArgs(argv: string[]) {
  const out: { from?: string; to?: string; dryRun: boolean; help: boolean } = {
    dryRun: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (name === "--from") out.from = value();
    else if (name === "--to") out.to = value();
    else if (arg === "--dry-run") out.dryRun = true;
    else if (arg === "--help" || arg === "-h") out.help = true;
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return out;
}

const USAGE = `Usage: npm run rotate-key -- --from <old key> --to <new key> [--dry-run]
   or: OLD_ENCRYPTION_KEY=<old key> ENCRYPTION_KEY=<new key> npm run rotate-key

Re-encrypts the stored print-service secrets and Shopify tokens in DATABASE_URL
from the old key to the new one, in one transaction. Stop the app and workers
first; start them again with ENCRYPTION_KEY set to the new key.`;

export async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const fromText = args.from ?? process.env.OLD_ENCRYPTION_KEY;
  const toText = args.to ?? process.env.ENCRYPTION_KEY;
  const from = fromText ? decodeKey(fromText.trim()) : null;
  const to = toText ? decodeKey(toText.trim()) : null;
  const problems = [
    ...(!fromText ? ["the old key is missing (--from or OLD_ENCRYPTION_KEY)"] : []),
    ...(fromText && !from ? ["the old key is not 32 bytes (64 hex characters or base64)"] : []),
    ...(!toText ? ["the new key is missing (--to or ENCRYPTION_KEY)"] : []),
    ...(toText && !to ? ["the new key is not 32 bytes (64 hex characters or base64)"] : []),
  ];
  if (problems.length > 0) {
    console.error(`rotate-key: ${problems.join("; ")}\n\n${USAGE}`);
    return 2;
  }
  if (from!.equals(to!)) {
    console.error("rotate-key: the old and the new key are the same");
    return 2;
  }

  // The app's own client for DATABASE_URL (SQLite or PostgreSQL), configured as the app is.
  let db: PrismaClient;
  try {
    db = (await import("../app/db.server")).default;
  } catch (error) {
    console.error(`rotate-key: ${(error as Error).message}`);
    return 2;
  }
  try {
    const report = await rotateEncryptionKey(db, { from: from!, to: to! }, { dryRun: args.dryRun });
    console.log(
      `rotate-key: ${report.dryRun ? "dry run, nothing written; would re-encrypt" : "re-encrypted"} ` +
        `${report.rotated} value(s); ${report.alreadyRotated} already on the new key; ` +
        `${report.encryptedPlain} plain-text token(s) encrypted` +
        (report.dryRun ? "" : ". Now set ENCRYPTION_KEY to the new key and start the app."),
    );
    return 0;
  } catch (error) {
    console.error(`rotate-key: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
