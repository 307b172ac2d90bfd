import "../support/app-env";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { runRegularCheck } from "~/lib/regular-check.server";
import { action as deliveryAction, loader as deliveryLoader } from "~/routes/app.delivery";
import { recordOrderArrival } from "~/lib/fulfilment-commands.server";
import { listNotTakenIn, tryNotTakenInNow } from "~/data/order-deliveries.server";
import { planRetryDelayMs } from "~/services/fulfilment/planner";
import { loader as homeLoader, action as homeAction } from "~/routes/app._index";
import type { DeliveryPageView } from "~/pages/delivery/delivery.server";
import type { HomeView } from "~/pages/home/home.server";
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
import { call, data, get, post } from "./helpers";
import { planRecordedOrders } from "../support/plan-recorded";

/**
 * Delivery health through the real routes: orders paid in the Shopify stand-in reach the app
 * by signed webhooks, the worker pays them at the print sandbox, and Home and the delivery page
 * measure the stored timestamps. Where only the arithmetic is under test, the timestamps are
 * set in the database.
 */

let h: Harness;
let worker: ReturnType<Harness["worker"]>;
const OTHER_SHOP = "another-shop.myshopify.com";

beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  worker = h.worker();
});
afterAll(async () => {
  await h?.close();
});

async function deliveryPage(): Promise<DeliveryPageView> {
  return data<DeliveryPageView>(await call(deliveryLoader, get("/app/delivery", SHOP)));
}

async function homeHealth(): Promise<HomeView["deliveryHealth"]> {
  const deferred = (await homeLoader({
    request: get("/app", SHOP),
    params: {},
    context: {} as AppLoadContext,
  })) as unknown as { data: HomeView };
  return deferred.data.deliveryHealth;
}

const photoBook = [{ variantId: MAPPINGS.photoBook.variantId }];

