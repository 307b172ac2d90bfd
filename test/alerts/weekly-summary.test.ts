/**
 * The weekly summary, through the real path: paid orders through the signed webhook and the
 * worker, printed and shipped by the print sandbox, one stopped for want of credit; the round
 * at a chosen time (`now`), the queue in the database and the sender speaking SMTP to the local
 * mail server. Its figures are checked against the rows.
 */
import "../support/app-env";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { alertsStore } from "~/data/alerts.server";
import { mailSenderDeps, smtpTransport, weeklySummaryDeps } from "~/lib/mail.server";
import { saveAlertSettings } from "~/services/alerts/settings";
import { queueWeeklySummaries, WEEK_MS } from "~/services/alerts/weekly";
import { durationText, percentile } from "~/services/fulfilment/handoff";
import { sendDueMail } from "~/services/mail/send";
import { formatMajor } from "~/services/print/money";
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
  await h.map(MAPPINGS.novel);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  mail.clear();
  await prisma.mailMessage.deleteMany({});
});

const MINUTE = 60_000;
const silent = { info() {}, warn() {} };
const summaries = (now: Date) =>
  queueWeeklySummaries(weeklySummaryDeps({ logger: silent, now: () => now }));
/** The sender, at `now` (an e-mail queued by a round at a later time is due then). */
const sender = (now = new Date()) =>
  mailSenderDeps(smtpTransport(mail.url), { logger: silent, now: () => now });
const account = () => h.sandbox.control.merchant(SANDBOX_KEYS.merchantApiKey)!;
const mark = async () =>
  (await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).weeklySummaryAt;
const eur = (amountMinor: number) => `${formatMajor({ amountMinor, currency: "EUR" }, 2)} EUR`;

/** A paid order printed and shipped by the print sandbox. */
async function shippedOrder(variantId: string, quantity = 1) {
  const { order } = await placePaidOrder(h, [{ variantId, quantity }]);
  await settle(h.worker());
  const [paid] = await printOrdersOf(order.legacyId);
  expect(paid!.status).toBe("paid");
  h.sandbox.control.advance({ orderId: paid!.printOrderId!, to: "SHIPPED" });
  await h.sandbox.control.waitForCallbacks();
  await settle(h.worker());
  const [shipped] = await printOrdersOf(order.legacyId);
  expect(shipped!.trackingCode).toBeTruthy();
  return shipped!;
}

