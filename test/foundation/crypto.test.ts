import { describe, expect, it } from "vitest";
import { Session } from "@shopify/shopify-api";
import { MemorySessionStorage } from "../support/memory-session-storage";
import { createSecretCipher, SecretDecryptionError } from "~/services/crypto/cipher";
import { EncryptedSessionStorage } from "~/services/crypto/session-storage";

const key = Buffer.alloc(32, 7);

describe("secret cipher", () => {
  it("round-trips and never stores the clear text", () => {
    const cipher = createSecretCipher(key);
    const stored = cipher.encrypt("sandbox-secret-key");
    expect(stored).not.toContain("sandbox-secret-key");
    expect(cipher.isEncrypted(stored)).toBe(true);
    expect(cipher.decrypt(stored)).toBe("sandbox-secret-key");
    expect(cipher.encrypt("same")).not.toBe(cipher.encrypt("same"));
  });

  it("refuses a value encrypted with another key or tampered with", () => {
    const stored = createSecretCipher(key).encrypt("value");
    expect(() => createSecretCipher(Buffer.alloc(32, 8)).decrypt(stored)).toThrow(
      SecretDecryptionError,
    );
    const parts = stored.split(":");
    parts[3] = Buffer.from("other").toString("base64");
    expect(() => createSecretCipher(key).decrypt(parts.join(":"))).toThrow(SecretDecryptionError);
  });
});

describe("encrypted session storage", () => {
  it("stores tokens encrypted and returns them in clear", async () => {
    const inner = new MemorySessionStorage();
    const storage = new EncryptedSessionStorage(inner, createSecretCipher(key));
    const session = new Session({
      id: "offline_a.myshopify.com",
      shop: "a.myshopify.com",
      state: "s",
      isOnline: false,
    });
    session.accessToken = "shpat_clear";
    session.refreshToken = "shprt_clear";
    await storage.storeSession(session);

    const raw = await inner.loadSession(session.id);
    expect(raw?.accessToken).not.toContain("shpat_clear");
    expect(raw?.refreshToken).not.toContain("shprt_clear");
    expect(session.accessToken).toBe("shpat_clear");

    const loaded = await storage.loadSession(session.id);
    expect(loaded?.accessToken).toBe("shpat_clear");
    expect(loaded?.refreshToken).toBe("shprt_clear");
    expect((await storage.findSessionsByShop("a.myshopify.com"))[0]?.accessToken).toBe(
      "shpat_clear",
    );
  });
});
