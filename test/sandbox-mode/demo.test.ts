/**
 * `npm run demo` against a running sandbox-mode app (the real server on the
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
import { afterEach, describe, expect, inject, it } from "vitest";
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
  stopServerProcesses,
  waitForOutput,
  waitUntilAnswering,
} from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const projectNode = path.join(root, "node_modules", ".bin", "node");
const run = inject("testDatabase") ?? { provider: "sqlite" };
const postgres = run.provider === "postgresql" ? run.postgres! : undefined;
const DEMO_SHOP = "print-connect-demo.myshopify.com";

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

async function demoShopRouting(url: string) {
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
async function startSandboxApp(worker: "inline" | "off", env: Record<string, string> = {}) {
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
function runDemo(env: Record<string, string>, args: string[]) {
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

afterEach(stopServerProcesses);

describe("npm run demo when the demo shop's routing is not Immediately", () => {
  it(
    "approves its own orders through the app, says so, and leaves the setting as it was",
    { timeout: 420_000 },
    async () => {
      const { database, demoEnv } = await startSandboxApp("inline");

      for (const routing of [
        { mode: "manual", holdHours: 0, said: 'Routing is "When I approve each order"' },
        { mode: "hold", holdHours: 24, said: 'Routing is "After a hold period (24 h)"' },
      ]) {
        await rawSql(
          database,
          `UPDATE "Shop" SET "routingMode" = '${routing.mode}', "holdHours" = ${routing.holdHours} WHERE shop = '${DEMO_SHOP}'`,
        );
        const stoppedBefore = await rawSql(
          database,
          `SELECT id FROM "PrintOrder" WHERE shop = '${DEMO_SHOP}' AND status = 'needs_attention' AND "lastErrorCode" = 'PREFLIGHT_FAILED'`,
        );
        const approvedBefore = await rawSql(
          database,
          `SELECT id FROM "OrderEvent" WHERE shop = '${DEMO_SHOP}' AND type = 'approved'`,
        );

        const demo = await runDemo(demoEnv, ["--orders", "8", "--timeout", "90"]);

        expect(demo.stderr).toContain(routing.said);
        // stderr is a pipe here, as in a log: progress comes a line at a time, never redrawn.
        expect(demo.stderr).not.toContain("\r");
        expect(demo.stderr).toMatch(/^sent to print +\[#+\] 11\/11$/m);
        expect(demo.stderr).toContain('choose "Immediately"');
        // 8 orders, the book made with Create product, the order cancelled from Shopify, and the
        // proof copy of the book.
        expect(demo.stdout).toContain("All 11 orders ended as expected");
        // The two notebooks whose customer files do not fit stop at the print-file check.
        const stopped = await rawSql(
          database,
          `SELECT id FROM "PrintOrder" WHERE shop = '${DEMO_SHOP}' AND status = 'needs_attention' AND "lastErrorCode" = 'PREFLIGHT_FAILED'`,
        );
        expect(stopped.length - stoppedBefore.length).toBe(2);
        expect(demo.code).toBe(0);
        // Approved one by one through the order action, as the merchant would ...
        const approved = await rawSql(
          database,
          `SELECT e.id FROM "OrderEvent" e WHERE e.shop = '${DEMO_SHOP}' AND e.type = 'approved' AND e.actor = 'merchant'`,
        );
        // (the ten orders make eight print orders that go to print: the split order makes two,
        // the book made with Create product and the order cancelled later one each, the order
        // to a destination nobody serves and the two stopped by the file check none; the proof
        // copy was approved by placing it)
        expect(approved.length - approvedBefore.length).toBe(8);
        // ... and the setting is what it was.
        expect(await demoShopRouting(database)).toEqual({
          routingMode: routing.mode,
          holdHours: routing.holdHours,
        });
      }
    },
  );
});

describe("npm run demo when orders do not get there", () => {
  it(
    "names every stuck order, its state and why, when the time is up",
    { timeout: 120_000 },
    async () => {
      // No worker in the app process and none started: paid orders stay recorded, unplanned.
      const { demoEnv } = await startSandboxApp("off");

      const demo = await runDemo(demoEnv, ["--orders", "8", "--timeout", "5"]);

      expect(demo.code).toBe(1);
      expect(demo.stderr).toContain(
        "sent to print: 11 of 11 order(s) did not get there within 5 s:",
      );
      const stuck = demo.stderr.split("\n").filter((line) => /^\s+#\d+ \(/.test(line));
      expect(stuck).toHaveLength(10);
      // The proof copy was placed in the app (its print order exists) and waits for the worker.
      expect(demo.stderr).toMatch(
        /\n\s+Proof P\d+ \(proof copy of the book \(no Shopify order\)\): PC-proof-\S+ pending: the fulfilment worker has not taken it/,
      );
      for (const line of stuck) {
        expect(line).toMatch(
          /^\s+#\d+ \(.+\): recorded, no print order yet: the fulfilment worker has not taken it: is it running\? \(with WORKER=off, run `npm run worker`\)$/,
        );
      }
    },
  );
});

describe("npm run demo with an order whose webhook is lost", () => {
  it(
    "shows the regular check with Shopify finding it, and says how long that took",
    { timeout: 300_000 },
    async () => {
      // A short interval, as `npm run up` sets in sandbox mode (20 s there).
      const { database, demoEnv } = await startSandboxApp("inline", {
        RECONCILE_INTERVAL_SECONDS: "5",
      });

      const demo = await runDemo(demoEnv, ["--orders", "9", "--timeout", "60"]);

      expect(demo.stdout).toContain("webhook lost: the regular check finds it");
      const note =
        /(#\d+): Shopify never delivered its orders\/paid webhook\. The regular check with Shopify found it (\d+\.\d) s after it was paid; the print service was paid (\d+\.\d) s after\./.exec(
          demo.stdout,
        );
      expect(note, demo.stdout + demo.stderr).not.toBeNull();
      // Found within a round or two of 5 s (the first round starts 5 s after the app).
      expect(Number(note![2])).toBeLessThan(30);
      expect(demo.stdout).toContain("All 12 orders ended as expected");
      expect(demo.code).toBe(0);
      // The app heard of it from the check, and its timeline says so.
      const [order] = await rawSql(
        database,
        `SELECT o.source, (SELECT e.message FROM "OrderEvent" e WHERE e."shopOrderId" = o.id AND e.type = 'found_by_check') AS message FROM "ShopOrder" o WHERE o.shop = '${DEMO_SHOP}' AND o.name = '${note![1]}'`,
      );
      expect(order).toEqual({
        source: "reconcile",
        message: "Found by the regular check with Shopify (its webhook never arrived)",
      });
    },
  );
});
