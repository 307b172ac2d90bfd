// The web process of bench:ingest and bench:callbacks: the built app alone (no tsx, no
// harness), served as server/app.js serves it (the order webhook straight to its route's
// action, everything else through Remix), plus the bare reference route: the library's webhook
// check and a 200. Its environment comes from the parent (bench/env.ts); with WORKER=inline the
// fulfilment worker runs in it as under `npm start` (started and stopped as server.js does).
// It says its port over IPC once ready, then answers the parent's questions: its CPU time, its
// peak resident memory.
import http from "node:http";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { requestContext } from "../server/app.js";
import { directActionsFirst } from "../server/direct-actions.js";
import { answerStatsQuestion } from "./process-stats.mjs";

const build = await import("../build/server/index.js");
const { authenticateWebhookForBench } = build.entry.module;
const appUrl = process.env.SHOPIFY_APP_URL;

/** Node request -> Fetch Request, as plainly as it can be done: the reference's conversion. */
async function toRequest(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(`${appUrl}${req.url}`, {
    method: req.method,
    headers,
    body: Buffer.concat(chunks),
  });
}

const app = express();
app.disable("x-powered-by");
app.post("/bare/webhooks/orders/paid", async (req, res) => {
  try {
    await authenticateWebhookForBench(await toRequest(req));
    res.status(200).end();
  } catch (error) {
    res.status(error instanceof Response ? error.status : 500).end();
  }
});
app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: requestContext }));

// As server/app.js serves them: the order webhook and the callbacks first, without express.
const server = http.createServer(directActionsFirst(app, build, requestContext));
server.keepAliveTimeout = 60_000;
const inlineWorker = process.env.WORKER === "inline";
server.listen(0, "127.0.0.1", async () => {
  const { port } = server.address();
  if (inlineWorker) await build.entry.module.onServerStarted({ port });
  process.send?.({ port, rss: process.memoryUsage().rss });
});
process.on("message", (message) => {
  if (answerStatsQuestion(message)) return;
  if (message === "stop") {
    server.close();
    server.closeAllConnections();
    if (!inlineWorker) process.exit(0);
    void build.entry.module.onServerStopping().finally(() => process.exit(0));
  }
});
