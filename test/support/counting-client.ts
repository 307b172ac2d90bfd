/**
 * A Prisma client on this test file's database that records every SQL
 * statement it sends (Prisma's query events, which include a transaction's
 * COMMIT but not its BEGIN, and the statements sent straight to its driver adapter, as the
 * app's clients send them: db/direct-sql.server.ts), for pinning how many statements a path
 * costs.
 * Import "./app-env" first.
 */
import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { SingleConnectionLibSQL } from "~/db/sqlite-client.server";
import { sendDirectlyThrough } from "~/db/direct-sql.server";
import { testDatabaseProvider, testDatabaseUrl } from "./app-env";

const log = [{ emit: "event" as const, level: "query" as const }];

export function countingPrismaClient(options: { pgPoolSize?: number } = {}): {
  client: PrismaClient;
  /** Every statement sent so far (the caller may empty it). */
  statements: string[];
} {
  let client: PrismaClient;
  const statements: string[] = [];
  const onStatement = (sql: string) => statements.push(sql);
  if (testDatabaseProvider === "postgresql") {
    const url = new URL(testDatabaseUrl);
    const max = options.pgPoolSize ?? Number(url.searchParams.get("connection_limit") ?? "5");
    url.searchParams.delete("connection_limit");
    const { PrismaClient: PgClient } = createRequire(import.meta.url)(".prisma/client-pg") as {
      PrismaClient: new (options: { adapter: PrismaPg; log: typeof log }) => PrismaClient;
    };
    const adapter = new PrismaPg({ connectionString: url.toString(), max });
    client = sendDirectlyThrough(new PgClient({ adapter, log }), adapter, { onStatement });
  } else {
    const adapter = new SingleConnectionLibSQL({ url: testDatabaseUrl });
    client = sendDirectlyThrough(
      new PrismaClient({ adapter, transactionOptions: { maxWait: 15_000, timeout: 30_000 }, log }),
      adapter,
      { onStatement },
    );
  }
  (
    client as unknown as { $on(event: "query", listener: (e: { query: string }) => void): void }
  ).$on("query", (e) => statements.push(e.query));
  return { client, statements };
}
