/**
 * Prisma's pg driver adapter with a close that always ends, and says what it
 * waited for when it had to cut something off.
 *
 * `prisma.$disconnect()` rolls back the transactions Prisma knows of, then
 * ends the pool, and the pool waits for every connection it lent out. Prisma
 * 6.19 loses one kind: a transaction still waiting for its connection when
 * the close begins is marked rolled back at once, and when its connection
 * arrives and BEGIN has run, Prisma drops it without giving the connection
 * back. That session stays "idle in transaction" (last statement BEGIN) and
 * the close waits for it forever. Here every transaction the adapter starts
 * is tracked until it is committed or rolled back: one whose BEGIN lands
 * after the close began, or that is still open when the pool is ended, has
 * its connection closed (PostgreSQL rolls it back).
 *
 * A close that still does not end within its bound (a statement that does
 * not finish, a transaction whose rollback does not come back) closes the
 * connections it waits for and fails with a DatabaseCloseError naming them:
 * each statement and how long it has run, each transaction, its backend and
 * its last statement.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type PgTransaction = Awaited<ReturnType<PgAdapter["startTransaction"]>>;
type SqlQuery = Parameters<PgAdapter["queryRaw"]>[0];

/** A close that had to cut connections off; its message names what it waited for. */
export class DatabaseCloseError extends Error {
  override name = "DatabaseCloseError";
}

/** After cutting connections off, how long the close may take to finish. */
const AFTER_CUT_MS = 2_000;

interface OpenTransaction {
  /** Its connection; undefined if this adapter version does not show it. */
  connection: pg.PoolClient | undefined;
  /** Rolls it back through the adapter (when its connection is not known). */
  rollback: () => Promise<void>;
  since: number;
  statement: string;
  statementSince: number;
  running: boolean;
  cut: boolean;
}

interface RunningStatement {
  sql: string;
  since: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const shortSql = (sql: string) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
};
const backendOf = (connection: pg.PoolClient | undefined) => {
  const pid: unknown = connection ? Reflect.get(connection, "processID") : undefined;
  return typeof pid === "number" ? `backend ${pid}` : "a connection";
};

/** One pool (one connect() of the adapter) and what it has lent out. */
class PoolWatch {
  closing = false;
  readonly transactions = new Set<OpenTransaction>();
  readonly statements = new Set<RunningStatement>();
  /** Connections the pool has lent out, and since when. */
  readonly lent = new Map<pg.PoolClient, number>();

  constructor(pool: pg.Pool) {
    pool.on("acquire", (connection) => this.lent.set(connection, Date.now()));
    pool.on("release", (_error, connection) => this.lent.delete(connection));
    pool.on("remove", (connection) => this.lent.delete(connection));
  }

  /** Closes a transaction's connection: PostgreSQL rolls the transaction back. */
  cut(open: OpenTransaction, reason: string): void {
    if (open.cut) return;
    open.cut = true;
    this.transactions.delete(open);
    if (!open.connection) {
      open.rollback().catch(() => undefined);
      return;
    }
    try {
      open.connection.release(new Error(reason));
    } catch {
      // already given back
    }
  }

  /** Closes every connection the pool has lent out. */
  cutAll(reason: string): void {
    for (const open of [...this.transactions]) this.cut(open, reason);
    for (const connection of this.lent.keys()) {
      // Its statement fails, and whoever ran it gives the connection back, closed.
      connection.end().catch(() => undefined);
    }
  }

  /** What the pool is still waiting for, in words. */
  describe(now = Date.now()): string {
    const parts: string[] = [];
    for (const s of this.statements)
      parts.push(`a statement running for ${seconds(now - s.since)}: ${shortSql(s.sql)}`);
    const inTransactions = new Set<pg.PoolClient | undefined>();
    for (const t of this.transactions) {
      inTransactions.add(t.connection);
      parts.push(
        `a transaction on ${backendOf(t.connection)}, open for ${seconds(now - t.since)}, ` +
          `${t.running ? "running" : "idle after"} ${shortSql(t.statement)} ` +
          `(${seconds(now - t.statementSince)})`,
      );
    }
    const others = [...this.lent].filter(([c]) => !inTransactions.has(c));
    if (others.length)
      parts.push(
        `${others.length} connection${others.length === 1 ? "" : "s"} lent out: ` +
          others.map(([c, since]) => `${backendOf(c)} for ${seconds(now - since)}`).join(", "),
      );
    return parts.length ? parts.join("; ") : "no connection (the pool itself did not end)";
  }
}

