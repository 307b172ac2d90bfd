import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as orderLoader } from "~/routes/app.orders.$id";
import type { OrderDetailView } from "~/pages/order-detail/view.server";
import type { FulfilmentWorker } from "~/services/fulfilment/worker";
import { call, data, get } from "../admin/helpers";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  startHarness,
  type FulfilmentModel,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * The order page of an order printed and shipped through the print sandbox: each item's state
 * and the timeline say the same as the order. The service's item states end at "Ready to print",
 * and the read that ships the order also brings the item's last state.
 */

/** Run in both of the shop's models (docs/decisions/0023): the same expectations hold. */
export function describeOrderPageAgrees(model: FulfilmentModel): void {
  let h: Harness;
  let worker: FulfilmentWorker;
  beforeAll(async () => {
    h = await startHarness({ model });
    await h.map(MAPPINGS.novel);
    worker = h.worker();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function orderPage(id: string): Promise<OrderDetailView> {
    const response = await call(orderLoader, get(`/app/orders/${id}`), { id });
    expect(response.status).toBe(200);
    return (await data<{ order: OrderDetailView }>(response)).order;
  }

  describe("the order page of a printed and shipped order", () => {
    it("shows the item as shipped, and the timeline in the order things happened", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await settle(worker);
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      const paid = await orderPage(printOrder!.id);
      // Before printing, the item says its own state.
      expect(paid.items[0]?.serviceStateLabel).toBe("File waiting to be processed");

      // One read brings both: the item ready to print and the order shipped.
      h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
      await h.sandbox.control.waitForCallbacks();
      await settle(worker);
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
      expect(printOrder?.items[0]?.serviceState).toBe("PRINT_READY");

      const page = await orderPage(printOrder!.id);
      expect(page.serviceStateLabel).toBe("Shipped");
      expect(page.items.map((i) => i.serviceStateLabel)).toEqual(["Shipped"]);

      // Newest first; entries of one moment in the order they were recorded.
      const messages = page.events.map((e) => e.message);
      const shipped = messages.findIndex((m) => m.startsWith("Shipped with tracking"));
      const ready = messages.findIndex((m) => m.endsWith(": Ready to print."));
      expect(shipped).toBeGreaterThanOrEqual(0);
      expect(ready).toBeGreaterThan(shipped);
      expect(page.events[shipped]!.at).toBe(page.events[ready]!.at);
      expect(messages[0]).toMatch(/^Fulfilled in Shopify/);
      const times = page.events.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  });
}
