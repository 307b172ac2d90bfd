import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { approvePrintOrder } from "~/services/fulfilment/commands";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
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

    await approvePrintOrder(prisma, { shop: SHOP, id: printOrder!.id });
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
    const cancel = await h.shopify.control.cancelOrder(order.id, { topics: ["orders/cancelled"] });
    expect(cancel.deliveries.map((d) => d.topic)).toContain("orders/cancelled");
    expect(cancel.deliveries.every((d) => d.attempts.at(-1)?.status === 200)).toBe(true);
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("cancelled");
    // Nothing reaches the print service afterwards.
    await settle(h.worker());
    expect(h.sandbox.control.orders().some((o) => o.reference === printOrder!.orderReference)).toBe(
      false,
    );
  });

  it("flags a paid print order when the Shopify order is cancelled", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    await settle(h.worker());
    await h.shopify.control.cancelOrder(order.id, { topics: ["orders/cancelled"] });
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("needs_attention");
    expect(printOrder?.lastErrorCode).toBe("SHOP_ORDER_CANCELLED");
  });
});
