import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import {
  KEY,
  M,
  client,
  createOrder,
  pay,
  secretFor,
  start,
  startReceiver,
  type Receiver,
} from "./helpers";

let sb: Sandbox | undefined;
let rx: Receiver | undefined;
afterEach(async () => {
  await sb?.close();
  await rx?.close();
  sb = rx = undefined;
});

describe("status callbacks", () => {
  it("posts a signed callback for every state change to the merchant's URL", async () => {
    rx = await startReceiver();
    sb = await start();
    const set = await client(sb).control("POST", `/merchants/${KEY}/callback-url`, { url: rx.url });
    expect(set.body.callbackUrl).toBe(rx.url);
    const id = await createOrder(sb, { order_reference: "cb-1" });
    await pay(sb, id);
    sb.control.advance({ orderId: id, to: "SHIPPED" });
    const got = await rx.waitFor(5);
    expect(got.map((c) => c.new_status)).toEqual([
      "PAID",
      "WAITING_TO_DISPATCH",
      "IN_PRINT_QUEUE",
      "IN_PRODUCTION",
      "SHIPPED",
    ]);
    expect(got[0]).toEqual({
      signature: secretFor(id, M.secretKey),
      order_id: id,
      order_reference: "cb-1",
      old_status: "OPEN",
      new_status: "PAID",
      tracking_code: null,
      tracking_url: null,
    });
    expect(got[4].tracking_code).toMatch(/^SBX/);
  });

  it("retries a failed delivery with backoff until the receiver accepts it", async () => {
    rx = await startReceiver();
    rx.failNext(2, 503);
    sb = await start({ callbacks: { retryBaseMs: 10, maxAttempts: 4 } });
    sb.control.setCallbackUrl(KEY, rx.url);
    await pay(sb, await createOrder(sb));
    await rx.waitFor(1);
    await sb.control.waitForCallbacks();
    const [d] = sb.control.callbacks();
    expect(d).toMatchObject({ attempts: 3, delivered: true, lastStatus: 200 });
  });

  it("gives up after the bounded number of attempts", async () => {
    sb = await start({ callbacks: { retryBaseMs: 1, maxAttempts: 3 } });
    sb.control.setCallbackUrl(KEY, "http://127.0.0.1:9/unreachable");
    await pay(sb, await createOrder(sb));
    await sb.control.waitForCallbacks();
    const [d] = sb.control.callbacks();
    expect(d).toMatchObject({ attempts: 3, delivered: false });
  });

  it("does not block the request that caused the change when the receiver is slow", async () => {
    // The receiver takes far longer than the assertion allows: only a request
    // that did not wait for the callback can pass.
    rx = await startReceiver({ delayMs: 3_000 });
    sb = await start();
    sb.control.setCallbackUrl(KEY, rx.url);
    const id = await createOrder(sb);
    const t0 = performance.now();
    expect((await pay(sb, id)).status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(1_500);
    await rx.waitFor(1);
  });

  it("duplicates callbacks under the duplicate fault", async () => {
    rx = await startReceiver();
    sb = await start({ faults: { callbacks: { duplicateRate: 1 } } });
    sb.control.setCallbackUrl(KEY, rx.url);
    await pay(sb, await createOrder(sb));
    const got = await rx.waitFor(2);
    expect(got).toHaveLength(2);
    expect(got[0]).toEqual(got[1]);
    expect(sb.control.callbacks().map((c) => c.duplicate)).toEqual([false, true]);
  });

  it("reorders callbacks under the reorder fault", async () => {
    rx = await startReceiver();
    sb = await start();
    sb.control.setCallbackUrl(KEY, rx.url);
    const id = await createOrder(sb);
    await pay(sb, id);
    await rx.waitFor(1);
    sb.control.setFaults({ callbacks: { reorderRate: 1 } });
    // First callback is held, the second releases it after itself.
    sb.control.advance({ orderId: id }); // -> WAITING_TO_DISPATCH (held)
    sb.control.setFaults({ callbacks: {} });
    sb.control.advance({ orderId: id }); // -> IN_PRINT_QUEUE (sent first)
    const got = await rx.waitFor(3);
    expect(got.slice(1).map((c) => c.new_status)).toEqual([
      "IN_PRINT_QUEUE",
      "WAITING_TO_DISPATCH",
    ]);
  });

  it("delays callbacks by the configured latency range", async () => {
    rx = await startReceiver();
    sb = await start({ faults: { callbacks: { delayMs: [80, 120] } } });
    sb.control.setCallbackUrl(KEY, rx.url);
    await pay(sb, await createOrder(sb));
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 40));
    expect(rx.received).toHaveLength(0);
    await rx.waitFor(1);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(60);
  });
});
