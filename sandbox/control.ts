// The control API: the same functions in-process (`sandbox.control`) and over
// HTTP under /__sandbox/ (never subject to faults).

import { z } from "zod";
import type { CallbackDelivery, CallbackDispatcher } from "./callbacks";
import { json, text, type Ctx, type Reply } from "./context";
import { ServiceError, invalidData } from "./errors";
import {
  callbackFaultsSchema,
  downModeSchema,
  faultConfigSchema,
  faultRuleSchema,
  type DownMode,
  type FaultConfigInput,
  type FaultRule,
  type Faults,
  type CallbackFaults,
} from "./faults";
import { receiveUpload } from "./legacy";
import { findCurrency, parseMoney } from "./money";
import type { AdvanceOptions, Tracking, Transition } from "./orders";
import type { RingBuffer } from "./prng";
import {
  DEFAULT_MERCHANT,
  PUBLICATION_RESPONSES,
  type Merchant,
  type Order,
  type OrderState,
} from "./store";

export interface RequestLogEntry {
  seq: number;
  time: string;
  method: string;
  path: string;
  op: string;
  status: number;
  durationMs: number;
  /** Fault applied: latency, error, reset, lost (response lost after commit), down; null if none. */
  fault: string | null;
}

export const merchantPatchSchema = z.object({
  name: z.string().optional(),
  /** Major units as a decimal string ("100.00") or a number of major units. */
  credit: z.union([z.string(), z.number()]).optional(),
  creditCurrency: z.string().optional(),
  markupBp: z.number().int().min(0).optional(),
  homeCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  callbackUrl: z.string().url().nullable().optional(),
  publicationResponse: z.enum(PUBLICATION_RESPONSES).optional(),
  forbiddenOperations: z.array(z.string()).optional(),
  secretKey: z.string().optional(),
  applicationApiKey: z.string().optional(),
  buttonKey: z.string().optional(),
});
export type MerchantPatch = z.infer<typeof merchantPatchSchema>;

export const newMerchantSchema = merchantPatchSchema.extend({
  merchantApiKey: z.string().min(1),
  secretKey: z.string().min(1),
});
export type NewMerchant = z.infer<typeof newMerchantSchema>;

const trackingSchema = z.object({ code: z.string().min(1), url: z.string().optional() });
const advanceSchema = z.object({
  orderId: z.number().int().optional(),
  to: z.string().optional(),
  force: z.boolean().optional(),
  tracking: trackingSchema.nullable().optional(),
});

export interface FaultsView {
  rules: FaultRule[];
  callbacks: CallbackFaults;
  down: DownMode;
  seed: number;
}

export interface SandboxControl {
  health(): { ok: true; orders: number; requests: number; down: DownMode };
  orders(filter?: { merchantApiKey?: string; state?: OrderState }): Order[];
  order(id: number): Order | undefined;
  requests(filter?: { op?: string; limit?: number }): RequestLogEntry[];
  callbacks(): CallbackDelivery[];
  /** Resolves when no callback is waiting for delivery or retry (or after timeoutMs). */
  waitForCallbacks(timeoutMs?: number): Promise<void>;
  advance(opts?: AdvanceOptions): Transition[];
  /** A shipped order's tracking number arriving (or changing) after it shipped. */
  setTracking(orderId: number, tracking: Tracking): Order;
  faults(): FaultsView;
  setFaults(input: FaultConfigInput): FaultsView;
  addFaultRule(rule: FaultRule): FaultsView;
  clearFaults(): FaultsView;
  setDown(mode: "503" | "reset" | null): FaultsView;
  merchants(): Merchant[];
  merchant(key: string): Merchant | undefined;
  addMerchant(input: NewMerchant): Merchant;
  updateMerchant(key: string, patch: MerchantPatch): Merchant;
  setCallbackUrl(key: string, url: string | null): Merchant;
  /** Back to the start state: orders, publications, entities, logs and faults cleared, PRNG reseeded. */
  reset(): void;
}

export interface ControlDeps {
  ctx: Ctx;
  faults: Faults;
  callbacks: CallbackDispatcher;
  requestLog: RingBuffer<RequestLogEntry>;
  resetAll(): void;
}

function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw invalidData(issue?.path.join(".") || "body", issue?.message ?? "invalid");
}

