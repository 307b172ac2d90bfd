import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { cardTitled } from "./order-seed";

/**
 * The orders list and the order page follow the print service without a
 * reload: a real paid order goes through the real worker, the print sandbox
 * advances it and calls back, and the open page shows the new state on its
 * own, keeping what the merchant typed and selected. The timeline has one
 * entry per change, in plain words.
 */
const h = setupBrowserHarness();

/** A paid Shopify order of the demo photo book, sent to print by the worker; its print order. */
async function paidPrintOrder() {
  const { shopify } = h();
  const { order } = await shopify.control.createOrder(
    { lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }], email: "anna@example.com" },
    { deliver: false },
  );
  await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
  const worker = await h().createWorker();
  await worker.drain();
  const { default: prisma } = await import("../../app/db.server");
  const printOrder = await prisma.printOrder.findFirstOrThrow({
    where: { shopifyOrderId: String(order.legacyId) },
  });
  expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
  return { printOrder, worker };
}

/** The print service moves the order on and calls back; the worker reads it again. */
async function advanceAtService(
  printOrderId: number,
  to: string,
  worker: Awaited<ReturnType<typeof paidPrintOrder>>["worker"],
) {
  const { sandbox } = h();
  sandbox.control.advance({ orderId: printOrderId, to });
  await sandbox.control.waitForCallbacks();
  await worker.drain();
}

/** Marks the document, so a full reload (which would lose the mark) is noticed. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true,
  );
}

describeBrowser("orders that change while the merchant looks at them", () => {
  it("shows the order page's new state and its timeline entry without a reload", async () => {
    const { printOrder, worker } = await paidPrintOrder();
    const page = await h().openAdmin(`/app/orders/${printOrder.id}`);
    await page.getByText("Paid", { exact: true }).first().waitFor();
    await markDocument(page);

    await advanceAtService(printOrder.printOrderId!, "IN_PRODUCTION", worker);
    await page.getByText("Print service: Being printed.").waitFor({ timeout: 30_000 });
    await page.getByText("In production", { exact: true }).first().waitFor();
    expect(await stillSameDocument(page)).toBe(true);

    await advanceAtService(printOrder.printOrderId!, "SHIPPED", worker);
    await page.getByText(/^Shipped with tracking /).waitFor({ timeout: 30_000 });
    await page.getByText("Fulfilled", { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await stillSameDocument(page)).toBe(true);

    // One entry per change: the callback and the re-read it caused are not two entries.
    const timeline = cardTitled(page, "Timeline");
    expect(await timeline.getByText(/^Shipped with tracking /).count()).toBe(1);
    expect(await timeline.getByText("Print service: Being printed.").count()).toBe(1);
    const timelineText = await timeline.innerText();
    expect(timelineText).not.toMatch(/Status update from the print service|SHIPPED|IN_PRODUCTION/);
    expect(timelineText).not.toMatch(/\b(worker|poller|callback)\b/);
    expect(timelineText).toContain("Print service");
    expect(timelineText).toContain("Shopify");
    await h().screenshot("orders-live-order-page");
  });

  it("updates the list on its own, keeping the search being typed and the selection", async () => {
    const { printOrder, worker } = await paidPrintOrder();
    const page = await h().openAdmin("/app/orders");
    const row = page.locator("tr", { hasText: printOrder.shopifyOrderName });
    await row.getByText("Paid", { exact: true }).waitFor();
    await markDocument(page);

    // The merchant starts typing a search and selects the row.
    const search = page.getByLabel("Search by order name");
    await search.fill("#10");
    await row.getByRole("checkbox").check();
    await page.getByText("1 selected").waitFor();

    await advanceAtService(printOrder.printOrderId!, "IN_PRODUCTION", worker);
    await row.getByText("In production", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await stillSameDocument(page)).toBe(true);
    expect(await search.inputValue()).toBe("#10");
    expect(await row.getByRole("checkbox").isChecked()).toBe(true);
    await page.getByText("1 selected").waitFor();
    await h().screenshot("orders-live-list");
  });
});
