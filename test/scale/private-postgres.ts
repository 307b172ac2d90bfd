/**
 * A PostgreSQL server of the test's own: initdb in a temporary directory, on a
 * free loopback port, migrated with the real CLI. A test can stop and start it
 * (a restart) without touching the server the other test files share.
 *
 * Needs PostgreSQL's server programs (initdb, pg_ctl): `pg_config --bindir`,
 * or Debian's /usr/lib/postgresql/<version>/bin. Run as root, they run as the
 * `postgres` user (initdb refuses root).
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { testDatabaseProvider } from "../support/app-env";
import { freePort } from "../support/server-process";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Where initdb and pg_ctl are, or undefined when this machine has no PostgreSQL server programs. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    // no pg_config on the PATH
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(debian, version, "bin"));
    }
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")));
}

/**
 * The server programs' folder for a test that needs a PostgreSQL server of its own, or
 * undefined when it cannot run here (not on PostgreSQL, or no server programs): then it says so
 * in one line, naming `test`, and is skipped.
 */
export function privatePostgresBinDir(test: string): string | undefined {
  const binDir = testDatabaseProvider === "postgresql" ? postgresBinDir() : undefined;
  if (binDir === undefined) {
    console.warn(
      `${test}: runs on PostgreSQL only (npm run test:pg) with PostgreSQL's server programs (initdb, pg_ctl) installed; skipped`,
    );
  }
  return binDir;
}

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/app */
  url: string;
  stop(): void;
  start(): void;
  close(): void;
}

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : path.join(binDir, program),
      asRoot ? ["-u", "postgres", "--", path.join(binDir, program), ...args] : args,
      { stdio: ["ignore", "ignore", "pipe"], timeout: 30_000 },
    );
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  // fsync off: the test restarts the server, it does not pull the plug.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const serverUrl = `postgresql://postgres@127.0.0.1:${port}`;
  execFileSync(
    process.execPath,
    [
      "-e",
      `const pg=require("pg");const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query('CREATE DATABASE app')).then(()=>c.end())`,
      `${serverUrl}/postgres`,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `${serverUrl}/app`;
  execFileSync(
    path.join(root, "node_modules", ".bin", "prisma"),
    ["migrate", "deploy", "--config", path.join("prisma", "postgresql", "prisma.config.ts")],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  let closed = false;
  return {
    url,
    stop,
    start,
    close() {
      if (closed) return;
      closed = true;
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
