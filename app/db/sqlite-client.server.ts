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
 * - A file database keeps its prepared statements (sqlite-file-connection.server.ts).
 */
import {
  createClient,
  LibsqlError,
  type Client,
  type Config,
  type InStatement,
  type TransactionMode,
} from "@libsql/client";
import { expandConfig, isInMemoryConfig } from "@libsql/core/config";
import { PrismaClient } from "@prisma/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { SqliteFileConnection } from "./sqlite-file-connection.server";

export const SQLITE_PRAGMAS = [
  "PRAGMA busy_timeout = 10000",
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
];

/** What the client below needs of its one connection. */
interface Connection {
  execute(stmt: InStatement): Promise<unknown>;
  executeMultiple(sql: string): Promise<void>;
  close(): void;
}

/** A file of its own (statements kept prepared); anything else through @libsql/client. */
function openConnection(config: Config): { connection: Connection; isFile: boolean } {
  const expanded = expandConfig(config, true);
  if (expanded.scheme === "file" && !isInMemoryConfig(expanded) && !expanded.syncUrl) {
    let file: SqliteFileConnection | undefined;
    let closed = false;
    // Opened at the first statement; closed for good, as @libsql/client's client is: a
    // statement still on its way after the close must not open the file again.
    const open = () => {
      if (closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
      return (file ??= new SqliteFileConnection(expanded.path));
    };
    return {
      isFile: true,
      connection: {
        execute: async (stmt) => open().execute(stmt),
        executeMultiple: async (sql) => open().executeMultiple(sql),
        close: () => {
          closed = true;
          file?.close();
          file = undefined;
        },
      },
    };
  }
  const client = createClient(config);
  return {
    isFile: false,
    connection: {
      execute: (stmt) => client.execute(stmt),
      executeMultiple: (sql) => client.executeMultiple(sql),
      close: () => client.close(),
    },
  };
}

/** A libSQL client that keeps one connection and runs transactions on it. */
export function singleConnectionClient(config: Config): Client {
  const { connection: inner, isFile } = openConnection(config);
  let closed = false;
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
    // Only a replica of a remote database syncs, and this client opens none.
    sync: async () => undefined,
    close: () => {
      closed = true;
      inner.close();
    },
    get closed() {
      return closed;
    },
    get protocol() {
      return isFile ? "file" : config.url.split(":")[0];
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
