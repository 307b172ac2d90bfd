/**
 * The long soak: test/soak/orders-through-faults.test.ts with 1,000 orders (3 copies of each
 * webhook, the print service's faults, two workers), on SQLite and, when a server answers, on
 * PostgreSQL. `npm test` runs the same soak with 150 and 100 orders; this is where the long
 * one runs, with its figures recorded: how long each phase took, orders per second to paid
 * and to fulfilled, and the CPU of the whole run (the test process, its workers and stand-ins).
 * The soak's own assertions hold here too: a run that fails exits 1.
 *
 *   npm run bench:soak     BENCH_SOAK_ORDERS=1000 BENCH_SOAK_DATABASES=sqlite,postgresql
 *                          TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { childrenCpuSeconds } from "../test/support/process-cpu";
import { selectedTestDatabases } from "../test/support/template-db";
import { ROOT, writeResult } from "./lib";

const ORDERS = Number(process.env.BENCH_SOAK_ORDERS ?? 1_000);
const DATABASES = (process.env.BENCH_SOAK_DATABASES ?? "sqlite,postgresql")
  .split(",")
  .map((d) => d.trim())
  .filter(Boolean);
const SERVER_URL = selectedTestDatabases().serverUrl;
const SOAK_FILE = "test/soak/orders-through-faults.test.ts";
const node = existsSync(path.join(ROOT, "node_modules", ".bin", "node"))
  ? path.join(ROOT, "node_modules", ".bin", "node")
  : process.execPath;

async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface SoakRun {
  database: string;
  orders: number;
  passed: boolean;
  wallSeconds: number;
  cpuSeconds: number;
  /** Milliseconds since the test began, per phase, as the soak prints them (SOAK_VERBOSE). */
  phasesMs: Record<string, number>;
  ordersPerSecondToPaid: number | null;
  ordersPerSecondToFulfilled: number | null;
}

async function soak(database: string): Promise<SoakRun> {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const child = spawn(
    node,
    [
      path.join(ROOT, "node_modules", "vitest", "vitest.mjs"),
      "run",
      SOAK_FILE,
      // The default reporter prints the soak's own lines (its phases, SOAK_VERBOSE).
      "--reporter=default",
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TEST_DATABASE: database,
        TEST_DATABASE_URL: database === "postgresql" ? SERVER_URL : "",
        SOAK_ORDERS: String(ORDERS),
        SOAK_VERBOSE: "1",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const wallSeconds = (performance.now() - started) / 1000;
  const phasesMs: Record<string, number> = {};
  for (const match of out.matchAll(/^(paid|fulfilled|shut down|placed)[^:]*: (\d+) ms$/gm)) {
    phasesMs[match[1]!] = Number(match[2]);
  }
  const perSecond = (ms: number | undefined) =>
    ms ? Math.round((ORDERS / (ms / 1000)) * 10) / 10 : null;
  if (code !== 0) {
    console.error(out.slice(-4_000));
  }
  return {
    database,
    orders: ORDERS,
    passed: code === 0,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    cpuSeconds: Math.round((childrenCpuSeconds() - cpuBefore) * 10) / 10,
    phasesMs,
    ordersPerSecondToPaid: perSecond(phasesMs.paid),
    ordersPerSecondToFulfilled: perSecond(phasesMs.fulfilled),
  };
}

async function main() {
  const runs: SoakRun[] = [];
  const skipped: Record<string, string> = {};
  for (const database of DATABASES) {
    if (database === "postgresql") {
      const problem = await postgresAnswers();
      if (problem) {
        skipped.postgresql = `no PostgreSQL server answers: ${problem}`;
        console.log(`PostgreSQL skipped: ${skipped.postgresql}`);
        continue;
      }
    }
    console.log(`soak: ${ORDERS} orders on ${database}...`);
    const run = await soak(database);
    console.log(JSON.stringify(run));
    runs.push(run);
  }
  writeResult("soak", { orders: ORDERS, runs, skipped });
  if (runs.some((r) => !r.passed)) {
    console.error("The soak failed: see its output above.");
    process.exit(1);
  }
}

await main();
