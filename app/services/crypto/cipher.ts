import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest (print-service secret keys, Shopify tokens).
 * Stored form: `v1:<iv b64>:<tag b64>:<ciphertext b64>`; the version prefix lets
 * a key rotation tell old from new and lets the format change later.
 */
const PREFIX = "v1";

export interface SecretCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  isEncrypted(stored: string): boolean;
}

export class SecretDecryptionError extends Error {
  constructor() {
    super("A stored secret could not be decrypted: wrong ENCRYPTION_KEY or damaged value");
    this.name = "SecretDecryptionError";
  }
}

export function createSecretCipher(key: Buffer): SecretCipher {
  if (key.length !== 32) throw new Error("The encryption key must be 32 bytes");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [PREFIX, iv.toString("base64"), tag.toString("base64"), body.toString("base64")].join(
        ":",
      );
    },
    decrypt(stored) {
      const parts = stored.split(":");
      if (parts.length !== 4 || parts[0] !== PREFIX) throw new SecretDecryptionError();
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(parts[1]!, "base64"));
        decipher.setAuthTag(Buffer.from(parts[2]!, "base64"));
        return Buffer.concat([
          decipher.update(Buffer.from(parts[3]!, "base64")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new SecretDecryptionError();
      }
    },
    isEncrypted(stored) {
      return stored.startsWith(`${PREFIX}:`) && stored.split(":").length === 4;
    },
  };
}
