import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { cardTitled } from "./order-seed";

/**
 * Home's handoff section, the webhooks-stopped banner and the delivery page, at desktop
 * and phone widths. Timestamps are written to the database: the views are under test here
 * (test/admin/delivery-health.test.ts drives the real webhook and worker path).
 */

const h = setupBrowserHarness();
const SECOND = 1_000;
const DAY = 86_400_000;

let serial = 0;

/** A Shopify order and its print order, paid in Shopify and at the print service at the given times. */
async function seedPaid(options: {
  paidAgoMs: number;
  handoffMs: number;
  source?: string;
  waited?: boolean;
}) {
  const { default: prisma } = await import("../../app/db.server");
  serial += 1;
  const n = 8100 + serial;
  const shopifyPaidAt = new Date(Date.now() - options.paidAgoMs);
  const servicePaidAt = new Date(shopifyPaidAt.getTime() + options.handoffMs);
  await prisma.shopOrder.create({
    data: {
      shop: h().shop,
      shopifyOrderId: String(n),
      name: `#${n}`,
      currency: "EUR",
      lineItems: "[]",
      source: options.source ?? "webhook",
      shopifyPaidAt,
      createdAt: shopifyPaidAt,
      printOrders: {
        create: {
          shop: h().shop,
          shopifyOrderId: String(n),
          shopifyOrderName: `#${n}`,
          orderReference: `PC-${n}-1`,
          status: "paid",
          currency: "EUR",
          servicePaidAt,
          approvedAt: options.waited ? servicePaidAt : null,
          createdAt: shopifyPaidAt,
        },
      },
    },
  });
}

async function seedWebhookReceipt(agoMs: number) {
  const { default: prisma } = await import("../../app/db.server");
  await prisma.webhookReceipt.create({
    data: {
      shop: h().shop,
      webhookId: `delivery-health-${agoMs}`,
      topic: "ORDERS_PAID",
      receivedAt: new Date(Date.now() - agoMs),
    },
  });
}

describeBrowser("delivery health in the browser", () => {
  it("shows Home's handoff section and the delivery page, at 1280 and 375 px", async () => {
    const handoffs = [4, 6, 7, 9, 12, 15, 21, 38];
    for (const [i, seconds] of handoffs.entries())
      await seedPaid({ paidAgoMs: (i + 1) * 3_600_000, handoffMs: seconds * SECOND });
    await seedPaid({ paidAgoMs: 2 * DAY, handoffMs: 5 * 3_600_000, waited: true });
    await seedPaid({ paidAgoMs: 12 * DAY, handoffMs: 14 * SECOND });
    await seedWebhookReceipt(30 * 60_000);

    const page = await h().openAdmin("/app");
    const section = cardTitled(page, "Time to print, last 7 days");
    await section.waitFor();
    await section.getByText("10 s", { exact: true }).waitFor();
    await section.getByText("8 print orders").waitFor();
    expect(await page.getByText("Shopify's order notifications have stopped").count()).toBe(0);
    await h().screenshot("delivery-home-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await section.waitFor();
    await h().screenshot("delivery-home-375");

    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByRole("link", { name: "Delivery health" }).click();
    await page.getByRole("heading", { name: "Delivery health", level: 1 }).waitFor();
    await cardTitled(page, "Time to print").waitFor();
    await page.getByText("Held or approved first").waitFor();
    await h().screenshot("delivery-page-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    // On a phone each period is one line, every figure named, nothing cut off.
    await page
      .getByText(/^Last 7 days: typically \d+ s, 95% within /)
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await h().screenshot("delivery-page-375");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("warns on Home in plain words when the regular check finds orders paid after the last webhook", async () => {
    await seedPaid({ paidAgoMs: 10 * 60_000, handoffMs: 11 * 60_000, source: "reconcile" });
    await seedPaid({ paidAgoMs: 5 * 60_000, handoffMs: 4 * 60_000, source: "reconcile" });

    const page = await h().openAdmin("/app");
    const banner = page.getByRole("status").or(page.getByRole("alert")).filter({
      hasText: "Shopify's order notifications have stopped arriving",
    });
    await banner.waitFor();
    await banner.getByText("found 2 paid orders after that", { exact: false }).waitFor();
    await h().screenshot("delivery-home-stopped-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await h().screenshot("delivery-home-stopped-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    await banner.getByRole("link", { name: "See delivery health" }).click();
    await page.getByRole("heading", { name: "Delivery health", level: 1 }).waitFor();
    const found = cardTitled(page, "Orders the regular check found");
    await found.getByText(`#${8100 + serial}`).waitFor();
    await h().screenshot("delivery-page-stopped-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await h().screenshot("delivery-page-stopped-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A webhook arrives again: the banner goes.
    await seedWebhookReceipt(0);
    await h().openAdmin("/app");
    await cardTitled(page, "Time to print, last 7 days").waitFor();
    expect(await page.getByText("Shopify's order notifications have stopped").count()).toBe(0);
  });

  it("names an order kept but not taken in, on Home and on the page, and tries it on request", async () => {
    const { default: prisma } = await import("../../app/db.server");
    const receivedAt = new Date(Date.now() - 20 * 60_000);
    // As the planner leaves one after three failed tries (test/admin drives that path).
    await prisma.orderDelivery.create({
      data: {
        shop: h().shop,
        webhookId: "kept-5501",
        topic: "orders/paid",
        body: '{"id":5550001,"name":"#5501","line_items":"not a list"}',
        receivedAt,
        planAfter: new Date(Date.now() + 5 * 60_000),
        attempts: 3,
        lastError: "not an order: line_items: Expected array, received string",
      },
    });

    const page = await h().openAdmin("/app");
    const banner = page.getByRole("status").or(page.getByRole("alert")).filter({
      hasText: "1 order from Shopify has not reached print yet",
    });
    await banner.waitFor();
    await banner.getByText("Nothing is lost", { exact: false }).waitFor();
    await h().screenshot("delivery-home-not-taken-in-1280");

    await banner.getByRole("link", { name: "See which orders" }).click();
    await page.getByRole("heading", { name: "Delivery health", level: 1 }).waitFor();
    const card = cardTitled(page, "Received but not taken in yet");
    await card.getByText("#5501", { exact: true }).waitFor();
    await card.getByText("Tried 3 times").waitFor();
    await card
      .getByText("Shopify sent this order in a form Print Connect could not read.")
      .waitFor();
    await card
      .getByText("Details for support: line_items: Expected array, received string")
      .waitFor();
    await h().screenshot("delivery-page-not-taken-in-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await h().screenshot("delivery-page-not-taken-in-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole("button", { name: "Try #5501 now" }).click();
    await card.getByText("#5501 will be tried again within a few seconds.").waitFor();
    const row = await prisma.orderDelivery.findUniqueOrThrow({
      where: { shop_webhookId: { shop: h().shop, webhookId: "kept-5501" } },
    });
    expect(row.planAfter.getTime()).toBeLessThanOrEqual(Date.now());
    await prisma.orderDelivery.delete({
      where: { shop_webhookId: { shop: h().shop, webhookId: "kept-5501" } },
    });
  });
});
