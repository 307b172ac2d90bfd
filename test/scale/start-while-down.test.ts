import "../support/app-env";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_SHOP_DOMAIN, installShopifyRedirect, mintSessionToken } from "../../sandbox/shopify";
import type { WebhookDeliveryRecord } from "../../sandbox/shopify/server";
import {
  TEST_API_KEY,
  TEST_API_SECRET,
  TEST_APP_URL,
  TEST_ENCRYPTION_KEY,
  testDatabaseProvider,
} from "../support/app-env";
import {
  freePort,
  startServerProcess,
  startWorkerProcess,
  waitForOutput,
  waitUntilAnswering,
  type ServerProcess,
} from "../support/server-process";
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from "./private-postgres";

/**
 * Processes that start while their database is down wait for it (issue 37, item 3): the web
 * process (`npm start` with WORKER=off) and a worker (`npm run worker`), both the real entries
 * on the production build, are started while PostgreSQL is stopped. Each says so, one line a
 * try; the web process answers Shopify's webhooks 503 with Retry-After meanwhile. PostgreSQL
 * is then started; both go on, and after Shopify's retries every order paid meanwhile is
 * created and paid at the print service exactly once.
 *
 * PostgreSQL only, on a server of the test's own (./private-postgres.ts): stopping the shared
 * one would cut the other test files' connections.
 */
const ORDERS = 6;
const root = path.resolve(import.meta.dirname, "../..");
const SHOP = DEMO_SHOP_DOMAIN;
const binDir = postgresBinDir();
const runs = testDatabaseProvider === "postgresql" && binDir !== undefined;

