/**
 * A Prisma client on this test file's database that records every SQL
 * statement it sends (Prisma's query events, which include a transaction's
 * COMMIT but not its BEGIN), for pinning how many statements a path costs.
 * Import "./app-env" first.
 */
import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { SingleConnectionLibSQL } from "~/db/sqlite-client.server";
import { testDatabaseProvider, testDatabaseUrl } from "./app-env";

const log = [{ emit: "event" as const, level: "query" as const }];

export function countingPrismaClient(options: { pgPoolSize?: number } = {}): {
  client: PrismaClient;
  /** Every statement sent so far (the caller may empty it). */
  statements: string[];
} {
  let client: PrismaClient;
  if (testDatabaseProvider === "postgresql") {
    const url = new URL(testDatabaseUrl);
    const max = options.pgPoolSize ?? Number(url.searchParams.get("connection_limit") ?? "5");
    url.searchParams.delete("connection_limit");
    const { PrismaClient: PgClient } = createRequire(import.meta.url)(".prisma/client-pg") as {
      PrismaClient: new (options: { adapter: PrismaPg; log: typeof log }) => PrismaClient;
    };
    client = new PgClient({
      adapter: new PrismaPg({ connectionString: url.toString(), max }),
      log,
    });
  } else {
    client = new PrismaClient({
      adapter: new SingleConnectionLibSQL({ url: testDatabaseUrl }),
      transactionOptions: { maxWait: 15_000, timeout: 30_000 },
      log,
    });
  }
  const statements: string[] = [];
  (
    client as unknown as { $on(event: "query", listener: (e: { query: string }) => void): void }
  ).$on("query", (e) => statements.push(e.query));
  return { client, statements };
}
