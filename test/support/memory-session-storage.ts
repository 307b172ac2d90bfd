import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";

/** Keeps sessions as Shopify's storages do (by id), for unit tests. */
export class MemorySessionStorage implements SessionStorage {
  private readonly sessions = new Map<string, ReturnType<Session["toObject"]>>();
  async storeSession(session: Session) {
    this.sessions.set(session.id, session.toObject());
    return true;
  }
  async loadSession(id: string) {
    const data = this.sessions.get(id);
    return data ? new Session(data) : undefined;
  }
  async deleteSession(id: string) {
    return this.sessions.delete(id);
  }
  async deleteSessions(ids: string[]) {
    ids.forEach((id) => this.sessions.delete(id));
    return true;
  }
  async findSessionsByShop(shop: string) {
    return [...this.sessions.values()].filter((s) => s.shop === shop).map((s) => new Session(s));
  }
}
