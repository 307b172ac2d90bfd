/**
 * The SQLite (libSQL) client behind Prisma, tuned for an app server with
 * background workers (test/soak/sqlite.test.ts proves each point):
 *
 * - @libsql/client 0.8 hands each transaction a connection of its own and
 *   never closes it: every Prisma transaction leaks a file descriptor and
 *   ~0.2 MB until the process runs out ("Failed to connect to database").
 *   Prisma's adapter already holds a lock for the whole of a transaction, so
 *   running it on the one connection is safe and cheaper (no schema re-read).
 * - A second process writing (a worker, a web process) makes statements fail
 *   at once with SQLITE_BUSY, which Prisma reports as P1008 "Operation has
 *   timed out". They wait for the lock instead, up to LOCK_WAIT_MS, and write
 *   transactions begin IMMEDIATE so two deferred readers never deadlock on
 *   upgrading to writers (which SQLite answers with BUSY without waiting).
 *   The wait is a timer, not SQLite's busy handler: that one sleeps on the
 *   thread, and a web process's thread asleep for a worker's commit answered
 *   nothing meanwhile (its callbacks' and /healthz's slowest answers under a
 *   flood, decision 39).
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
  // Locked: fail at once with SQLITE_BUSY, and waitForLock tries again after a timer.
  "PRAGMA busy_timeout = 0",
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
];

/** How long a statement waits for another connection's lock before it fails with SQLITE_BUSY. */
export const LOCK_WAIT_MS = 10_000;
/** The pause between tries: 1 ms, doubling to this (SQLite's own handler: 1 ms to 100 ms). */
const LOCK_RETRY_MAX_MS = 16;

/**
 * Statements that take no write lock of their own (or are a transaction's own) run as they
 * are: a read, and a `WITH` that names no write (the Profit report's), keep reading beside a
 * writer. Any other outside a transaction is wrapped in one (see `execute`); a read taken for
 * a write would only wait for the lock, never the other way round.
 */
const RUNS_AS_IT_IS = /^\s*(SELECT|PRAGMA|EXPLAIN|BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
const READS_WITH = /^\s*WITH\b/i;
const WRITES = /\b(INSERT|UPDATE|DELETE|REPLACE|UPSERT)\b/i;
const runsAsItIs = (sql: string) =>
  RUNS_AS_IT_IS.test(sql) || (READS_WITH.test(sql) && !WRITES.test(sql));
const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);

const isBusy = (error: unknown) =>
  error instanceof LibsqlError && error.code.startsWith("SQLITE_BUSY");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a statement that did nothing when it failed with SQLITE_BUSY (a BEGIN, a COMMIT or a
 * read outside a transaction: SQLite's own rule for what may be tried again), again until it
 * gets the lock or LOCK_WAIT_MS have passed; the thread is free between tries.
 */
async function waitForLock<T>(run: () => Promise<T>): Promise<T> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (let delay = 1; ; delay = Math.min(delay * 2, LOCK_RETRY_MAX_MS)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + delay > until) throw error;
    }
    await pause(delay);
  }
}

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
      for (const pragma of isFile ? SQLITE_PRAGMAS : [])
        await waitForLock(() => inner.execute(pragma));
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  /**
   * A script (several statements) may have run in part when one of them found the file
   * locked, so it is not tried again: it waits on SQLite's own handler, as before.
   */
  const scriptWaitingForLock = async (sql: string) => {
    if (!isFile) return inner.executeMultiple(sql);
    await inner.execute(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`);
    try {
      await inner.executeMultiple(sql);
    } finally {
      await inner.execute("PRAGMA busy_timeout = 0");
    }
  };
  const end = async (sql: "COMMIT" | "ROLLBACK") => {
    try {
      await (sql === "COMMIT" ? waitForLock(() => inner.execute(sql)) : inner.execute(sql));
    } catch (error) {
      // Never leave the shared connection inside a half-finished transaction.
      await inner.execute("ROLLBACK").catch(() => undefined);
      if (sql === "COMMIT") throw error;
    }
  };
  return {
    async execute(stmt: InStatement) {
      await init();
      if (!isFile || runsAsItIs(sqlOf(stmt))) return waitForLock(() => inner.execute(stmt));
      // A write that found the file locked is not tried again as it is: libSQL leaves a
      // statement that failed unreset until it is collected, and its open read would keep
      // the next write's transaction, and the file's write lock, open until then. Its own
      // transaction takes the lock first (BEGIN is what waits), so the write cannot be BUSY.
      await waitForLock(() => inner.execute("BEGIN IMMEDIATE"));
      let result;
      try {
        result = await inner.execute(stmt);
      } catch (error) {
        await end("ROLLBACK");
        throw error;
      }
      await end("COMMIT");
      return result;
    },
    async transaction(mode: TransactionMode = "write") {
      await init();
      const begin = mode === "read" ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE";
      await waitForLock(() => inner.execute(begin));
      let open = true;
      const finish = async (sql: "COMMIT" | "ROLLBACK") => {
        if (!open) return;
        open = false;
        await end(sql);
      };
      return {
        execute: (s: InStatement) => inner.execute(s),
        batch: (s: InStatement[]) => Promise.all(s.map((x) => inner.execute(x))),
        executeMultiple: (sql: string) => scriptWaitingForLock(sql),
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
      return scriptWaitingForLock(sql);
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
