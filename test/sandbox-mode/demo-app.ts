/**
 * What the `npm run demo` tests share (test/sandbox-mode/demo-*.test.ts, one file each so they
 * run side by side): `npm run demo` against a running sandbox-mode app (the real server on the
 * production build, as `npm run up` runs it, in a process of its own), with the demo shop's routing not on
 * "Immediately": the demo approves its own orders through the app's order
 * action and leaves the setting as it was. When orders do not get there, it
 * says which ones are stuck in which state, and why.
 */
import "../support/app-env";
import { rawSql } from "../support/raw-sql";
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { TEST_ENCRYPTION_KEY } from "../support/app-env";
import {
  assertDatabaseName,
  databaseUrl,
  runAdminSqlSync,
  templateDbPath,
} from "../support/template-db";
import {
  freePort,
  startServerProcess,
  waitForOutput,
  waitUntilAnswering,
} from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const projectNode = path.join(root, "node_modules", ".bin", "node");
const run = inject("testDatabase") ?? { provider: "sqlite" };
const postgres = run.provider === "postgresql" ? run.postgres! : undefined;
export const DEMO_SHOP = "print-connect-demo.myshopify.com";

/** A migrated database of this test's own. */
function migratedDatabase(): string {
  if (postgres) {
    const name = assertDatabaseName(`${postgres.runPrefix}_${randomBytes(4).toString("hex")}`);
    runAdminSqlSync(postgres.serverUrl, [
      `CREATE DATABASE "${name}" TEMPLATE "${postgres.template}"`,
    ]);
    return databaseUrl(postgres.serverUrl, name);
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "print-connect-demo-")), "app.sqlite");
  copyFileSync(templateDbPath(), file);
  return `file:${file}`;
}

export async function demoShopRouting(url: string) {
  const [row] = await rawSql(
    url,
    `SELECT "routingMode", "holdHours" FROM "Shop" WHERE shop = '${DEMO_SHOP}'`,
  );
  return { routingMode: row?.routingMode, holdHours: Number(row?.holdHours) };
}

/**
 * The app in sandbox mode, on ports the demo is told about, with the demo shop seeded. A port
 * found free can be taken by another process before the app binds it (the machine runs other
 * test files at once): the app or a stand-in then stops with "is already in use", and new ports
 * are tried.
 */
export async function startSandboxApp(worker: "inline" | "off", env: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSandboxAppOnce(worker, env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("is already in use")) throw error;
    }
  }
}

async function startSandboxAppOnce(worker: "inline" | "off", env: Record<string, string>) {
  const [appPort, printPort, shopifyPort] = [await freePort(), await freePort(), await freePort()];
  const database = migratedDatabase();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const server = await startServerProcess({
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATABASE_URL: database,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    SHOPIFY_APP_URL: appUrl,
    PRINT_SANDBOX_URL: `http://127.0.0.1:${printPort}`,
    SANDBOX_SHOPIFY_PORT: String(shopifyPort),
    WORKER: worker,
    LOG_LEVEL: "warn",
    ...env,
  });
  await waitForOutput(server, "SANDBOX MODE");
  await waitUntilAnswering(server, `${appUrl}/healthz`);
  const demoEnv = {
    APP_URL: appUrl,
    PRINT_SANDBOX_URL: `http://127.0.0.1:${printPort}`,
    SANDBOX_SHOPIFY_PORT: String(shopifyPort),
  };
  return { server, database, demoEnv };
}

/** `npm run demo -- <args>` as its own process. */
export function runDemo(env: Record<string, string>, args: string[]) {
  const child = spawn(projectNode, ["--import", "tsx", "scripts/demo.ts", ...args], {
    cwd: root,
    env: {
      // Nothing else of this test process (NODE_ENV=test, DATABASE_URL...) leaks in.
      NODE_ENV: "development",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}
