/**
 * The app as Shopify's fulfillment service, through the real path: a shop that moved has its
 * mapped variants stocked at the Print Connect location, so Shopify assigns their lines to the
 * app; the merchant's requests reach the app as signed pings on its route; the worker's look
 * answers them on the Shopify stand-in (accepted once printed and paid, declined with Shopify's
 * reason, cancellations honoured before production and declined after), and tracking goes out
 * on the app's own fulfillment order. Orders through the signed webhook, the worker and the
 * print sandbox.
 */
import "../support/app-env";
import { DEMO_IDS } from "../../sandbox/shopify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { shopifyAddressSchema } from "~/services/fulfilment/shopify-order";
import {
  confirmServiceMove,
  getServiceModel,
  markServiceLookDue,
} from "~/data/fulfillment-service.server";
import { serviceRoundDeps } from "~/lib/fulfillment-service-looks.server";
import {
  lookAtShop,
  NOT_CONNECTED_LOOK_MS,
  runDueServiceLooks,
} from "~/services/fulfillment-service/round";
import {
  applyCustomerAddress,
  approvePrintOrder,
  cancelHeldPrintOrder,
} from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { registerFulfillmentService } from "~/services/fulfillment-service/registration";
import { adminGraphql, type AdminApi } from "~/services/shopify-admin";
import { unauthenticated } from "~/shopify.server";
import { action as servicePing } from "~/routes/fulfillment-service.fulfillment_order_notification";
import { runRegularCheck } from "~/lib/regular-check.server";
import { printClientFor } from "~/lib/print-client.server";
import { planRecordedOrders } from "../support/plan-recorded";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import {
  ADDRESS_NL,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
/** The harness's address in the shape Shopify's webhooks give. */
const shopifyAddress = (a: typeof ADDRESS_NL) =>
  shopifyAddressSchema.parse({
    first_name: a.firstName,
    last_name: a.lastName,
    address1: a.address1,
    city: a.city,
    zip: a.zip,
    country_code: a.countryCode,
    phone: a.phone,
  });
const silent = { info() {}, warn() {} };
const deps = () => serviceRoundDeps({ logger: silent });
/** A variant the app does not print: the merchant ships it from their own location. */
const OWN_VARIANT = "gid://shopify/ProductVariant/20002";

beforeAll(async () => {
  // The shop's own model (the harness's default: a shop installed before the app was a
  // fulfillment service); the tests below move it.
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.novel);
  // Shopify pings the service's callback: point it at this test's route server.
  const { admin } = await unauthenticated.admin(SHOP);
  await registerFulfillmentService(adminGraphql(admin as AdminApi), {
    callbackUrl: `${h.appUrl}/fulfillment-service`,
  });
});
afterAll(async () => {
  await h?.close();
});

const serviceLocation = () => h.shopify.control.fulfillmentServices(SHOP)[0]!.location;

/** The Shopify order's fulfillment orders: the one at the Print Connect location, and the rest. */
function fulfillmentOrdersOf(orderId: string) {
  const all = h.shopify.control.getOrder(orderId)!.fulfillmentOrders;
  const service = serviceLocation().id;
  return {
    ours: all.filter((fo) => fo.location.id === service),
    theirs: all.filter((fo) => fo.location.id !== service),
  };
}

async function paidOrder(
  lineItems: { variantId: string; quantity?: number }[],
  address: Record<string, string | null> = {},
) {
  const { order } = await placePaidOrder(h, lineItems, { shippingAddress: address });
  await settle(h.worker());
  return order;
}

/** Shopify's ping answered by the app's route, then the worker's round over due shops. */
async function requestAndLook(foId: string, kind: "fulfillment" | "cancellation") {
  const result =
    kind === "fulfillment"
      ? await h.shopify.control.requestFulfillment(foId, { message: "Please print" })
      : await h.shopify.control.requestCancellation(foId, { message: "Customer changed mind" });
  expect(result.notification?.delivered, JSON.stringify(result.notification?.attempts)).toBe(true);
  expect(await runDueServiceLooks(deps())).toBeGreaterThanOrEqual(1);
  return result;
}

