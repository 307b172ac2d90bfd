import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { recordInstall } from "~/data/shop.server";
import { saveMapping } from "~/data/mapping.server";
import { cancelHeldPrintOrder, retryPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { getPrintOrderDetail } from "~/pages/order-detail/view.server";
import { ingestPaidOrder } from "~/services/fulfilment/ingest";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";
import { paidOrderPayload } from "../support/orders";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
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
afterEach(() => {
  h.sandbox.control.clearFaults();
  h.sandbox.control.updateMerchant(SANDBOX_KEYS.merchantApiKey, { credit: "100000.00" });
});

async function attentionFor(
  lines: Parameters<typeof placePaidOrder>[1],
  options: Parameters<typeof placePaidOrder>[2] = {},
) {
  const { order } = await placePaidOrder(h, lines, options);
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("needs_attention");
  expect(printOrder?.lastErrorAction).toBeTruthy();
  // Status callbacks may land after the flag; the last event of the worker is what counts.
  expect(printOrder?.events.filter((e) => e.actor !== "callback").at(-1)?.type).toBe(
    "needs_attention",
  );
  return { order, printOrder: printOrder! };
}

describe("orders that need the merchant", () => {
  it("an incomplete shipping address", async () => {
    const { printOrder } = await attentionFor([{ variantId: MAPPINGS.photoBook.variantId }], {
      shippingAddress: { address1: null },
    });
    expect(printOrder.lastErrorCode).toBe("ADDRESS_INVALID");
    expect(printOrder.lastErrorMessage).toMatch(/address line/);
    expect(printOrder.printOrderId).toBeNull();
  });

  it("an email or a country code the print service would refuse, before anything is created", async () => {
    const email = await attentionFor([{ variantId: MAPPINGS.photoBook.variantId }], {
      email: "anna@localhost",
    });
    expect(email.printOrder.lastErrorCode).toBe("ADDRESS_INVALID");
    expect(email.printOrder.lastErrorMessage).toMatch(/email address is not one/);
    expect(email.printOrder.lastErrorMessage).not.toContain("anna@localhost");
    const country = await attentionFor([{ variantId: MAPPINGS.photoBook.variantId }], {
      shippingAddress: { countryCode: "XX" },
    });
    expect(country.printOrder.lastErrorCode).toBe("ADDRESS_INVALID");
    expect(country.printOrder.lastErrorMessage).toMatch(/country code "XX"/);
    for (const { printOrder } of [email, country]) {
      expect(printOrder.printOrderId).toBeNull();
      expect(
        h.sandbox.control
          .requests({ op: "order.create" })
          .some((r) => r.path.includes(printOrder.orderReference)),
      ).toBe(false);
    }
  });

  it("a destination no production facility ships to", async () => {
    const { printOrder } = await attentionFor([{ variantId: MAPPINGS.photoBook.variantId }], {
      shippingAddress: { countryCode: "RU", city: "Moscow", zip: "101000" },
    });
    expect(printOrder.lastErrorCode).toBe("NO_PF");
    expect(printOrder.lastErrorAction).toMatch(/Ship this order yourself|offering available/);
  });

  it("an offering the service no longer has", async () => {
    await h.map({
      variantId: "gid://shopify/ProductVariant/20004",
      title: "Magazine",
      offeringId: 999999,
      contentUrl: "https://files.example.com/mag.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 32,
    });
    const { printOrder } = await attentionFor([
      { variantId: "gid://shopify/ProductVariant/20004" },
    ]);
    expect(printOrder.lastErrorCode).toBe("OFF_NOT_FOUND");
  });

  it("an order outside the offering's limits, before anything is created", async () => {
    await h.map({
      variantId: "gid://shopify/ProductVariant/20004",
      title: "Magazine",
      offeringId: 228520,
      contentUrl: "https://files.example.com/mag.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 32,
    });
    const { printOrder } = await attentionFor([
      { variantId: "gid://shopify/ProductVariant/20004", quantity: 1 },
    ]);
    expect(printOrder.lastErrorCode).toBe("OFFERING_LIMITS");
    expect(printOrder.lastErrorMessage).toMatch(/quantity 1 is below the minimum of 5/);
    expect(
      h.sandbox.control
        .requests({ op: "order.create" })
        .some((r) => r.path.includes(printOrder.orderReference)),
    ).toBe(false);
  });

  it("a mapping without a print file", async () => {
    await h.map({
      variantId: "gid://shopify/ProductVariant/20005",
      title: "Calendar",
      offeringId: 228530,
      contentWidth: 297,
      contentHeight: 210,
      numberOfPages: 28,
    });
    const { printOrder } = await attentionFor([
      { variantId: "gid://shopify/ProductVariant/20005" },
    ]);
    expect(printOrder.lastErrorCode).toBe("FILE_MISSING");
  });

  it("a print file the service cannot download, and a retry after the file is fixed", async () => {
    await h.map({
      variantId: "gid://shopify/ProductVariant/20005",
      title: "Calendar",
      offeringId: 228530,
      contentUrl: "https://unreachable.invalid/calendar.pdf",
      contentWidth: 297,
      contentHeight: 210,
      numberOfPages: 28,
    });
    const { order, printOrder } = await attentionFor([
      { variantId: "gid://shopify/ProductVariant/20005" },
    ]);
    expect(printOrder.lastErrorCode).toBe("FILE_UNREACHABLE");
    expect(printOrder.resumeStatus).toBe("created");
    expect(printOrder.lastErrorAction).toMatch(/product mapping, then retry/);

    // The merchant follows the advice: a reachable file in the mapping, then retry.
    await h.map({
      variantId: "gid://shopify/ProductVariant/20005",
      title: "Calendar",
      offeringId: 228530,
      contentUrl: "https://files.example.com/calendar-fixed.pdf",
      contentWidth: 297,
      contentHeight: 210,
      numberOfPages: 28,
    });
    expect(
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder.id }),
    ).toMatchObject({
      ok: true,
      message: expect.stringContaining("current product mapping"),
    });
    await settle(h.worker());
    const [after] = await printOrdersOf(order.legacyId);
    expect(after?.status, after?.lastErrorMessage ?? "").toBe("paid");
    // Same order at the service (it was OPEN), now with the fixed file.
    expect(after?.printOrderId).toBe(printOrder.printOrderId);
    const atService = h.sandbox.control.order(printOrder.printOrderId!)!;
    expect(atService.state).toBe("PAID");
    expect(JSON.stringify(atService.items[0])).toContain("calendar-fixed.pdf");
  });

  it("a mapping to an offering the service dropped, retried after the product is mapped again", async () => {
    await h.map({
      ...MAPPINGS.photoBook,
      variantId: "gid://shopify/ProductVariant/20002",
      offeringId: 999999,
    });
    const { order, printOrder } = await attentionFor([
      { variantId: "gid://shopify/ProductVariant/20002" },
    ]);
    expect(printOrder.lastErrorCode).toBe("OFF_NOT_FOUND");
    expect(printOrder.printOrderId).toBeNull();

    await h.map({ ...MAPPINGS.photoBook, variantId: "gid://shopify/ProductVariant/20002" });
    expect(
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder.id }),
    ).toMatchObject({
      ok: true,
    });
    await settle(h.worker());
    const [after] = await printOrdersOf(order.legacyId);
    expect(after?.status, after?.lastErrorMessage ?? "").toBe("paid");
    expect(after?.items.map((i) => i.offeringId)).toEqual([MAPPINGS.photoBook.offeringId]);
    const atService = h.sandbox.control.order(after!.printOrderId!)!;
    expect(atService.items.map((i) => i.offeringId)).toEqual([MAPPINGS.photoBook.offeringId]);
  });

  it("not enough credit, paid after a top-up and a retry", async () => {
    h.sandbox.control.updateMerchant(SANDBOX_KEYS.merchantApiKey, { credit: "1.00" });
    const { order, printOrder } = await attentionFor([{ variantId: MAPPINGS.photoBook.variantId }]);
    expect(printOrder.lastErrorCode).toBe("MERCH_INSUFFICIENT_BALANCE");
    expect(printOrder.lastErrorAction).toMatch(/Top up/);
    expect(h.sandbox.control.order(printOrder.printOrderId!)?.state).toBe("PAYMENT_ERROR");

    h.sandbox.control.updateMerchant(SANDBOX_KEYS.merchantApiKey, { credit: "100000.00" });
    expect(
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder.id }),
    ).toMatchObject({
      ok: true,
    });
    await settle(h.worker());
    const [after] = await printOrdersOf(order.legacyId);
    expect(after?.status).toBe("paid");
    expect(after?.lastErrorCode).toBeNull();
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === printOrder.orderReference),
    ).toHaveLength(1);
  });

  it("a production problem after payment: retry is offered, cancelling here is not", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    await settle(h.worker());
    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("paid");
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "PRODUCTION_ERROR" });
    await h.sandbox.control.waitForCallbacks();
    await settle(h.worker());
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("needs_attention");

    // The service has the money and may still print it: a local cancel would only hide it.
    const detail = await getPrintOrderDetail({ shop: SHOP, id: printOrder!.id });
    expect(detail?.actions).toMatchObject({ retry: true, cancel: false });
    expect(
      await cancelHeldPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("needs_attention");
  });

  it("a shop with no print-service account connected", async () => {
    const shop = "not-connected.myshopify.com";
    await recordInstall({ shop, scopes: "" });
    await saveMapping({ shop, mapping: { ...MAPPINGS.photoBook } });
    const payload = paidOrderPayload({
      id: 880001,
      lines: [{ id: 1, variantId: 20001, quantity: 1, title: "Photo book" }],
    });
    await ingestPaidOrder(fulfilmentStore(prisma), {
      shop,
      webhookId: "w-880001",
      topic: "orders/paid",
      order: shopifyOrderSchema.parse(payload),
    });
    await settle(h.worker());
    const printOrder = await prisma.printOrder.findFirstOrThrow({ where: { shop } });
    expect(printOrder.status).toBe("needs_attention");
    expect(printOrder.lastErrorCode).toBe("NOT_CONNECTED");
    expect(printOrder.lastErrorAction).toMatch(/Settings/);
  });

  it("refuses a retry of an order that does not need one, and one of another shop", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.novel.variantId }]);
    await settle(h.worker());
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(
      await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(
      await retryPrintOrder(printOrderCommandStore, {
        shop: "someone-else.myshopify.com",
        id: printOrder!.id,
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});
