import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

/**
 * The pg driver adapter for the Prisma CLI (migrate deploy / diff / dev).
 *
 * Prisma's WASM schema engine reads PostgreSQL's catalogs, whose columns have
 * the internal types `name` (oid 19) and `"char"` (oid 18). @prisma/adapter-pg
 * 6.19 has no mapping for them and fails every migrate command with "Column
 * type 'name' could not be deserialized from the database" (prisma/orm#27403).
 * Both types arrive as plain strings in pg's text protocol, so this client
 * reports them as `text` (oid 25) and the engine reads them as such. The app's
 * own queries never return these types; it uses the plain PrismaPg adapter.
 *
 * Its pools let the process exit once their connections are idle: the CLI does not close
 * the main database's pool, and pg's 10 s idle timeout kept every command alive that long.
 */
const CATALOG_TEXT_TYPES = new Set([18, 19]);
const TEXT = 25;

type Result = { fields?: { dataTypeID: number }[] };

function asText<R>(result: R): R {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of (r as Result)?.fields ?? []) {
      if (CATALOG_TEXT_TYPES.has(field.dataTypeID)) field.dataTypeID = TEXT;
    }
  }
  return result;
}

class CatalogTextClient extends pg.Client {
  // pg's query() has many overloads; both forms the adapter and pg.Pool use
  // (promise, and callback last) go through here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const callback = args.pop() as (err: Error | null, result?: unknown) => void;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (super.query as any)(...args).then(
        (result: unknown) => callback(null, asText(result)),
        (error: Error) => callback(error),
      );
      return undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    return typeof result?.then === "function" ? result.then(asText) : result;
  }
}

type Connection = Awaited<ReturnType<PrismaPg["connect"]>>;

/**
 * Runs a migration as one script, as Prisma's own engine did: adapter-pg 6.19's executeScript
 * cuts the script at every ";" and runs the pieces one by one, which breaks a function body
 * between $$ (the Profit rollup's triggers) and leaves a failed migration half applied. One
 * query of the whole script (the simple protocol runs several statements) is one implicit
 * transaction; its error reaches the engine in the adapter's own shape.
 */
function wholeScripts(connection: Connection): Connection {
  const pool = connection.underlyingDriver();
  connection.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      (connection as unknown as { onError(error: unknown): never }).onError(error);
    }
  };
  return connection;
}

/**
 * The pool of a migrate command. With `?schema=` its sessions start with that schema first on
 * their search_path, as Prisma's own engine set it: the migrations name their tables without a
 * schema, so without it they were created in `public` while the engine (and the app) looked for
 * them in the schema named. The Profit rollup's functions keep this search_path (SET
 * search_path FROM CURRENT).
 */
function poolConfig(connectionString: string, schema: string | undefined): pg.PoolConfig {
  return {
    connectionString,
    Client: CatalogTextClient,
    allowExitOnIdle: true,
    ...(schema ? { options: `-c search_path=${quoteIdentifier(schema)}` } : {}),
  } as pg.PoolConfig;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The schema made first when it is missing, as Prisma's own engine did before migrating. */
async function inSchema(connection: Connection, schema: string | undefined): Promise<Connection> {
  if (schema)
    await connection.executeScript(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
  return connection;
}

/**
 * Also replaces the adapter's shadow database (used by `migrate diff
 * --from-migrations` and `migrate dev`): adapter-pg 6.19 opens it as
 * `{ ...config, database }`, where pg lets connectionString win, so the
 * migrations would run against the real database; and it drops it while its
 * own pool is still connected, which PostgreSQL refuses.
 */
class MigratePg extends PrismaPg {
  private readonly connectionString: string;
  private readonly schema: string | undefined;

  constructor(databaseUrl: string) {
    // `schema` and `connection_limit` are Prisma's URL parameters, not libpq's.
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get("schema") ?? undefined;
    url.searchParams.delete("schema");
    url.searchParams.delete("connection_limit");
    super(poolConfig(url.toString(), schema), schema ? { schema } : undefined);
    this.connectionString = url.toString();
    this.schema = schema;
  }

  override async connect() {
    return inSchema(wholeScripts(await super.connect()), this.schema);
  }

  override async connectToShadowDb() {
    const main = await this.connect();
    const database = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const url = new URL(this.connectionString);
    url.pathname = `/${database}`;
    const schema = this.schema;
    const shadow = await inSchema(
      wholeScripts(
        await new PrismaPg(
          poolConfig(url.toString(), schema),
          schema ? { schema } : undefined,
        ).connect(),
      ),
      schema,
    );
    const disposeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await disposeShadow();
      await main.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
      await main.dispose();
    };
    return shadow;
  }
}

/**
 * The WASM schema engine bounds its wait for PostgreSQL's migration lock with a 10 s timer that
 * it never clears, so every `migrate deploy` stayed alive 10 s after its work was done. Timers
 * started from inside the engine no longer hold the process: while the engine works, its pg
 * connection does, and a timer that comes due still fires.
 */
let engineTimersUnrefd = false;
function unrefEngineTimers(): void {
  if (engineTimersUnrefd) return;
  engineTimersUnrefd = true;
  const setTimeoutOfNode = globalThis.setTimeout;
  const fromEngine = (...args: Parameters<typeof setTimeout>) => {
    const timer = setTimeoutOfNode(...args);
    if (new Error().stack?.includes("wasm://")) timer.unref();
    return timer;
  };
  globalThis.setTimeout = Object.assign(fromEngine, setTimeoutOfNode) as typeof setTimeout;
}

/** Only the Prisma CLI loads this (prisma/postgresql/prisma.config.ts). */
export function migrateAdapter(connectionString: string): PrismaPg {
  unrefEngineTimers();
  return new MigratePg(connectionString);
}
