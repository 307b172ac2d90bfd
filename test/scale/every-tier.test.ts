import "../support/app-env";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookDeliveryRecord } from "../../sandbox/shopify/server";
import "../support/app-env";
import { startChild, type Child } from "./children";
import {
  privatePostgresBinDir,
  startPrivatePostgres,
  type PrivatePostgres,
} from "./private-postgres";
import { call, SHOP, startStandInsShop, type StandInsShop } from "./stand-ins-shop";

/**
 * Every tier can die (issue 26, item 5): the stand-ins run as their own
 * process (`npm run stand-ins`, scripts/stand-ins.ts), two web processes take
 * Shopify's webhooks behind a balancer, two worker processes fulfil. One web
 * process is SIGKILLed while webhooks arrive (a replacement starts, as a
 * process manager would), and PostgreSQL is restarted once: while it is down
 * the webhooks are answered 503 with Retry-After, each logged in one line.
 * After Shopify's retries every order is created and paid at the print
 * service exactly once.
 *
 * PostgreSQL only, and on a server of the test's own (./private-postgres.ts):
 * restarting the shared one would cut the other test files' connections.
 */
const ORDERS = 30;
const binDir = privatePostgresBinDir("test/scale/every-tier");
const runs = binDir !== undefined;

/** Hands each request to the next live web process, as a load balancer does; 502 when it is gone. */
async function startBalancer() {
  const targets: string[] = [];
  let next = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = targets[next++ % Math.max(1, targets.length)];
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
    }
    try {
      if (!target) throw new Error("no web process");
      const response = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!runs)("every tier can die", () => {
  let pgServer: PrivatePostgres | undefined;
  let standIns: StandInsShop | undefined;
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  const children: Child[] = [];
  let printUrl = "";
  let shopifyUrl = "";

  beforeAll(async () => {
    pgServer = await startPrivatePostgres(binDir!);
    // Read by the app's modules when first loaded below (getEnv is read once).
    process.env.DATABASE_URL = pgServer.url;
    balancer = await startBalancer();
    const { MAPPINGS, SANDBOX_KEYS } = await import("../support/fulfilment-harness");
    // `npm run stand-ins`, with the balancer as the app.
    standIns = await startStandInsShop(balancer.url, [
      MAPPINGS.photoBook,
      MAPPINGS.novel,
      MAPPINGS.framedPrint,
    ]);
    printUrl = standIns.printUrl;
    shopifyUrl = standIns.shopifyUrl;
    const { default: prisma } = await import("~/db.server");
    const { callbackId } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    await call(`${printUrl}/__sandbox/merchants/${SANDBOX_KEYS.merchantApiKey}/callback-url`, {
      url: `${balancer.url}/webhooks/print/${callbackId}`,
    });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.process.exitCode === null && child.process.signalCode === null) {
        child.process.kill("SIGKILL");
      }
    }
    await standIns?.close();
    await balancer?.close();
    if (pgServer) {
      const { default: prisma } = await import("~/db.server");
      await prisma.$disconnect();
      pgServer.close();
    }
  });

  const webProcess = (name: string) =>
    startChild(name, shopifyUrl, {
      DATABASE_URL: pgServer!.url,
      SCALE_WORKERS: "0",
      LOG_LEVEL: "warn",
    });
  const workerProcess = (name: string) =>
    startChild(name, shopifyUrl, {
      DATABASE_URL: pgServer!.url,
      SCALE_WORKERS: "1",
      SCALE_LEASE_MS: "5000",
    });

  // An upper bound only: four processes, a database restart and 30 orders took over 60 s on
  // the 2-core machine running the rest of the suite beside it.
  it(`prints and pays each of ${ORDERS} orders exactly once through a web kill and a database restart`, async () => {
    const { MAPPINGS, ADDRESS_NL } = await import("../support/fulfilment-harness");
    const variants = [MAPPINGS.photoBook, MAPPINGS.novel, MAPPINGS.framedPrint];
    const [web1, web2, worker1, worker2] = await Promise.all([
      webProcess("web1"),
      webProcess("web2"),
      workerProcess("worker1"),
      workerProcess("worker2"),
    ]);
    children.push(web1, web2, worker1, worker2);
    balancer!.targets.push(web1.url, web2.url);

    const placed: { id: string; legacyId: string }[] = [];
    const placeAndPay = async (i: number) => {
      const { order } = await call<{ order: { id: string; legacyId: string } }>(
        `${shopifyUrl}/__fake/orders`,
        {
          lineItems: [{ variantId: variants[i % 3]!.variantId }],
          email: `buyer${i}@example.com`,
          shippingAddress: ADDRESS_NL,
          deliver: false,
        },
      );
      placed.push(order);
      await call(`${shopifyUrl}/__fake/orders/${encodeURIComponent(order.id)}/paid`, {
        topics: ["orders/paid"],
      });
    };
    const payAll = async (from: number, to: number, during?: (i: number) => Promise<void>) => {
      let i = from;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (i < to) {
            const n = i++;
            await Promise.all([placeAndPay(n), during?.(n)]);
          }
        }),
      );
    };

    // 1. A web process is killed while webhooks arrive; a replacement takes its place.
    let web3: Child | undefined;
    await payAll(0, 12, async (n) => {
      if (n !== 5) return;
      web1.process.kill("SIGKILL");
      await new Promise((resolve) => web1.process.once("exit", resolve));
      web3 = await webProcess("web3");
      children.push(web3);
      balancer!.targets.splice(0, balancer!.targets.length, web2.url, web3.url);
    });
    expect(web3).toBeDefined();

    // 2. PostgreSQL restarts: while it is down, webhooks are answered 503 with Retry-After.
    pgServer!.stop();
    await payAll(12, 18);
    const deliveries = () =>
      call<WebhookDeliveryRecord[]>(`${shopifyUrl}/__fake/webhooks?topic=orders/paid`);
    const duringOutage = (await deliveries()).slice(-6);
    expect(duringOutage.map((d) => d.attempts.at(-1)?.status)).toEqual(duringOutage.map(() => 503));
    const one = duringOutage[0]!;
    for (const web of [web2, web3!]) {
      const direct = await fetch(`${web.url}/webhooks/orders/paid`, {
        method: "POST",
        headers: one.headers,
        body: one.rawBody,
      });
      expect(direct.status).toBe(503);
      expect(direct.headers.get("retry-after")).toBe("30");
    }
    pgServer!.start();

    // 3. More orders after the restart; then Shopify retries what failed.
    await payAll(18, ORDERS);
    await vi.waitUntil(
      async () => {
        await call(`${shopifyUrl}/__fake/webhooks/retry`, {});
        const all = await deliveries();
        return all.length >= ORDERS && all.every((d) => d.delivered);
      },
      { timeout: 20_000, interval: 200 },
    );
    const all = await deliveries();
    const failedFirst = all.filter((d) => d.attempts.length > 1);
    expect(failedFirst.length).toBeGreaterThanOrEqual(6);
    // Deliveries that reached the killed process failed (the balancer's 502) and came again.
    expect(all.some((d) => d.attempts.some((a) => a.status === 502))).toBe(true);

    // Every order paid at the print service, exactly once.
    const { default: prisma } = await import("~/db.server");
    const ids = placed.map((o) => String(o.legacyId));
    await vi.waitUntil(
      async () => {
        const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: ids } } });
        return rows.length === ORDERS && rows.every((r) => r.status === "paid");
      },
      { timeout: 30_000, interval: 100 },
    );
    const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: ids } } });
    expect(new Set(rows.map((r) => r.shopifyOrderId)).size).toBe(ORDERS);
    const { orders: atService } = await call<{
      orders: { reference: string; history: { to: string }[] }[];
    }>(`${printUrl}/__sandbox/orders`);
    for (const row of rows) {
      const created = atService.filter((o) => o.reference === row.orderReference);
      expect(created).toHaveLength(1);
      expect(created[0]!.history.filter((t) => t.to === "PAID")).toHaveLength(1);
    }

    // The outage was logged one line per delivery, never a stack trace.
    const logged = [...web2.output, ...web3!.output];
    const outageLines = logged.filter((l) => l.includes("orders/paid: answered 503"));
    // Six deliveries and two direct copies, one line each (a status callback
    // caught by the restart may add a line of its own route).
    expect(outageLines).toHaveLength(8);
    for (const line of outageLines) {
      expect(JSON.parse(line)).toMatchObject({
        route: "orders/paid",
        webhookId: expect.any(String),
      });
    }
    expect(logged.filter((l) => /^\s+at /.test(l) || l.includes('"stack"'))).toEqual([]);

    for (const child of [web2, web3!, worker1, worker2]) child.process.kill("SIGTERM");
  }, 180_000);
});