/** Runs `work` as a tracked statement. */
async function tracked<T>(
  set: Set<RunningStatement>,
  query: SqlQuery,
  work: () => Promise<T>,
): Promise<T> {
  const entry = { sql: query.sql, since: Date.now() };
  set.add(entry);
  try {
    return await work();
  } finally {
    set.delete(entry);
  }
}

export class ClosablePrismaPg extends PrismaPg {
  private watch: PoolWatch | undefined;

  constructor(
    config: pg.PoolConfig,
    options: { schema?: string } | undefined,
    private readonly closeTimeoutMs: number,
  ) {
    super(config, options);
  }

  override async connect(): Promise<PgAdapter> {
    const adapter = await super.connect();
    const watch = new PoolWatch(adapter.underlyingDriver());
    this.watch = watch;

    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.queryRaw = (query) => tracked(watch.statements, query, () => queryRaw(query));
    adapter.executeRaw = (query) => tracked(watch.statements, query, () => executeRaw(query));

    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const tx = await startTransaction(isolationLevel);
      const connection: unknown = Reflect.get(tx, "client");
      const now = Date.now();
      const open: OpenTransaction = {
        connection: connection instanceof pg.Client ? (connection as pg.PoolClient) : undefined,
        rollback: rollbackThrough(tx),
        since: now,
        statement: "BEGIN",
        statementSince: now,
        running: false,
        cut: false,
      };
      watch.transactions.add(open);
      if (watch.closing) {
        // Prisma gives up on a transaction that was waiting when the close began: never let
        // its connection go back to the pool inside a transaction, nor keep the close waiting.
        watch.cut(open, "the database client is closing");
        throw new Error("The database client is closing: the transaction was not started.");
      }
      return trackTransaction(tx, open, watch);
    };

    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      watch.closing = true;
      // Prisma has rolled back every transaction it still knew of: one still open here was
      // lost by it, and nobody will end it.
      for (const open of [...watch.transactions])
        watch.cut(open, "left open when the database client closed");
      await dispose();
    };
    return adapter;
  }

  /**
   * Closes the Prisma client (`disconnect` is its own $disconnect) within the
   * bound: past it, cuts off what the pool still waits for and fails naming it.
   */
  async close(disconnect: () => Promise<void>): Promise<void> {
    const watch = this.watch;
    if (!watch) return disconnect();
    watch.closing = true;
    const closing = disconnect();
    closing.catch(() => undefined);
    const timer = (ms: number) =>
      new Promise<"late">((resolve) => setTimeout(() => resolve("late"), ms).unref());
    try {
      if (
        (await Promise.race([
          closing.then(() => "closed" as const),
          timer(this.closeTimeoutMs),
        ])) === "closed"
      )
        return;
      const waitedFor = watch.describe();
      watch.cutAll("the database client did not close in time");
      const after = await Promise.race([
        closing.then(
          () => "closed" as const,
          () => "closed" as const,
        ),
        timer(AFTER_CUT_MS),
      ]);
      throw new DatabaseCloseError(
        `The PostgreSQL client did not close within ${seconds(this.closeTimeoutMs)}; ` +
          `it was still waiting for: ${waitedFor}. ` +
          (after === "closed"
            ? "Those connections were closed."
            : `Those connections were closed, and the pool had still not ended ${seconds(AFTER_CUT_MS)} later: ${watch.describe()}.`),
      );
    } finally {
      if (this.watch === watch) this.watch = undefined;
    }
  }
}

/** ROLLBACK, then the connection back to the pool, through the adapter's own transaction. */
function rollbackThrough(tx: PgTransaction): () => Promise<void> {
  const executeRaw = tx.executeRaw.bind(tx);
  const rollback = tx.rollback.bind(tx);
  return async () => {
    await executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
    await rollback();
  };
}

/** Keeps `open` up to date with the transaction's statements, and forgets it once it ends. */
function trackTransaction(
  tx: PgTransaction,
  open: OpenTransaction,
  watch: PoolWatch,
): PgTransaction {
  const run =
    <T>(work: (query: SqlQuery) => Promise<T>) =>
    async (query: SqlQuery): Promise<T> => {
      open.statement = query.sql;
      open.statementSince = Date.now();
      open.running = true;
      try {
        return await work(query);
      } finally {
        open.running = false;
      }
    };
  tx.queryRaw = run(tx.queryRaw.bind(tx));
  tx.executeRaw = run(tx.executeRaw.bind(tx));
  const ended = (work: () => Promise<void>) => async (): Promise<void> => {
    // A transaction cut off has had its connection closed and given back already.
    if (open.cut) return;
    watch.transactions.delete(open);
    await work();
  };
  tx.commit = ended(tx.commit.bind(tx));
  tx.rollback = ended(tx.rollback.bind(tx));
  return tx;
}
