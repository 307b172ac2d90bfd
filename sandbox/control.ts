// The control API: the same functions in-process (`sandbox.control`) and over
// HTTP under /__sandbox/ (never subject to faults; control-http.ts).

import { z } from "zod";
import type { CallbackDelivery, CallbackDispatcher } from "./callbacks";
import type { Ctx } from "./context";
import type { PriceChange, PriceListView } from "./catalogue/price-book";
import { isoWithOffset } from "./clock";
import { ServiceError, invalidData, offeringNotFound } from "./errors";
import {
  downModeSchema,
  faultConfigSchema,
  faultRuleSchema,
  type DownMode,
  type FaultConfigInput,
  type FaultRule,
  type Faults,
  type CallbackFaults,
} from "./faults";
import {
  applyPatch,
  merchantFromInput,
  merchantPatchSchema,
  newMerchantSchema,
  type MerchantPatch,
  type NewMerchant,
} from "./merchant-input";
import type { AdvanceOptions, Tracking, Transition } from "./order-lifecycle";
import type { RingBuffer } from "./prng";
import type { Merchant, Order, OrderState } from "./store";

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

export interface FaultsView {
  rules: FaultRule[];
  callbacks: CallbackFaults;
  down: DownMode;
  seed: number;
}

const pricePercent = z.number().min(-90).max(1000);

/** A new price list: every offering `percent` dearer (negative: cheaper), and/or some offerings by their own percent. */
export const priceListSchema = z
  .object({
    percent: pricePercent.optional(),
    offerings: z
      .array(z.object({ id: z.number().int(), percent: pricePercent }).strict())
      .optional(),
    /** How long the new list's prices are promised (default: as the list before, 24 h at start). */
    validForHours: z
      .number()
      .positive()
      .max(24 * 366)
      .optional(),
  })
  .strict()
  .refine((v) => v.percent !== undefined || (v.offerings?.length ?? 0) > 0, {
    message: "give percent or offerings",
  });

export type PriceListInput = z.input<typeof priceListSchema>;

export interface PriceListState extends PriceListView {
  /** The legacy offering list's `pricingExpireDate` now. */
  pricingExpireDate: string;
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
  /** The print price list in force. */
  prices(): PriceListState;
  /** Publishes a new price list now (see PriceBook in catalogue/offerings.ts). */
  publishPrices(input: PriceListInput): PriceListState;
  /** Back to the start state: orders, publications, entities, logs, faults and prices, PRNG reseeded. */
  reset(): void;
}

export interface ControlDeps {
  ctx: Ctx;
  faults: Faults;
  callbacks: CallbackDispatcher;
  requestLog: RingBuffer<RequestLogEntry>;
  resetAll(): void;
}

export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw invalidData(issue?.path.join(".") || "body", issue?.message ?? "invalid");
}

export function createControl(deps: ControlDeps): SandboxControl {
  const { ctx, faults, callbacks, requestLog } = deps;
  const view = (): FaultsView => structuredClone(faults.snapshot());
  const requireMerchantKey = (key: string): Merchant => {
    const m = ctx.store.merchants.get(key);
    if (!m) throw new ServiceError(404, undefined, `Unknown merchant ${key}`);
    return m;
  };
  const priceState = (): PriceListState => ({
    ...ctx.catalogue.prices.view(),
    pricingExpireDate: isoWithOffset(ctx.catalogue.prices.expiresAt(ctx.clock.now())),
  });
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
    prices: () => priceState(),
    publishPrices: (input) => {
      const parsed = parseOr400(priceListSchema, input);
      const changes = new Map<number, PriceChange>();
      const bp = (percent: number) => Math.round(percent * 100);
      if (parsed.percent !== undefined)
        for (const offering of ctx.catalogue.offerings)
          changes.set(offering.id, { offering, percentBp: bp(parsed.percent) });
      for (const o of parsed.offerings ?? []) {
        const offering = ctx.catalogue.find(o.id);
        if (!offering) throw offeringNotFound(o.id);
        changes.set(o.id, { offering, percentBp: bp(o.percent) });
      }
      ctx.catalogue.prices.publish(ctx.clock.now(), [...changes.values()], parsed.validForHours);
      return priceState();
    },
    reset: () => {
      deps.resetAll();
      ctx.catalogue.prices.reset();
    },
  };
}