describe("delivery health", () => {
  it("measures orders that went through webhook, worker and payment, held and approved ones apart", async () => {
    const before = await deliveryPage();
    expect(before.health.periods.map((p) => p.handoff.immediate.count)).toEqual([0, 0]);
    expect(before.health.periods[0]?.handoff.immediate.medianMs).toBeNull();
    expect(before.health.lastWebhookAt).toBeNull();
    expect(before.health.webhooksStopped).toBe(false);
    expect(before.found).toEqual([]);

    const started = Date.now();
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push((await placePaidOrder(h, photoBook)).order);
    await settle(worker);

    await h.settings({ routingMode: "manual" });
    const approved = (await placePaidOrder(h, photoBook)).order;
    await settle(worker);
    const [waiting] = await printOrdersOf(approved.id);
    expect(waiting?.status).toBe("awaiting_approval");
    const approve = await call(
      homeAction,
      post("/app", { intent: "approve", id: waiting!.id }, SHOP),
    );
    expect(await data(approve)).toMatchObject({ ok: true });
    await settle(worker);
    await h.settings({ routingMode: "immediate" });
    const finished = Date.now();

    for (const order of [...orders, approved]) {
      const [printOrder] = await printOrdersOf(order.id);
      expect(printOrder?.servicePaidAt).toBeInstanceOf(Date);
    }
    const page = await deliveryPage();
    const [week, month] = page.health.periods;
    expect(week?.handoff.immediate.count).toBe(3);
    expect(week?.handoff.waited.count).toBe(1);
    expect(month?.handoff.immediate.count).toBe(3);
    for (const ms of [week?.handoff.immediate.medianMs, week?.handoff.immediate.p95Ms]) {
      expect(ms).toBeGreaterThanOrEqual(0);
      // Shopify's timestamps have whole seconds: allow one on top of the time the test took.
      expect(ms).toBeLessThanOrEqual(finished - started + 1_000);
    }
    expect(Date.parse(page.health.lastWebhookAt!)).toBeGreaterThanOrEqual(started - 1_000);
    expect(page.health.webhooksStopped).toBe(false);
    expect(page.health.periods.map((p) => p.foundByCheck)).toEqual([0, 0]);

    const home = await homeHealth();
    expect(home.periods[0]?.handoff).toEqual(week?.handoff);
    expect(home.lastWebhookAt).toBe(page.health.lastWebhookAt);
  });

  it("works out the median and 95th percentile of 7 and 30 days from stored timestamps, per shop", async () => {
    const now = Date.now();
    const day = 86_400_000;
    const printOrders = await prisma.printOrder.findMany({
      where: { shop: SHOP, servicePaidAt: { not: null } },
      orderBy: { createdAt: "asc" },
    });
    const immediate = printOrders.filter((p) => !p.approvedAt && !p.holdUntil);
    const waited = printOrders.filter((p) => p.approvedAt);
    expect(immediate).toHaveLength(3);
    expect(waited).toHaveLength(1);
    // [paid at the print service, days ago; seconds after Shopify's payment]
    const stored: [string, number, number][] = [
      [immediate[0]!.id, 1, 10],
      [immediate[1]!.id, 2, 30],
      [immediate[2]!.id, 10, 50],
      [waited[0]!.id, 3, 7_200],
    ];
    for (const [id, daysAgo, seconds] of stored) {
      const servicePaidAt = new Date(now - daysAgo * day);
      const row = await prisma.printOrder.update({
        where: { id },
        data: { servicePaidAt },
      });
      await prisma.shopOrder.update({
        where: { id: row.shopOrderId },
        data: { shopifyPaidAt: new Date(servicePaidAt.getTime() - seconds * 1_000) },
      });
    }
    // Another shop's fast orders change nothing here.
    const other = await prisma.shopOrder.create({
      data: {
        shop: OTHER_SHOP,
        shopifyOrderId: "990001",
        name: "#9001",
        currency: "EUR",
        lineItems: "[]",
        shopifyPaidAt: new Date(now - day),
        printOrders: {
          create: {
            shop: OTHER_SHOP,
            shopifyOrderId: "990001",
            shopifyOrderName: "#9001",
            orderReference: "PC-990001-1",
            status: "paid",
            currency: "EUR",
            servicePaidAt: new Date(now - day + 1_000),
          },
        },
      },
    });

    const { health } = await deliveryPage();
    const [week, month] = health.periods;
    expect(week?.days).toBe(7);
    expect(week?.handoff.immediate).toEqual({ count: 2, medianMs: 20_000, p95Ms: 29_000 });
    expect(month?.days).toBe(30);
    expect(month?.handoff.immediate).toEqual({ count: 3, medianMs: 30_000, p95Ms: 48_000 });
    expect(week?.handoff.waited).toEqual({ count: 1, medianMs: 7_200_000, p95Ms: 7_200_000 });

    // Older than 30 days: in neither period.
    await prisma.printOrder.update({
      where: { id: immediate[2]!.id },
      data: { servicePaidAt: new Date(now - 31 * day) },
    });
    const later = await deliveryPage();
    expect(later.health.periods[1]?.handoff.immediate.count).toBe(2);
    await prisma.shopOrder.delete({ where: { id: other.id } });
  });

  it("counts the order whose webhook was lost, found by the regular check, and warns until a webhook arrives", async () => {
    // The last webhook came a minute ago (Shopify's order times have whole seconds).
    await prisma.webhookReceipt.updateMany({
      where: { shop: SHOP },
      data: { receivedAt: new Date(Date.now() - 60_000) },
    });
    const { order } = await h.shopify.control.createOrder(
      { lineItems: photoBook, email: "anna@example.com", shippingAddress: ADDRESS_NL },
      { deliver: false },
    );
    await h.shopify.control.markOrderPaid(order.id, { deliver: false });
    expect((await deliveryPage()).health.webhooksStopped).toBe(false);

    const round = await runRegularCheck({ owner: "delivery-health-test" });
    expect(round.looks.find((l) => l.shop === SHOP)).toMatchObject({
      outcome: "checked",
      found: 1,
    });
    await settle(worker);

    const [printOrder] = await printOrdersOf(order.id);
    expect(printOrder?.servicePaidAt).toBeInstanceOf(Date);
    const page = await deliveryPage();
    expect(page.health.periods.map((p) => p.foundByCheck)).toEqual([1, 1]);
    expect(page.health.webhooksStopped).toBe(true);
    expect(page.health.foundSinceLastWebhook).toBe(1);
    expect(page.found).toEqual([
      expect.objectContaining({ name: order.name, printOrderId: printOrder!.id }),
    ]);
    expect(page.health.check).toMatchObject({ lastProblem: null });
    expect(Date.parse(page.health.check!.lastRunAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Went straight to print, so it is measured with the others of the week.
    expect(page.health.periods[0]?.handoff.immediate.count).toBe(3);
    expect((await homeHealth()).webhooksStopped).toBe(true);

    // Its webhook arrives after all: nothing changes for the order, and the warning goes.
    const [late] = await h.shopify.control.sendWebhook({ topic: "orders/paid", orderId: order.id });
    expect(JSON.parse(late!.attempts.at(-1)!.body)).toEqual({ outcome: "recorded" });
    expect((await planRecordedOrders()).map((p) => p.outcome)).toEqual(["already_planned"]);
    const after = await deliveryPage();
    expect(after.health.webhooksStopped).toBe(false);
    expect(after.health.foundSinceLastWebhook).toBe(0);
    expect(after.health.periods.map((p) => p.foundByCheck)).toEqual([1, 1]);
    expect((await homeHealth()).webhooksStopped).toBe(false);
  });

  it("shows an order kept but not taken in after three tries, and Try now makes it due at once", async () => {
    // A body the planner cannot read as an order (recorded by an earlier version, say).
    const webhookId = "kept-5501";
    const body = '{"id":5550001,"name":"#5501","line_items":"not a list"}';
    const t0 = new Date();
    await recordOrderArrival({ shop: SHOP, webhookId, topic: "orders/paid", body, now: t0 });
    let now = t0;
    for (let tries = 1; tries <= 3; tries++) {
      expect(await planRecordedOrders(now)).toEqual([{ shop: SHOP, webhookId, outcome: "failed" }]);
      if (tries === 2) {
        // Two failures are a moment's outage the next try gets past: nothing shown yet.
        expect((await deliveryPage()).notTakenIn).toEqual([]);
        expect((await homeHealth()).notTakenIn).toEqual({ count: 0, since: null });
      }
      now = new Date(now.getTime() + planRetryDelayMs(tries));
    }

    const page = await deliveryPage();
    expect(page.health.notTakenIn).toEqual({ count: 1, since: t0.toISOString() });
    expect(page.notTakenIn).toEqual([
      {
        webhookId,
        label: "#5501",
        source: "webhook",
        receivedAt: t0.toISOString(),
        tries: 3,
        nextTryAt: now.toISOString(),
        lastError: expect.stringMatching(/^not an order: .*line_items/),
      },
    ]);
    expect((await homeHealth()).notTakenIn.count).toBe(1);
    // Another shop sees none of it, and cannot touch it.
    expect(await listNotTakenIn({ shop: OTHER_SHOP })).toEqual([]);
    expect(await tryNotTakenInNow({ shop: OTHER_SHOP, webhookId })).toBeNull();
    expect(
      (
        await prisma.orderDelivery.findUniqueOrThrow({
          where: { shop_webhookId: { shop: SHOP, webhookId } },
        })
      ).planAfter,
    ).toEqual(now);

    // Try now: due at once, and tried by the next round.
    const tried = await call(
      deliveryAction,
      post("/app/delivery", { intent: "tryNow", webhookId }),
    );
    expect(tried.status).toBe(200);
    expect(await tried.json()).toEqual({
      ok: true,
      message: "#5501 will be tried again within a few seconds.",
    });
    const due = await prisma.orderDelivery.findUniqueOrThrow({
      where: { shop_webhookId: { shop: SHOP, webhookId } },
    });
    expect(due.planAfter.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await planRecordedOrders()).toEqual([{ shop: SHOP, webhookId, outcome: "failed" }]);
    expect((await deliveryPage()).notTakenIn[0]?.tries).toBe(4);

    const unknown = await call(deliveryAction, post("/app/delivery", { intent: "other" }));
    expect(unknown.status).toBe(400);
    await prisma.orderDelivery.deleteMany({ where: { shop: SHOP, webhookId } });
  });
});
