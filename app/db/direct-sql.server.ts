/**
 * Plain statements sent straight to the Prisma client's driver adapter, for the worker's step
 * commit (decision 32). Through the client, an interactive transaction of three plain
 * statements cost about 0.9-1.4 ms of CPU (its transaction manager, the query compiler's
 * round trip per statement, the result mapping); through the adapter the same transaction
 * costs about 0.1 ms. The adapter is the one the client itself uses, so everything the app's
 * adapters add holds: SQLite's one connection and its lock (a transaction here waits for the
 * client's and the other way round), PostgreSQL's pool, its limits and the close that names
 * what it waited for (db/postgresql-client.server.ts).
 *
 * A client the app did not build (createPrismaClient registers its own) runs the same
 * statements in one of Prisma's interactive transactions instead.
 */
import { Prisma, type PrismaClient } from "@prisma/client";

/** What a statement is sent as: the adapter's query, with each value's type. */
interface AdapterQuery {
  sql: string;
  args: unknown[];
  argTypes: {
    scalarType: "string" | "int" | "float" | "boolean" | "datetime" | "unknown";
    arity: "scalar";
  }[];
}

interface AdapterQueryable {
  readonly provider: string;
  executeRaw(query: AdapterQuery): Promise<number>;
  queryRaw(query: AdapterQuery): Promise<{ columnNames: string[]; rows: unknown[][] }>;
}

interface AdapterTransaction extends AdapterQueryable {
  /** SQLite's adapter ends its transaction in commit(); PostgreSQL's is told COMMIT first. */
  readonly options: { usePhantomQuery: boolean };
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

interface DriverAdapter extends AdapterQueryable {
  startTransaction(): Promise<AdapterTransaction>;
  dispose(): Promise<void>;
}

interface AdapterFactory {
  connect(): Promise<DriverAdapter>;
}

/** A transaction's statements: the rows each changed. */
export interface DirectTransaction {
  execute(statement: Prisma.Sql): Promise<number>;
}

interface Registered {
  adapter(): Promise<DriverAdapter>;
  onStatement?: (sql: string) => void;
}

const registered = new WeakMap<PrismaClient, Registered>();

/**
 * Lets `directTransaction` use the adapter `factory` gives `client` (the factory the client
 * was built with). `onStatement` hears each statement sent (a test's statement count).
 */
export function sendDirectlyThrough<C extends PrismaClient>(
  client: C,
  factory: object,
  options: { onStatement?: (sql: string) => void } = {},
): C {
  const adapterFactory = factory as AdapterFactory;
  let current: DriverAdapter | undefined;
  const connect = adapterFactory.connect.bind(adapterFactory);
  adapterFactory.connect = async () => {
    const adapter = await connect();
    current = adapter;
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      if (current === adapter) current = undefined;
      await dispose();
    };
    return adapter;
  };
  registered.set(client, {
    // The client connects its adapter at its first statement; this may come first.
    adapter: async () => {
      if (!current) await client.$connect();
      if (!current) throw new Error("The database client has no connection to send statements on");
      return current;
    },
    ...(options.onStatement ? { onStatement: options.onStatement } : {}),
  });
  return client;
}

function argTypeOf(value: unknown): AdapterQuery["argTypes"][number] {
  const scalarType =
    value instanceof Date
      ? "datetime"
      : typeof value === "string"
        ? "string"
        : typeof value === "boolean"
          ? "boolean"
          : typeof value === "number"
            ? Number.isInteger(value)
              ? "int"
              : "float"
            : "unknown";
  return { scalarType, arity: "scalar" };
}

function queryOf(statement: Prisma.Sql, provider: string): AdapterQuery {
  const args = statement.values;
  for (const value of args) {
    const plain =
      value === null ||
      value instanceof Date ||
      ["string", "number", "boolean"].includes(typeof value);
    if (!plain) throw new TypeError(`a direct statement was given a ${typeof value} value`);
  }
  return {
    sql: provider === "postgres" ? statement.text : statement.sql,
    args,
    argTypes: args.map(argTypeOf),
  };
}

