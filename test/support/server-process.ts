/**
 * The real server (server.js, what `npm start` runs) or worker (scripts/worker.mjs, what
 * `npm run worker` runs) as a process of its own, on the
 * production build (a private copy of it per test process: ./app-build.ts and
 * ./server-from-build.mjs), with an environment of the test's choosing and nothing inherited
 * but PATH and HOME.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { freshBuildSnapshot, type BuildSnapshot } from "./app-build";

const root = path.resolve(import.meta.dirname, "../..");
const projectNode = path.join(root, "node_modules", ".bin", "node");

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then wait for the end. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A port nobody listens on right now, for a process that binds it a moment later. It is taken
 * below the kernel's range for outgoing connections: a port from that range (what listen(0)
 * hands out) can be given to some client's connection before the process binds it, and the
 * process then stops with "already in use".
 */
export async function freePort(): Promise<number> {
  const [low, count] = portsOutsideEphemeralRange();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * count);
    if (await canListen(port)) return port;
  }
  return listenOnce(0);
}

/** [first port, how many] below the outgoing-connection range; 20000-31999 where it is unknown. */
function portsOutsideEphemeralRange(): [number, number] {
  try {
    const [ephemeralLow] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    if (ephemeralLow && ephemeralLow > 12_000) return [ephemeralLow - 12_000, 12_000];
  } catch {
    // Not Linux: fall through.
  }
  return [20_000, 12_000];
}

function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

const running = new Set<ServerProcess>();

/** Stops every server this test file started and has not seen end (call it in afterEach). */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(async (server) => {
      const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
      await server.stop();
      clearTimeout(timer);
    }),
  );
}

/** One copy of the build per test process, made when its first server starts. */
let snapshot: Promise<BuildSnapshot> | undefined;
function buildForServers(): Promise<BuildSnapshot> {
  if (!snapshot) {
    snapshot = freshBuildSnapshot();
    // Synchronous, so it also runs when the test process ends without its hooks.
    void snapshot.then((s) => process.once("exit", () => s.remove()));
  }
  return snapshot;
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startFromBuild("server.js", env);
}

/**
 * `npm run worker` (scripts/worker.mjs) as a process of its own, on the same build and with the
 * same environment rules as startServerProcess.
 */
export function startWorkerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startFromBuild("scripts/worker.mjs", env);
}

async function startFromBuild(
  entry: "server.js" | "scripts/worker.mjs",
  env: Record<string, string>,
): Promise<ServerProcess> {
  const { serverEntry } = await buildForServers();
  const child = spawn(
    existsSync(projectNode) ? projectNode : process.execPath,
    ["--import", "./test/support/server-from-build.mjs", entry],
    {
      cwd: root,
      env: {
        // What the app gets when nothing is set (`npm start`, `npm run up`); the test's own
        // values win.
        NODE_ENV: "development",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...env,
        PRINT_CONNECT_TEST_SERVER_BUILD: serverEntry,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Polls `url` until it answers 200; fails when the process ends first or after `ms`. */
export async function waitUntilAnswering(
  server: ServerProcess,
  url: string,
  ms = 60_000,
): Promise<Response> {
  const deadline = Date.now() + ms;
  let ended = false;
  void server.exited.then(() => (ended = true));
  for (;;) {
    if (ended) {
      throw new Error(`the server ended before ${url} answered:\n${server.stderr()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer within ${ms} ms:\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the process has written `text` to stdout; fails when it ends first or after `ms`. */
// An upper bound only (the text ends the wait): a loaded 2-core machine took over a minute.
export async function waitForOutput(server: ServerProcess, text: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (!server.stdout().includes(text)) {
    if (ended || Date.now() > deadline) {
      throw new Error(`the server did not print "${text}":\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
