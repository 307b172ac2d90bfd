// Status callbacks: POSTed off the request path (never blocks the request that
// changed the state), retried with bounded exponential backoff, and subject to
// the callback faults (delay, duplicate, reorder).

import type { Faults } from "./faults";
import { RingBuffer } from "./prng";
import { paymentSecret } from "./signatures";
import type { Order, OrderState } from "./store";

export interface CallbackPayload {
  signature: string;
  order_id: number;
  order_reference: string;
  old_status: OrderState;
  new_status: OrderState;
  tracking_code: string | null;
  tracking_url: string | null;
}

export interface CallbackDelivery {
  seq: number;
  url: string;
  payload: CallbackPayload;
  duplicate: boolean;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
  lastError: string | null;
}

export interface CallbackOptions {
  /** Total attempts per delivery (default 5). */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt (default 200 ms). */
  retryBaseMs?: number;
  /** Per-attempt timeout (default 5000 ms). */
  timeoutMs?: number;
}

export class CallbackDispatcher {
  readonly log = new RingBuffer<CallbackDelivery>(2000);
  private seq = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private readonly held = new Map<string, { delivery: CallbackDelivery; timer: NodeJS.Timeout }>();
  private closed = false;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly faults: Faults,
    opts: CallbackOptions = {},
  ) {
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 5);
    this.retryBaseMs = opts.retryBaseMs ?? 200;
    this.timeoutMs = opts.timeoutMs ?? 5000;
  }

  enqueue(url: string, secretKey: string, order: Order, from: OrderState, to: OrderState): void {
    if (this.closed) return;
    const payload: CallbackPayload = {
      signature: paymentSecret(secretKey, order.id),
      order_id: order.id,
      order_reference: order.reference,
      old_status: from,
      new_status: to,
      tracking_code: order.trackingCode || null,
      tracking_url: order.trackingUrl || null,
    };
    const copies = this.faults.callbackDuplicate() ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delivery: CallbackDelivery = {
        seq: ++this.seq,
        url,
        payload,
        duplicate: i > 0,
        attempts: 0,
        delivered: false,
        lastStatus: null,
        lastError: null,
      };
      this.log.push(delivery);
      this.route(delivery);
    }
  }

  /** Reordering: a held callback goes out right after the next one to the same URL. */
  private route(delivery: CallbackDelivery): void {
    const waiting = this.held.get(delivery.url);
    if (waiting) {
      this.held.delete(delivery.url);
      clearTimeout(waiting.timer);
      this.timers.delete(waiting.timer);
      this.schedule(delivery, this.faults.callbackDelay());
      this.schedule(waiting.delivery, this.faults.callbackDelay() + 5);
      return;
    }
    if (this.faults.callbackReorder()) {
      // Nothing follows within a second: send it anyway (late rather than lost).
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.held.delete(delivery.url);
        void this.attempt(delivery);
      }, 1000);
      timer.unref();
      this.timers.add(timer);
      this.held.set(delivery.url, { delivery, timer });
      return;
    }
    this.schedule(delivery, this.faults.callbackDelay());
  }

  private schedule(delivery: CallbackDelivery, delayMs: number): void {
    if (this.closed) return;
    if (delayMs <= 0) {
      queueMicrotask(() => void this.attempt(delivery));
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(delivery: CallbackDelivery): Promise<void> {
    if (this.closed) return;
    delivery.attempts += 1;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.timeoutMs);
    timeout.unref();
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(delivery.payload),
        signal: controller.signal,
      });
      delivery.lastStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        delivery.delivered = true;
        delivery.lastError = null;
        return;
      }
      delivery.lastError = `HTTP ${res.status}`;
    } catch (e) {
      delivery.lastError = e instanceof Error ? e.message : String(e);
    } finally {
      clearTimeout(timeout);
      this.controllers.delete(controller);
    }
    if (delivery.attempts < this.maxAttempts)
      this.schedule(delivery, this.retryBaseMs * 2 ** (delivery.attempts - 1));
  }

  /** Deliveries not yet finished (delivered or out of attempts). */
  pending(): number {
    return this.log
      .toArray()
      .filter((d) => !d.delivered && d.attempts < this.maxAttempts && !this.closed).length;
  }

  clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.held.clear();
    this.log.clear();
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.held.clear();
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
  }
}
