import {
  MissingSessionStorageError,
  MissingSessionTableError,
  PrismaSessionStorage,
} from "@shopify/shopify-app-session-storage-prisma";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import prisma from "../db.server";

/**
 * PrismaSessionStorage queries its table as soon as it is constructed and
 * crashes the process ten seconds later when the table is missing: built on
 * first use instead, after onServerStarted has checked the database (or, in
 * sandbox mode, set it up), so an unset database stops with one clear line.
 */
export function prismaSessionStorageOnFirstUse(): SessionStorage {
  let storage: Promise<PrismaSessionStorage<typeof prisma>> | undefined;
  // Its table check fails for good when it runs while the database is down
  // (restarting, say): the table is read here first, so an outage fails this
  // call with the database's own error, and the storage is built only after.
  const inner = () =>
    (storage ??= prisma.session.count().then(
      () => new PrismaSessionStorage(prisma),
      (error: unknown) => {
        storage = undefined;
        throw error;
      },
    ));
  const withStorage = async <T>(call: (s: PrismaSessionStorage<typeof prisma>) => Promise<T>) => {
    const built = inner();
    try {
      return await call(await built);
    } catch (error) {
      // A storage whose table check failed after all is built again on the next call.
      const broken =
        error instanceof MissingSessionTableError || error instanceof MissingSessionStorageError;
      if (broken && storage === built) storage = undefined;
      throw error;
    }
  };
  return {
    storeSession: (session) => withStorage((s) => s.storeSession(session)),
    loadSession: (id) => withStorage((s) => s.loadSession(id)),
    deleteSession: (id) => withStorage((s) => s.deleteSession(id)),
    deleteSessions: (ids) => withStorage((s) => s.deleteSessions(ids)),
    findSessionsByShop: (shop) => withStorage((s) => s.findSessionsByShop(shop)),
  };
}
