import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The order page in Chromium, on the real build, for addresses checked before print: one the
 * check stopped (the reason and the fix in the attention banner) and one printed with a
 * warning (a street without a house number), each through a paid order and the worker.
 */
const h = setupBrowserHarness();

async function paidOrderTo(shippingAddress: Record<string, string | null>) {
  const { shopify } = h();
  const { order } = await shopify.control.createOrder(
    {
      lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
      email: "anna@example.com",
      shippingAddress,
    },
    { deliver: false },
  );
  await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
  const worker = await h().createWorker();
  await worker.drain();
  const { default: prisma } = await import("../../app/db.server");
  return prisma.printOrder.findFirstOrThrow({ where: { shopifyOrderId: String(order.legacyId) } });
}

describeBrowser("an order's shipping address on the order page", () => {
  it("shows an address the check stopped, with the reason and the fix", async () => {
    const stopped = await paidOrderTo({ countryCode: "DE", zip: "1015 CJ", city: "Berlin" });
    expect(stopped.lastErrorCode).toBe("ADDRESS_INVALID");
    const page = await h().openAdmin(`/app/orders/${stopped.id}`);
    await page.getByText("This order needs your attention").waitFor();
    await page
      .getByText(`The postal code "1015 CJ" does not have the format of postal codes in Germany.`)
      .first()
      .waitFor();
    await page
      .getByText("Correct the shipping address in the Shopify order, then retry.")
      .first()
      .waitFor();
    await h().screenshot("order-address-stopped");
  });

  it("shows a warning for a street without a house number on an order that went on", async () => {
    const printed = await paidOrderTo({
      countryCode: "DE",
      zip: "10115",
      city: "Berlin",
      address1: "Invalidenstraße",
    });
    expect(printed.status).toBe("paid");
    const page = await h().openAdmin(`/app/orders/${printed.id}`);
    await page.getByText("Check the shipping address").waitFor();
    await page
      .getByText(/^The order is already paid at the print service, which takes no address change/)
      .waitFor();
    // The same sentence in the banner and in the timeline.
    await expect
      .poll(() =>
        page
          .getByText("The street address has no house number, which addresses in Germany")
          .count(),
      )
      .toBe(2);
    await h().screenshot("order-address-warning");
  });
});