describe("the weekly summary", () => {
  it("is not sent before a week, nor for a week with nothing printed and nothing waiting", async () => {
    // Installed just now: the first week is not over.
    expect(await summaries(new Date())).toEqual({ queued: 0, quiet: 0 });
    // A week on, nothing happened in that week: no e-mail, and the next week starts then.
    const weekOn = new Date(Date.now() + WEEK_MS + MINUTE);
    expect(await summaries(weekOn)).toEqual({ queued: 0, quiet: 1 });
    expect(await mark()).toEqual(weekOn);
    expect(await prisma.mailMessage.count()).toBe(0);
    await prisma.shop.updateMany({ where: { shop: SHOP }, data: { weeklySummaryAt: null } });
  });

  it("sums up the week's printed orders, time to print and margin, once a week", async () => {
    const first = await shippedOrder(MAPPINGS.photoBook.variantId);
    const second = await shippedOrder(MAPPINGS.novel.variantId, 2);
    // One waits: the print service refused payment for want of credit.
    account().credit = 0;
    const { order: refusedOrder } = await placePaidOrder(h, [
      { variantId: MAPPINGS.photoBook.variantId },
    ]);
    await settle(h.worker());
    const [stopped] = await printOrdersOf(refusedOrder.legacyId);
    expect(stopped!.status).toBe("needs_attention");
    account().credit = 10_000_000;

    // Paid in Shopify some hours before they shipped (the rows say so; the sandbox is quick).
    for (const [p, hours] of [
      [first, 3],
      [second, 1],
    ] as const)
      await prisma.shopOrder.update({
        where: { id: p.shopOrderId },
        data: { shopifyPaidAt: new Date(Date.now() - hours * 3600_000) },
      });

    // The last summary was a week ago.
    const now = new Date(Date.now() + MINUTE);
    await prisma.shop.updateMany({
      where: { shop: SHOP },
      data: { weeklySummaryAt: new Date(now.getTime() - WEEK_MS) },
    });
    expect(await summaries(now)).toEqual({ queued: 1, quiet: 0 });
    expect(await sendDueMail(sender(now))).toMatchObject({ sent: 1 });
    const [received] = mail.messages();
    expect(received!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(received!.subject).toBe("Your week: 2 print orders shipped – Print Connect Demo");
    const text = received!.text;
    expect(text).toContain("Print orders shipped by the print service: 2 (the week before: 0).");

    // Time to print, from the rows: Shopify's payment to the print service's "shipped" event.
    const times = [];
    for (const p of [first, second]) {
      const row = await prisma.printOrder.findUniqueOrThrow({
        where: { id: p.id },
        include: { shopOrder: true, events: { where: { type: "shipped" } } },
      });
      expect(row.events).toHaveLength(1);
      times.push({
        ms: row.events[0]!.at.getTime() - row.shopOrder.shopifyPaidAt!.getTime(),
        name: row.shopifyOrderName,
      });
    }
    const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
    expect(slowest.name).toBe(first.shopifyOrderName);
    const median = percentile(
      times.map((t) => t.ms).sort((a, b) => a - b),
      50,
    )!;
    expect(text).toContain(
      `Time to print, from payment in Shopify to shipped: median ${durationText(median)}, slowest ${durationText(slowest.ms)} (${slowest.name}).`,
    );

    // Margin, from the rows: the three print orders placed this week, all priced.
    const placed = await prisma.printOrder.findMany({
      where: { shop: SHOP, id: { in: [first.id, second.id, stopped!.id] } },
      include: { items: true },
    });
    const cost = placed.reduce((sum, p) => sum + p.wholesaleTotalMinor!, 0);
    const revenue = placed.reduce(
      (sum, p) => sum + p.items.reduce((s, i) => s + (i.revenueMinor ?? 0), 0),
      0,
    );
    expect(placed.every((p) => p.currency === "EUR")).toBe(true);
    expect(text).toContain(
      `- In EUR, 3 print orders: revenue ${eur(revenue)}, print costs ${eur(cost)}, margin ${eur(revenue - cost)}.`,
    );
    expect(text).toContain("1 print order needs you now:");
    expect(text).toContain("/app/orders?view=attention");
    expect(text).toContain("/app/profit");
    expect(text).toContain("kind=weekly");
    expect(received!.html).toContain("Your week with Print Connect");
    expect(received!.html).toContain(`margin ${eur(revenue - cost)}`);
    for (const word of ["webhook", "callback"]) {
      expect(text.toLowerCase()).not.toContain(word);
      expect(received!.html!.toLowerCase()).not.toContain(word);
    }

    // Once a week: not again the same day, nor six days on.
    expect(await summaries(now)).toEqual({ queued: 0, quiet: 0 });
    expect(await summaries(new Date(now.getTime() + 6 * 24 * 3600_000))).toEqual({
      queued: 0,
      quiet: 0,
    });
    // A week on, nothing was printed but an order still waits: told; two rounds at once, one.
    const weekOn = new Date(now.getTime() + WEEK_MS);
    const rounds = await Promise.all([summaries(weekOn), summaries(weekOn)]);
    expect(rounds.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect(await sendDueMail(sender(weekOn))).toMatchObject({ sent: 1 });
    const next = mail.messages().at(-1)!;
    expect(next.subject).toBe("Your week: 0 print orders shipped – Print Connect Demo");
    expect(next.text).toContain(
      "Print orders shipped by the print service: 0 (the week before: 2).",
    );
    expect(next.text).toContain("No print order was placed.");
    expect(await mark()).toEqual(weekOn);
  });

  it("is not sent when switched off, nor to an uninstalled shop", async () => {
    const later = new Date((await mark())!.getTime() + WEEK_MS + MINUTE);
    await saveAlertSettings(alertsStore, SHOP, {
      alertEmail: "",
      attention: true,
      webhooks: true,
      payment: true,
      prices: true,
      weekly: false,
    });
    expect(await summaries(later)).toEqual({ queued: 0, quiet: 0 });
    await prisma.shop.updateMany({
      where: { shop: SHOP },
      data: { alertsWeekly: true, uninstalledAt: new Date() },
    });
    expect(await summaries(later)).toEqual({ queued: 0, quiet: 0 });
    await prisma.shop.updateMany({ where: { shop: SHOP }, data: { uninstalledAt: null } });
    expect(await summaries(later)).toEqual({ queued: 1, quiet: 0 });
  });
});
