/**
 * The status-callback route reads the shop behind a callback address once per minute, not once
 * per callback: the callbacks that arrive while that read is on wait for it. A burst's first
 * round (64 callbacks at once at a cold process, or the 64 in flight when the minute runs out)
 * then costs one read and one decryption of the secret key, not 64 (Prisma already sends the
 * findUnique calls of one tick as one query; each caller decrypted the key anew). Statements
 * counted as the app's client sends them, decryptions as the app's cipher makes them.
 */
import "../support/app-env";
import { statementsOf } from "./statement-count";
import { afterEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { callbackReceiver } from "~/lib/callback-receivers.server";

const decryptions = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/services/crypto/cipher", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/services/crypto/cipher")>();
  return {
    ...original,
    createSecretCipher: (key: Buffer) => {
      const cipher = original.createSecretCipher(key);
      return {
        ...cipher,
        decrypt: (value: string) => {
          decryptions.count += 1;
          return cipher.decrypt(value);
        },
      };
    },
  };
});

const SHOP = "callback-receivers.myshopify.com";

async function shopWithKey(secretKey: string): Promise<string> {
  await savePrintSettings({ shop: SHOP, input: { merchantApiKey: "merchant-key", secretKey } });
  const row = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
  return row.callbackId;
}

const shopReads = (statements: string[]) =>
  statements.filter((sql) => /^SELECT/i.test(sql) && /"Shop"|`Shop`/.test(sql));

/** 64 callbacks to one address at once: what they were told, and the reads they cost. */
async function sixtyFourAtOnce(callbackId: string) {
  let answers: Awaited<ReturnType<typeof callbackReceiver>>[] = [];
  decryptions.count = 0;
  const sent = await statementsOf(async () => {
    answers = await Promise.all(Array.from({ length: 64 }, () => callbackReceiver(callbackId)));
  });
  return { answers, shopReads: shopReads(sent).length, decryptions: decryptions.count };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the shop behind a callback address", () => {
  it("is read once for 64 callbacks that arrive together", async () => {
    const callbackId = await shopWithKey("first-key");
    const { answers, shopReads: reads, decryptions: decrypted } = await sixtyFourAtOnce(callbackId);
    expect(reads).toBe(1);
    expect(decrypted).toBe(1);
    expect(answers).toHaveLength(64);
    for (const answer of answers) {
      expect(answer).toMatchObject({ shop: SHOP, secretKey: "first-key" });
    }
    // Every caller of the read is told it is fresh (the route then trusts a refusal).
    expect(answers.every((a) => a?.remembered === false)).toBe(true);

    // Remembered afterwards: no read at all.
    const again = await statementsOf(async () => {
      expect(await callbackReceiver(callbackId)).toMatchObject({ remembered: true });
    });
    expect(shopReads(again)).toHaveLength(0);
    expect(decryptions.count).toBe(1);
  });

  it("is read once again when the minute runs out, however many callbacks are in flight", async () => {
    const callbackId = await shopWithKey("old-key");
    await callbackReceiver(callbackId);
    await savePrintSettings({
      shop: SHOP,
      input: { merchantApiKey: "merchant-key", secretKey: "new-key" },
    });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    const { answers, shopReads: reads, decryptions: decrypted } = await sixtyFourAtOnce(callbackId);
    expect(reads).toBe(1);
    expect(decrypted).toBe(1);
    expect(new Set(answers.map((a) => a?.secretKey))).toEqual(new Set(["new-key"]));
  });

  it("reads an unknown address each time (nothing remembered, nothing shared after the answer)", async () => {
    const sent = await statementsOf(async () => {
      expect(await callbackReceiver("no-such-address")).toBeNull();
      expect(await callbackReceiver("no-such-address")).toBeNull();
    });
    expect(shopReads(sent)).toHaveLength(2);
  });
});
