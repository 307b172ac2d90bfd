/**
 * The database reachability /healthz reports (lib/health.server.ts). On SQLite the app's one
 * connection runs every statement in turn, so a `SELECT 1` there waits behind a flood of
 * writes (status callbacks, webhooks) and /healthz answers late for a database that is fine.
 * The probe has a read-only connection of its own to the same file: in WAL mode a reader does
 * not wait for the writer, and it still reads the file (its schema), so a database that cannot
 * be opened or read fails it. On PostgreSQL it asks through the app's pool, as before.
 */
import { existsSync } from "node:fs";
import { createClient, type Client } from "@libsql/client";
import prisma, { sqliteFilePath } from "../db.server";
import { getEnv } from "../env.server";

let probe: { url: string; client: Client } | undefined;

/** The probe's own connection to a SQLite file, opened on first use and after a failure. */
async function sqliteProbe(url: string): Promise<Client> {
  if (probe?.url === url) return probe.client;
  probe?.client.close();
  probe = undefined;
  // Opening a file that is not there would create it, empty.
  const file = sqliteFilePath(url);
  if (!file || !existsSync(file)) throw new Error(`The SQLite database ${file} does not exist`);
  const client = createClient({ url });
  try {
    // Never a writer; a reader waits briefly only while the file is being recovered.
    await client.execute("PRAGMA query_only = ON");
    await client.execute("PRAGMA busy_timeout = 2000");
  } catch (error) {
    client.close();
    throw error;
  }
  probe = { url, client };
  return client;
}

/**
 * Resolves when the database answers a read; throws why not. `url`: the app's database (a
 * SQLite file's is read on the probe's connection; any other is asked through the app's client).
 */
export async function probeDatabase(url = getEnv().databaseUrl): Promise<void> {
  if (!sqliteFilePath(url) || url.includes(":memory:")) {
    await prisma.$queryRaw`SELECT 1`;
    return;
  }
  const client = await sqliteProbe(url);
  try {
    await client.execute("SELECT count(*) FROM sqlite_schema");
  } catch (error) {
    // Opened afresh next time: the file may have been replaced or recovered meanwhile.
    if (probe?.client === client) probe = undefined;
    client.close();
    throw error;
  }
}
