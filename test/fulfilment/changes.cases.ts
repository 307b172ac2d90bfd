import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { approvePrintOrder, cancelHeldPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type FulfilmentModel,
  type Harness,
} from "../support/fulfilment-harness";

/** Run in both of the shop's models (docs/decisions/0023): the same expectations hold. */
export function describeChanges(model: FulfilmentModel): void {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ model });
    for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h.settings({ routingMode: "immediate" });
  });

  const NEW_ADDRESS = {
    address1: "Prinsengracht 263",
    city: "Amsterdam",
    zip: "1016 GV",
    countryCode: "NL",
  };

  describe("changes to the Shopify order", () => {
    it("uses a changed address for an order that is not created yet", async () => {
      await h.settings({ routingMode: "manual" });
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await settle(h.worker());
      await h.shopify.control.updateShippingAddress(order.id, NEW_ADDRESS, {
        topics: ["orders/updated"],
      });
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.events.at(-1)?.message).toMatch(/new one will be used/);

      await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      await settle(h.worker());
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(h.sandbox.control.order(printOrder!.printOrderId!)?.shippingAddress).toMatchObject({
        addressLine1: "Prinsengracht 263",
      });
    });

    it("sends a changed address with /order/address while the print order is unpaid", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.notebook.variantId }]);
      await settle(h.worker());
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("awaiting_files");

      await h.shopify.control.updateShippingAddress(order.id, NEW_ADDRESS, {
        topics: ["orders/updated"],
      });
      await settle(h.worker());
      expect(
        h.sandbox.control.requests({ op: "order.address" }).filter((r) => r.status === 200),
      ).toHaveLength(1);
      expect(h.sandbox.control.order(printOrder!.printOrderId!)?.shippingAddress).toMatchObject({
        addressLine1: "Prinsengracht 263",
      });
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.addressPending).toBe(false);
      expect(printOrder?.events.map((e) => e.type)).toContain("address_sent");
    });

    it("flags a changed country after payment: the print service keeps the old address", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await settle(h.worker());
      await h.shopify.control.updateShippingAddress(
        order.id,
        { address1: "Unter den Linden 1", city: "Berlin", zip: "10117", countryCode: "DE" },
        { topics: ["orders/updated"] },
      );
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("needs_attention");
      expect(printOrder?.lastErrorCode).toBe("ADDRESS_CHANGED_AFTER_PAYMENT");
      expect(printOrder?.resumeStatus).toBe("paid");
      expect(
        h.sandbox.control
          .requests({ op: "order.address" })
          .filter((r) => r.path.includes(String(printOrder!.printOrderId))),
      ).toHaveLength(0);
    });

    it("notes a changed street after payment without stopping the order", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
      await settle(h.worker());
      await h.shopify.control.updateShippingAddress(
        order.id,
        { address1: "Herengracht 10" },
        { topics: ["orders/updated"] },
      );
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("paid");
      expect(printOrder?.events.at(-1)?.type).toBe("address_changed_after_payment");
    });

    it("cancels unpaid print orders when the Shopify order is cancelled", async () => {
      await h.settings({ routingMode: "manual" });
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await settle(h.worker());
      const cancel = await h.shopify.control.cancelOrder(order.id, {
        topics: ["orders/cancelled"],
      });
      expect(cancel.deliveries.map((d) => d.topic)).toContain("orders/cancelled");
      expect(cancel.deliveries.every((d) => d.attempts.at(-1)?.status === 200)).toBe(true);
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("cancelled");
      // Nothing reaches the print service afterwards.
      await settle(h.worker());
      expect(
        h.sandbox.control.orders().some((o) => o.reference === printOrder!.orderReference),
      ).toBe(false);
    });

    it("flags a paid print order when the Shopify order is cancelled", async () => {
      const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
      await settle(h.worker());
      await h.shopify.control.cancelOrder(order.id, { topics: ["orders/cancelled"] });
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status).toBe("needs_attention");
      expect(printOrder?.lastErrorCode).toBe("SHOP_ORDER_CANCELLED");
      if (model === "service") {
        // As its fulfillment service, Shopify asks Print Connect to cancel the work it accepted:
        // still before production, it is cancelled at the print service and the request accepted.
        await settle(h.worker());
        const [after] = await printOrdersOf(order.legacyId);
        expect(after?.status).toBe("cancelled");
        expect(h.sandbox.control.order(after!.printOrderId!)?.state).toBe("CANCELLED");
        const service = h.shopify.control.fulfillmentServices(SHOP)[0]!.location.id;
        expect(
          h.shopify.control
            .getOrder(order.id)!
            .fulfillmentOrders.filter((fo) => fo.location.id === service)
            .map((fo) => fo.requestStatus),
        ).toEqual(["CANCELLATION_ACCEPTED"]);
      }
    });

    describe("while a worker is in the middle of a step for the print order", () => {
      /** What a worker's claim leaves on the row while it calls the print service. */
      const holdLease = (id: string) =>
        prisma.printOrder.update({
          where: { id },
          data: { leaseOwner: "another-worker", leaseExpiresAt: new Date(Date.now() + 60_000) },
        });
      const releaseLease = (id: string) =>
        prisma.printOrder.update({
          where: { id },
          data: { leaseOwner: null, leaseExpiresAt: null },
        });

      it("answers an address change with 503 and applies it when Shopify delivers it again", async () => {
        await h.settings({ routingMode: "manual" });
        const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
        await settle(h.worker());
        let [printOrder] = await printOrdersOf(order.legacyId);
        await holdLease(printOrder!.id);

        const first = await h.shopify.control.updateShippingAddress(order.id, NEW_ADDRESS, {
          topics: ["orders/updated"],
        });
        const answer = first.deliveries[0]!.attempts.at(-1)!;
        expect(answer.status).toBe(503);
        expect(answer.body).toMatch(/being worked on/);
        // Nothing was written half: neither the snapshot nor an event.
        const stored = await prisma.shopOrder.findFirstOrThrow({
          where: { shop: SHOP, shopifyOrderId: String(order.legacyId) },
        });
        expect(stored.shippingAddress).not.toContain("Prinsengracht");
        [printOrder] = await printOrdersOf(order.legacyId);
        expect(printOrder?.events.map((e) => e.type)).not.toContain("address_changed");

        await releaseLease(printOrder!.id);
        const again = await h.shopify.control.updateShippingAddress(order.id, NEW_ADDRESS, {
          topics: ["orders/updated"],
        });
        expect(again.deliveries[0]!.attempts.at(-1)!.status).toBe(200);
        [printOrder] = await printOrdersOf(order.legacyId);
        expect(printOrder?.events.at(-1)?.message).toMatch(/new one will be used/);
      });

      it("answers a cancellation with 503 until the step is over, then cancels", async () => {
        await h.settings({ routingMode: "manual" });
        const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
        await settle(h.worker());
        let [printOrder] = await printOrdersOf(order.legacyId);
        await holdLease(printOrder!.id);

        const first = await h.shopify.control.cancelOrder(order.id, {
          topics: ["orders/cancelled"],
        });
        expect(first.deliveries[0]!.attempts.at(-1)!.status).toBe(503);
        [printOrder] = await printOrdersOf(order.legacyId);
        expect(printOrder?.status).toBe("awaiting_approval");

        // The merchant's own cancel waits too, with a plain reason.
        expect(
          await cancelHeldPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id }),
        ).toEqual({
          ok: false,
          status: 409,
          message: expect.stringMatching(/being sent to the print service right now/),
        });

        await releaseLease(printOrder!.id);
        const again = await h.shopify.control.cancelOrder(order.id, {
          topics: ["orders/cancelled"],
        });
        expect(again.deliveries[0]!.attempts.at(-1)!.status).toBe(200);
        [printOrder] = await printOrdersOf(order.legacyId);
        expect(printOrder?.status).toBe("cancelled");
      });

      it("acts on a lease a crashed worker left behind once it has expired", async () => {
        await h.settings({ routingMode: "manual" });
        const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
        await settle(h.worker());
        let [printOrder] = await printOrdersOf(order.legacyId);
        await prisma.printOrder.update({
          where: { id: printOrder!.id },
          data: { leaseOwner: "crashed-worker", leaseExpiresAt: new Date(Date.now() - 1) },
        });
        expect(
          await cancelHeldPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id }),
        ).toMatchObject({
          ok: true,
        });
        [printOrder] = await printOrdersOf(order.legacyId);
        expect(printOrder?.status).toBe("cancelled");
      });
    });
  });
}
