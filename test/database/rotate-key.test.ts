/**
 * `npm run rotate-key`: re-encrypts every secret at rest on the real database
 * (SQLite, or PostgreSQL on the PostgreSQL run).
 */
import { TEST_ENCRYPTION_KEY, testDatabaseUrl } from "../support/app-env";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { Session } from "@shopify/shopify-api";
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { decodeKey } from "~/env.server";
import { getPrintCredentials, savePrintSettings } from "~/data/print-settings.server";
import { createSecretCipher } from "~/services/crypto/cipher";
import { EncryptedSessionStorage } from "~/services/crypto/session-storage";
import { sessionStorage } from "~/shopify.server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { RotationRefusedError, rotateEncryptionKey } from "../../scripts/rotate-key";

const root = path.resolve(import.meta.dirname, "../..");
const OLD = decodeKey(TEST_ENCRYPTION_KEY)!;
const NEW_HEX = randomBytes(32).toString("hex");
const NEW = decodeKey(NEW_HEX)!;
const oldCipher = createSecretCipher(OLD);
const newCipher = createSecretCipher(NEW);

async function seed() {
  await prisma.session.deleteMany();
  await prisma.shop.deleteMany();
  for (const shop of ["a.myshopify.com", "b.myshopify.com"]) {
    await savePrintSettings({
      shop,
      input: {
        merchantApiKey: `merchant-${shop}`,
        secretKey: `secret-${shop}`,
        applicationApiKey: `app-${shop}`,
      },
    });
    const session = new Session({ id: `offline_${shop}`, shop, state: "x", isOnline: false });
    session.accessToken = `shpat_${shop}`;
    session.refreshToken = `shprt_${shop}`;
    await sessionStorage.storeSession(session);
  }
  // A shop with no application key, and a session from before tokens were encrypted.
  await savePrintSettings({
    shop: "c.myshopify.com",
    input: { merchantApiKey: "m", secretKey: "secret-c" },
  });
  await prisma.session.create({
    data: {
      id: "offline_legacy",
      shop: "legacy.myshopify.com",
      state: "x",
      accessToken: "shpat_plain",
    },
  });
}

async function storedValues() {
  const shops = await prisma.shop.findMany({ orderBy: { shop: "asc" } });
  const sessions = await prisma.session.findMany({ orderBy: { id: "asc" } });
  return [
    ...shops.flatMap((s) => [s.secretKeyEncrypted, s.applicationKeyEncrypted]),
    ...sessions.flatMap((s) => [s.accessToken, s.refreshToken]),
  ];
}

/** Session storage as the app builds it, but with a given key. */
function sessionsWith(key: Buffer) {
  return new EncryptedSessionStorage(new PrismaSessionStorage(prisma), createSecretCipher(key));
}

describe("rotating ENCRYPTION_KEY", () => {
  beforeEach(seed);

  it("re-encrypts shop secrets and session tokens under the new key, in place", async () => {
    const before = await storedValues();
    const report = await rotateEncryptionKey(prisma, { from: OLD, to: NEW });
    // 3 secret keys + 2 application keys + 2 access + 2 refresh tokens; 1 plain token.
    expect(report).toMatchObject({ rotated: 9, alreadyRotated: 0, encryptedPlain: 1 });

    const after = await storedValues();
    expect(after.filter(Boolean)).toHaveLength(before.filter(Boolean).length);
    for (const value of after.filter((v): v is string => !!v)) {
      expect(newCipher.isEncrypted(value)).toBe(true);
      expect(() => oldCipher.decrypt(value)).toThrow();
      expect(newCipher.decrypt(value)).toBeTruthy();
    }
    const shopA = await prisma.shop.findUniqueOrThrow({ where: { shop: "a.myshopify.com" } });
    expect(newCipher.decrypt(shopA.secretKeyEncrypted!)).toBe("secret-a.myshopify.com");
    expect(newCipher.decrypt(shopA.applicationKeyEncrypted!)).toBe("app-a.myshopify.com");
    const session = await sessionsWith(NEW).loadSession("offline_b.myshopify.com");
    expect(session?.accessToken).toBe("shpat_b.myshopify.com");
    expect(session?.refreshToken).toBe("shprt_b.myshopify.com");
    expect((await sessionsWith(NEW).loadSession("offline_legacy"))?.accessToken).toBe(
      "shpat_plain",
    );
  });

  it("is idempotent: a second run changes nothing", async () => {
    await rotateEncryptionKey(prisma, { from: OLD, to: NEW });
    const once = await storedValues();
    const report = await rotateEncryptionKey(prisma, { from: OLD, to: NEW });
    expect(report).toMatchObject({ rotated: 0, alreadyRotated: 10, encryptedPlain: 0 });
    expect(await storedValues()).toEqual(once);
  });

  it("refuses, changing nothing, when a value opens with neither key", async () => {
    const stranger = createSecretCipher(randomBytes(32));
    await prisma.shop.update({
      where: { shop: "b.myshopify.com" },
      data: { secretKeyEncrypted: stranger.encrypt("foreign") },
    });
    await prisma.session.update({
      where: { id: "offline_a.myshopify.com" },
      data: { refreshToken: "v1:garbage:garbage:garbage" },
    });
    const before = await storedValues();
    const refused = await rotateEncryptionKey(prisma, { from: OLD, to: NEW }).catch((e) => e);
    expect(refused).toBeInstanceOf(RotationRefusedError);
    expect((refused as RotationRefusedError).problems).toEqual([
      "Shop b.myshopify.com: secretKeyEncrypted",
      "Session offline_a.myshopify.com: refreshToken",
    ]);
    expect(await storedValues()).toEqual(before);
  });

  it("a dry run reports and writes nothing", async () => {
    const before = await storedValues();
    expect(
      await rotateEncryptionKey(prisma, { from: OLD, to: NEW }, { dryRun: true }),
    ).toMatchObject({
      rotated: 9,
      dryRun: true,
    });
    expect(await storedValues()).toEqual(before);
  });

  it("npm run rotate-key: keys from the command line or the environment; the app reads with the new key", async () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      promisify(execFile)(
        process.execPath,
        ["--import", "tsx", path.join("scripts", "rotate-key.ts"), ...args],
        { cwd: root, env: { ...process.env, DATABASE_URL: testDatabaseUrl, ...env } },
      ).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({
          code: e.code,
          out: e.stdout + e.stderr,
        }),
      );

    const bad = await run(["--from", "short", "--to", NEW_HEX]);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/old key is not 32 bytes/);

    const first = await run(["--from", TEST_ENCRYPTION_KEY, "--to", NEW_HEX]);
    expect(first.out).toMatch(/re-encrypted 9 value\(s\)/);
    expect(first.code).toBe(0);

    const again = await run([], {
      OLD_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ENCRYPTION_KEY: NEW_HEX,
    });
    expect(again.out).toMatch(/re-encrypted 0 value\(s\); 10 already on the new key/);
    expect(again.code).toBe(0);

    // The old key no longer opens anything the app reads.
    await expect(getPrintCredentials({ shop: "a.myshopify.com" })).rejects.toThrow(
      /could not be decrypted/,
    );
  }, 60_000);
});
