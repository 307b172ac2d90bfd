import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookDeliveryRecord } from "../../sandbox/shopify/server";
import { TEST_API_KEY, TEST_API_SECRET, TEST_ENCRYPTION_KEY } from "../support/app-env";
import {
  freePort,
  startServerProcess,
  startWorkerProcess,
  waitForOutput,
  waitUntilAnswering,
  type ServerProcess,
} from "../support/server-process";
import {
  privatePostgresBinDir,
  startPrivatePostgres,
  type PrivatePostgres,
} from "./private-postgres";
import { call, startStandInsShop, type StandInsShop } from "./stand-ins-shop";

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
const binDir = privatePostgresBinDir("test/scale/start-while-down");
const runs = binDir !== undefined;

describe.skipIf(!runs)("web and worker processes started while PostgreSQL is down", () => {
  let pgServer: PrivatePostgres | undefined;
  let standIns: StandInsShop | undefined;
  let webPort = 0;

  beforeAll(async () => {
    pgServer = await startPrivatePostgres(binDir!);
    // Read by the app's modules when first loaded below (getEnv is read once).
    process.env.DATABASE_URL = pgServer.url;
    webPort = await freePort();
    const { MAPPINGS } = await import("../support/fulfilment-harness");
    // Installed while the database is up, with the web process as the app.
    standIns = await startStandInsShop(`http://127.0.0.1:${webPort}`, [
      MAPPINGS.photoBook,
      MAPPINGS.novel,
    ]);
  }, 120_000);

  afterAll(async () => {
    await standIns?.close();
    if (pgServer) {
      const { default: prisma } = await import("~/db.server");
      await prisma.$disconnect();
      pgServer.close();
    }
  });

  it(`both wait for it, then serve; the ${ORDERS} orders paid meanwhile are printed once`, async () => {
    const { MAPPINGS, ADDRESS_NL } = await import("../support/fulfilment-harness");
    const { default: prisma } = await import("~/db.server");
    const { printUrl, shopifyUrl } = standIns!;
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
    let passed = false;
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
        { timeout: 90_000, interval: 200 },
      );
      await vi.waitUntil(
        async () => {
          const rows = await prisma.printOrder.findMany({
            where: { shopifyOrderId: { in: placed } },
          });
          return rows.length === ORDERS && rows.every((r) => r.status === "paid");
        },
        { timeout: 120_000, interval: 200 },
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
      passed = true;
    } finally {
      const ends = [];
      for (const process of processes) ends.push({ end: await process.stop(), process });
      // Both end on SIGTERM with code 0; a failure above is reported as itself, not hidden by
      // this (a process still waiting for the database at start ends by the signal).
      if (passed) {
        for (const [i, { end, process }] of ends.entries()) {
          const name = i === 0 ? "the web process" : "the worker process";
          expect(
            end,
            `${name}'s end, after:\n${process.stdout().slice(-1_500)}\n${process.stderr().slice(-1_000)}`,
          ).toEqual({
            code: 0,
            signal: null,
          });
        }
      }
    }
  }, 420_000);
});
