/**
 * The fulfilment pipeline end to end (print orders created, paid, split, held, followed and
 * fulfilled with tracking), run in both of the shop's models (docs/decisions/0023): its own,
 * and Print Connect as its Shopify fulfillment service. The same expectations hold in both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { approvePrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { paymentSecret } from "~/services/print";
import {
  ADDRESS_NL,
  MAPPINGS,
  SHOP,
  startHarness,
  type FulfilmentModel,
  type Harness,
} from "../support/fulfilment-harness";

export function describePipeline(model: FulfilmentModel): void {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ model });
    for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    h.sandbox.control.clearFaults();
    await h.settings({ routingMode: "immediate", holdHours: 0 });
  });

  /** A paid order in the Shopify stand-in, its orders/paid webhook delivered to the app. */
  async function paidOrder(
    lineItems: { variantId: string; quantity?: number; properties?: Record<string, string> }[],
    extra: { shippingAddress?: Record<string, string> } = {},
  ) {
    const { order } = await h.shopify.control.createOrder(
      {
        lineItems,
        email: "anna@example.com",
        shippingAddress: { ...ADDRESS_NL, ...extra.shippingAddress },
      },
      { deliver: false },
    );
    const paid = await h.shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    // orders/paid, and in the service model Shopify's ping for the automatic request.
    expect(paid.deliveries.map((d) => [d.topic, d.attempts.at(-1)?.status])).toEqual([
      ["orders/paid", 200],
      ...(model === "service" ? [["fulfillment_order_notification", 200]] : []),
    ]);
    return order;
  }

  const printOrdersOf = (shopifyOrderId: string | number) =>
    prisma.printOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: String(shopifyOrderId).replace(/\D/g, "") },
      include: { items: true, events: { orderBy: { id: "asc" } } },
      orderBy: { groupIndex: "asc" },
    });

  async function shipAll(worker: ReturnType<Harness["worker"]>, ids: number[]) {
    for (const id of ids) h.sandbox.control.advance({ orderId: id, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await worker.drain();
  }

  describe("a paid order goes to print and its tracking comes back", () => {
    it("creates and pays one print order, then fulfils exactly the print lines with tracking", async () => {
      // GIVEN a paid order with a print product and a tote bag the merchant ships
      const order = await paidOrder([
        { variantId: MAPPINGS.photoBook.variantId, quantity: 2 },
        { variantId: "gid://shopify/ProductVariant/20009" },
      ]);
      const worker = h.worker();

      // WHEN the worker runs
      await worker.drain();

      // THEN one print order is created and paid at the print service
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      expect(printOrder?.printOrderId).toBeGreaterThan(0);
      const atService = h.sandbox.control.order(printOrder!.printOrderId!);
      expect(atService?.state).toBe("PAID");
      expect(atService?.reference).toBe(printOrder!.orderReference);
      expect(atService?.items.map((i) => [i.offeringId, i.quantity])).toEqual([[228478, 2]]);
      expect(atService?.shippingAddress).toMatchObject({
        firstName: "Anna",
        city: "Amsterdam",
        countryCode: "NL",
      });

      // In the service model the print line is Print Connect's, and its request was accepted:
      // Shopify's order page says "In progress".
      if (model === "service") {
        const service = h.shopify.control.fulfillmentServices(SHOP)[0]!.location.id;
        const ours = h.shopify.control
          .getOrder(order.id)!
          .fulfillmentOrders.filter((fo) => fo.location.id === service);
        expect(ours.map((fo) => [fo.status, fo.requestStatus])).toEqual([
          ["IN_PROGRESS", "ACCEPTED"],
        ]);
        expect(ours[0]!.lineItems.map((l) => l.sku)).toEqual([expect.any(String)]);
      }

      // WHEN it ships (status callback) THEN Shopify gets one fulfillment of the print line with tracking
      await shipAll(worker, [printOrder!.printOrderId!]);
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
      const shopifyOrder = h.shopify.control.getOrder(order.id)!;
      expect(shopifyOrder.fulfillments).toHaveLength(1);
      const fulfillment = shopifyOrder.fulfillments[0]!;
      expect(fulfillment.trackingInfo[0]?.number).toBe(
        atService!.trackingCode || printOrder!.trackingCode,
      );
      expect(fulfillment.trackingInfo[0]?.number).toBeTruthy();
      expect(fulfillment.notifyCustomer).toBe(true);
      const printLine = shopifyOrder.lineItems.find((l) => l.variantId?.endsWith("/20001"))!;
      expect(fulfillment.lineItems).toEqual([{ lineItemId: printLine.id, quantity: 2 }]);
      if (model === "service")
        expect(fulfillment.location.id).toBe(
          h.shopify.control.fulfillmentServices(SHOP)[0]!.location.id,
        );
      // The tote bag is untouched.
      const warehouse = shopifyOrder.fulfillmentOrders.find(
        (fo) => fo.location.name === "Shop warehouse",
      )!;
      expect(warehouse.lineItems[0]?.remainingQuantity).toBe(1);

      expect(printOrder?.events.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          "planned",
          "ready",
          "created",
          "paid",
          "status_callback",
          "shipped",
          "fulfilled",
        ]),
      );
      // One entry per state change: the shipment is written once, not also as "Print service: Shipped."
      const shipments = printOrder!.events.filter(
        (e) => e.type === "shipped" || e.message === "Print service: Shipped.",
      );
      expect(shipments.map((e) => e.type)).toEqual(["shipped"]);
    });

    it("records wholesale prices and the fulfilment location from the print service", async () => {
      const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
      const worker = h.worker();
      await worker.drain();
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.wholesaleTotalMinor).toBeGreaterThan(0);
      expect(printOrder?.priceData).toContain("fulfilmentLocation");
    });
  });

  describe("a second shipment", () => {
    it("adds its tracking number to the Shopify fulfillment instead of overwriting the first", async () => {
      const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      const id = printOrder!.printOrderId!;
      await shipAll(worker, [id]);
      const first = h.sandbox.control.order(id)!.trackingCode;

      // The service ships a second parcel for the same order and says so.
      const atService = h.sandbox.control.order(id)!;
      atService.trackingCode = "SECOND-PARCEL-1";
      atService.trackingUrl = "https://tracking.sandbox.invalid/track/SECOND-PARCEL-1";
      const callback = await fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          signature: paymentSecret("sandbox-secret-key", id),
          order_id: id,
          old_status: "SHIPPED",
          new_status: "SHIPPED",
          tracking_code: "SECOND-PARCEL-1",
        }),
      });
      expect(callback.status).toBe(200);
      await worker.drain();

      [printOrder] = await printOrdersOf(order.legacyId);
      const fulfillments = h.shopify.control.getOrder(order.id)!.fulfillments;
      expect(fulfillments).toHaveLength(1);
      expect(fulfillments[0]!.trackingInfo.map((t) => t.number)).toEqual([
        first,
        "SECOND-PARCEL-1",
      ]);
      expect(
        JSON.parse(printOrder!.trackingPushed).map((t: { number: string }) => t.number),
      ).toEqual([first, "SECOND-PARCEL-1"]);
      expect(printOrder?.events.map((e) => e.type)).toContain("tracking_added");
    });
  });

  describe("orders the service cannot produce at one facility", () => {
    it("splits into one print order per facility group, each paid and fulfilled separately", async () => {
      const order = await paidOrder([
        { variantId: MAPPINGS.photoBook.variantId },
        { variantId: MAPPINGS.novel.variantId },
        { variantId: MAPPINGS.framedPrint.variantId },
      ]);
      const worker = h.worker();
      await worker.drain();
      const printOrders = await printOrdersOf(order.legacyId);
      expect(printOrders.map((p) => p.orderReference)).toEqual([
        `PC-${order.legacyId}-1`,
        `PC-${order.legacyId}-2`,
      ]);
      expect(printOrders.map((p) => p.items.map((i) => i.offeringId).sort())).toEqual([
        [228478, 228500],
        [228565],
      ]);
      expect(printOrders.every((p) => p.status === "paid")).toBe(true);

      await shipAll(
        worker,
        printOrders.map((p) => p.printOrderId!),
      );
      const shopifyOrder = h.shopify.control.getOrder(order.id)!;
      expect(shopifyOrder.fulfillments).toHaveLength(2);
      expect((await printOrdersOf(order.legacyId)).map((p) => p.status)).toEqual([
        "fulfilled",
        "fulfilled",
      ]);
    });
  });

  describe("personalised items", () => {
    it("waits for a file that comes later, sends it with /order/files, then pays", async () => {
      const order = await paidOrder([{ variantId: MAPPINGS.notebook.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("awaiting_files");
      expect(h.sandbox.control.order(printOrder!.printOrderId!)?.state).toBe("OPEN");

      // The storefront's upload finishes: the property arrives with orders/updated.
      const line = h.shopify.control.getOrder(order.id)!.lineItems[0]!;
      await h.shopify.control.setLineItemProperty(
        order.id,
        line.id,
        "Print file",
        "https://files.example.com/anna-notebook.pdf",
        { topics: ["orders/updated"] },
      );
      await worker.drain();

      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      expect(
        h.sandbox.control.requests({ op: "order.files" }).filter((r) => r.status === 200),
      ).toHaveLength(1);
      expect(printOrder?.events.map((e) => e.type)).toEqual(
        expect.arrayContaining(["file_received", "files_sent", "paid"]),
      );
    });

    it("uses the file given at checkout straight away", async () => {
      const order = await paidOrder([
        {
          variantId: MAPPINGS.notebook.variantId,
          properties: { "Print file": "https://files.example.com/ben.pdf" },
        },
      ]);
      await h.worker().drain();
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    });
  });

  describe("routing modes", () => {
    it("holds an order until the hold ends, unless approved earlier", async () => {
      await h.settings({ routingMode: "hold", holdHours: 24 });
      const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("held");
      expect(printOrder?.printOrderId).toBeNull();
      expect(printOrder!.holdUntil!.getTime() - printOrder!.createdAt.getTime()).toBe(
        24 * 3_600_000,
      );

      expect(
        await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id }),
      ).toMatchObject({
        ok: true,
      });
      await worker.drain();
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    });

    it("sends a held order once its hold period is over", async () => {
      await h.settings({ routingMode: "hold", holdHours: 1 });
      const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("held");
      // The hour passes.
      await prisma.printOrder.update({
        where: { id: printOrder!.id },
        data: { nextAttemptAt: new Date(Date.now() - 1) },
      });
      await worker.drain();
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    });

    it("waits for the merchant's approval in manual mode", async () => {
      await h.settings({ routingMode: "manual" });
      const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("awaiting_approval");
      expect(
        h.sandbox.control.orders().some((o) => o.reference === printOrder!.orderReference),
      ).toBe(false);

      await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      await worker.drain();
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      expect(printOrder?.events.map((e) => e.actor)).toContain("merchant");
    });
  });

  describe("a shipment whose tracking number comes later", () => {
    it("waits for the number, then fulfils with it once a later read finds it", async () => {
      const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
      const worker = h.worker();
      await worker.drain();
      let [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
      const printOrderId = printOrder!.printOrderId!;

      // The service marks it shipped before the carrier's number is known.
      h.sandbox.control.advance({ orderId: printOrderId, to: "SHIPPED", tracking: null });
      await h.sandbox.control.waitForCallbacks();
      await worker.drain();
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.serviceState).toBe("SHIPPED");
      expect(printOrder?.status).not.toBe("shipped");
      expect(printOrder?.trackingCode).toBeNull();
      expect(printOrder?.events.map((e) => e.type)).toContain("awaiting_tracking");
      expect(h.shopify.control.getOrder(order.id)!.fulfillments).toHaveLength(0);

      // The number arrives; the next scheduled read (time passes) picks it up.
      h.sandbox.control.setTracking(printOrderId, {
        code: "LATE0001",
        url: "https://tracking.example.com/LATE0001",
      });
      await prisma.printOrder.update({
        where: { id: printOrder!.id },
        data: { nextAttemptAt: new Date(Date.now() - 1) },
      });
      await worker.drain();
      [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
      const fulfillments = h.shopify.control.getOrder(order.id)!.fulfillments;
      expect(fulfillments).toHaveLength(1);
      expect(fulfillments[0]!.trackingInfo[0]).toMatchObject({
        number: "LATE0001",
        url: "https://tracking.example.com/LATE0001",
      });
    });
  });
}
