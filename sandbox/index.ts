// startSandbox(): the in-process entry point used by tests, the demo and the CLI.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CallbackDispatcher, type CallbackOptions } from "./callbacks";
import { Catalogue } from "./catalogue";
import { systemClock, type Clock } from "./clock";
import type { Ctx } from "./context";
import { createControl, type RequestLogEntry, type SandboxControl } from "./control";
import { Faults, faultConfigSchema, type FaultConfigInput } from "./faults";
import { merchantFromInput } from "./merchant-input";
import { OrderService } from "./orders";
import { RingBuffer } from "./prng";
import { parseSeedData, readSeedFile, type SeedData } from "./seed";
import { createRequestHandler } from "./server";
import { StateFile } from "./state-file";
import { DEFAULT_MERCHANT, Store, type Merchant } from "./store";

export interface SandboxOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PRNG seed for faults and derived ids/tokens (default 1). */
  seed?: number;
  /** Advance every paid order one state every N ms (off by default). */
  autoAdvanceMs?: number;
  /** Keep state across restarts in this JSON file. */
  stateFile?: string;
  /** Debounce for state-file writes (default 200 ms). */
  stateWriteDebounceMs?: number;
  /** Extra merchants/offerings: a file path and/or the data itself. */
  seedFile?: string;
  seedData?: SeedData;
  /** Initial faults (same shape as POST /__sandbox/faults). */
  faults?: FaultConfigInput;
  /** Time source for timestamps (tests inject a fixed clock). */
  clock?: Clock;
  callbacks?: CallbackOptions;
  /** Request log ring buffer size (default 10000). */
  requestLogSize?: number;
}

export interface Sandbox {
  /** http://host:port */
  url: string;
  port: number;
  /** url + "/rest/v3" */
  jsonBaseUrl: string;
  /** url + "/rest" */
  legacyBaseUrl: string;
  /** Base for checkout pages ({checkoutUrl}/print/<id>); equals url. */
  checkoutUrl: string;
  defaultMerchant: Merchant;
  control: SandboxControl;
  close(): Promise<void>;
}

export { DEFAULT_MERCHANT };
export type { SandboxControl, RequestLogEntry, Clock, FaultConfigInput, SeedData, Merchant };
export { paymentSecret, legacyOrderSecret } from "./signatures";

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const seed = opts.seed ?? 1;
  const seedData = { merchants: [] as Merchant[], offerings: [] as Catalogue["offerings"] };
  for (const src of [
    opts.seedFile ? readSeedFile(opts.seedFile) : null,
    opts.seedData ? parseSeedData(opts.seedData) : null,
  ]) {
    if (!src) continue;
    seedData.merchants.push(...src.merchants.map(merchantFromInput));
    seedData.offerings.push(...src.offerings);
  }
  const catalogue = new Catalogue(seedData.offerings);
  const merchants = new Map<string, Merchant>([
    [DEFAULT_MERCHANT.merchantApiKey, DEFAULT_MERCHANT],
  ]);
  for (const m of seedData.merchants) merchants.set(m.merchantApiKey, m);
  const store = new Store([...merchants.values()]);
  const faults = new Faults(seed);
  if (opts.faults) faults.configure(faultConfigSchema.parse(opts.faults));
  const initialFaults = faults.snapshot();
  const callbacks = new CallbackDispatcher(faults, opts.callbacks);
  const requestLog = new RingBuffer<RequestLogEntry>(opts.requestLogSize ?? 10_000);
  const clock = opts.clock ?? systemClock;

  const stateFile = opts.stateFile
    ? new StateFile(opts.stateFile, opts.stateWriteDebounceMs ?? 200, () => store.toJSON())
    : null;
  const loaded = stateFile?.load();
  if (loaded) store.load(loaded);

  const ctx: Ctx = {
    store,
    catalogue,
    clock,
    seed,
    baseUrl: "",
    orders: undefined as unknown as OrderService,
    changed: () => stateFile?.schedule(),
  };
  ctx.orders = new OrderService(store, catalogue, clock, seed, (order, from, to) => {
    const m = store.merchants.get(order.merchantApiKey);
    if (m?.callbackUrl) callbacks.enqueue(m.callbackUrl, m.secretKey, order, from, to);
  });

  const control = createControl({
    ctx,
    faults,
    callbacks,
    requestLog,
    resetAll: () => {
      store.reset();
      faults.reset();
      faults.configure(structuredClone(initialFaults));
      callbacks.clear();
      requestLog.clear();
      ctx.changed();
    },
  });

  const handle = createRequestHandler({ ctx, faults, control, requestLog });
  const server: Server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end();
      }
    });
  });
  // A client vanishing mid-request must not surface as an unhandled error.
  server.on("clientError", (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  const url = `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${addr.port}`;
  ctx.baseUrl = url;

  let timer: NodeJS.Timeout | null = null;
  if (opts.autoAdvanceMs && opts.autoAdvanceMs > 0) {
    timer = setInterval(() => control.advance(), opts.autoAdvanceMs);
    timer.unref();
  }

  let closed: Promise<void> | null = null;
  return {
    url,
    port: addr.port,
    jsonBaseUrl: `${url}/rest/v3`,
    legacyBaseUrl: `${url}/rest`,
    checkoutUrl: url,
    defaultMerchant: DEFAULT_MERCHANT,
    control,
    close: () => {
      closed ??= (async () => {
        if (timer) clearInterval(timer);
        callbacks.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await stateFile?.flush();
      })();
      return closed;
    },
  };
}