function applyPatch(m: Merchant, patch: MerchantPatch): void {
  if (patch.creditCurrency !== undefined) {
    const c = findCurrency(patch.creditCurrency);
    if (!c) throw invalidData("creditCurrency", "unknown currency");
    m.creditCurrency = c.code;
  }
  if (patch.credit !== undefined) {
    const minor = parseMoney(patch.credit);
    if (minor === undefined) throw invalidData("credit", 'use a decimal like "100.00"');
    m.credit = minor;
  }
  for (const k of [
    "name",
    "markupBp",
    "homeCountry",
    "callbackUrl",
    "publicationResponse",
    "forbiddenOperations",
    "secretKey",
    "applicationApiKey",
    "buttonKey",
  ] as const) {
    if (patch[k] !== undefined) (m as unknown as Record<string, unknown>)[k] = patch[k];
  }
}

export function merchantFromInput(input: NewMerchant): Merchant {
  const m: Merchant = {
    ...structuredClone(DEFAULT_MERCHANT),
    name: input.name ?? input.merchantApiKey,
    merchantApiKey: input.merchantApiKey,
    secretKey: input.secretKey,
    applicationApiKey: input.applicationApiKey ?? `${input.merchantApiKey}-application`,
    buttonKey: input.buttonKey ?? `${input.merchantApiKey}-button`,
    credit: 0,
  };
  applyPatch(m, input);
  return m;
}