if (!runs) {
  console.warn(
    "test/scale/start-while-down: runs on PostgreSQL only (npm run test:pg) with PostgreSQL's server programs (initdb, pg_ctl) installed; skipped",
  );
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe.skipIf(!runs)("web and worker processes started while PostgreSQL is down", () => {
  let pgServer: PrivatePostgres | undefined;
  let standIns: ChildProcess | undefined;
  let uninstallRedirect: (() => Promise<void>) | undefined;
  let printUrl = "";
  let shopifyUrl = "";
  let webPort = 0;

  beforeAll(async () => {
    pgServer = await startPrivatePostgres(binDir!);
    // Read by the app's modules when first loaded below (getEnv is read once).
    process.env.DATABASE_URL = pgServer.url;
    const [printPort, shopifyPort] = [await freePort(), await freePort()];
    webPort = await freePort();
    printUrl = `http://127.0.0.1:${printPort}`;
    shopifyUrl = `http://127.0.0.1:${shopifyPort}`;
    // `npm run stand-ins`, with the test app's credentials and the web process as the app.
    standIns = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts", "stand-ins.ts")],
      {
        cwd: root,
        env: {
          ...process.env,
          PRINT_SANDBOX_URL: printUrl,
          SANDBOX_SHOPIFY_PORT: String(shopifyPort),
          SHOPIFY_APP_URL: `http://127.0.0.1:${webPort}`,
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    createInterface({ input: standIns.stdout! }).on("line", () => undefined);
    await vi.waitUntil(
      async () =>
        (await fetch(`${printUrl}/__sandbox/health`).catch(() => null))?.ok === true &&
        (await fetch(`${shopifyUrl}/__fake/state`).catch(() => null))?.ok === true,
      { timeout: 30_000, interval: 100 },
    );

    // Installed the way Shopify does it, through the stand-ins process, while the database is up.
    uninstallRedirect = installShopifyRedirect({ target: shopifyUrl });
    const { authenticate } = await import("~/shopify.server");
    const token = mintSessionToken({
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      shop: SHOP,
    });
    await authenticate.admin(
      new Request(`${TEST_APP_URL}/app`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    const { savePrintSettings } = await import("~/data/print-settings.server");
    const { saveMapping } = await import("~/data/mapping.server");
    const { MAPPINGS, SANDBOX_KEYS } = await import("../support/fulfilment-harness");
    await savePrintSettings({
      shop: SHOP,
      input: {
        printEnvironment: "sandbox",
        printBaseUrl: printUrl,
        ...SANDBOX_KEYS,
        currency: "EUR",
      },
    });
    for (const mapping of [MAPPINGS.photoBook, MAPPINGS.novel]) {
      await saveMapping({ shop: SHOP, mapping });
    }
  }, 120_000);

  afterAll(async () => {
    standIns?.kill("SIGTERM");
    await uninstallRedirect?.();
    if (pgServer) {
      const { default: prisma } = await import("~/db.server");
      await prisma.$disconnect();
      pgServer.close();
    }
  });

  it(`both wait for it, then serve; the ${ORDERS} orders paid meanwhile are printed once`, async () => {
    const { MAPPINGS, ADDRESS_NL } = await import("../support/fulfilment-harness");
    const { default: prisma } = await import("~/db.server");
    // The app's Shopify mode, as in production; its Admin API calls have no Shopify to reach
    // here, and the print path does not need them.
    const env = {
      NODE_ENV: "production",
      SHOPIFY_API_KEY: TEST_API_KEY,
      SHOPIFY_API_SECRET: TEST_API_SECRET,
      SHOPIFY_APP_URL: `http://127.0.0.1:${webPort}`,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATABASE_URL: pgServer!.url,
      DATABASE_START_WAIT_SECONDS: "120",
      // The print sandbox listens on loopback, which production refuses unless allowed.
      PRINT_ALLOWED_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: "info",
    };

    pgServer!.stop();
    const processes: ServerProcess[] = [];
    try {
      const web = await startServerProcess({
        ...env,
        PORT: String(webPort),
        HOST: "127.0.0.1",
        WORKER: "off",
      });
      const worker = await startWorkerProcess(env);
      processes.push(web, worker);
      // Each waits, saying so in one line a try with the reason.
      await waitForOutput(web, "waiting for the database (try 2)");
      await waitForOutput(worker, "waiting for the database (try 2)");
      const waiting = await fetch(`http://127.0.0.1:${webPort}/healthz`);
      expect(waiting.status).toBe(503);
      expect(await waiting.json()).toMatchObject({ database: "waiting for the database" });

      // Orders paid meanwhile: Shopify's webhooks are answered 503 with Retry-After.
      const placed: string[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const variant = i % 2 ? MAPPINGS.novel : MAPPINGS.photoBook;
        const { order } = await call<{ order: { id: string; legacyId: string } }>(
          `${shopifyUrl}/__fake/orders`,
          {
            lineItems: [{ variantId: variant.variantId }],
            email: `buyer${i}@example.com`,
            shippingAddress: ADDRESS_NL,
            deliver: false,
          },
        );
        placed.push(String(order.legacyId));
        await call(`${shopifyUrl}/__fake/orders/${encodeURIComponent(order.id)}/paid`, {
          topics: ["orders/paid"],
        });
      }
      const deliveries = () =>
        call<WebhookDeliveryRecord[]>(`${shopifyUrl}/__fake/webhooks?topic=orders/paid`);
      const meanwhile = await deliveries();
      expect(meanwhile.map((d) => d.attempts.at(-1)?.status)).toEqual(meanwhile.map(() => 503));
      const one = meanwhile[0]!;
      const direct = await fetch(`http://127.0.0.1:${webPort}/webhooks/orders/paid`, {
        method: "POST",
        headers: one.headers,
        body: one.rawBody,
      });
      expect(direct.status).toBe(503);
      expect(direct.headers.get("retry-after")).toMatch(/^\d+$/);

      // PostgreSQL comes back: both go on without a restart.
      pgServer!.start();
      await waitUntilAnswering(web, `http://127.0.0.1:${webPort}/healthz`);
      await waitForOutput(worker, "fulfilment worker started");

      // Shopify retries what failed; the worker prints each order once.
      await vi.waitUntil(
        async () => {
          await call(`${shopifyUrl}/__fake/webhooks/retry`, {});
          const all = await deliveries();
          return all.length >= ORDERS && all.every((d) => d.delivered);
        },
        { timeout: 30_000, interval: 200 },
      );
      await vi.waitUntil(
        async () => {
          const rows = await prisma.printOrder.findMany({
            where: { shopifyOrderId: { in: placed } },
          });
          return rows.length === ORDERS && rows.every((r) => r.status === "paid");
        },
        { timeout: 60_000, interval: 200 },
      );
      const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: placed } } });
      const { orders: atService } = await call<{
        orders: { reference: string; history: { to: string }[] }[];
      }>(`${printUrl}/__sandbox/orders`);
      for (const row of rows) {
        const created = atService.filter((o) => o.reference === row.orderReference);
        expect(created).toHaveLength(1);
        expect(created[0]!.history.filter((t) => t.to === "PAID")).toHaveLength(1);
      }

      // One line a try, each with its reason; no stack trace, no "could not start".
      for (const process of [web, worker]) {
        const tries = process
          .stdout()
          .split("\n")
          .filter((l) => l.includes("waiting for the database (try"));
        expect(tries.length).toBeGreaterThanOrEqual(2);
        for (const line of tries) expect(line).toMatch(/ECONNREFUSED|refused|reach/i);
        expect(process.stderr()).not.toMatch(/could not start|^\s+at /m);
      }
    } finally {
      for (const process of processes) expect((await process.stop()).code).toBe(0);
    }
  }, 240_000);
});
