import { expect, it } from "vitest";
import { DEMO_FILE_PROPERTY } from "~/dev/demo-data.server";
import { DEMO_IDS } from "../../sandbox/shopify";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The order page in Chromium, on the real build, for an order the print-file
 * check stopped: the reason and the fix in the attention banner, the problem
 * on the item, and "Print anyway" with its confirmation, which sends the order
 * on and says so on the item and in the timeline.
 */
const h = setupBrowserHarness();

describeBrowser("an order stopped by the print-file check", () => {
  it("shows what is wrong with the file, and prints it anyway once the merchant confirms", async () => {
    const { shopify, sandbox } = h();
    // The demo notebook is 120 pages of A5; the customer's file has 118.
    const { order } = await shopify.control.createOrder(
      {
        lineItems: [
          {
            variantId: DEMO_IDS.variants.notebook,
            properties: {
              [DEMO_FILE_PROPERTY]: `${sandbox.url}/files/generate/118p-154x216mm.pdf`,
            },
          },
        ],
        email: "anna@example.com",
      },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    const worker = await h().createWorker();
    await worker.drain();

    const { default: prisma } = await import("../../app/db.server");
    const stopped = await prisma.printOrder.findFirstOrThrow({
      where: { shopifyOrderId: String(order.legacyId) },
    });
    expect(stopped.lastErrorCode).toBe("PREFLIGHT_FAILED");

    const page = await h().openAdmin(`/app/orders/${stopped.id}`);
    await page.getByText("This order needs your attention").waitFor();
    await page
      .getByText(/Your PDF has 118 pages/)
      .first()
      .waitFor();
    await page
      .getByText("The file check found problems, so this item is not sent to print:")
      .waitFor();
    // A personalised file: corrected in the Shopify order, not on this page.
    await page
      .getByText(
        `This file came with the Shopify order (its “${DEMO_FILE_PROPERTY}” property): correct it there`,
        { exact: false },
      )
      .waitFor();
    await h().screenshot("order-preflight-failed");

    await page.getByRole("button", { name: "Print anyway" }).click();
    await page.getByText("Print these files as they are?").waitFor();
    await h().screenshot("order-preflight-confirm");
    await page.getByRole("button", { name: "Yes, print anyway" }).click();
    await page.getByText("Printing despite the file check.").first().waitFor();

    await worker.drain();
    await h().openAdmin(`/app/orders/${stopped.id}`);
    await page.getByText(/^Printed despite: Your PDF has 118 pages/).waitFor();
    await page
      .getByText(/^Printing despite the file check, at the merchant's request:/)
      .first()
      .waitFor();
    await h().screenshot("order-preflight-overridden");
    expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: stopped.id } })).status).toBe(
      "paid",
    );
  });
});
