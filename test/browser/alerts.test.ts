import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Alerts by e-mail in Chromium, on the real build: Settings' alerts section saved on its own;
 * the alert e-mail for a stopped order, as the local mail server received it over SMTP and as
 * a mail program shows it; and the link at its foot that turns these e-mails off.
 */
const h = setupBrowserHarness();

describeBrowser("alerts by e-mail", () => {
  it("settings, the e-mail a stopped order sends, and its off link", async () => {
    const { shopify, page } = h();
    // An order that stops on its address, through the webhook and the worker.
    const { order } = await shopify.control.createOrder(
      {
        lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
        email: "anna@example.com",
        shippingAddress: { countryCode: "DE", zip: "1015 CJ", city: "Berlin" },
      },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    const worker = await h().createWorker();
    await worker.drain();

    // Settings: the alerts section, saved on its own.
    await h().openAdmin("/app/settings");
    await page.getByRole("heading", { name: "Alerts by e-mail" }).waitFor();
    await page.getByText("No alert sent yet.").waitFor();
    await page.getByLabel("Send alerts to").fill("orders@print-connect-demo.example");
    await page.getByRole("button", { name: "Save alerts" }).click();
    await page.getByText("Alerts saved").waitFor();
    await page.getByRole("heading", { name: "Alerts by e-mail" }).scrollIntoViewIfNeeded();
    await h().screenshot("settings-alerts");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("settings-alerts-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The alerts round and the sender, as the worker process runs them.
    const { attentionAlertDeps, mailSenderDeps, smtpTransport } =
      await import("../../app/lib/mail.server");
    const { queueAttentionAlerts } = await import("../../app/services/alerts/attention");
    const { sendDueMail } = await import("../../app/services/mail/send");
    expect(await queueAttentionAlerts(attentionAlertDeps())).toEqual({ queued: 1 });
    expect(await sendDueMail(mailSenderDeps(smtpTransport(shopify.mail!.url)))).toMatchObject({
      sent: 1,
    });
    const [received] = shopify.mail!.messages();
    expect(received!.to).toEqual(["orders@print-connect-demo.example"]);

    // The sandbox's mailbox page, then the e-mail alone as a mail program shows it.
    await page.goto(`${shopify.url}/__fake/mail`);
    await page.getByRole("heading", { name: received!.subject }).waitFor();
    await h().screenshot("sandbox-mailbox");
    await page.setContent(received!.html!);
    await page.getByText("1 print order needs your attention").waitFor();
    await page.getByText(`The postal code "1015 CJ" does not have the format`).waitFor();
    await h().screenshot("alert-email");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("alert-email-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its off link: asks first, then turns these e-mails off.
    const off = /Turn these e-mails off: (\S+)/.exec(received!.text)![1]!;
    await page.goto(off);
    await page.getByRole("button", { name: "Turn these e-mails off" }).waitFor();
    await h().screenshot("alerts-off-confirm");
    await page.getByRole("button", { name: "Turn these e-mails off" }).click();
    await page.getByText(/E-mails about orders that need attention are off/).waitFor();
    await h().screenshot("alerts-off-done");
    await h().openAdmin("/app/settings");
    await expect.poll(() => page.getByLabel("Orders that need attention").isChecked()).toBe(false);
  });

  it("the e-mail when Shopify's order webhooks stop, and its off link", async () => {
    const { shopify, page } = h();
    const { default: prisma } = await import("../../app/db.server");
    const worker = await h().createWorker();
    const paid = async (topics: string[]) => {
      const { order } = await shopify.control.createOrder(
        {
          lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
          email: "anna@example.com",
          shippingAddress: { countryCode: "NL", zip: "1015 CJ", city: "Amsterdam" },
        },
        { deliver: false },
      );
      await shopify.control.markOrderPaid(order.id, { topics });
    };
    // One order's webhook arrives; the next order, paid a second later, has none.
    const receipts = () => prisma.webhookReceipt.count({ where: { topic: "orders/paid" } });
    const before = await receipts();
    await paid(["orders/paid"]);
    await worker.drain(); // the worker takes the delivery in, and writes its receipt
    expect(await receipts()).toBe(before + 1);
    const last = await prisma.webhookReceipt.findFirstOrThrow({
      where: { topic: "orders/paid" },
      orderBy: { receivedAt: "desc" },
    });
    await expect
      .poll(() => Math.floor(Date.now() / 1000), { interval: 20 })
      .toBeGreaterThan(Math.floor(last.receivedAt.getTime() / 1000));
    await paid([]);
    const { runRegularCheck } = await import("../../app/lib/regular-check.server");
    expect((await runRegularCheck({ overlapMs: 60_000 })).found).toBeGreaterThanOrEqual(1);
    await worker.drain();

    const { webhooksStoppedAlertDeps, mailSenderDeps, smtpTransport } =
      await import("../../app/lib/mail.server");
    const { queueWebhooksStoppedAlerts } =
      await import("../../app/services/alerts/webhooks-stopped");
    const { sendDueMail } = await import("../../app/services/mail/send");
    expect(await queueWebhooksStoppedAlerts(webhooksStoppedAlertDeps())).toEqual({ queued: 1 });
    shopify.mail!.clear();
    expect(await sendDueMail(mailSenderDeps(smtpTransport(shopify.mail!.url)))).toMatchObject({
      sent: 1,
    });
    const [received] = shopify.mail!.messages();
    await page.setContent(received!.html!);
    await page
      .getByRole("heading", { name: "Shopify's order notifications have stopped arriving" })
      .waitFor();
    await h().screenshot("alert-email-webhooks");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("alert-email-webhooks-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    const off = /Turn these e-mails off: (\S+)/.exec(received!.text)![1]!;
    await page.goto(off);
    await page.getByText(/Stop the e-mails about Shopify's order notifications stopping/).waitFor();
    await page.getByRole("button", { name: "Turn these e-mails off" }).click();
    await page.getByText(/E-mails about Shopify's order notifications stopping are off/).waitFor();
    await h().screenshot("alerts-off-webhooks-done");
    await h().openAdmin("/app/settings");
    await page.getByLabel("Shopify stopped sending orders").scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.getByLabel("Shopify stopped sending orders").isChecked())
      .toBe(false);
    await h().screenshot("settings-alerts-webhooks-off");
  });
});
