import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { addDocumentResponseHeaders, authenticate } from "./shopify.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { startFulfilmentWorker, stopFulfilmentWorker } from "./worker.server";
import {
  answerTheApp,
  fulfilmentThreadData,
  serverBuildUrl,
  startFulfilmentThread,
  type FulfilmentThread,
} from "./lib/worker-thread.server";
import { registerSandboxSmtpUrl, sandboxSmtpUrl } from "./lib/sandbox-mail.server";
import { enterSandboxMode, joinStandInsForWorker, stopSandboxMode } from "./dev/start.server";
import { redirectShopifyTo } from "./dev/stand-ins.server";
import prisma from "./db.server";
import { ensureDatabaseReady } from "./lib/database-ready.server";
import { markDatabaseReady, markWaitingForDatabase } from "./lib/startup-state.server";
import { preloadTheLoadedAppBridge } from "./lib/app-bridge-preload.server";

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  preloadTheLoadedAppBridge(responseHeaders);
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} />,
      {
        [callbackName]: () => {
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          // eslint-disable-next-line no-console
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A database that was never set up, or is behind this version, stops the
 * process with one line naming `npm run setup`; sandbox mode applies the
 * migrations itself instead. One that cannot be reached is waited for
 * (DATABASE_START_WAIT_SECONDS) before the process gives up.
 */
async function prepareDatabase() {
  const env = getEnv();
  // A database that cannot be reached yet (restarting, a failover) is waited for, one line
  // per try with its reason; /healthz says so meanwhile.
  await ensureDatabaseReady({
    db: prisma,
    databaseUrl: env.databaseUrl,
    applyMigrations: env.mode === "sandbox",
    waitMs: env.databaseStartWaitMs,
    onWaiting: ({ reason, attempt, nextInMs, waitedMs }) => {
      markWaitingForDatabase(reason);
      getLogger().warn(
        { attempt, reason, nextInMs, waitedMs, waitLimitMs: env.databaseStartWaitMs },
        `waiting for the database (try ${attempt}): ${reason}; next try in ${Math.round(nextInMs / 1000)} s`,
      );
    },
    onMigrated: (applied) =>
      getLogger().info({ migrations: applied }, "sandbox mode: database set up"),
  });
  markDatabaseReady();
}

/**
 * Called by server.js once the HTTP server listens. It checks the database,
 * then in sandbox mode starts the local stand-ins (a rejection stops the
 * server with its message).
 */
export async function onServerStarted({ port }: { port: number }) {
  const env = getEnv();
  await prepareDatabase();
  getLogger().info(
    { port, mode: env.mode, worker: env.worker },
    `Print Connect listening on http://localhost:${port} (${env.mode} mode)`,
  );
  // The stand-ins' servers are loaded (import()) only here, in sandbox mode:
  // joined when `npm run stand-ins` (or another `npm start`) runs them, else started here.
  const sandbox =
    env.mode === "sandbox" && env.nodeEnv !== "test" ? await enterSandboxMode() : undefined;
  if (env.worker === "inline") {
    const shopifyStandInUrl =
      sandbox && ("joined" in sandbox ? sandbox.shopifyUrl : sandbox.shopify.url);
    inlineThread = await startInlineWorker(shopifyStandInUrl);
  }
}

let inlineThread: FulfilmentThread | undefined;

/**
 * WORKER=inline: the worker on a thread of its own (lib/worker-thread.server.ts), so that its
 * statements never hold up a request. Run from source (no built module for a thread to load),
 * it stays on this thread.
 */
async function startInlineWorker(shopifyStandInUrl: string | undefined) {
  const built = serverBuildUrl();
  if (!built) {
    startFulfilmentWorker();
    return undefined;
  }
  const smtp = shopifyStandInUrl ? await sandboxSmtpUrl() : null;
  return startFulfilmentThread({
    serverBuildUrl: built,
    ...(shopifyStandInUrl ? { shopifyStandInUrl } : {}),
    ...(smtp ? { sandboxSmtpUrl: smtp } : {}),
  });
}

/** Called by server.js on SIGTERM/SIGINT: finish the step in hand, then stop. */
export async function onServerStopping() {
  await inlineThread?.stop();
  inlineThread = undefined;
  await stopFulfilmentWorker();
  await stopSandboxMode();
}

/** `npm run worker`: the fulfilment worker as its own process. */
export async function runWorkerProcess() {
  await prepareDatabase();
  const env = getEnv();
  // Sandbox mode: Shopify calls go to the stand-in another process runs.
  const leaveStandIns =
    env.mode === "sandbox" && env.nodeEnv !== "test" ? await joinStandInsForWorker() : undefined;
  const worker = startFulfilmentWorker();
  const stop = () =>
    void stopFulfilmentWorker()
      .then(() => leaveStandIns?.())
      .then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return worker;
}

/**
 * WORKER=inline's thread (lib/worker-thread.server.ts): the worker and the periodic jobs as
 * `npm run worker` runs them, on the database the app process has already checked.
 */
export async function runFulfilmentThread() {
  const { shopifyStandInUrl, sandboxSmtpUrl: smtp } = fulfilmentThreadData();
  // Sandbox mode: a thread has its own fetch dispatcher and module state, so the Shopify
  // redirect and the mail server's address are set here too.
  const leaveStandIns = shopifyStandInUrl ? await redirectShopifyTo(shopifyStandInUrl) : undefined;
  if (smtp) registerSandboxSmtpUrl(smtp);
  startFulfilmentWorker();
  answerTheApp(async () => {
    await stopFulfilmentWorker();
    await leaveStandIns?.();
  });
}

/**
 * The library's webhook check, as bench:ingest's reference route calls it in a web process of
 * the built app alone (bench/ingest-server.mjs).
 */
export const authenticateWebhookForBench = (request: Request) => authenticate.webhook(request);
