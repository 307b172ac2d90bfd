import { createClient } from "@libsql/client";
import pg from "pg";

/**
 * One statement against a database by URL (PostgreSQL or a SQLite file),
 * outside the app's client: for tests that inspect or damage a database the
 * app under test uses from another process.
 */
export async function rawSql(url: string, statement: string): Promise<Record<string, unknown>[]> {
  if (url.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement)).rows;
    } finally {
      await client.end();
    }
  }
  const client = createClient({ url });
  try {
    return (await client.execute(statement)).rows.map((r) => ({ ...r }));
  } finally {
    client.close();
  }
}
