/**
 * Import right after "../support/app-env" and before any app module: the
 * app's Prisma client (app/db.server.ts keeps it on globalThis) becomes one
 * that reports every SQL statement it sends, so a test can count them.
 * Prisma logs each statement, and a transaction's COMMIT, but not its BEGIN.
 */
import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { SingleConnectionLibSQL } from "~/lib/sqlite-client.server";
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";

const log = [{ emit: "event" as const, level: "query" as const }];

function countingClient(): PrismaClient {
  if (testDatabaseProvider === "postgresql") {
    const url = new URL(testDatabaseUrl);
    const max = Number(url.searchParams.get("connection_limit") ?? "5");
    url.searchParams.delete("connection_limit");
    const { PrismaClient: PgClient } = createRequire(import.meta.url)(".prisma/client-pg") as {
      PrismaClient: new (options: { adapter: PrismaPg; log: typeof log }) => PrismaClient;
    };
    return new PgClient({ adapter: new PrismaPg({ connectionString: url.toString(), max }), log });
  }
  return new PrismaClient({
    adapter: new SingleConnectionLibSQL({ url: testDatabaseUrl }),
    transactionOptions: { maxWait: 15_000, timeout: 30_000 },
    log,
  });
}

const client = countingClient();
let sent: string[] = [];
(client as unknown as { $on(event: "query", listener: (e: { query: string }) => void): void }).$on(
  "query",
  (e) => sent.push(e.query),
);
if (globalThis.__printConnectPrisma)
  throw new Error("import statement-count before the app's database client");
globalThis.__printConnectPrisma = client;

/** The statements sent while `run` runs. */
export async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  sent = [];
  await run();
  const during = sent;
  sent = [];
  return during;
}
