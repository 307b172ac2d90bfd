/**
 * Shared by the benches that serve the built app from a process of its own (bench:ingest,
 * bench:callbacks): the database the app uses (the SQLite file of ./env, or a new PostgreSQL
 * database on BENCH_DATABASE_URL's server), the web process (bench/ingest-server.mjs) and the
 * fulfilment worker as a process of its own (bench/worker-process.mjs).
 * Import "./env" before this file.
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { ROOT } from "./lib";
import { WEB_NODE_FLAGS } from "../server/node-flags.js";

/**
 * The database the app uses here: the SQLite file of ./env, or a new PostgreSQL database
 * (migrated with the PostgreSQL migrations, dropped afterwards); the result is `<name>.json`
 * or `<name>-postgresql.json`. Call before any app module is imported.
 */
export async function benchDatabase(name: string) {
  const server = process.env.BENCH_DATABASE_URL?.trim();
  if (!server) {
    return {
      resultName: name,
      description: `SQLite file (libSQL) in the OS temp dir, the app's client (app/db.server.ts)`,
      drop: async () => undefined,
    };
  }
  const database = `print_connect_bench_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
  const url = new URL(server);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  url.pathname = `/${database}`;
  execFileSync(
    path.join(ROOT, "node_modules", ".bin", "prisma"),
    ["migrate", "deploy", "--config", path.join("prisma", "postgresql", "prisma.config.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  // Before any app module reads its environment (they are imported afterwards).
  process.env.DATABASE_URL = url.toString();
  return {
    resultName: `${name}-postgresql`,
    description: `PostgreSQL ${url.host}, a database of its own, the app's client (app/db.server.ts, pg pool as configured by the URL)`,
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Questions to a child process over IPC, answered in turn (bench/process-stats.mjs). */
function questions(child: ChildProcess, name: string) {
  const ask = <T>(question: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`${name} exited (${code})`));
      child.once("exit", exited);
      child.once("message", (answer: unknown) => {
        child.off("exit", exited);
        resolve(answer as T);
      });
      if (question) child.send(question);
    });
  return {
    ask,
    cpuMs: async () => {
      const { cpu } = await ask<{ cpu: NodeJS.CpuUsage }>("cpu");
      return (cpu.user + cpu.system) / 1000;
    },
    memory: async () => {
      const { peakRss, rss } = await ask<{ peakRss: number; rss: number }>("memory");
      return { peakRssMb: mb(peakRss), rssMbAtEnd: mb(rss) };
    },
  };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The web process (bench/ingest-server.mjs): the built app alone, with this process's
 * environment (WORKER=inline runs the fulfilment worker in it, as `npm start` does); started,
 * asked over IPC, stopped. `script` names another server run the same way (bench/bare-server.mjs,
 * bench:callbacks' floor).
 */
export async function startWebProcess(script = "ingest-server.mjs") {
  const child = fork(path.join(ROOT, "bench", script), [], {
    cwd: ROOT,
    // The project's Node without this harness's loader, with the web process's own flags.
    execArgv: [...WEB_NODE_FLAGS],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { ask, cpuMs, memory } = questions(child, "web process");
  const { port, rss } = await ask<{ port: number; rss: number }>("");
  return {
    origin: `http://127.0.0.1:${port}`,
    idleRssMb: mb(rss),
    cpuMs,
    memory,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send("stop");
      }),
  };
}

/**
 * The fulfilment worker as its own process, as `npm run worker` runs it: scripts/worker.mjs on
 * the built app (through bench/worker-process.mjs, which also answers the parent's questions
 * over IPC), the project's Node, this process's environment and so the same database. Started
 * once its worker runs; stopped with SIGTERM as in production (it finishes the print orders it
 * holds, then exits); `exitedEarly` says whether it ended before it was asked to.
 */
export async function startWorkerProcess() {
  const child = fork(path.join(ROOT, "bench", "worker-process.mjs"), [], {
    cwd: ROOT,
    // The project's Node without this harness's loader; `npm run worker` adds no flags.
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { ask, cpuMs, memory } = questions(child, "worker process");
  let stopping = false;
  let exitedEarly: number | null = null;
  child.once("exit", (code) => {
    if (!stopping) exitedEarly = code ?? -1;
  });
  const { rss } = await ask<{ rss: number }>("");
  return {
    pid: child.pid,
    idleRssMb: mb(rss),
    cpuMs,
    memory,
    exitedEarly: () => exitedEarly,
    close: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
