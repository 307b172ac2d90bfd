import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { paymentSecret } from "~/services/print";
import type { PrintClient } from "~/services/print";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import { callbackLimiter, refusedCallbackLimiter } from "~/lib/callback-limit.server";
import {
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
  settle,
  SHOP,
  startHarness,
  type FulfilmentModel,
  type Harness,
} from "../support/fulfilment-harness";

/** Run in both of the shop's models (docs/decisions/0023): the same expectations hold. */
export function describeResilience(model: FulfilmentModel): void {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ model });
    for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
  });

  const ordersAtService = (reference: string) =>
    h.sandbox.control.orders().filter((o) => o.reference === reference);
  const paymentsOf = (id: number) =>
    h.sandbox.control.order(id)!.history.filter((t) => t.to === "PAID").length;
  const never = () => new Promise<never>(() => {});
  const silent = { debug() {}, info() {}, warn() {}, error() {} };

  /**
   * A client whose chosen method dies mid-flight, as if the worker process were
   * killed there; `onDeath` is called once the worker has reached that point.
   */
  async function dyingClient(
    shop: Parameters<typeof printClientFor>[0],
    dies: "afterCreate" | "beforePay",
    onDeath: () => void,
  ): Promise<PrintClient | null> {
    const real = await printClientFor(shop, { retry: fastRetry });
    if (!real) return null;
    const orders = Object.create(real.orders) as PrintClient["orders"];
    if (dies === "afterCreate") {
      orders.createIdempotent = async (params, options) => {
        await real.orders.createIdempotent(params, options);
        onDeath();
        return never();
      };
    } else {
      orders.pay = () => {
        onDeath();
        return never();
      };
    }
    return Object.assign(Object.create(real) as PrintClient, { orders });
  }

  /** A worker that dies at `dies` on its first print order; resolves once it has died there. */
  function startDyingWorker(dies: "afterCreate" | "beforePay", workerId: string): Promise<void> {
    return new Promise((died) => {
      const dying = new FulfilmentWorker(
        {
          store: fulfilmentStore(prisma),
          printClientFor: (shop) => dyingClient(shop, dies, died),
          shopify: { graphql: never },
          logger: silent,
        },
        { leaseMs: 300, workerId },
      );
      void dying.runOnce(); // hangs forever, holding its lease until it expires
    });
  }

  /** Waits until the lease a dead worker held on the print order has run out. */
  async function leaseRunsOut(printOrder: { leaseExpiresAt: Date | null }) {
    const left = (printOrder.leaseExpiresAt?.getTime() ?? 0) - Date.now();
    if (left >= 0) await new Promise((resolve) => setTimeout(resolve, left + 10));
  }

  describe("never a duplicate print order", () => {
    it("keeps one print order when Shopify delivers the webhook 5 times, some copies at once", async () => {
      const { order, deliveries } = await placePaidOrder(
        h,
        [{ variantId: MAPPINGS.photoBook.variantId }],
        {
          duplicates: 4,
          concurrent: true,
        },
      );
      // (In the service model Shopify's ping for the automatic request comes with them.)
      const copies = deliveries.filter((d) => d.topic === "orders/paid");
      expect(copies).toHaveLength(5);
      expect(deliveries.every((d) => d.attempts.at(-1)?.status === 200)).toBe(true);
      await settle(h.worker());
      const printOrders = await printOrdersOf(order.legacyId);
      expect(printOrders).toHaveLength(1);
      expect(ordersAtService(printOrders[0]!.orderReference)).toHaveLength(1);
      expect(printOrders[0]?.status).toBe("paid");
    });

    it("finds the order by reference when the create answer is lost, and pays it once", async () => {
      h.sandbox.control.addFaultRule({ op: "order.create", lostAfterCommitRate: 1, times: 1 });
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await settle(h.worker());
      const [printOrder] = await printOrdersOf(order.legacyId);
      const atService = ordersAtService(printOrder!.orderReference);
      expect(atService).toHaveLength(1);
      expect(printOrder?.printOrderId).toBe(atService[0]!.id);
      expect(printOrder?.status).toBe("paid");
      expect(paymentsOf(atService[0]!.id)).toBe(1);
    });

    it("counts a payment whose answer was lost as paid, without paying twice", async () => {
      const creditBefore = h.sandbox.control.merchant(SANDBOX_KEYS.merchantApiKey)!.credit;
      h.sandbox.control.addFaultRule({ op: "order.payment", lostAfterCommitRate: 1, times: 1 });
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await settle(h.worker());
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("paid");
      const atService = h.sandbox.control.order(printOrder!.printOrderId!)!;
      expect(paymentsOf(atService.id)).toBe(1);
      expect(creditBefore - h.sandbox.control.merchant(SANDBOX_KEYS.merchantApiKey)!.credit).toBe(
        atService.paidAmount,
      );
    });

    it("gets through a storm of 5xx answers and connection resets", async () => {
      // 500 and 502 carry no Retry-After, so the test needs no real waiting.
      h.sandbox.control.addFaultRule({ errorRate: 0.4, errorStatus: 502 });
      h.sandbox.control.addFaultRule({ errorRate: 0.3, errorStatus: 500 });
      h.sandbox.control.addFaultRule({ resetRate: 0.2 });
      const { order } = await placePaidOrder(h, [
        { variantId: MAPPINGS.photoBook.variantId },
        { variantId: MAPPINGS.novel.variantId },
      ]);
      await settle(h.worker(), 20_000);
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);
      expect(printOrder?.events.some((e) => e.type === "retry_scheduled")).toBe(true);
    });

    it("resumes without a duplicate when a worker dies right after the service created the order", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await startDyingWorker("afterCreate", "doomed");
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.leaseOwner).toMatch(/^doomed\//);
      expect(printOrder?.printOrderId).toBeNull();
      expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);

      await leaseRunsOut(printOrder!);
      await settle(h.worker());
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("paid");
      expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);
      expect(printOrder?.printOrderId).toBe(ordersAtService(printOrder!.orderReference)[0]!.id);
      expect(printOrder?.events.find((e) => e.type === "created")?.message).toMatch(
        /already created/,
      );
    });

    it("resumes between create and pay after a worker dies, paying once", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await startDyingWorker("beforePay", "doomed-2");
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("created");
      expect(printOrder?.printOrderId).toBeGreaterThan(0);

      await leaseRunsOut(printOrder!);
      await settle(h.worker());
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("paid");
      expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);
      expect(paymentsOf(printOrder!.printOrderId!)).toBe(1);
    });
  });

  describe("Shopify throttling", () => {
    it("retries a throttled fulfilment instead of asking the merchant", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      const worker = h.worker();
      await settle(worker);
      const [paid] = await printOrdersOf(order.legacyId);
      h.shopify.control.injectFault({ target: "graphql", throttle: true, times: 2 });
      h.sandbox.control.advance({ orderId: paid!.printOrderId!, to: "SHIPPED" });
      await h.sandbox.control.waitForCallbacks();
      await settle(worker);
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
      expect(printOrder?.events.some((e) => e.type === "retry_scheduled")).toBe(true);
      expect(h.shopify.control.getOrder(order.id)!.fulfillments).toHaveLength(1);
    });
  });

  describe("status callbacks", () => {
    async function post(path: string, body: unknown) {
      return fetch(`${h.appUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    }

    it("never moves a state backwards and fulfils once when callbacks repeat and arrive out of order", async () => {
      h.sandbox.control.setFaults({ callbacks: { duplicateRate: 1, reorderRate: 0.5 } });
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      const worker = h.worker();
      await settle(worker);
      const [paid] = await printOrdersOf(order.legacyId);
      const id = paid!.printOrderId!;
      for (const to of ["WAITING_TO_DISPATCH", "IN_PRINT_QUEUE", "IN_PRODUCTION", "SHIPPED"]) {
        h.sandbox.control.advance({ orderId: id, to });
      }
      await h.sandbox.control.waitForCallbacks();
      await settle(worker);
      // A late, validly signed callback from an earlier state arrives afterwards.
      const late = await post(`/webhooks/print/${h.callbackId}`, {
        signature: paymentSecret(SANDBOX_KEYS.secretKey, id),
        order_id: id,
        order_reference: paid!.orderReference,
        old_status: "IN_PRINT_QUEUE",
        new_status: "IN_PRODUCTION",
      });
      expect(late.status).toBe(200);
      await settle(worker);

      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("fulfilled");
      expect(printOrder?.serviceState).toBe("SHIPPED");
      expect(h.shopify.control.getOrder(order.id)!.fulfillments).toHaveLength(1);
      expect(h.sandbox.control.callbacks().length).toBeGreaterThan(4);
    });

    it("answers 401 to a wrong signature, a missing one, and an unknown callback address", async () => {
      const body = { order_id: 1000001, new_status: "SHIPPED", old_status: "IN_PRODUCTION" };
      expect(
        (await post(`/webhooks/print/${h.callbackId}`, { ...body, signature: "0".repeat(64) }))
          .status,
      ).toBe(401);
      expect((await post(`/webhooks/print/${h.callbackId}`, body)).status).toBe(401);
      expect(
        (
          await post(`/webhooks/print/not-a-shop`, {
            ...body,
            signature: paymentSecret(SANDBOX_KEYS.secretKey, 1000001),
          })
        ).status,
      ).toBe(401);
      const events = await prisma.orderEvent.count({
        where: {
          shop: SHOP,
          type: "status_callback",
          data: { contains: '"new":"SHIPPED","old":"IN_PRODUCTION"' },
        },
      });
      expect(events).toBe(0);
    });

    it("answers 429 with Retry-After once a callback address has used up its burst", async () => {
      const address = `flood-${h.callbackId}`;
      expect((await post(`/webhooks/print/${address}`, { order_id: 1 })).status).toBe(401);
      // The burst is allowed; use it up without sending it,
      // then send more at once than the bucket refills while they are answered.
      while (callbackLimiter.take(address).allowed);
      // The clock stands still while they are answered, so a slow machine refills nothing.
      vi.useFakeTimers({ toFake: ["Date"] });
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => post(`/webhooks/print/${address}`, { order_id: 1 })),
      ).finally(() => vi.useRealTimers());
      const refused = answers.find((a) => a.status === 429);
      expect(refused).toBeDefined();
      expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Other addresses are not affected.
      expect((await post(`/webhooks/print/other-${h.callbackId}`, { order_id: 1 })).status).toBe(
        401,
      );
    });

    it("turns a flood of forged callback addresses away before it costs a database read each", async () => {
      refusedCallbackLimiter.reset();
      // Random addresses from one sender: refused (401) until the sender's refusals run out, then
      // 429 at once. A repeat of an address no shop has is answered from memory.
      const answers: number[] = [];
      // The clock stands still while they are answered: a slow machine refills nothing.
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        for (let i = 0; i < 80; i++)
          answers.push(
            (await post(`/webhooks/print/forged-${i}-${h.callbackId}`, { order_id: 1 })).status,
          );
      } finally {
        vi.useRealTimers();
        refusedCallbackLimiter.reset();
      }
      expect(answers.slice(0, 60)).toEqual(Array(60).fill(401));
      expect(answers.slice(60)).toEqual(Array(20).fill(429));
    });

    it("caps what one captured signature can write for its order", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await settle(h.worker());
      const [printOrder] = await printOrdersOf(order.legacyId);
      const serviceId = printOrder!.printOrderId!;
      const signature = paymentSecret(SANDBOX_KEYS.secretKey, serviceId);
      // The signature covers only the order id: the same one with 40 different statuses.
      const answers: number[] = [];
      // The clock stands still while they are answered: a slow machine refills nothing.
      vi.useFakeTimers({ toFake: ["Date"] });
      for (let i = 0; i < 40; i++) {
        answers.push(
          (
            await post(`/webhooks/print/${h.callbackId}`, {
              order_id: serviceId,
              new_status: `FORGED_${i}`,
              old_status: "OPEN",
              signature,
            })
          ).status,
        );
      }
      vi.useRealTimers();
      expect(answers.filter((a) => a === 200).length).toBeLessThanOrEqual(30);
      expect(answers.slice(-5)).toEqual(Array(5).fill(429));
      const written = await prisma.orderEvent.count({
        where: { shop: SHOP, printOrderId: printOrder!.id, type: "status_callback" },
      });
      expect(written).toBeLessThanOrEqual(30);
    });

    it("answers 400 with the reason to a body that is not JSON", async () => {
      const response = await fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
        method: "POST",
        body: "{nope",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/not understood/);
    });
  });
}
