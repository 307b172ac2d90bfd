/**
 * Alerts by e-mail for orders that need the merchant, through the real path: paid orders
 * through the signed webhook, the worker and the print sandbox; the alerts round reading the
 * shop's name and address from the Shopify stand-in; the queue in the database; the sender
 * speaking SMTP to a real local mail server (sandbox/mail), which keeps what it receives.
 */
import "../support/app-env";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { alertsStore } from "~/data/alerts.server";
import { attentionAlertDeps, mailSenderDeps, smtpTransport } from "~/lib/mail.server";
import { ATTENTION_WINDOW_MS, queueAttentionAlerts } from "~/services/alerts/attention";
import { readAlertSettings, saveAlertSettings } from "~/services/alerts/settings";
import { sendDueMail, STOPPED_WHILE_SENDING } from "~/services/mail/send";
import type { MailStandIn } from "../../sandbox/mail/server";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
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
  await prisma.printOrder.updateMany({ data: { attentionAlertedAt: new Date() } });
  await prisma.shop.updateMany({
    data: { lastAttentionAlertAt: null, alertsAttention: true, alertEmail: null },
  });
});
afterEach(() => h.shopify.control.clearFaults());

const silent = { info() {}, warn() {} };
const alertsAt = (at: Date) => attentionAlertDeps({ now: () => at, logger: silent });
const sender = (at = new Date()) =>
  mailSenderDeps(smtpTransport(mail.url), { now: () => at, logger: silent });

async function stop(zip: string) {
  const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
    shippingAddress: { zip },
  });
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  expect(printOrder!.status).toBe("needs_attention");
  return printOrder!;
}

describe("alerts for orders that need attention", () => {
  it("gathers the stops into one e-mail per window, each order told once, sent once over SMTP", async () => {
    const first = await stop("10115");
    const second = await stop("ABC");
    const now = new Date();
    expect(await queueAttentionAlerts(alertsAt(now))).toEqual({ queued: 1 });
    // Queued, not yet sent: no request or round waited for the mail server.
    expect(mail.messages()).toEqual([]);
    expect(await sendDueMail(sender(now))).toMatchObject({ sent: 1 });

    const [received] = mail.messages();
    expect(received!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(received!.subject).toBe("2 print orders need your attention – Print Connect Demo");
    expect(received!.text).toContain(`${first.shopifyOrderName} (${first.orderReference})`);
    expect(received!.text).toContain(
      `The postal code "ABC" does not have the format of postal codes in Netherlands.`,
    );
    expect(received!.text).toContain(
      "What to do: Correct the shipping address in the Shopify order",
    );
    expect(received!.text).toContain(`/app/orders/${second.id}`);
    expect(received!.text).toMatch(
      /Turn these e-mails off: https:\/\/print-connect\.test\/alerts\/off\?/,
    );
    expect(received!.html).toContain("Turn these e-mails off");
    expect(received!.html).toContain("&quot;ABC&quot;");
    // Sent once: the next round has nothing.
    expect(await sendDueMail(sender(now))).toMatchObject({ sent: 0 });
    expect(mail.messages()).toHaveLength(1);

    // A third stop inside the window waits for it; then only the third is told.
    const third = await stop("1");
    expect(await queueAttentionAlerts(alertsAt(new Date(now.getTime() + 60_000)))).toEqual({
      queued: 0,
    });
    const later = new Date(now.getTime() + ATTENTION_WINDOW_MS + 1_000);
    expect(await queueAttentionAlerts(alertsAt(later))).toEqual({ queued: 1 });
    await sendDueMail(sender(later));
    const [, next] = mail.messages();
    expect(next!.subject).toBe("1 print order needs your attention – Print Connect Demo");
    expect(next!.text).toContain(third.orderReference);
    expect(next!.text).not.toContain(first.orderReference);
  });

  it("two rounds at once queue one e-mail; switched off or sent to the merchant's own address", async () => {
    await stop("10115");
    const now = new Date();
    const rounds = await Promise.all([
      queueAttentionAlerts(alertsAt(now)),
      queueAttentionAlerts(alertsAt(now)),
    ]);
    expect(rounds[0].queued + rounds[1].queued).toBe(1);
    expect(await prisma.mailMessage.count()).toBe(1);

    await prisma.mailMessage.deleteMany({});
    await prisma.shop.updateMany({ data: { lastAttentionAlertAt: null } });
    await stop("ABC");
    expect(
      await saveAlertSettings(alertsStore, SHOP, {
        alertEmail: "not an address",
        attention: true,
        webhooks: true,
        payment: true,
        prices: true,
        weekly: true,
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { alertEmail: "Enter an e-mail address such as orders@yourshop.com" },
    });
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "orders@shop.example",
      attention: false,
      webhooks: true,
      payment: true,
      prices: true,
      weekly: true,
    });
    expect(await queueAttentionAlerts(alertsAt(new Date()))).toEqual({ queued: 0 });
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "orders@shop.example",
      attention: true,
      webhooks: true,
      payment: true,
      prices: true,
      weekly: true,
    });
    expect(await queueAttentionAlerts(alertsAt(new Date()))).toEqual({ queued: 1 });
    await sendDueMail(sender());
    expect(mail.messages().map((m) => m.to)).toEqual([["orders@shop.example"]]);
  });

  it("a server's 'later' is tried again, its 'no' is given up and shown; a send cut short is not repeated", async () => {
    await stop("10115");
    const now = new Date();
    await queueAttentionAlerts(alertsAt(now));
    mail.refuseNext(451);
    expect(await sendDueMail(sender(now))).toMatchObject({ retried: 1 });
    expect(mail.messages()).toEqual([]);
    expect(await sendDueMail(sender(new Date(now.getTime() + 60_000)))).toMatchObject({ sent: 1 });
    expect(mail.messages()).toHaveLength(1);

    await stop("ABC");
    await queueAttentionAlerts(alertsAt(new Date(now.getTime() + ATTENTION_WINDOW_MS + 1_000)));
    mail.refuseNext(550);
    expect(
      await sendDueMail(sender(new Date(now.getTime() + ATTENTION_WINDOW_MS + 2_000))),
    ).toMatchObject({
      failed: 1,
    });
    const settings = await readAlertSettings(alertsStore, SHOP);
    expect(settings.lastFailed?.error).toMatch(/Mailbox unavailable/);
    expect(settings.lastFailed?.subject).toBe(
      "1 print order needs your attention – Print Connect Demo",
    );

    // A sender that died in the SMTP transaction: reported, never sent again.
    const cut = await prisma.mailMessage.create({
      data: {
        shop: SHOP,
        kind: "attention",
        dedupeKey: "cut-short",
        to: "owner@print-connect-demo.example",
        subject: "cut short",
        text: "x",
        html: "<p>x</p>",
        sendingSince: new Date(now.getTime() - 60 * 60_000),
        attempts: 1,
      },
    });
    expect(await sendDueMail(sender(now))).toMatchObject({ stopped: 1, sent: 0 });
    const reported = await prisma.mailMessage.findUniqueOrThrow({ where: { id: cut.id } });
    expect(reported).toMatchObject({ sendingSince: null, sentAt: null, dueAt: null });
    expect(reported.error).toBe(STOPPED_WHILE_SENDING);
    expect(mail.messages().map((m) => m.subject)).not.toContain("cut short");
  });
});