/** A driver's refusal as Prisma reports a plain statement's (P2010, the driver's error kept). */
function asPrismaError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "DriverAdapterError") return error;
  const cause = (error as Error & { cause?: { originalCode?: string; originalMessage?: string } })
    .cause;
  return new Prisma.PrismaClientKnownRequestError(
    `Raw query failed. Code: \`${cause?.originalCode ?? "N/A"}\`. Message: \`${cause?.originalMessage ?? error.message}\``,
    {
      code: "P2010",
      clientVersion: Prisma.prismaVersion.client,
      meta: { driverAdapterError: error },
    },
  );
}

/**
 * One statement on `on` (the adapter, or its transaction), heard by `onStatement` first, sent by
 * `run`: what `run` answers of it.
 */
async function send<T>(
  on: AdapterQueryable,
  statement: Prisma.Sql,
  { onStatement }: Pick<Registered, "onStatement">,
  run: (query: AdapterQuery) => Promise<T>,
): Promise<T> {
  const query = queryOf(statement, on.provider);
  onStatement?.(query.sql);
  try {
    return await run(query);
  } catch (error) {
    throw asPrismaError(error);
  }
}

/**
 * One statement on its own (its own implicit transaction): the rows it changed. The webhook
 * door's one INSERT takes this way (decision 32).
 */
export async function directStatement(
  client: PrismaClient,
  statement: Prisma.Sql,
): Promise<number> {
  const direct = registered.get(client);
  if (!direct) return client.$executeRaw(statement);
  const on = await direct.adapter();
  return send(on, statement, direct, (query) => on.executeRaw(query));
}

/**
 * One statement that returns rows (an INSERT ... RETURNING), on its own: each row by column
 * name, with its values as the driver gives them (text and numbers, no Date or BigInt mapping).
 * The status callbacks' one write takes this way (decision 32).
 */
export async function directQuery(
  client: PrismaClient,
  statement: Prisma.Sql,
): Promise<Record<string, unknown>[]> {
  const direct = registered.get(client);
  if (!direct) return client.$queryRaw<Record<string, unknown>[]>(statement);
  const on = await direct.adapter();
  return send(on, statement, direct, async (query) => {
    const { columnNames, rows } = await on.queryRaw(query);
    return rows.map((row) => Object.fromEntries(columnNames.map((name, i) => [name, row[i]])));
  });
}

/**
 * The driver's provider ("postgres", "sqlite") the client's statements go to, or null for a
 * client the app did not build (its statements then take Prisma's way).
 */
export async function directProvider(client: PrismaClient): Promise<string | null> {
  const direct = registered.get(client);
  return direct ? (await direct.adapter()).provider : null;
}

const COMMIT = { sql: "COMMIT", args: [], argTypes: [] };
const ROLLBACK = { sql: "ROLLBACK", args: [], argTypes: [] };

/**
 * `work`'s statements in one transaction: all of them or, when one fails or `work` throws,
 * none. Only plain values are sent (strings, numbers, booleans, dates, null).
 */
export async function directTransaction<T>(
  client: PrismaClient,
  work: (tx: DirectTransaction) => Promise<T>,
): Promise<T> {
  const direct = registered.get(client);
  if (!direct) {
    return client.$transaction((tx) => work({ execute: (statement) => tx.$executeRaw(statement) }));
  }
  const adapter = await direct.adapter();
  let tx: AdapterTransaction;
  try {
    tx = await adapter.startTransaction();
  } catch (error) {
    throw asPrismaError(error);
  }
  const phantom = tx.options.usePhantomQuery;
  let result: T;
  try {
    result = await work({
      execute: (statement) => send(tx, statement, direct, (query) => tx.executeRaw(query)),
    });
  } catch (error) {
    try {
      if (!phantom) await tx.executeRaw(ROLLBACK);
    } catch {
      // The connection is gone, and its transaction with it.
    } finally {
      await tx.rollback().catch(() => undefined);
    }
    throw error;
  }
  direct.onStatement?.("COMMIT");
  if (phantom) {
    // SQLite's commit() sends COMMIT, rolls back when it fails, and lets go of the lock.
    await tx.commit().catch((error: unknown) => Promise.reject(asPrismaError(error)));
    return result;
  }
  try {
    await tx.executeRaw(COMMIT);
  } catch (error) {
    await tx.rollback().catch(() => undefined);
    throw asPrismaError(error);
  }
  await tx.commit();
  return result;
}
