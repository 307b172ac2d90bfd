/**
 * The production build that the browser tests and the server-process tests run (what
 * `npm start` serves): rebuilt when older than the sources, then copied to a private
 * directory per test process so a rebuild by another process cannot pull files from under a
 * running test.
 */
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.join(root, "build");
const serverEntry = path.join(buildDir, "server", "index.js");
/** Inside node_modules so the copied server build resolves its packages from the project. */
const snapshotsDir = path.join(root, "node_modules", ".cache", "print-connect-browser-builds");
const lockDir = path.join(root, "node_modules", ".cache", "print-connect-build.lock");

const SOURCES = [
  "app",
  "public",
  "sandbox",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      // A folder's own time changes when a file in it is added, removed or renamed.
      newest = Math.max(newest, stat.mtimeMs);
      for (const name of readdirSync(p)) {
        if (name === "node_modules" || name.startsWith(".")) continue;
        visit(path.join(p, name));
      }
    } else if (!/\.(test|spec)\.tsx?$/.test(p) && !p.endsWith(".md")) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return newest;
}

export function buildIsFresh(): boolean {
  if (!existsSync(serverEntry) || !existsSync(path.join(buildDir, "client"))) return false;
  return statSync(serverEntry).mtimeMs >= newestSourceMtime();
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withBuildLock<T>(run: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = NaN;
      try {
        owner = Number(readFileSync(path.join(lockDir, "pid"), "utf8"));
      } catch {
        // being created or removed right now
      }
      const age = (() => {
        try {
          return Date.now() - statSync(lockDir).mtimeMs;
        } catch {
          return 0;
        }
      })();
      if ((Number.isInteger(owner) && !pidAlive(owner)) || age > 5 * 60_000) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lockDir}`);
      await sleep(200);
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function pruneSnapshots() {
  if (!existsSync(snapshotsDir)) return;
  for (const name of readdirSync(snapshotsDir)) {
    const pid = Number(name.split("-")[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid)) {
      rmSync(path.join(snapshotsDir, name), { recursive: true, force: true });
    }
  }
}

export interface BuildSnapshot {
  /** build/server/index.js of the copy */
  serverEntry: string;
  /** build/client of the copy */
  clientDir: string;
  remove(): void;
}

/**
 * Makes sure `build/` is current (running `npm run build` under a lock shared
 * by all test processes) and returns a private copy of it.
 * `BROWSER_TEST_BUILD_DIR=<dir>` tests that build as it is, without rebuilding
 * (e.g. `build` while someone else's unfinished change breaks the build).
 */
export async function freshBuildSnapshot(): Promise<BuildSnapshot> {
  return withBuildLock(async () => {
    const given = process.env.BROWSER_TEST_BUILD_DIR;
    const source = given ? path.resolve(root, given) : buildDir;
    if (given && !existsSync(path.join(source, "server", "index.js"))) {
      throw new Error(`BROWSER_TEST_BUILD_DIR=${given}: no server/index.js there`);
    }
    if (!given && !buildIsFresh()) {
      const started = Date.now();
      try {
        await promisify(execFile)("npm", ["run", "build", "--silent"], {
          cwd: root,
          env: { ...process.env, NODE_ENV: "production" },
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`npm run build failed:\n${e.stderr || e.stdout || e.message}`);
      }
      console.warn(`[browser harness] rebuilt the app in ${Date.now() - started} ms`);
    }
    pruneSnapshots();
    const dir = path.join(snapshotsDir, `${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    cpSync(source, dir, { recursive: true });
    return {
      serverEntry: path.join(dir, "server", "index.js"),
      clientDir: path.join(dir, "client"),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  });
}
