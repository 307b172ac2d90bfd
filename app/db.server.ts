import { createRequire } from "node:module";
import path from "node:path";
import { Prisma, PrismaClient } from "@prisma/client";
import { getEnv } from "./env.server";
import { ClosablePrismaPg } from "./db/postgresql-client.server";
import { SingleConnectionLibSQL } from "./db/sqlite-client.server";
import { sendDirectlyThrough } from "./db/direct-sql.server";
import { schemaOfDatabaseUrl, sqlTable } from "./services/sql-table";

export type DatabaseProvider = "sqlite" | "postgresql";

/** Which database a DATABASE_URL names. */
export function databaseProvider(databaseUrl: string): DatabaseProvider {
  if (databaseUrl.startsWith("file:") || databaseUrl.startsWith("libsql:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgresql";
  throw new Error(`Unsupported DATABASE_URL scheme: ${databaseUrl.split(":")[0]}`);
}

/** A SQLite DATABASE_URL's file, absolute; undefined for any other database. */
export function sqliteFilePath(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith("file:")) return undefined;
  const rest = databaseUrl.slice("file:".length).split("?")[0] ?? "";
  // libSQL opens a relative file: path from the working directory, as path.resolve does.
  return path.resolve(rest.startsWith("//") ? new URL(databaseUrl).pathname : rest);
}

/** Which database the app's client talks to. */
export function appDatabaseProvider(): DatabaseProvider {
  return databaseProvider(getEnv().databaseUrl);
}

/** The app's PostgreSQL schema (`?schema=` of DATABASE_URL); null on SQLite or the default one. */
export function databaseSchema(): string | null {
  return schemaOfDatabaseUrl(getEnv().databaseUrl);
}

/** One of the app's tables as a plain statement must name it: in the app's schema. */
export function appTable(name: string): Prisma.Sql {
  return sqlTable(databaseSchema(), name);
}

/** DATABASE_URL for people: an absolute SQLite path, or a server without its credentials. */
export function describeDatabase(databaseUrl: string): string {
  const file = sqliteFilePath(databaseUrl);
  if (file) return `SQLite, ${file}`;
  try {
    const url = new URL(databaseUrl);
    const kind = url.protocol === "libsql:" ? "libSQL" : "PostgreSQL";
    return `${kind}, ${url.host}${url.pathname}`;
  } catch {
    return "(DATABASE_URL not readable as a URL)";
  }
}

/**
 * The PostgreSQL client, generated from prisma/postgresql/schema.prisma (itself
 * generated from prisma/schema.prisma) into node_modules/.prisma/client-pg by
 * `npm run setup` / postinstall. Same models, same API, same Prisma runtime as
 * @prisma/client; only the SQL it compiles to differs. Loaded on first use so a
 * SQLite-only install never touches it.
 */
type PrismaClientConstructor = new (options: {
  adapter: ClosablePrismaPg;
  transactionOptions?: { maxWait?: number; timeout?: number };
}) => PrismaClient;
let PostgresqlPrismaClient: PrismaClientConstructor | undefined;

function postgresqlClientClass(): PrismaClientConstructor {
  if (!PostgresqlPrismaClient) {
    const require = createRequire(import.meta.url);
    try {
      PostgresqlPrismaClient = (
        require(".prisma/client-pg") as { PrismaClient: PrismaClientConstructor }
      ).PrismaClient;
    } catch (error) {
      throw new Error(
        "The PostgreSQL Prisma client is missing: run `npm run setup` (or `node scripts/prisma-schemas.mjs --generate`)",
        { cause: error },
      );
    }
  }
  return PostgresqlPrismaClient;
}

/**
 * `postgresql://user@host:5432/db?schema=app&connection_limit=5`: `schema` and
 * `connection_limit` are Prisma's URL parameters, not libpq's, so they become
 * adapter and pool options.
 */
function pgAdapter(databaseUrl: string, closeTimeoutMs: number): ClosablePrismaPg {
  const url = new URL(databaseUrl);
  const schema = schemaOfDatabaseUrl(databaseUrl) ?? undefined;
  const limit = Number(url.searchParams.get("connection_limit") ?? "");
  const poolTimeoutS = Number(url.searchParams.get("pool_timeout") ?? "");
  url.searchParams.delete("schema");
  url.searchParams.delete("connection_limit");
  url.searchParams.delete("pool_timeout");
  return new ClosablePrismaPg(
    {
      connectionString: url.toString(),
      ...(Number.isInteger(limit) && limit > 0 ? { max: limit } : {}),
      // A wait for a pooled connection ends before Prisma's own wait for a
      // transaction does (PG_TRANSACTION_OPTIONS.maxWait), so a transaction that
      // cannot get a connection fails with the pool's reason. (Prisma 6.19 rolls
      // back and gives back a connection that comes after its wait ended, too;
      // the connections it did keep were those of transactions still waiting
      // when the client closed: see db/postgresql-client.server.ts.)
      connectionTimeoutMillis:
        Number.isFinite(poolTimeoutS) && poolTimeoutS > 0
          ? Math.min(poolTimeoutS * 1000, PG_POOL_TIMEOUT_MS)
          : PG_POOL_TIMEOUT_MS,
    },
    schema ? { schema } : undefined,
    closeTimeoutMs,
  );
}

/** How long a query waits for a pooled PostgreSQL connection before failing. */
const PG_POOL_TIMEOUT_MS = 10_000;
/** Longer than the pool's wait (see pgAdapter), and patient with a busy machine. */
export const PG_TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;
/**
 * How long `$disconnect()` waits for statements still running before it closes
 * their connections and fails naming them (db/postgresql-client.server.ts).
 */
export const PG_CLOSE_TIMEOUT_MS = 10_000;

/**
 * A Prisma client for a database URL: SQLite (libSQL driver adapter) for
 * `file:`/`libsql:`, PostgreSQL (pg driver adapter) for `postgresql://`. No
 * query engine binary is involved. Both are typed as the SQLite client: the
 * model API is identical because both schemas come from one datamodel.
 */
export function createPrismaClient(
  databaseUrl: string,
  options: { closeTimeoutMs?: number } = {},
): PrismaClient {
  if (databaseProvider(databaseUrl) === "postgresql") {
    const Client = postgresqlClientClass();
    const adapter = pgAdapter(databaseUrl, options.closeTimeoutMs ?? PG_CLOSE_TIMEOUT_MS);
    const client = sendDirectlyThrough(
      new Client({ adapter, transactionOptions: PG_TRANSACTION_OPTIONS }),
      adapter,
    );
    // A close never waits forever, and names what it waited for when it had to cut it off.
    const disconnect = client.$disconnect.bind(client);
    client.$disconnect = () => adapter.close(disconnect);
    return client;
  }
  const adapter = new SingleConnectionLibSQL({ url: databaseUrl });
  return sendDirectlyThrough(
    new PrismaClient({
      adapter,
      // SQLite waits up to its busy timeout (10 s) for another process's write
      // lock; Prisma must not give up on a transaction before SQLite does, or
      // the connection would be left inside a transaction nobody ends.
      transactionOptions: { maxWait: 15_000, timeout: 30_000 },
    }),
    adapter,
  );
}

declare global {
  var __printConnectPrisma: PrismaClient | undefined;
}

// Kept on globalThis so the dev server's module reloads reuse one connection.
const prisma: PrismaClient = (globalThis.__printConnectPrisma ??= createPrismaClient(
  getEnv().databaseUrl,
));

export default prisma;
