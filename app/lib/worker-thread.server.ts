/**
 * The inline fulfilment worker (WORKER=inline) on a thread of its own in the app process
 * (docs/decisions/0038-the-inline-worker-on-its-own-thread.md). On the request thread its
 * steps competed with every answer: SQLite's statements run synchronously on the thread that
 * calls them, and Prisma's query planning and the print service's JSON are CPU on it too.
 *
 * The thread imports the built server module and calls its entry's runFulfilmentThread
 * (app/entry.server.tsx), which runs the worker and the periodic jobs as `npm run worker` does.
 * The app's side (startFulfilmentThread) starts it, forwards "new work" nudges, starts it again
 * when it dies, and stops it on shutdown after the step in hand.
 */
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, parentPort, workerData } from "node:worker_threads";
import { getLogger } from "./logger.server";
import { onWorkAvailable, signalWorkAvailable } from "./worker-signal.server";

/** What the thread needs of this process that an environment variable does not say. */
export interface FulfilmentThreadData {
  /** The built server module (build/server/index.js) whose entry runs the thread. */
  serverBuildUrl: string;
  /** Sandbox mode: where this process's Shopify stand-in and mail server listen. */
  shopifyStandInUrl?: string;
  sandboxSmtpUrl?: string;
}

/** The app's messages to the thread: new work was recorded; finish the step in hand and end. */
type ToThread = "nudge" | "stop";

/** A thread that dies is started again after 1 s, doubling to at most this. */
const RESTART_AT_MOST_MS = 30_000;
/** A thread still in its step this long after "stop" is ended (its lease frees the order). */
const STOP_WAIT_MS = 20_000;

// Runs as an evaluated script (no file of its own to find next to the build): imports the
// built module and hands over to its entry.
const THREAD_MAIN = `
const { workerData } = require("node:worker_threads");
import(workerData.serverBuildUrl).then((build) => build.entry.module.runFulfilmentThread());
`;

/**
 * The production server build's entry (build/server/index.js) that this code was built into,
 * or null when it runs from the sources (vitest, the dev server), which a thread cannot load.
 * This code is in a chunk of the build (build/server/assets/) or in its entry: the entry is
 * looked for beside it, then one folder up.
 */
export function serverBuildUrl(moduleUrl: string = import.meta.url): string | null {
  const here = fileURLToPath(moduleUrl);
  if (!/\.m?js$/.test(here)) return null;
  const dir = path.dirname(here);
  const entry = [path.join(dir, "index.js"), path.join(dir, "..", "index.js")].find(existsSync);
  return entry ? pathToFileURL(entry).href : null;
}

export interface FulfilmentThread {
  stop(): Promise<void>;
}

/** Starts the worker thread; the stop waits for its step in hand (at most `stopWaitMs`). */
export function startFulfilmentThread(
  data: FulfilmentThreadData,
  { stopWaitMs = STOP_WAIT_MS }: { stopWaitMs?: number } = {},
): FulfilmentThread {
  const log = getLogger().child({ component: "worker-thread" });
  let thread: Worker | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;
  let startedAt = 0;

  const start = () => {
    startedAt = Date.now();
    const started = new Worker(THREAD_MAIN, {
      eval: true,
      workerData: data,
      name: "fulfilment-worker",
    });
    thread = started;
    started.on("error", (error) => {
      log.error({ err: error }, "the fulfilment worker thread failed");
    });
    started.on("exit", (code) => {
      if (thread === started) thread = undefined;
      if (stopping) return;
      // Its claims free themselves when their lease runs out; a new thread takes them then.
      if (Date.now() - startedAt > RESTART_AT_MOST_MS) failuresInARow = 0;
      const waitMs = Math.min(RESTART_AT_MOST_MS, 1_000 * 2 ** failuresInARow);
      failuresInARow++;
      log.warn(
        { exitCode: code, restartInMs: waitMs },
        `the fulfilment worker thread stopped (exit code ${code}); starting it again in ${Math.round(waitMs / 1000)} s`,
      );
      restartTimer = setTimeout(start, waitMs);
      restartTimer.unref();
    });
  };

  const send = (message: ToThread) => thread?.postMessage(message);
  const unsubscribe = onWorkAvailable(() => send("nudge"));
  start();

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      unsubscribe();
      clearTimeout(restartTimer);
      const running = thread;
      if (!running) return;
      const exited = once(running, "exit", { signal: AbortSignal.timeout(stopWaitMs) });
      running.postMessage("stop" satisfies ToThread);
      try {
        await exited;
      } catch {
        log.warn(
          { waitedMs: stopWaitMs },
          "the fulfilment worker thread did not stop in time; ended",
        );
        await running.terminate();
      }
    },
  };
}

/** On the worker thread: what the app process gave it. Throws anywhere else. */
export function fulfilmentThreadData(): FulfilmentThreadData {
  if (!parentPort) throw new Error("this runs on the fulfilment worker thread only");
  return workerData as FulfilmentThreadData;
}

/**
 * On the worker thread: the app's nudges wake the worker; "stop" runs `stop` (the step in hand
 * finishes) and ends the thread.
 */
export function answerTheApp(stop: () => Promise<void>): void {
  parentPort?.on("message", (message: ToThread) => {
    if (message === "nudge") signalWorkAvailable();
    if (message === "stop") {
      void stop()
        .catch((error: unknown) =>
          getLogger().error({ err: error }, "the fulfilment worker did not stop cleanly"),
        )
        // process.exit on a worker thread ends the thread, not the app.
        .finally(() => process.exit(0));
    }
  });
}
