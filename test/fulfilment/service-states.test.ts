import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { getPrintOrderDetail } from "~/pages/order-detail/view.server";
import { paymentSecret } from "~/services/print";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import {
  interpretServiceState,
  isKnownItemState,
  isKnownServiceState,
  itemStateAdvances,
  itemStateLabel,
  noteUnknownState,
  serviceStateAdvances,
  serviceStateLabel,
} from "~/services/fulfilment/service-states";
import {
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/** The order states of print-service-facts.md, in the order they happen along the way. */
const ORDER_STATES = [
  "OPEN",
  "PAYMENT_ERROR",
  "PAID",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "NO_PRINT_FACILITY_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
  "CANCELLED",
  "REFUNDED",
];
/** The item states of print-service-facts.md. */
const ITEM_STATES = [
  "AWAITING_PAYMENT",
  "PENDING_COMPLETION",
  "PING_BACK_ERROR",
  "QUEUED_FOR_PROCESSING",
  "CHECK_PROCESSING_ERROR",
  "PROCESSING",
  "PROCESSED",
  "CHECK_ITEM",
  "HOLD_ITEM_CHECK",
  "PRINT_READY",
];

describe("the print service's documented states", () => {
  it("ranks every order state: none goes back to an earlier one on the way to shipping", () => {
    for (const state of ORDER_STATES) {
      expect(isKnownServiceState(state), state).toBe(true);
      expect(serviceStateAdvances(null, state)).toBe(true);
      expect(serviceStateAdvances(state, state)).toBe(false);
    }
    const path = [
      "OPEN",
      "PAID",
      "WAITING_TO_DISPATCH",
      "IN_PRINT_QUEUE",
      "SUBMITTED",
      "IN_PRODUCTION",
      "SHIPPED",
    ];
    for (let i = 1; i < path.length; i++) {
      expect(serviceStateAdvances(path[i - 1]!, path[i]!)).toBe(true);
      expect(serviceStateAdvances(path[i]!, path[i - 1]!)).toBe(false);
    }
    expect(serviceStateAdvances("OPEN", "PAYMENT_ERROR")).toBe(true);
    expect(serviceStateAdvances("PAYMENT_ERROR", "PAID")).toBe(true);
    expect(serviceStateAdvances("CHECK_ORDER", "PAID")).toBe(false);
  });

  it("ranks every item state, PENDING_COMPLETION first", () => {
    for (const state of ITEM_STATES) {
      expect(isKnownItemState(state), state).toBe(true);
      expect(itemStateAdvances(null, state)).toBe(true);
      expect(itemStateAdvances(state, state)).toBe(false);
    }
    const path = [
      "PENDING_COMPLETION",
      "AWAITING_PAYMENT",
      "QUEUED_FOR_PROCESSING",
      "PROCESSING",
      "PROCESSED",
      "CHECK_ITEM",
      "PRINT_READY",
    ];
    for (let i = 1; i < path.length; i++) {
      expect(itemStateAdvances(path[i - 1]!, path[i]!)).toBe(true);
      expect(itemStateAdvances(path[i]!, path[i - 1]!)).toBe(false);
    }
  });

  it("says every documented state in plain words", () => {
    const labels = [
      ...ORDER_STATES.map((s) => serviceStateLabel(s)),
      ...ITEM_STATES.map((s) => itemStateLabel(s)),
    ];
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z ,;]+$/);
    expect(itemStateLabel("PENDING_COMPLETION")).toBe("Waiting for its print file");
    expect(serviceStateLabel("HOLD_ORDER_CHECK")).toBe("On hold for a check");
  });

  it("keeps a state it does not know: shown in its own words, never a failure, logged once", () => {
    expect(isKnownServiceState("AWAITING_CUSTOMS")).toBe(false);
    expect(serviceStateLabel("AWAITING_CUSTOMS")).toBe("Awaiting customs");
    expect(itemStateLabel("REPRINT_REQUESTED")).toBe("Reprint requested");
    expect(interpretServiceState("AWAITING_CUSTOMS").kind).toBe("unknown");
    expect(serviceStateAdvances("IN_PRODUCTION", "AWAITING_CUSTOMS")).toBe(true);
    expect(serviceStateAdvances("CANCELLED", "AWAITING_CUSTOMS")).toBe(false);
    // After an unknown state, a known one may not take the order behind its pipeline status.
    expect(serviceStateAdvances("AWAITING_CUSTOMS", "PAID", "in_production")).toBe(false);
    expect(serviceStateAdvances("AWAITING_CUSTOMS", "SHIPPED", "in_production")).toBe(true);

    const warned: object[] = [];
    const logger = { warn: (obj: object) => warned.push(obj) };
    for (let i = 0; i < 3; i++) {
      noteUnknownState("order", "ONLY_LOGGED_ONCE", logger);
      noteUnknownState("order", "PAID", logger);
    }
    expect(warned).toEqual([{ kind: "order", state: "ONLY_LOGGED_ONCE" }]);
  });
});