/** Payments the print service took. */
const pays = () =>
  h.sandbox.control.requests({ op: "order.payment" }).filter((r) => r.status === 200).length;

const lastAnswer = (orderId: string) => {
  const [fo] = fulfillmentOrdersOf(orderId).ours;
  return { fo: fo!, answer: fo!.merchantRequests.at(-1)?.responseData };
};

/**
 * A product of the shop with `count` editions (productSet on the stand-in, as the merchant's
 * catalogue has them): their variant ids, in edition order.
 */
async function atlasVariants(count: number): Promise<string[]> {
  const { admin } = await unauthenticated.admin(SHOP);
  const editions = Array.from({ length: count }, (_, i) => `Edition ${i + 1}`);
  const response = await (admin as AdminApi).graphql(
    `#graphql
    mutation AtlasEditions($input: ProductSetInput!) {
      productSet(input: $input, synchronous: true) {
        product { variants(first: 250) { nodes { id title } } }
        userErrors { field message }
      }
    }`,
    {
      variables: {
        input: {
          title: "Atlas of Coastlines",
          productType: "Book",
          productOptions: [{ name: "Edition", values: editions.map((name) => ({ name })) }],
          variants: editions.map((name) => ({
            optionValues: [{ optionName: "Edition", name }],
            price: "24.00",
          })),
        },
      },
    },
  );
  const { data } = (await response.json()) as {
    data: {
      productSet: {
        product: { variants: { nodes: { id: string; title: string }[] } } | null;
        userErrors: unknown[];
      };
    };
  };
  expect(data.productSet.userErrors).toEqual([]);
  const ids = new Map(data.productSet.product!.variants.nodes.map((v) => [v.title, v.id]));
  return editions.map((name) => ids.get(name)!);
}

