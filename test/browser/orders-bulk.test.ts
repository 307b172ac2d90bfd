import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { seedPrintOrder, type SeededOrder } from "./order-seed";

/**
 * Several print orders at once from the orders list: select rows, approve
 * them (only the held ones go), cancel them after a confirmation (only those
 * not yet paid go), and read one summary naming what could not be done.
 */
const h = setupBrowserHarness();

async function select(page: Page, orders: SeededOrder[]) {
  for (const order of orders) {
    await page.locator("tr", { hasText: order.name }).getByRole("checkbox").check();
  }
  await page.getByText(`${orders.length} selected`).waitFor();
}

async function statusOf(id: string): Promise<string> {
  const { default: prisma } = await import("../../app/db.server");
  return (await prisma.printOrder.findUniqueOrThrow({ where: { id } })).status;
}

describeBrowser("approving and cancelling several print orders", () => {
  it("approves the held orders among those selected and says which one could not be", async () => {
    const shop = h().shop;
    const held = [
      await seedPrintOrder(shop, { status: "held" }),
      await seedPrintOrder(shop, { status: "awaiting_approval" }),
    ];
    const paid = await seedPrintOrder(shop, { status: "paid" });
    const page = await h().openAdmin("/app/orders");
    await select(page, [...held, paid]);
    await h().screenshot("orders-bulk-selected");

    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page
      .getByText(
        `2 orders approved; 1 order could not be: ${paid.name} (not possible while the order is paid at the print service).`,
      )
      .waitFor();
    for (const order of held) {
      await page
        .locator("tr", { hasText: order.name })
        .getByText("Sending to print", { exact: true })
        .waitFor();
      expect(await statusOf(order.id)).toBe("ready");
    }
    expect(await statusOf(paid.id)).toBe("paid");
    // The selection is cleared once the action is done.
    for (const order of [...held, paid]) {
      const box = page.locator("tr", { hasText: order.name }).getByRole("checkbox");
      expect(await box.isChecked()).toBe(false);
    }
    await h().screenshot("orders-bulk-approved");
  });

  it("cancels only after a confirmation, and only what may still be cancelled", async () => {
    const shop = h().shop;
    const held = await seedPrintOrder(shop, { status: "held" });
    const shipped = await seedPrintOrder(shop, { status: "shipped" });
    const page = await h().openAdmin("/app/orders");
    await select(page, [held, shipped]);

    await page.getByRole("button", { name: "Cancel print orders" }).click();
    await page.getByText("Cancel 2 print orders?").waitFor();
    // "Keep them" leaves everything as it was.
    await page.getByRole("button", { name: "Keep them" }).click();
    expect(await page.getByText("Cancel 2 print orders?").count()).toBe(0);
    expect(await statusOf(held.id)).toBe("held");

    await page.getByRole("button", { name: "Cancel print orders" }).click();
    await page.getByText("Cancel 2 print orders?").waitFor();
    await h().screenshot("orders-bulk-cancel-confirm");
    await page.getByRole("button", { name: "Yes, cancel them" }).click();
    await page
      .getByText(
        `1 order cancelled; 1 order could not be: ${shipped.name} (not possible while the order is shipped).`,
      )
      .waitFor();
    await page
      .locator("tr", { hasText: held.name })
      .getByText("Cancelled", { exact: true })
      .waitFor();
    expect(await statusOf(held.id)).toBe("cancelled");
    expect(await statusOf(shipped.id)).toBe("shipped");
  });
});
