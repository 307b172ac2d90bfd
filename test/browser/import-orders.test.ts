import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify/seed";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { planRecordedOrders } from "../support/plan-recorded";

/**
 * Import past orders in the browser: Home's one-time offer, the link from the Orders page,
 * the preview (orders to print with their lines and cost, the others with why), the
 * confirmation and its answer, at desktop and phone widths.
 */
const h = setupBrowserHarness();

/** A paid order whose webhook never reached the app (paid before the install). */
async function pastOrder(lines: { variantId: string; quantity?: number }[]) {
  const control = h().shopify.control;
  const { order } = await control.createOrder(
    { lineItems: lines, email: "anna@example.com" },
    { deliver: false },
  );
  await control.markOrderPaid(order.id, { deliver: false });
  return order;
}

async function setWidth(width: number) {
  await h().page.setViewportSize({ width, height: 900 });
}

describeBrowser("import past orders in the browser", () => {
  it("offers, previews and imports orders paid before the install", async () => {
    const v = DEMO_IDS.variants;
    const books = await pastOrder([{ variantId: v.photoBook24, quantity: 2 }]);
    const bookAndMug = await pastOrder([{ variantId: v.photoBook48 }, { variantId: v.mug }]);
    // Personalised: the customer's file has not arrived, so it cannot be quoted yet.
    const notebook = await pastOrder([{ variantId: v.notebook }]);
    const mugOnly = await pastOrder([{ variantId: v.mug, quantity: 3 }]);
    const cancelled = await pastOrder([{ variantId: v.novel }]);
    await h().shopify.control.cancelOrder(cancelled.id, { refund: false, deliver: false });
    const { default: prisma } = await import("../../app/db.server");
    // The app was installed after those orders were paid.
    await prisma.shop.update({ where: { shop: h().shop }, data: { installedAt: new Date() } });

    for (const width of [1280, 375]) {
      await setWidth(width);
      const home = await h().openAdmin("/app");
      await home.getByText("3 paid orders from before you installed Print Connect").waitFor();
      await h().screenshot(`home-import-offer-${width}`);
    }

    await setWidth(1280);
    const orders = await h().openAdmin("/app/orders");
    await orders.getByRole("link", { name: "Import past orders" }).click();
    await orders.getByRole("heading", { name: "Import past orders", level: 1 }).waitFor();
    await orders.getByText("3 orders to print").waitFor();

    for (const width of [1280, 375]) {
      await setWidth(width);
      const page = await h().openAdmin("/app/orders/import");
      await page.getByText("3 orders to print").waitFor();
      await page.getByText(books.name, { exact: true }).first().waitFor();
      await page.getByText(bookAndMug.name, { exact: true }).first().waitFor();
      await page.getByText("One item waits for the customer's print file.").waitFor();
      await page.getByText("Quoted once the customer's file arrives.").waitFor();
      await page.getByText(mugOnly.name, { exact: true }).first().waitFor();
      await page.getByText("No print products").first().waitFor();
      await page.getByText("Cancelled in Shopify").first().waitFor();
      await page
        .getByText(/^Print cost quoted: €[\d.,]+ for 2 orders; 1 order without a quote\.$/)
        .waitFor();
      await h().screenshot(`import-orders-${width}`);
    }

    await setWidth(1280);
    const page = await h().openAdmin(`/app/orders/import`);
    await page.getByRole("button", { name: "Import 3 orders" }).click();
    await page.getByText("Import 3 orders?").waitFor();
    await h().screenshot("import-orders-confirm");
    await page.getByRole("button", { name: "Yes, import them" }).click();
    await page
      .getByText("3 orders imported.")
      .waitFor()
      .catch(async (error: unknown) => {
        await h().screenshot("import-orders-debug");
        throw error;
      });
    // The preview is read again: they are now Print Connect's, nothing is left to import, and
    // the page says where each stands rather than counting it "not printed".
    await page.getByText("0 orders to print").waitFor();
    await page.getByText("3 orders already in Print Connect").waitFor();
    await page.getByRole("heading", { name: "Already in Print Connect" }).waitFor();
    await page.getByRole("link", { name: books.name, exact: true }).waitFor();
    await page.getByText(/^Orders as Shopify had them at /).waitFor();
    await h().screenshot("import-orders-done");
    for (const width of [375]) {
      await setWidth(width);
      await h().screenshot(`import-orders-done-${width}`);
    }
    await setWidth(1280);
    // "Read Shopify again" reads it now.
    await page.getByRole("link", { name: "Read Shopify again" }).click();
    await page.waitForURL(/fresh=1/);
    await page.getByText("3 orders already in Print Connect").waitFor();

    // Recorded as a webhook's orders would be; the worker's next round plans them.
    await planRecordedOrders();
    const imported = await prisma.shopOrder.findMany({
      where: { shop: h().shop, source: "import" },
      select: { name: true },
      orderBy: { name: "asc" },
    });
    expect(imported.map((o) => o.name)).toEqual(
      [books.name, bookAndMug.name, notebook.name].sort(),
    );

    // Answered: Home does not offer it again.
    const home = await h().openAdmin("/app");
    await home.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
    expect(await home.getByText("from before you installed Print Connect").count()).toBe(0);
  });
});
