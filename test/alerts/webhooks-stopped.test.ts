/**
 * The alert that Shopify's order webhooks stopped, through the real path: orders paid in the
 * Shopify stand-in, some delivered through the signed webhook and some never, the regular check
 * with Shopify finding those, the alerts round, the queue in the database and the sender
 * speaking SMTP to the local mail server.
 */
import "../support/app-env";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { alertsStore } from "~/data/alerts.server";
import { mailSenderDeps, smtpTransport, webhooksStoppedAlertDeps } from "~/lib/mail.server";
import { runRegularCheck } from "~/lib/regular-check.server";
import { saveAlertSettings, turnAlertOff } from "~/services/alerts/settings";
import { queueWebhooksStoppedAlerts } from "~/services/alerts/webhooks-stopped";
import { sendDueMail } from "~/services/mail/send";
import type { MailStandIn } from "../../sandbox/mail/server";
import { planRecordedOrders } from "../support/plan-recorded";
import {
  ADDRESS_NL,
  MAPPINGS,
  placePaidOrder,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
let mail: MailStandIn;
beforeAll(async () => {
  h = await startHarness({ shopify: { smtpPort: 0 } });
  mail = h.shopify.mail!;
  await h.map(MAPPINGS.photoBook);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  mail.clear();
  await prisma.mailMessage.deleteMany({});
  await prisma.shop.updateMany({
    data: { webhooksAlertAt: null, alertsWebhooks: true, alertEmail: null },
  });
});

const silent = { info() {}, warn() {} };
const alerts = () => webhooksStoppedAlertDeps({ logger: silent });
const sender = () => mailSenderDeps(smtpTransport(mail.url), { logger: silent });

/** A paid order whose orders/paid webhook reaches the app. */
const delivered = () => placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);

/**
 * A paid order Shopify never sends a webhook for; the regular check finds it. Shopify gives its
 * payment time in whole seconds: it is paid in a second after the last webhook arrived.
 */
async function lost() {
  const last = await prisma.webhookReceipt.findFirst({
    where: { topic: "orders/paid" },
    orderBy: { receivedAt: "desc" },
  });
  const after = Math.floor((last?.receivedAt.getTime() ?? 0) / 1000);
  await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(after), {
    timeout: 5_000,
    interval: 20,
  });
  const { order } = await h.shopify.control.createOrder(
    {
      lineItems: [{ variantId: MAPPINGS.photoBook.variantId }],
      email: "anna@example.com",
      shippingAddress: ADDRESS_NL,
    },
    { deliver: false },
  );
  await h.shopify.control.markOrderPaid(order.id, { topics: [] });
  const round = await runRegularCheck({ overlapMs: 60_000 });
  expect(round.found).toBeGreaterThanOrEqual(1);
  // Recorded at the door; the worker's next round plans it into the shop's orders.
  await planRecordedOrders();
  return order;
}

describe("the alert that Shopify's order webhooks stopped", () => {
  it("tells the merchant once per stop, over SMTP, with what was missed and where to look", async () => {
    await delivered();
    // Webhooks arrive: nothing to tell.
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 0 });

    await lost();
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 1 });
    expect(await sendDueMail(sender())).toMatchObject({ sent: 1 });
    const [received] = mail.messages();
    expect(received!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(received!.subject).toBe(
      "Shopify's order notifications have stopped arriving – Print Connect Demo",
    );
    expect(received!.text).toMatch(
      /^Shopify has sent Print Connect no order notification for \d+ s, but the regular check with Shopify found 1 paid order that Shopify sent no notification for after that\./,
    );
    expect(received!.text).toContain("/app/delivery");
    expect(received!.text).toMatch(
      /Turn these e-mails off: https:\/\/print-connect\.test\/alerts\/off\?/,
    );
    expect(received!.text).toContain("kind=webhooks");
    expect(received!.html).toContain("Shopify&#39;s order notifications have stopped arriving");

    // The same stop, another order missed: told already.
    await lost();
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 0 });

    // A webhook arrives: the stop is over. The next stop is told again, with what it missed.
    await delivered();
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 0 });
    await lost();
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 1 });
    await sendDueMail(sender());
    expect(mail.messages()).toHaveLength(2);
    expect(mail.messages()[1]!.text).toContain(
      "found 1 paid order that Shopify sent no notification for",
    );
  });

  it("two rounds at once queue one e-mail; switched off in Settings or from the e-mail, none", async () => {
    await delivered();
    await lost();
    const rounds = await Promise.all([
      queueWebhooksStoppedAlerts(alerts()),
      queueWebhooksStoppedAlerts(alerts()),
    ]);
    expect(rounds.reduce((n, r) => n + r.queued, 0)).toBe(1);

    await delivered();
    await lost();
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "",
      attention: true,
      webhooks: false,
      payment: true,
      prices: true,
      weekly: true,
    });
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 0 });
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "",
      attention: true,
      webhooks: true,
      payment: true,
      prices: true,
      weekly: true,
    });
    await turnAlertOff(alertsStore, SHOP, "webhooks");
    expect(await queueWebhooksStoppedAlerts(alerts())).toEqual({ queued: 0 });
    expect((await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).alertsAttention).toBe(
      true,
    );
  });
});
