/**
 * Import right after "../support/app-env" and before any app module: the
 * app's Prisma client (app/db.server.ts keeps it on globalThis) becomes one
 * that reports every SQL statement it sends, so a test can count them.
 * Prisma logs each statement, and a transaction's COMMIT, but not its BEGIN.
 */
import { countingPrismaClient } from "../support/counting-client";

const { client, statements: sent } = countingPrismaClient();
if (globalThis.__printConnectPrisma)
  throw new Error("import statement-count before the app's database client");
globalThis.__printConnectPrisma = client;

/** The statements sent while `run` runs. */
export async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  sent.length = 0;
  await run();
  return sent.splice(0);
}