describe("the move to the fulfillment service", () => {
  it("moves a shop with 200 more mapped variants: the preview names the first eight, the looks stock them all, fifty at a time", async () => {
    const atlas = await atlasVariants(200);
    for (const [i, variantId] of atlas.entries()) {
      await h.map({
        variantId,
        title: `Atlas ${String(i + 1).padStart(3, "0")}`,
        offeringId: MAPPINGS.novel.offeringId,
        contentWidth: MAPPINGS.novel.contentWidth,
        contentHeight: MAPPINGS.novel.contentHeight,
        numberOfPages: MAPPINGS.novel.numberOfPages,
      });
    }
    const before = await getServiceModel({ shop: SHOP });
    expect(before).toMatchObject({ registered: true, moveAt: null, since: null, mapped: 202 });
    expect(before.named.map((n) => n.title)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Atlas 00${i + 1}`),
    );
    expect(h.shopify.control.stockedAt(MAPPINGS.photoBook.variantId).some((l) => l.service)).toBe(
      false,
    );

    expect(await confirmServiceMove({ shop: SHOP })).toBe(true);
    expect(await confirmServiceMove({ shop: SHOP })).toBe(false); // once
    const stockedPerLook: number[] = [];
    while (!(await getServiceModel({ shop: SHOP })).since && stockedPerLook.length < 10)
      stockedPerLook.push((await lookAtShop(deps(), SHOP)).stocked);
    expect(stockedPerLook).toEqual([50, 50, 50, 50, 2]);
    for (const variantId of atlas) {
      expect(h.shopify.control.stockedAt(variantId)).toContainEqual(
        expect.objectContaining({ id: serviceLocation().id, service: true }),
      );
    }
    for (const mapping of [MAPPINGS.photoBook, MAPPINGS.novel]) {
      expect(h.shopify.control.stockedAt(mapping.variantId)).toContainEqual(
        expect.objectContaining({ id: serviceLocation().id, service: true }),
      );
    }
    expect(h.shopify.control.stockedAt(OWN_VARIANT).some((l) => l.service)).toBe(false);
    const after = await getServiceModel({ shop: SHOP });
    expect(after.stocked).toBe(202);
    expect(after.since).not.toBeNull();
  });

  it("takes an unmapped variant back, and stocks a newly mapped one on the next look", async () => {
    await h.map(MAPPINGS.framedPrint);
    await prisma.variantMapping.deleteMany({
      where: { shop: SHOP, variantId: MAPPINGS.framedPrint.variantId },
    });
    // Mapped and unmapped before any look: nothing stocked, nothing to take back.
    let look = await lookAtShop(deps(), SHOP);
    expect([look.stocked, look.unstocked]).toEqual([0, 0]);

    await h.map(MAPPINGS.framedPrint);
    look = await lookAtShop(deps(), SHOP);
    expect(look.stocked).toBe(1);
    expect(h.shopify.control.stockedAt(MAPPINGS.framedPrint.variantId).some((l) => l.service)).toBe(
      true,
    );

    await prisma.variantMapping.deleteMany({
      where: { shop: SHOP, variantId: MAPPINGS.framedPrint.variantId },
    });
    look = await lookAtShop(deps(), SHOP);
    expect(look.unstocked).toBe(1);
    expect(h.shopify.control.stockedAt(MAPPINGS.framedPrint.variantId).some((l) => l.service)).toBe(
      false,
    );
  });
});

describe("fulfillment requests", () => {
  it("a mixed cart: only the print lines come to the app; accepted once paid, fulfilled with tracking, the merchant's lines untouched", async () => {
    const order = await paidOrder([
      { variantId: MAPPINGS.photoBook.variantId },
      { variantId: OWN_VARIANT },
    ]);
    const { ours, theirs } = fulfillmentOrdersOf(order.id);
    expect(ours).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(ours[0]!.lineItems).toHaveLength(1);
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder!.status).toBe("paid");

    await requestAndLook(ours[0]!.id, "fulfillment");
    const { fo, answer } = lastAnswer(order.id);
    expect(fo).toMatchObject({ status: "IN_PROGRESS", requestStatus: "ACCEPTED" });
    expect(answer).toEqual({ message: `Sent to print as order ${printOrder!.printOrderId}.` });

    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await h.worker().drain();
    const [shipped] = await printOrdersOf(order.legacyId);
    expect(shipped!.status, shipped!.lastErrorMessage ?? "").toBe("fulfilled");
    const after = h.shopify.control.getOrder(order.id)!;
    expect(after.fulfillments).toHaveLength(1);
    expect(after.fulfillments[0]!.trackingInfo[0]?.number).toBe(shipped!.trackingCode);
    const { theirs: untouched } = fulfillmentOrdersOf(order.id);
    expect(untouched[0]).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
    expect(untouched[0]!.lineItems[0]!.remainingQuantity).toBe(1);
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === shipped!.orderReference),
    ).toHaveLength(1);
  });

  it("a request before the order's webhook waits; the regular check finds the order; one print order, paid once, then accepted", async () => {
    const paysBefore = pays();
    const { order } = await h.shopify.control.createOrder(
      {
        lineItems: [{ variantId: MAPPINGS.novel.variantId }],
        email: "anna@example.com",
        shippingAddress: ADDRESS_NL,
      },
      { deliver: false },
    );
    await h.shopify.control.markOrderPaid(order.id, { topics: [] });
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    expect(lastAnswer(order.id).fo.requestStatus).toBe("SUBMITTED");
    // The same ping twice changes nothing.
    const ping = await servicePing(pingArgs("FULFILLMENT_REQUEST"));
    expect((ping as Response).status).toBe(200);
    await runDueServiceLooks(deps());
    expect(lastAnswer(order.id).fo.requestStatus).toBe("SUBMITTED");

    await runRegularCheck({ overlapMs: 60_000 });
    await planRecordedOrders();
    await settle(h.worker());
    const printOrders = await printOrdersOf(order.legacyId);
    expect(printOrders).toHaveLength(1);
    expect(printOrders[0]!.status).toBe("paid");
    await prisma.shop.update({ where: { shop: SHOP }, data: { serviceRoundDueAt: new Date() } });
    await runDueServiceLooks(deps());
    expect(lastAnswer(order.id).fo.requestStatus).toBe("ACCEPTED");

    // The webhook arrives late: still one print order.
    await h.shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    await planRecordedOrders();
    await settle(h.worker());
    expect(await printOrdersOf(order.legacyId)).toHaveLength(1);
    expect(pays() - paysBefore).toBe(1);
  });

  it("declines with INCORRECT_ADDRESS and the sentence the order page shows", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }], { zip: "10115" });
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder!.status).toBe("needs_attention");
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    const { fo: answered, answer } = lastAnswer(order.id);
    expect(answered.requestStatus).toBe("REJECTED");
    expect(answer).toEqual({
      reason: "INCORRECT_ADDRESS",
      message: printOrder!.lastErrorMessage,
    });
    const [after] = await printOrdersOf(order.legacyId);
    expect(after!.events.find((e) => e.type === "request_declined")?.message).toContain(
      "(INCORRECT_ADDRESS)",
    );
  });

  for (const [routingMode, askedWhen] of [
    ["immediate", "at once"],
    ["manual", "at once"],
    ["manual", "while it waits for approval"],
    ["hold", "at once"],
    ["hold", "while it waits for approval"],
  ] as const) {
    it(`declined for its address, corrected by the customer, requested again ${askedWhen}: printed and fulfilled (${routingMode})`, async () => {
      await h.settings({ routingMode, holdHours: routingMode === "hold" ? 24 : 0 });
      try {
        const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }], {
          zip: "10155",
        });
        const [fo] = fulfillmentOrdersOf(order.id).ours;
        await requestAndLook(fo!.id, "fulfillment");
        expect(lastAnswer(order.id).fo.requestStatus).toBe("REJECTED");
        const [stopped] = await printOrdersOf(order.legacyId);
        const corrected = await applyCustomerAddress(printOrderCommandStore, {
          shop: SHOP,
          shopOrderId: stopped!.shopOrderId,
          address: { ...shopifyAddress(ADDRESS_NL), zip: "1015 CJ" },
          summary: "changed: postal code",
        });
        expect(corrected).toMatchObject({ ok: true, released: [stopped!.id] });
        if (askedWhen === "at once") await requestAndLook(fo!.id, "fulfillment");
        await settle(h.worker());
        if (askedWhen !== "at once") await requestAndLook(fo!.id, "fulfillment");
        await lookAtShop(deps(), SHOP);
        const [waiting] = await printOrdersOf(order.legacyId);
        if (routingMode !== "immediate") {
          expect(waiting!.status).toBe(routingMode === "hold" ? "held" : "awaiting_approval");
          await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: waiting!.id });
          await settle(h.worker());
          await lookAtShop(deps(), SHOP);
        }
        const [paid] = await printOrdersOf(order.legacyId);
        expect(paid!.status).toBe("paid");
        expect(lastAnswer(order.id).fo.requestStatus).toBe("ACCEPTED");
        h.sandbox.control.advance({ orderId: paid!.printOrderId!, to: "SHIPPED" });
        await h.sandbox.control.waitForCallbacks();
        await h.worker().drain();
        const [done] = await printOrdersOf(order.legacyId);
        expect(done!.status, done!.lastErrorMessage ?? "").toBe("fulfilled");
      } finally {
        await h.settings({ routingMode: "immediate", holdHours: 0 });
      }
    });
  }

  it("a partial decline: the lines that cannot be printed are named, each with why; the rest is printing", async () => {
    await h.map(MAPPINGS.framedPrint);
    await lookAtShop(deps(), SHOP); // stocks it
    // The photo book and the framed print are made at two facilities: two print orders. The
    // print service refuses the first one created: its offering is gone.
    h.sandbox.control.setFaults({
      rules: [
        {
          op: "order.create",
          errorRate: 1,
          errorStatus: 400,
          errorCode: "OFF_NOT_FOUND",
          times: 1,
        },
      ],
    });
    let order;
    try {
      order = await paidOrder([
        { variantId: MAPPINGS.photoBook.variantId },
        { variantId: MAPPINGS.framedPrint.variantId },
      ]);
    } finally {
      h.sandbox.control.clearFaults();
    }
    const printOrders = await printOrdersOf(order.legacyId);
    const stopped = printOrders.find((p) => p.status === "needs_attention")!;
    const printing = printOrders.find((p) => p.status === "paid")!;
    expect(stopped?.lastErrorCode, JSON.stringify(printOrders)).toBe("OFF_NOT_FOUND");
    expect(printing).toBeDefined();

    const [fo] = fulfillmentOrdersOf(order.id).ours;
    expect(fo!.lineItems).toHaveLength(2);
    await requestAndLook(fo!.id, "fulfillment");
    const { fo: answered, answer } = lastAnswer(order.id);
    expect(answered.requestStatus).toBe("REJECTED");
    expect(answer).toEqual({
      reason: "INELIGIBLE_PRODUCT",
      message: `${stopped.lastErrorMessage} The other items were sent to print as order ${printing.printOrderId}.`,
    });
    const stoppedLine = fo!.lineItems.find((l) =>
      l.lineItemId.endsWith(`/${stopped.items[0]!.shopifyLineItemId}`),
    )!;
    expect(answered.merchantRequests.at(-1)!.rejectedLineItems).toEqual([
      { fulfillmentOrderLineItemId: stoppedLine.id, message: stopped.lastErrorMessage },
    ]);
  });

  it("the customer is told of the fulfillment as the merchant's request asked", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    // The shop's setting says "notify"; the merchant's request says not to.
    expect((await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).notifyCustomer).toBe(
      true,
    );
    await h.shopify.control.requestFulfillment(fo!.id, { notifyCustomer: false });
    await runDueServiceLooks(deps());
    const [printOrder] = await printOrdersOf(order.legacyId);
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await h.worker().drain();
    const [fulfillment] = h.shopify.control.getOrder(order.id)!.fulfillments;
    expect(fulfillment!.notifyCustomer).toBe(false);
    const [after] = await printOrdersOf(order.legacyId);
    expect(after!.events.find((e) => e.type === "fulfilled")?.message).toMatch(/tracking \S+\.$/);
  });

  it("tracking waits for a request the merchant never sent, and goes out once it is accepted", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
    const [printOrder] = await printOrdersOf(order.legacyId);
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await h.worker().drain();
    let [waiting] = await printOrdersOf(order.legacyId);
    expect(waiting!.status).toBe("needs_attention");
    expect(waiting!.lastErrorCode).toBe("FULFILLMENT_NOT_REQUESTED");

    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    expect(lastAnswer(order.id).fo.requestStatus).toBe("ACCEPTED");
    await settle(h.worker());
    [waiting] = await printOrdersOf(order.legacyId);
    expect(waiting!.status).toBe("fulfilled");
    expect(h.shopify.control.getOrder(order.id)!.fulfillments[0]!.trackingInfo[0]?.number).toBe(
      waiting!.trackingCode,
    );
  });
});

describe("lines moved away from Print Connect in Shopify", () => {
  it("after it was printed: never fulfilled at the merchant's location; flagged with the tracking to add there", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
    const [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder!.status).toBe("paid");
    // Not requested yet: the merchant moves the lines to their own location (one nobody works
    // on moves whole: the same fulfillment order, assigned there).
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    const warehouse = { id: DEMO_IDS.locations.warehouse, name: "Shop warehouse" };
    const moved = h.shopify.control.moveFulfillmentOrder(fo!.id, warehouse.id);
    expect(moved.replacement).toBeNull();
    expect(moved.fulfillmentOrder).toMatchObject({ id: fo!.id, location: warehouse });

    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await h.worker().drain();
    const [flagged] = await printOrdersOf(order.legacyId);
    expect(flagged!.status).toBe("needs_attention");
    expect(flagged!.lastErrorCode).toBe("MOVED_IN_SHOPIFY");
    expect(flagged!.lastErrorMessage).toBe(
      `Shipped with tracking ${flagged!.trackingCode}, but in Shopify these items were moved to Shop warehouse, away from Print Connect, so Print Connect did not fulfil them there.`,
    );
    expect(h.shopify.control.getOrder(order.id)!.fulfillments).toEqual([]);
  });

  it("while it waited for approval: stopped before it is paid, with what to do", async () => {
    await h.settings({ routingMode: "manual" });
    try {
      const paysBefore = pays();
      const order = await paidOrder([
        { variantId: MAPPINGS.novel.variantId },
        { variantId: OWN_VARIANT },
      ]);
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder!.status).toBe("awaiting_approval");
      const { ours, theirs } = fulfillmentOrdersOf(order.id);
      h.shopify.control.moveFulfillmentOrder(ours[0]!.id, DEMO_IDS.locations.warehouse);
      expect(theirs).toHaveLength(1); // the merchant's own line, untouched
      expect(fulfillmentOrdersOf(order.id).ours).toEqual([]);
      // The order was paid a quarter of an hour ago, in a shop that moved an hour ago.
      const quarterHourAgo = new Date(Date.now() - 15 * 60_000);
      await prisma.shopOrder.updateMany({
        where: { shop: SHOP, shopifyOrderId: String(order.legacyId) },
        data: { shopifyPaidAt: quarterHourAgo },
      });
      await prisma.shop.update({
        where: { shop: SHOP },
        data: { serviceModelSince: new Date(Date.now() - 60 * 60_000) },
      });

      await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      await settle(h.worker());
      const [stopped] = await printOrdersOf(order.legacyId);
      expect(stopped!.status).toBe("needs_attention");
      expect(stopped!.lastErrorCode).toBe("MOVED_IN_SHOPIFY");
      expect(stopped!.lastErrorMessage).toBe(
        "In Shopify these items were moved to Shop warehouse, away from Print Connect, so they were not sent to print.",
      );
      expect(stopped!.lastErrorAction).toMatch(
        /^To print them, move them back to the Print Connect location/,
      );
      expect(pays()).toBe(paysBefore);
    } finally {
      await h.settings({ routingMode: "immediate" });
    }
  });
});

describe("cancellation requests", () => {
  it("before production: cancelled at the print service, accepted, never paid again", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    const [printOrder] = await printOrdersOf(order.legacyId);

    await requestAndLook(fo!.id, "cancellation");
    const { fo: answered, answer } = lastAnswer(order.id);
    expect(answered.requestStatus).toBe("CANCELLATION_ACCEPTED");
    expect(answer).toEqual({
      message: "Cancelled before printing; nothing will be printed or charged for these items.",
    });
    expect(h.sandbox.control.order(printOrder!.printOrderId!)?.state).toBe("CANCELLED");
    const [after] = await printOrdersOf(order.legacyId);
    expect(after!.status).toBe("cancelled");
    expect(after!.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["request_accepted", "cancelled", "cancellation_accepted"]),
    );
    await settle(h.worker());
    expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("cancelled");
  });

  it("a look that died after cancelling at the service finishes the cancellation, without asking twice", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    const [printOrder] = await printOrdersOf(order.legacyId);
    // Cancelled at the service, and then the look was gone before it wrote that down.
    const client = await printClientFor(SHOP);
    await client!.orders.cancel({ orderId: printOrder!.printOrderId! });

    await requestAndLook(fo!.id, "cancellation");
    expect(lastAnswer(order.id).fo.requestStatus).toBe("CANCELLATION_ACCEPTED");
    expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("cancelled");
  });

  it("after production started: declined with the reason, and the print order goes on", async () => {
    const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
    const [fo] = fulfillmentOrdersOf(order.id).ours;
    await requestAndLook(fo!.id, "fulfillment");
    const [printOrder] = await printOrdersOf(order.legacyId);
    h.sandbox.control.advance({ orderId: printOrder!.printOrderId!, to: "IN_PRODUCTION" });
    await h.sandbox.control.waitForCallbacks();
    await h.worker().drain();
    expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("in_production");

    await requestAndLook(fo!.id, "cancellation");
    const { fo: answered, answer } = lastAnswer(order.id);
    expect(answered.requestStatus).toBe("CANCELLATION_REJECTED");
    expect(answer).toEqual({
      message: `Already printing (print order ${printOrder!.printOrderId}); it ships with tracking when done and can no longer be cancelled.`,
    });
    expect(h.sandbox.control.order(printOrder!.printOrderId!)?.state).toBe("IN_PRODUCTION");
    expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("in_production");
  });
});

describe("hold period and approval as fulfillment holds", () => {
  const holdsOf = (orderId: string) => fulfillmentOrdersOf(orderId).ours[0]!.holds;

  it("an order waiting for approval holds its lines with the app's handle; approved, the hold is released and the request accepted", async () => {
    await h.settings({ routingMode: "manual" });
    try {
      const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder!.status).toBe("awaiting_approval");
      await lookAtShop(deps(), SHOP);
      expect(fulfillmentOrdersOf(order.id).ours[0]!.status).toBe("ON_HOLD");
      expect(holdsOf(order.id)).toEqual([
        expect.objectContaining({
          handle: "print-connect-approval",
          reason: "OTHER",
          reasonNotes: "Waiting for the merchant's approval in Print Connect before printing.",
        }),
      ]);
      // A second look holds nothing twice.
      expect((await lookAtShop(deps(), SHOP)).held).toBe(0);
      expect(holdsOf(order.id)).toHaveLength(1);

      await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      await settle(h.worker());
      expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("paid");
      const look = await lookAtShop(deps(), SHOP);
      expect(look.released).toBe(1);
      expect(fulfillmentOrdersOf(order.id).ours[0]).toMatchObject({ status: "OPEN", holds: [] });

      await requestAndLook(fulfillmentOrdersOf(order.id).ours[0]!.id, "fulfillment");
      expect(lastAnswer(order.id).fo.requestStatus).toBe("ACCEPTED");
    } finally {
      await h.settings({ routingMode: "immediate" });
    }
  });

  it("shipped before the look released its hold: the tracking waits for the release, then goes out", async () => {
    await h.settings({ routingMode: "manual" });
    try {
      const order = await paidOrder([{ variantId: MAPPINGS.novel.variantId }]);
      const [printOrder] = await printOrdersOf(order.legacyId);
      await lookAtShop(deps(), SHOP);
      expect(fulfillmentOrdersOf(order.id).ours[0]!.status).toBe("ON_HOLD");
      await approvePrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      await settle(h.worker());
      const [paid] = await printOrdersOf(order.legacyId);
      expect(paid!.status).toBe("paid");
      // Shipped at once, before any look: Shopify still holds the lines.
      h.sandbox.control.advance({ orderId: paid!.printOrderId!, to: "SHIPPED" });
      await h.sandbox.control.waitForCallbacks();
      await h.worker().runOnce();
      const [waiting] = await printOrdersOf(order.legacyId);
      expect(waiting!.status).toBe("shipped");
      expect(waiting!.lastErrorCode).toBe("SHOPIFY_ON_HOLD");
      // The look releases the hold and makes the order due; the request, asked again, is
      // accepted, and the tracking goes out.
      expect((await lookAtShop(deps(), SHOP)).released).toBe(1);
      await requestAndLook(fulfillmentOrdersOf(order.id).ours[0]!.id, "fulfillment");
      await h.worker().drain();
      const [done] = await printOrdersOf(order.legacyId);
      expect(done!.status, done!.lastErrorMessage ?? "").toBe("fulfilled");
    } finally {
      await h.settings({ routingMode: "immediate" });
    }
  });

  it("an order in the shop's hold period is held with its own handle and note", async () => {
    await h.settings({ routingMode: "hold", holdHours: 24 });
    try {
      const order = await paidOrder([{ variantId: MAPPINGS.photoBook.variantId }]);
      expect((await printOrdersOf(order.legacyId))[0]!.status).toBe("held");
      await lookAtShop(deps(), SHOP);
      expect(holdsOf(order.id)).toEqual([
        expect.objectContaining({
          handle: "print-connect-hold-period",
          reasonNotes: "Print Connect holds new orders for the shop's hold period before printing.",
        }),
      ]);
      // Cancelled in the app while held: the hold goes with it.
      const [printOrder] = await printOrdersOf(order.legacyId);
      await cancelHeldPrintOrder(printOrderCommandStore, { shop: SHOP, id: printOrder!.id });
      expect((await lookAtShop(deps(), SHOP)).released).toBe(1);
      expect(holdsOf(order.id)).toEqual([]);
    } finally {
      await h.settings({ routingMode: "immediate", holdHours: 0 });
    }
  });
});

describe("a shop whose Shopify access was lost", () => {
  it("waits ten minutes between looks, saying so in one line without a stack", async () => {
    await prisma.session.deleteMany({ where: { shop: SHOP } });
    const warnings: { fields: object; message: string }[] = [];
    const logger = {
      info() {},
      warn: (fields: object, message: string) => warnings.push({ fields, message }),
    };
    await markServiceLookDue({ shop: SHOP });
    const before = Date.now();
    expect(await runDueServiceLooks(serviceRoundDeps({ logger }))).toBe(1);
    expect(warnings).toEqual([
      {
        fields: {
          shop: SHOP,
          reason: expect.stringMatching(/^Print Connect has no access to the store/),
        },
        message: "fulfillment service look waits for the app's access to the store",
      },
    ]);
    const { serviceRoundDueAt } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(serviceRoundDueAt!.getTime()).toBeGreaterThanOrEqual(before + NOT_CONNECTED_LOOK_MS);
  });
});

describe("the notification route", () => {
  it("refuses a ping without a valid signature, and one of an unknown kind", async () => {
    const unsigned = await servicePing(
      routeArgs(
        signedWebhookRequest({
          topic: "fulfillment_order_notification",
          shop: SHOP,
          payload: { kind: "FULFILLMENT_REQUEST" },
          path: "/fulfillment-service/fulfillment_order_notification",
          secret: "not-the-app-secret",
        }),
      ),
    ).catch((r: unknown) => r);
    expect((unsigned as Response).status).toBe(401);
    const odd = await servicePing(pingArgs("SOMETHING_ELSE")).catch((r: unknown) => r);
    expect((odd as Response).status).toBe(400);
    expect(await (odd as Response).text()).toContain("FULFILLMENT_REQUEST or CANCELLATION_REQUEST");
  });
});

function pingArgs(kind: string) {
  return routeArgs(
    signedWebhookRequest({
      topic: "fulfillment_order_notification",
      shop: SHOP,
      payload: { kind },
      path: "/fulfillment-service/fulfillment_order_notification",
    }),
  );
}
