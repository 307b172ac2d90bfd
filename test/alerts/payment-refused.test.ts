/**
 * The alert that the print service refused payment for want of credit, through the real path:
 * paid orders through the signed webhook and the worker, the print sandbox refusing payment
 * while the merchant's account has no credit (MERCH_INSUFFICIENT_BALANCE), the alerts round,
 * the queue in the database and the sender speaking SMTP to the local mail server.
 */
import "../support/app-env";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { alertsStore } from "~/data/alerts.server";
import { mailSenderDeps, paymentRefusedAlertDeps, smtpTransport } from "~/lib/mail.server";
import { queuePaymentRefusedAlerts } from "~/services/alerts/payment-refused";
import { saveAlertSettings } from "~/services/alerts/settings";
import { retryPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { sendDueMail } from "~/services/mail/send";
import type { MailStandIn } from "../../sandbox/mail/server";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  SANDBOX_KEYS,
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
  await prisma.shop.updateMany({
    data: { paymentAlertAt: null, alertsPayment: true, alertEmail: null },
  });
});

const silent = { info() {}, warn() {} };
const alerts = () => paymentRefusedAlertDeps({ logger: silent });
const sender = () => mailSenderDeps(smtpTransport(mail.url), { logger: silent });
const account = () => h.sandbox.control.merchant(SANDBOX_KEYS.merchantApiKey)!;

/** A paid order the print service cannot be paid for: its account has no credit. */
async function refused() {
  account().credit = 0;
  const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  expect(printOrder!.status).toBe("needs_attention");
  expect(printOrder!.lastErrorCode).toBe("MERCH_INSUFFICIENT_BALANCE");
  return printOrder!;
}

describe("the alert that the print service refused payment", () => {
  it("tells the merchant at once, once per refusal, with what the waiting orders need", async () => {
    const first = await refused();
    expect(await queuePaymentRefusedAlerts(alerts())).toEqual({ queued: 1 });
    expect(await sendDueMail(sender())).toMatchObject({ sent: 1 });
    const [received] = mail.messages();
    expect(received!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(received!.subject).toBe(
      "The print service refused payment: not enough credit – Print Connect Demo",
    );
    expect(received!.text).toContain(
      "Print Connect could not pay the print service for 1 print order: your print-service account does not have enough credit.",
    );
    const need = (first.wholesaleTotalMinor! / 100).toFixed(2);
    expect(received!.text).toContain(`They need ${need} EUR.`);
    expect(received!.text).toContain("/app/orders?view=attention");
    expect(received!.text).toContain("kind=payment");

    // Another order refused before anything was paid: the same refusal, told already.
    const second = await refused();
    expect(await queuePaymentRefusedAlerts(alerts())).toEqual({ queued: 0 });

    // The merchant tops up and retries: both are paid, and nothing is left to tell.
    account().credit = 10_000_000;
    for (const p of [first, second])
      expect(await retryPrintOrder(printOrderCommandStore, { shop: SHOP, id: p.id })).toMatchObject(
        { ok: true },
      );
    await settle(h.worker());
    for (const p of [first, second])
      expect((await prisma.printOrder.findUniqueOrThrow({ where: { id: p.id } })).status).toBe(
        "paid",
      );
    expect(await queuePaymentRefusedAlerts(alerts())).toEqual({ queued: 0 });

    // A payment went through since the e-mail: the next refusal is told again.
    await refused();
    expect(await queuePaymentRefusedAlerts(alerts())).toEqual({ queued: 1 });
    account().credit = 10_000_000;
  });

  it("is not sent when switched off, and two rounds at once queue one", async () => {
    await refused();
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "",
      attention: true,
      webhooks: true,
      payment: false,
      prices: true,
      weekly: true,
    });
    expect(await queuePaymentRefusedAlerts(alerts())).toEqual({ queued: 0 });
    await prisma.shop.updateMany({ data: { alertsPayment: true } });
    const rounds = await Promise.all([
      queuePaymentRefusedAlerts(alerts()),
      queuePaymentRefusedAlerts(alerts()),
    ]);
    expect(rounds.reduce((n, r) => n + r.queued, 0)).toBe(1);
    account().credit = 10_000_000;
  });
});
