import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { SecretCipher } from "./cipher";

/**
 * Wraps Shopify's session storage so access and refresh tokens are encrypted
 * before they reach the database and decrypted when read back. Everything else
 * about a session is stored as the inner storage stores it.
 */
export class EncryptedSessionStorage implements SessionStorage {
  constructor(
    private readonly inner: SessionStorage,
    private readonly cipher: SecretCipher,
  ) {}

  storeSession(session: Session): Promise<boolean> {
    const copy = new Session(session.toObject());
    if (copy.accessToken) copy.accessToken = this.cipher.encrypt(copy.accessToken);
    if (copy.refreshToken) copy.refreshToken = this.cipher.encrypt(copy.refreshToken);
    return this.inner.storeSession(copy);
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const session = await this.inner.loadSession(id);
    return session ? this.reveal(session) : undefined;
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const sessions = await this.inner.findSessionsByShop(shop);
    return sessions.map((s) => this.reveal(s));
  }

  private reveal(session: Session): Session {
    if (session.accessToken && this.cipher.isEncrypted(session.accessToken)) {
      session.accessToken = this.cipher.decrypt(session.accessToken);
    }
    if (session.refreshToken && this.cipher.isEncrypted(session.refreshToken)) {
      session.refreshToken = this.cipher.decrypt(session.refreshToken);
    }
    return session;
  }
}
