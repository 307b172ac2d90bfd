/**
 * Print-service status callbacks are signed over `order_id` only: the signed
 * id alone picks the order, the status text is bounded, and a callback seen
 * before adds nothing. Over HTTP to the app's callback route, which keeps each
 * callback for the worker (decision 28), with print orders made by the real
 * pipeline against the print sandbox; `apply` is the worker's share.
 */
import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { paymentSecret } from "~/services/print";
import { applyStatusUpdates } from "~/services/fulfilment/status-updates";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
/** Two paid print orders of the demo shop. */
let first: { id: string; printOrderId: number; orderReference: string };
let second: { id: string; printOrderId: number; orderReference: string };

beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  const worker = h.worker();
  const placed = [];
  for (let i = 0; i < 2; i++) {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    placed.push(order);
  }
  await settle(worker);
  const made = await Promise.all(
    placed.map(async (order) => {
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.printOrderId).toBeGreaterThan(0);
      return {
        id: printOrder!.id,
        printOrderId: printOrder!.printOrderId!,
        orderReference: printOrder!.orderReference,
      };
    }),
  );
  first = made[0]!;
  second = made[1]!;
});
afterAll(async () => {
  await h?.close();
});

const post = (body: Record<string, unknown>) =>
  fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const signed = (orderId: number) => ({
  signature: paymentSecret(SANDBOX_KEYS.secretKey, orderId),
  order_id: orderId,
});
const apply = () =>
  applyStatusUpdates(fulfilmentStore(prisma), { now: new Date(), logger: { warn() {} } });
const callbackEvents = (printOrderRowId: string) =>
  prisma.orderEvent.count({ where: { printOrderId: printOrderRowId, type: "status_callback" } });

describe("the signed order id alone picks the order", () => {
  it("does not touch another order named by order_reference when the signed id is not the shop's", async () => {
    const before = await callbackEvents(second.id);
    const response = await post({
      ...signed(987_654_321),
      order_reference: second.orderReference,
      old_status: "IN_PRODUCTION",
      new_status: "SHIPPED",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await apply()).toEqual({ applied: 0, dropped: 1 });
    expect(await callbackEvents(second.id)).toBe(before);
  });

  it("drops a signed id whose body names another order's reference, touching neither", async () => {
    const before = [await callbackEvents(first.id), await callbackEvents(second.id)];
    const response = await post({
      ...signed(first.printOrderId),
      order_reference: second.orderReference,
      old_status: "PAID",
      new_status: "IN_PRODUCTION",
    });
    // Acknowledged at the door (the service should not retry it); the worker drops it.
    expect(response.status).toBe(200);
    expect(await apply()).toEqual({ applied: 0, dropped: 1 });
    expect([await callbackEvents(first.id), await callbackEvents(second.id)]).toEqual(before);
  });

  it("records a callback for the signed order, with or without its own reference", async () => {
    const before = await callbackEvents(first.id);
    const withReference = await post({
      ...signed(first.printOrderId),
      order_reference: first.orderReference,
      old_status: "PAID",
      new_status: "WAITING_TO_DISPATCH",
    });
    expect(await withReference.json()).toEqual({ received: true });
    const withoutReference = await post({
      ...signed(first.printOrderId),
      old_status: "WAITING_TO_DISPATCH",
      new_status: "IN_PRINT_QUEUE",
    });
    expect(await withoutReference.json()).toEqual({ received: true });
    expect(await apply()).toEqual({ applied: 2, dropped: 0 });
    expect(await callbackEvents(first.id)).toBe(before + 2);
  });
});

describe("replays", () => {
  it("acknowledges a callback seen before without adding an event, even after others", async () => {
    const callback = {
      ...signed(second.printOrderId),
      order_reference: second.orderReference,
      old_status: "PAID",
      new_status: "WAITING_TO_DISPATCH",
    };
    const before = await callbackEvents(second.id);
    expect(await (await post(callback)).json()).toEqual({ received: true });
    // While it waits for the worker, a repeat is the same callback.
    const replay = await post(callback);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // A different callback in between does not make the first one new again.
    await post({ ...callback, old_status: "WAITING_TO_DISPATCH", new_status: "IN_PRINT_QUEUE" });
    await apply();
    // Once applied, a repeat is kept again, and the worker finds it recorded: no new entry.
    expect(await (await post(callback)).json()).toEqual({ received: true });
    expect(await apply()).toEqual({ applied: 1, dropped: 0 });
    // Several copies at once: still recorded once.
    const burst = { ...callback, old_status: "IN_PRINT_QUEUE", new_status: "IN_PRODUCTION" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(burst)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await prisma.statusUpdate.count()).toBe(1);
    await apply();
    expect(await callbackEvents(second.id)).toBe(before + 3);
  });

  it("two workers applying the same callbacks at once record each once", async () => {
    const before = await callbackEvents(first.id);
    for (const code of ["TWIN-1", "TWIN-2", "TWIN-3"])
      await post({
        ...signed(first.printOrderId),
        old_status: "SHIPPED",
        new_status: "SHIPPED",
        tracking_code: code,
      });
    await Promise.all([apply(), apply()]);
    expect(await callbackEvents(first.id)).toBe(before + 3);
    expect(await prisma.statusUpdate.count()).toBe(0);
  });

  it("looks for a replay in the callback's own shop only", async () => {
    const callback = {
      ...signed(first.printOrderId),
      old_status: "SHIPPED",
      new_status: "SHIPPED",
      tracking_code: "OWN-SHOP-1",
    };
    const before = await callbackEvents(first.id);
    await post(callback);
    await apply();
    const entry = await prisma.orderEvent.findFirstOrThrow({
      where: { printOrderId: first.id, type: "status_callback" },
      orderBy: { id: "desc" },
    });
    // The same key on another shop's timeline: this shop has not seen the callback.
    await prisma.orderEvent.update({
      where: { id: entry.id },
      data: { shop: "another-shop.myshopify.com" },
    });
    await post(callback);
    expect(await apply()).toEqual({ applied: 1, dropped: 0 });
    expect(await callbackEvents(first.id)).toBe(before + 2);
    await prisma.orderEvent.delete({ where: { id: entry.id } });
  });

  it("treats a second shipment's callback (same states, new tracking code) as new", async () => {
    const shipped = {
      ...signed(second.printOrderId),
      old_status: "SHIPPED",
      new_status: "SHIPPED",
      tracking_code: "PARCEL-1",
    };
    const before = await callbackEvents(second.id);
    await post(shipped);
    await post({ ...shipped, tracking_code: "PARCEL-2" });
    await post(shipped);
    await apply();
    expect(await callbackEvents(second.id)).toBe(before + 2);
  });
});

describe("status text", () => {
  it("refuses (400, naming the field) a status longer than any order state, recording nothing", async () => {
    const before = await callbackEvents(first.id);
    const long = await post({
      ...signed(first.printOrderId),
      old_status: "IN_PRODUCTION",
      new_status: "SHIPPED".padEnd(65, "!"),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/new_status/);
    const longOld = await post({
      ...signed(first.printOrderId),
      old_status: "X".repeat(5_000),
      new_status: "SHIPPED",
    });
    expect(longOld.status).toBe(400);
    expect(await longOld.text()).toMatch(/old_status/);
    expect(await callbackEvents(first.id)).toBe(before);
  });
});