export function createControl(deps: ControlDeps): SandboxControl {
  const { ctx, faults, callbacks, requestLog } = deps;
  const view = (): FaultsView => structuredClone(faults.snapshot());
  const requireMerchantKey = (key: string): Merchant => {
    const m = ctx.store.merchants.get(key);
    if (!m) throw new ServiceError(404, undefined, `Unknown merchant ${key}`);
    return m;
  };
  return {
    health: () => ({
      ok: true,
      orders: ctx.store.orders.size,
      requests: requestLog.toArray().length,
      down: faults.down,
    }),
    orders: (filter = {}) =>
      [...ctx.store.orders.values()].filter(
        (o) =>
          (!filter.merchantApiKey || o.merchantApiKey === filter.merchantApiKey) &&
          (!filter.state || o.state === filter.state),
      ),
    order: (id) => ctx.store.orders.get(id),
    requests: (filter = {}) => {
      const all = requestLog.toArray().filter((r) => !filter.op || r.op === filter.op);
      return filter.limit ? all.slice(-filter.limit) : all;
    },
    callbacks: () => callbacks.log.toArray(),
    waitForCallbacks: async (timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      while (callbacks.pending() > 0 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
    },
    advance: (opts = {}) => {
      const out = ctx.orders.advance(opts);
      if (out.length) ctx.changed();
      return out;
    },
    setTracking: (orderId, tracking) => {
      const order = ctx.orders.setTracking(orderId, tracking);
      ctx.changed();
      return order;
    },
    faults: view,
    setFaults: (input) => {
      faults.configure(parseOr400(faultConfigSchema, input));
      return view();
    },
    addFaultRule: (rule) => {
      faults.rules.push(parseOr400(faultRuleSchema, rule));
      return view();
    },
    clearFaults: () => {
      faults.configure({ rules: [], callbacks: {}, down: null });
      return view();
    },
    setDown: (mode) => {
      faults.down = parseOr400(downModeSchema, mode);
      return view();
    },
    merchants: () => [...ctx.store.merchants.values()],
    merchant: (key) => ctx.store.merchants.get(key),
    addMerchant: (input) => {
      const parsed = parseOr400(newMerchantSchema, input);
      if (ctx.store.merchants.has(parsed.merchantApiKey))
        throw new ServiceError(409, undefined, `Merchant ${parsed.merchantApiKey} exists`);
      const m = merchantFromInput(parsed);
      ctx.store.merchants.set(m.merchantApiKey, m);
      ctx.changed();
      return m;
    },
    updateMerchant: (key, patch) => {
      const m = requireMerchantKey(key);
      applyPatch(m, parseOr400(merchantPatchSchema, patch));
      ctx.changed();
      return m;
    },
    setCallbackUrl: (key, url) => {
      const m = requireMerchantKey(key);
      applyPatch(m, parseOr400(merchantPatchSchema, { callbackUrl: url }));
      ctx.changed();
      return m;
    },
    reset: () => deps.resetAll(),
  };
}

const upload = /^\/__sandbox\/upload(\/.*)?$/;
const orderPath = /^\/__sandbox\/orders\/(\d+)(\/advance|\/tracking)?$/;
const merchantPath = /^\/__sandbox\/merchants\/([^/]+)(\/callback-url)?$/;

/** HTTP front of the control API. Bodies are JSON; errors use the JSON error shape. */
export function handleControl(
  control: SandboxControl,
  ctx: Ctx,
  method: string,
  path: string,
  query: URLSearchParams,
  rawBody: string,
): Reply {
  let body: unknown = undefined;
  if (rawBody && !upload.test(path)) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw invalidData("body", "not JSON");
    }
  }
  const obj = (body ?? {}) as Record<string, unknown>;
  const route = `${method} ${path}`;
  switch (route) {
    case "GET /__sandbox/health":
      return json(200, control.health());
    case "GET /__sandbox/orders":
      return json(200, {
        orders: control.orders({
          merchantApiKey: query.get("merchantApiKey") ?? undefined,
          state: (query.get("state") as OrderState | null) ?? undefined,
        }),
      });
    case "GET /__sandbox/requests": {
      const limit = Number(query.get("limit") ?? "0");
      return json(200, {
        requests: control.requests({ op: query.get("op") ?? undefined, limit: limit || undefined }),
      });
    }
    case "GET /__sandbox/callbacks":
      return json(200, { callbacks: control.callbacks() });
    case "POST /__sandbox/advance":
      return json(200, { transitions: control.advance(parseOr400(advanceSchema, obj)) });
    case "GET /__sandbox/faults":
      return json(200, control.faults());
    case "PUT /__sandbox/faults":
    case "POST /__sandbox/faults":
      return json(200, control.setFaults(obj as FaultConfigInput));
    case "POST /__sandbox/faults/rules":
      return json(200, control.addFaultRule(obj as FaultRule));
    case "DELETE /__sandbox/faults":
      return json(200, control.clearFaults());
    case "POST /__sandbox/faults/callbacks":
      return json(200, control.setFaults({ callbacks: parseOr400(callbackFaultsSchema, obj) }));
    case "POST /__sandbox/down":
      return json(200, control.setDown(obj.mode === "reset" ? "reset" : "503"));
    case "POST /__sandbox/up":
      return json(200, control.setDown(null));
    case "GET /__sandbox/merchants":
      return json(200, { merchants: control.merchants() });
    case "POST /__sandbox/merchants":
      return json(201, control.addMerchant(obj as NewMerchant));
    case "POST /__sandbox/reset":
      control.reset();
      return json(200, { ok: true });
  }
  if ((method === "PUT" || method === "POST") && upload.test(path))
    return receiveUpload(ctx, path, rawBody);
  const om = orderPath.exec(path);
  if (om) {
    const id = Number(om[1]);
    if (method === "GET" && !om[2]) {
      const order = control.order(id);
      if (!order) throw new ServiceError(404, undefined, "Order not found");
      return json(200, order);
    }
    if (method === "POST" && om[2] === "/tracking") {
      return json(200, control.setTracking(id, parseOr400(trackingSchema, obj)));
    }
    if (method === "POST" && om[2]) {
      const opts = parseOr400(advanceSchema, obj);
      return json(200, { transitions: control.advance({ ...opts, orderId: id }) });
    }
  }
  const mm = merchantPath.exec(path);
  if (mm) {
    const key = decodeURIComponent(mm[1] ?? "");
    if (method === "GET" && !mm[2]) {
      const m = control.merchant(key);
      if (!m) throw new ServiceError(404, undefined, `Unknown merchant ${key}`);
      return json(200, m);
    }
    if ((method === "POST" || method === "PATCH") && !mm[2])
      return json(200, control.updateMerchant(key, obj as MerchantPatch));
    if ((method === "POST" || method === "PUT") && mm[2]) {
      const url = obj.url;
      if (url !== null && typeof url !== "string") throw invalidData("url");
      return json(200, control.setCallbackUrl(key, url));
    }
  }
  return text(404, JSON.stringify({ details: `No control route ${route}` }), "application/json");
}