describe("an unknown state from the print service", () => {
  let h: Harness;
  const warnings: { obj: object; msg: string }[] = [];
  const logger = {
    debug() {},
    info() {},
    warn: (obj: object, msg: string) => warnings.push({ obj, msg }),
    error() {},
  };
  let worker: FulfilmentWorker;

  beforeAll(async () => {
    h = await startHarness();
    await h.map(MAPPINGS.novel);
    worker = new FulfilmentWorker(
      {
        store: fulfilmentStore(prisma),
        printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
        shopify: shopifyAdmin,
        logger,
      },
      { baseBackoffMs: 1, maxBackoffMs: 5, leaseMs: 5_000 },
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await h?.close();
  });

  async function callback(printOrderId: number, reference: string, from: string, to: string) {
    const response = await fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        signature: paymentSecret(SANDBOX_KEYS.secretKey, printOrderId),
        order_id: printOrderId,
        order_reference: reference,
        old_status: from,
        new_status: to,
        tracking_code: "",
        tracking_url: "",
      }),
    });
    expect(response.status).toBe(200);
    await settle(worker);
  }

  it("is stored as sent and shown in words, without moving the order back, and the order goes on", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
    await settle(worker);
    let [printOrder] = await printOrdersOf(order.legacyId);
    const id = printOrder!.printOrderId!;
    const reference = printOrder!.orderReference;
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    // The item's state is read with the order and kept in plain words.
    expect(printOrder!.items[0]!.serviceState).toBe("QUEUED_FOR_PROCESSING");

    h.sandbox.control.advance({ orderId: id, to: "IN_PRODUCTION" });
    await h.sandbox.control.waitForCallbacks();
    await settle(worker);
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("in_production");

    // The service starts using states this app has never heard of.
    const atService = h.sandbox.control.order(id)!;
    (atService as { state: string }).state = "AWAITING_CUSTOMS";
    (atService.items[0] as { state: string }).state = "REPRINT_REQUESTED";
    await callback(id, reference, "IN_PRODUCTION", "AWAITING_CUSTOMS");

    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("in_production");
    expect(printOrder?.serviceState).toBe("AWAITING_CUSTOMS");
    expect(printOrder?.lastErrorCode).toBeNull();
    expect(printOrder!.items[0]!.serviceState).toBe("REPRINT_REQUESTED");
    const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder!.id });
    // Shown as words, not as the code it came as.
    expect(detail?.serviceStateLabel).toBe("Awaiting customs");
    expect(detail?.items[0]?.serviceStateLabel).toBe("Reprint requested");
    expect(detail?.events.map((e) => e.message)).toContain("Print service: Awaiting customs.");

    // Read again: logged once per state, not once per poll.
    await prisma.printOrder.updateMany({
      where: { id: printOrder!.id, shop: SHOP },
      data: { nextAttemptAt: new Date() },
    });
    await settle(worker);
    const unknownWarnings = warnings
      .map((w) => w.obj as { state?: string })
      .filter((o) => o.state === "AWAITING_CUSTOMS" || o.state === "REPRINT_REQUESTED");
    expect(unknownWarnings).toEqual([
      { kind: "order", state: "AWAITING_CUSTOMS" },
      { kind: "item", state: "REPRINT_REQUESTED" },
    ]);

    // A known but earlier state after it does not take the order back.
    (atService as { state: string }).state = "PAID";
    await callback(id, reference, "AWAITING_CUSTOMS", "PAID");
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("in_production");
    expect(printOrder?.serviceState).toBe("AWAITING_CUSTOMS");

    // And once it ships, the order is fulfilled as usual.
    (atService as { state: string }).state = "IN_PRODUCTION";
    h.sandbox.control.advance({ orderId: id, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(worker);
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
    expect(printOrder?.serviceState).toBe("SHIPPED");
  });
});
