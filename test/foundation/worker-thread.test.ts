/**
 * The inline worker's thread (app/lib/worker-thread.server.ts), with a stand-in for the built
 * module it loads (test/fixtures/fulfilment-thread/index.js): nudges reach it, a thread that
 * dies is started again, the stop waits for the step in hand (and ends a thread that does not
 * stop), and a busy thread does not hold up the app's own. What the fixture reports travels on a
 * BroadcastChannel, whose messages can come after the thread's end; so the stop's proof is a
 * flag in shared memory instead. The real worker on the thread runs in the sandbox-mode demo
 * tests (an app process with WORKER=inline).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  serverBuildUrl,
  startFulfilmentThread,
  type FulfilmentThread,
  type FulfilmentThreadData,
} from "~/lib/worker-thread.server";
import { signalWorkAvailable } from "~/lib/worker-signal.server";

const fixture = pathToFileURL(
  path.resolve(import.meta.dirname, "../fixtures/fulfilment-thread/index.js"),
).href;

interface ThreadEvent {
  event: string;
  threadId: number;
  data?: Record<string, unknown>;
}

/** The thread's reports, as they arrive. */
function listen() {
  const name = `fulfilment-thread-${randomUUID()}`;
  const channel = new BroadcastChannel(name);
  const events: ThreadEvent[] = [];
  channel.onmessage = (message: MessageEvent<ThreadEvent>) => void events.push(message.data);
  const seen = (event: string) => events.filter((e) => e.event === event);
  return {
    name,
    events,
    seen,
    until: (event: string, count = 1) =>
      vi.waitUntil(() => seen(event).length >= count, { timeout: 10_000, interval: 10 }),
    tell: (command: Record<string, unknown>) => channel.postMessage(command),
    close: () => channel.close(),
  };
}

let running: FulfilmentThread | undefined;
let channel: ReturnType<typeof listen> | undefined;
afterEach(async () => {
  await running?.stop();
  channel?.close();
  running = undefined;
  channel = undefined;
});

/** The thread on the fixture, which reports on the channel named in its data. */
function startOnFixture(
  data: Partial<FulfilmentThreadData> = {},
  options?: { stopWaitMs?: number },
) {
  channel = listen();
  const withChannel = { serverBuildUrl: fixture, ...data, channel: channel.name };
  running = startFulfilmentThread(withChannel as FulfilmentThreadData, options);
  return { thread: running, channel };
}

describe("the fulfilment worker thread", () => {
  it("loads the built module's entry with the app's data and wakes on new work", async () => {
    const { channel } = startOnFixture({ shopifyStandInUrl: "http://127.0.0.1:1" });
    await channel.until("started");
    expect(channel.seen("started")[0]?.data).toMatchObject({
      serverBuildUrl: fixture,
      shopifyStandInUrl: "http://127.0.0.1:1",
    });
    expect(channel.seen("started")[0]?.threadId).toBeGreaterThan(0);

    signalWorkAvailable();
    signalWorkAvailable();
    await channel.until("nudge", 2);
  });

  it("is started again when it dies, and the nudges go to the new thread", async () => {
    const { channel } = startOnFixture();
    await channel.until("started");
    const first = channel.seen("started")[0]!.threadId;
    channel.tell({ do: "die" });
    await channel.until("started", 2);
    const second = channel.seen("started")[1]!.threadId;
    expect(second).not.toBe(first);

    signalWorkAvailable();
    await channel.until("nudge");
    expect(channel.seen("nudge").map((e) => e.threadId)).toEqual([second]);
  });

  it("stops after the step in hand", async () => {
    const stopped = new Int32Array(new SharedArrayBuffer(4));
    const { thread, channel } = startOnFixture({ stopped } as Partial<FulfilmentThreadData>);
    await channel.until("started");
    await thread.stop();
    // The thread marks its step done just before it ends; stop() returned only after that.
    expect(Atomics.load(stopped, 0)).toBe(1);
    expect(channel.seen("stop")).toHaveLength(1);
  });

  it("ends a thread that does not stop within the wait", async () => {
    const stopped = new Int32Array(new SharedArrayBuffer(4));
    const { thread, channel } = startOnFixture({ stopped } as Partial<FulfilmentThreadData>, {
      stopWaitMs: 300,
    });
    await channel.until("started");
    channel.tell({ do: "ignore stop" });
    await channel.until("ignoring stop");
    await thread.stop();
    expect(channel.seen("stop")).toHaveLength(1);
    expect(Atomics.load(stopped, 0)).toBe(0);
  });

  it("keeps the app's thread free while it is busy", async () => {
    const { channel } = startOnFixture();
    await channel.until("started");
    channel.tell({ do: "busy", ms: 800 });
    // While the thread spins for 0.8 s, this thread's timers still run on time.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await channel.until("busy done");
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });
});

describe("serverBuildUrl", () => {
  it("finds the build's entry from a chunk in build/server/assets, and is null from the sources", () => {
    const root = path.resolve(import.meta.dirname, "../fixtures/fulfilment-thread");
    expect(serverBuildUrl(pathToFileURL(path.join(root, "assets", "chunk-abc.js")).href)).toBe(
      pathToFileURL(path.join(root, "index.js")).href,
    );
    expect(serverBuildUrl(pathToFileURL(path.join(root, "index.js")).href)).toBe(
      pathToFileURL(path.join(root, "index.js")).href,
    );
    expect(
      serverBuildUrl(pathToFileURL(path.join(root, "..", "lib", "worker-thread.server.ts")).href),
    ).toBeNull();
  });
});
