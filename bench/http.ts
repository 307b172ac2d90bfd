/** The built server on loopback, a bare reference route, signed deliveries, the load child. */
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { authenticate } from "../app/shopify.server";
import { requestContext } from "../server/app.js";
import { directActionsFirst } from "../server/direct-actions.js";
import { webhookHeaders } from "../sandbox/shopify/webhooks";
import { paidOrderPayload } from "../test/support/orders";
import { benchDir, BENCH_API_SECRET, BENCH_APP_URL } from "./env";
import { ROOT, summarize } from "./lib";

/** Node request -> Fetch Request, as @remix-run/express does it. */
async function toRequest(req: express.Request): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(`${BENCH_APP_URL}${req.url}`, {
    method: req.method,
    headers,
    body: Buffer.concat(chunks),
  });
}

const FIXED_RATES = {
  rates: [
    {
      service_name: "Print shipping",
      service_code: "print-connect-standard",
      total_price: "595",
      currency: "EUR",
      description: "Printed to order",
    },
  ],
};

export async function serve(build: ServerBuild) {
  const app = express();
  app.disable("x-powered-by");
  // The reference: the framework's webhook check and nothing else.
  app.post("/bare/webhooks/orders/paid", async (req, res) => {
    try {
      await authenticate.webhook(await toRequest(req));
      res.status(200).end();
    } catch (error) {
      res.status(error instanceof Response ? error.status : 500).end();
    }
  });
  // The reference for warm carrier rates: reads the body, answers a fixed rate.
  app.post("/bare/carrier/rates", async (req, res) => {
    for await (const _chunk of req) void _chunk;
    res.status(200).json(FIXED_RATES);
  });
  app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: requestContext }));
  // As server/app.js serves them: the order webhook and the callbacks first, without express.
  const server = http.createServer(directActionsFirst(app, build, requestContext));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let orderId = 9_000_000;
/** `count` signed orders/paid deliveries of distinct one-line orders. */
export function deliveries(count: number, pathPrefix: string, shop: string, variant: number) {
  return Array.from({ length: count }, () => {
    const id = ++orderId;
    const body = JSON.stringify(
      paidOrderPayload({
        id,
        lines: [{ id: id * 10, variantId: variant, quantity: 1, title: "Photo book" }],
      }),
    );
    const headers = webhookHeaders({
      topic: "orders/paid",
      shop,
      body,
      secret: BENCH_API_SECRET,
    }) as unknown as Record<string, string>;
    return { path: `${pathPrefix}/webhooks/orders/paid`, headers, body };
  });
}

export interface PlannedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export async function runLoad(
  origin: string,
  requests: PlannedRequest[],
  { concurrency, maxMs }: { concurrency: number; maxMs: number },
) {
  const plan = path.join(benchDir, `plan-${Date.now()}.json`);
  writeFileSync(plan, JSON.stringify({ origin, concurrency, maxMs, requests }));
  // Asynchronously: the server answering the load runs on this thread.
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, "bench", "load.mjs"), plan],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  rmSync(plan);
  const r = JSON.parse(String(out)) as {
    elapsedMs: number;
    sent: number;
    latencies: number[];
    statuses: Record<string, number>;
  };
  return {
    sent: r.sent,
    elapsedMs: Math.round(r.elapsedMs),
    perSecond: Math.round((r.sent / r.elapsedMs) * 1000 * 10) / 10,
    statuses: r.statuses,
    latency: summarize(r.latencies),
  };
}
