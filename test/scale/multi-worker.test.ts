/**
 * Scale-out on PostgreSQL: three app processes (this one and two children)
 * receive the same stream of orders/paid webhooks and status callbacks, and six
 * workers (four here, each on its own Prisma client, and one in each child)
 * claim print orders from the one shared database. Every order must end up
 * created and paid at the print service exactly once — counted in the
 * sandbox's own order list and request log — and none lost.
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChild, type Child } from "./children";
import prisma, { createPrismaClient } from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import {
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  SANDBOX_KEYS,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

const ORDERS = Number(process.env.SCALE_ORDERS ?? 200);
const IN_PROCESS_WORKERS = 4;
const CHILD_PROCESSES = 2;
const onPostgres = testDatabaseProvider === "postgresql";

if (!onPostgres) {
  console.warn("test/scale: runs on PostgreSQL only (npm run test:pg); skipped on SQLite");
}

/** Hands each request to the next app process in turn, as a load balancer does. */
async function startBalancer(targets: string[]) {
  let next = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = targets[next++ % targets.length]!;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
    }
    try {
      const response = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(response.status, {
        "content-type": response.headers.get("content-type") ?? "text/plain",
      });
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function pool<T, R>(items: T[], size: number, fn: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

describe.skipIf(!onPostgres)("several app processes and workers on one PostgreSQL database", () => {
  let h: Harness;
  let children: Child[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  const silent = { debug() {}, info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    h = await startHarness();
    for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
    children = await Promise.all(
      Array.from({ length: CHILD_PROCESSES }, (_, i) => startChild(`app${i + 2}`, h.shopify.url)),
    );
    balancer = await startBalancer([h.appUrl, ...children.map((c) => c.url)]);
    h.shopify.control.setAppUrl(balancer.url);
    h.sandbox.control.setCallbackUrl(
      SANDBOX_KEYS.merchantApiKey,
      `${balancer.url}/webhooks/print/${h.callbackId}`,
    );
  }, 60_000);

  afterAll(async () => {
    for (const child of children)
      if (child.process.exitCode === null) child.process.kill("SIGKILL");
    await balancer?.close();
    await h?.close();
  });

  it(`creates and pays each of ${ORDERS} orders exactly once`, async () => {
    const started = Date.now();
    const stop = { now: false };
    const claims: Record<string, number> = {};
    const local = Array.from({ length: IN_PROCESS_WORKERS }, (_, i) => {
      const db = createPrismaClient(testDatabaseUrl);
      const worker = new FulfilmentWorker(
        {
          store: fulfilmentStore(db),
          printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
          shopify: shopifyAdmin,
          logger: silent,
        },
        { workerId: `app1-w${i + 1}`, leaseMs: 30_000, baseBackoffMs: 1, maxBackoffMs: 5 },
      );
      claims[worker.id] = 0;
      return (async () => {
        while (!stop.now) {
          const n = await worker.runOnce();
          claims[worker.id]! += n;
          if (n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await db.$disconnect();
      })();
    });

    // Every order's webhook comes twice; every other order's copies at once.
    const products = [MAPPINGS.photoBook, MAPPINGS.novel, MAPPINGS.framedPrint];
    const placed = await pool(
      Array.from({ length: ORDERS }, (_, i) => i),
      8,
      async (i) => {
        const { order, deliveries } = await placePaidOrder(
          h,
          [{ variantId: products[i % products.length]!.variantId, quantity: 1 + (i % 2) }],
          { duplicates: 1, concurrent: i % 2 === 0 },
        );
        return { order, deliveries };
      },
    );
    // A delivery the app did not answer within Shopify's timeout (a busy machine) is sent
    // again with the same webhook id, as Shopify does; every answer must then be 200.
    const deliveries = placed.flatMap((p) => p.deliveries);
    for (let round = 0; round < 3 && deliveries.some((d) => !d.delivered); round++) {
      await h.shopify.control.retryFailedWebhooks();
    }
    expect(
      deliveries.flatMap((d) => d.attempts.filter((a) => a.status !== 200 && a.status !== 0)),
    ).toEqual([]);
    expect(deliveries.map((d) => d.attempts.at(-1)?.status).filter((s) => s !== 200)).toEqual([]);
    const placedMs = Date.now() - started;

    const deadline = Date.now() + 90_000;
    let paid = 0;
    while (Date.now() < deadline) {
      paid = await prisma.printOrder.count({ where: { shop: SHOP, status: "paid" } });
      if (paid === ORDERS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const paidMs = Date.now() - started;
    stop.now = true;
    await Promise.all(local);
    for (const child of children) child.process.kill("SIGTERM");
    for (const child of children) Object.assign(claims, await child.claims);

    // The app's side: one shop order and one paid print order per Shopify order.
    expect(paid).toBe(ORDERS);
    expect(await prisma.shopOrder.count({ where: { shop: SHOP } })).toBe(ORDERS);
    const rows = await prisma.printOrder.findMany({ where: { shop: SHOP } });
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((r) => r.printOrderId)).size).toBe(ORDERS);

    // The print service's side: its own order list and request log.
    const serviceOrders = h.sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
    expect(serviceOrders).toHaveLength(ORDERS);
    expect(new Set(serviceOrders.map((o) => o.reference))).toEqual(
      new Set(rows.map((r) => r.orderReference)),
    );
    for (const order of serviceOrders) {
      expect(order.state, order.reference).toBe("PAID");
      expect(
        order.history.filter((e) => e.to === "PAID"),
        order.reference,
      ).toHaveLength(1);
    }
    const ok = (op: string) =>
      h.sandbox.control
        .requests({ op, limit: 100_000 })
        .filter((r) => r.status >= 200 && r.status < 300).length;
    const refused = (op: string) =>
      h.sandbox.control.requests({ op, limit: 100_000 }).filter((r) => r.status >= 400).length;
    expect(ok("order.create")).toBe(ORDERS);
    expect(ok("order.payment")).toBe(ORDERS);
    // No worker even tried a second create or payment (a refused duplicate would show here).
    expect(refused("order.create")).toBe(0);
    expect(refused("order.payment")).toBe(0);

    // Everyone took part.
    expect(Object.keys(claims)).toHaveLength(IN_PROCESS_WORKERS + CHILD_PROCESSES);
    for (const [id, n] of Object.entries(claims)) expect(n, id).toBeGreaterThan(0);
    console.log(
      `test/scale: ${ORDERS} orders, ${placed.length * 2} webhook deliveries over 3 app processes; ` +
        `all placed in ${placedMs} ms, all paid after ${paidMs} ms; claims per worker ${JSON.stringify(claims)}`,
    );
  }, 180_000);
});
