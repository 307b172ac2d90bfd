/**
 * The SQLite (libSQL) client behind Prisma, tuned for an app server with
 * background workers (test/soak/sqlite.test.ts proves each point):
 *
 * - @libsql/client 0.8 hands each transaction a connection of its own and
 *   never closes it: every Prisma transaction leaks a file descriptor and
 *   ~0.2 MB until the process runs out ("Failed to connect to database").
 *   Prisma's adapter already holds a lock for the whole of a transaction, so
 *   running it on the one connection is safe and cheaper (no schema re-read).
 * - No busy timeout: a second process writing (a worker, a web process) makes
 *   statements fail at once with SQLITE_BUSY, which Prisma reports as P1008
 *   "Operation has timed out". `busy_timeout` waits instead, and write
 *   transactions begin IMMEDIATE so two deferred readers never deadlock on
 *   upgrading to writers (which SQLite answers with BUSY without waiting).
 * - WAL with synchronous=NORMAL: readers do not block the writer, and a
 *   commit no longer waits for two or three fsyncs of a rollback journal.
 */
import {
  createClient,
  type Client,
  type Config,
  type InStatement,
  type TransactionMode,
} from "@libsql/client";
import { PrismaClient } from "@prisma/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

export const SQLITE_PRAGMAS = [
  "PRAGMA busy_timeout = 10000",
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
];

/** A libSQL client that keeps one connection and runs transactions on it. */
export function singleConnectionClient(config: Config): Client {
  const inner = createClient(config);
  const isFile = config.url.startsWith("file:") && !config.url.includes(":memory:");
  let ready: Promise<void> | undefined;
  // A setup that failed (the file busy while another process recovers it) is
  // forgotten, so the next statement tries again instead of failing forever.
  const init = () =>
    (ready ??= (async () => {
      for (const pragma of isFile ? SQLITE_PRAGMAS : []) await inner.execute(pragma);
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  const end = async (sql: "COMMIT" | "ROLLBACK") => {
    try {
      await inner.execute(sql);
    } catch (error) {
      // Never leave the shared connection inside a half-finished transaction.
      await inner.execute("ROLLBACK").catch(() => undefined);
      if (sql === "COMMIT") throw error;
    }
  };
  return {
    async execute(stmt: InStatement) {
      await init();
      return inner.execute(stmt);
    },
    async batch(stmts: InStatement[], mode?: Parameters<Client["batch"]>[1]) {
      await init();
      return inner.batch(stmts, mode);
    },
    async transaction(mode: TransactionMode = "write") {
      await init();
      await inner.execute(mode === "read" ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE");
      let open = true;
      const finish = async (sql: "COMMIT" | "ROLLBACK") => {
        if (!open) return;
        open = false;
        await end(sql);
      };
      return {
        execute: (s: InStatement) => inner.execute(s),
        batch: (s: InStatement[]) => Promise.all(s.map((x) => inner.execute(x))),
        executeMultiple: (sql: string) => inner.executeMultiple(sql),
        commit: () => finish("COMMIT"),
        rollback: () => finish("ROLLBACK"),
        close: () => void finish("ROLLBACK"),
        get closed() {
          return !open;
        },
      };
    },
    async executeMultiple(sql: string) {
      await init();
      return inner.executeMultiple(sql);
    },
    sync: () => inner.sync(),
    close: () => inner.close(),
    get closed() {
      return inner.closed;
    },
    get protocol() {
      return inner.protocol;
    },
  } as unknown as Client;
}

/** PrismaLibSQL with the client above. */
export class SingleConnectionLibSQL extends PrismaLibSQL {
  override createClient(config: Config): Client {
    return singleConnectionClient(config);
  }
}

export function createSqlitePrismaClient(url: string): PrismaClient {
  return new PrismaClient({ adapter: new SingleConnectionLibSQL({ url }) });
}
