import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { DEMO_SHOP, describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The customer's own address correction in Chromium, on the real build: the order page's
 * address section and its "send the link" button, Settings' choice of when links go out, the
 * e-mail as a mail program shows it, and the page on the shop's storefront (the stand-in plays
 * the shop's domain and Shopify's app proxy) checking the fields as the customer types.
 */
const h = setupBrowserHarness();

/**
 * axe-core's serious and critical violations on the page. Evaluated through the browser's own
 * protocol, which the page's Content-Security-Policy does not govern (a script tag would be
 * refused, as any other script without the page's nonce).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

describeBrowser("customers correct their own address", () => {
  it("the order page sends the link; the customer fixes the postal code on the shop's page", async () => {
    const { shopify, page } = h();
    const { order } = await shopify.control.createOrder(
      {
        lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
        email: "anna@example.com",
        shippingAddress: {
          firstName: "Anna",
          lastName: "Schmidt",
          address1: "Torstraße 12",
          countryCode: "DE",
          zip: "1015 CJ",
          city: "Berlin",
        },
      },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    const worker = await h().createWorker();
    await worker.drain();
    const { default: prisma } = await import("../../app/db.server");
    const printOrder = await prisma.printOrder.findFirstOrThrow({
      where: { shop: DEMO_SHOP, shopifyOrderId: order.legacyId },
    });
    expect(printOrder.lastErrorCode).toBe("ADDRESS_INVALID");

    // Settings: when links go out.
    await h().openAdmin("/app/settings");
    await page
      .getByRole("heading", { name: "Customers correct their address" })
      .scrollIntoViewIfNeeded();
    await h().screenshot("settings-customer-links");
    await page.setViewportSize({ width: 375, height: 812 });
    await page
      .getByRole("heading", { name: "Customers correct their address" })
      .scrollIntoViewIfNeeded();
    await h().screenshot("settings-customer-links-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The order page: the address, and the button that sends the customer the link.
    await h().openAdmin(`/app/orders/${printOrder.id}`);
    const send = page.getByRole("button", { name: "Send the customer a link" });
    await send.scrollIntoViewIfNeeded();
    await h().screenshot("order-address-link");
    await page
      .getByText("Or let the customer correct it: send them a link, under Shipping address.")
      .waitFor();
    await send.click();
    await page.getByText("The link is on its way to anna@example.com").waitFor();
    await page.getByText(/Link sent to anna@example.com .* by you; it works until/).waitFor();
    await page
      .getByText("The customer has a link to correct it; the order goes on by itself once they do.")
      .waitFor();
    await page.getByRole("button", { name: "Send a new link" }).scrollIntoViewIfNeeded();
    await h().screenshot("order-address-link-sent");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("button", { name: "Send a new link" }).scrollIntoViewIfNeeded();
    await h().screenshot("order-address-link-sent-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The e-mail, in the shop's name.
    const { mailSenderDeps, smtpTransport } = await import("../../app/lib/mail.server");
    const { sendDueMail } = await import("../../app/services/mail/send");
    shopify.mail!.clear();
    expect(await sendDueMail(mailSenderDeps(smtpTransport(shopify.mail!.url)))).toMatchObject({
      sent: 1,
    });
    const [received] = shopify.mail!.messages();
    expect(received!.headers.from).toContain("Print Connect Demo");
    await page.setContent(received!.html!);
    await page.getByRole("link", { name: "Correct the shipping address" }).waitFor();
    await h().screenshot("address-link-email");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("address-link-email-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The link names the shop's own domain; here the stand-in answers for that domain.
    const link = /https:\/\/\S+\/apps\/print-connect\/address\/\S+/.exec(received!.text)![0];
    expect(link.startsWith(`https://${DEMO_SHOP}/apps/print-connect/address/`)).toBe(true);
    const onStandIn = link.replace(
      `https://${DEMO_SHOP}`,
      `${shopify.url}/storefront/${DEMO_SHOP}`,
    );
    await page.goto(onStandIn);
    await page.getByRole("heading", { name: `Shipping address for order ${order.name}` }).waitFor();
    await page
      .getByText('The postal code "1015 CJ" does not have the format of postal codes in Germany.', {
        exact: false,
      })
      .first()
      .waitFor();
    await h().screenshot("customer-address-page");
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("customer-address-page-375");

    // Checked as the customer types: a wrong code is named at its field, a right one clears it.
    const zip = page.getByLabel("Postal code");
    await zip.fill("1011");
    await expect.poll(() => zip.getAttribute("aria-invalid")).toBe("true");
    await page
      .locator("#f-zip-error")
      .getByText('The postal code "1011" does not have the format')
      .waitFor();
    await zip.fill("10115");
    await expect.poll(() => zip.getAttribute("aria-invalid")).toBe("false");
    await page.setViewportSize({ width: 1280, height: 900 });
    await h().screenshot("customer-address-page-fixed");
    await page.getByRole("button", { name: "Save the address" }).click();
    await page.getByRole("heading", { name: "Thank you: the address is saved" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await h().screenshot("customer-address-saved");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("customer-address-saved-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back on the order page: corrected by the customer, and going on.
    await h().openAdmin(`/app/orders/${printOrder.id}`);
    await page.getByText(/The customer corrected the address/).waitFor();
    await page
      .getByText(
        "The customer corrected the shipping address (changed: postal code); the order goes on.",
      )
      .waitFor();
    await h().screenshot("order-address-corrected");
  });
});
