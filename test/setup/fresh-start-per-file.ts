/**
 * Every project's test files share worker processes (`isolate: false`,
 * docs/decisions/0010-test-run.md). This runs before each file and gives it the start a
 * process of its own would: the environment, the HTTP client's global dispatcher, `fetch`,
 * the process's signal and error listeners and real timers as they were before the worker's
 * first file, every project module evaluated afresh on import, and no database client left
 * from the last file. Packages under node_modules stay loaded: Node keeps them, and that is
 * the time saved.
 */
import { Agent, setGlobalDispatcher } from "undici";
import { vi } from "vitest";
import { readAppBridgeUrlFromEnv } from "../support/app-bridge-url";

const BASELINE = Symbol.for("print-connect.test.processBaseline");
// Node's own fetch and the undici package each keep their global dispatcher under one of these.
const DISPATCHERS = [
  Symbol.for("undici.globalDispatcher.1"),
  Symbol.for("undici.globalDispatcher.2"),
];
const PROCESS_EVENTS = [
  "exit",
  "beforeExit",
  "SIGINT",
  "SIGTERM",
  "uncaughtException",
  "unhandledRejection",
  "warning",
] as const;
type ProcessEvent = (typeof PROCESS_EVENTS)[number];
type Listener = (...args: unknown[]) => void;

interface Baseline {
  env: NodeJS.ProcessEnv;
  dispatchers: unknown[];
  fetch: typeof fetch;
  listeners: Map<ProcessEvent, Listener[]>;
}

const slots = globalThis as unknown as Record<symbol, unknown>;
const listenersOf = (event: ProcessEvent) => process.listeners(event as "exit") as Listener[];

const baseline = slots[BASELINE] as Baseline | undefined;
if (!baseline) {
  // The worker's first file: what it starts with is what every later file starts with.
  if (slots[DISPATCHERS[1]!] === undefined) setGlobalDispatcher(new Agent());
  slots[BASELINE] = {
    env: { ...process.env },
    dispatchers: DISPATCHERS.map((slot) => slots[slot]),
    fetch: globalThis.fetch,
    listeners: new Map(PROCESS_EVENTS.map((event) => [event, listenersOf(event)])),
  } satisfies Baseline;
} else {
  for (const name of Object.keys(process.env)) {
    if (!(name in baseline.env)) delete process.env[name];
  }
  Object.assign(process.env, baseline.env);
  DISPATCHERS.forEach((slot, i) => (slots[slot] = baseline.dispatchers[i]));
  globalThis.fetch = baseline.fetch;
  for (const event of PROCESS_EVENTS) {
    const kept = baseline.listeners.get(event) ?? [];
    for (const listener of listenersOf(event)) {
      if (!kept.includes(listener)) process.removeListener(event, listener);
    }
  }
  vi.useRealTimers();
  vi.resetModules();
  // The app keeps its database client on globalThis (for the dev server's reloads): the last
  // file's, on the last file's database, is closed so this file's modules open its own.
  const slot = globalThis as { __printConnectPrisma?: { $disconnect(): Promise<void> } };
  const client = slot.__printConnectPrisma;
  delete slot.__printConnectPrisma;
  await client?.$disconnect().catch(() => undefined);
  await readAppBridgeUrlFromEnv();
}
