/**
 * The alert that a change of the print service's prices left variants below their target
 * margin, through the real path: a product created through the app, the print sandbox
 * publishing a new price list, the background price watch asking again once the old list ran
 * out, the alerts round, the queue in the database and the sender speaking SMTP to the local
 * mail server.
 */
import "../support/app-env";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { alertsStore } from "~/data/alerts.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { listBelowTarget, recheckExpiredPrices } from "~/lib/repricing.server";
import { mailSenderDeps, pricesAlertDeps, smtpTransport } from "~/lib/mail.server";
import { createProduct } from "~/pages/create-product/index.server";
import { queuePricesAlerts } from "~/services/alerts/prices";
import { saveAlertSettings } from "~/services/alerts/settings";
import { sendDueMail } from "~/services/mail/send";
import { formatMajor } from "~/services/print/money";
import type { AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import { startMailStandIn, type MailStandIn } from "../../sandbox/mail/server";
import { DEMO_SHOP, get, sandboxSettings, startAdminEnv, type AdminEnv } from "../admin/helpers";
import { creationFields } from "../product-creation/creation-harness";

const HOUR = 3600 * 1000;
let env: AdminEnv;
let mail: MailStandIn;
/** The print sandbox's clock (and the price watch's) runs this far ahead of the real one. */
let ahead = 0;
let admin: AdminApi;

// Creating the product draws its image in a PDF thread: on a loaded machine that alone may
// outlast the default 30 s for a hook (an upper bound; a passing run never waits for it).
beforeAll(async () => {
  env = await startAdminEnv({ sandboxClock: { now: () => Date.now() + ahead } });
  mail = await startMailStandIn({ port: 0 });
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  admin = (await authenticate.admin(get("/app", DEMO_SHOP))).admin;
  const form = new FormData();
  const fields = creationFields(env.sandbox.url, { title: "Lighthouses", status: "active" });
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  expect((await createProduct({ shop: DEMO_SHOP, admin, form })).status).toBe("done");
}, 90_000);
afterAll(async () => {
  await mail?.close();
  await env?.close();
});
beforeEach(async () => {
  mail.clear();
  await prisma.mailMessage.deleteMany({});
});

const silent = { info() {}, warn() {} };
const alerts = () => pricesAlertDeps({ logger: silent });
const sender = () => mailSenderDeps(smtpTransport(mail.url), { logger: silent });
const adminFor = async () => admin;
const switches = (prices: boolean) =>
  saveAlertSettings(alertsStore, DEMO_SHOP, {
    alertEmail: "",
    attention: true,
    webhooks: true,
    payment: true,
    prices,
    weekly: true,
  });

/** The print service publishes a new list (each `percent` on the last); a day on, the price watch asks again. */
async function priceChange(percent: number | null) {
  if (percent !== null) env.sandbox.control.publishPrices({ percent });
  ahead += 25 * HOUR;
  return recheckExpiredPrices({ adminFor, now: Date.now() + ahead });
}

const money = (amountMinor: number, currency: string) =>
  `${formatMajor({ amountMinor, currency }, 2)} ${currency}`;

describe("the alert of prices below target after a price change", () => {
  it("tells each change once, listing the variants with the price the rule gives", async () => {
    // No change yet: nothing to tell.
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });

    expect(await priceChange(20)).toMatchObject({ checked: 2, changed: 2 });
    // Two rounds at once: one e-mail.
    const rounds = await Promise.all([queuePricesAlerts(alerts()), queuePricesAlerts(alerts())]);
    expect(rounds.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect(await sendDueMail(sender())).toMatchObject({ sent: 1 });
    const [received] = mail.messages();
    expect(received!.to).toEqual(["owner@print-connect-demo.example"]);
    expect(received!.subject).toBe(
      "2 variants are below your target margin after a print price change – Print Connect Demo",
    );
    // The figures are the Prices page's (Shopify's live price, the kept print cost).
    const page = await listBelowTarget({ shop: DEMO_SHOP, admin, now: Date.now() + ahead });
    expect(page.rows).toHaveLength(2);
    for (const row of page.rows) {
      const label =
        row.variantTitle === "Hardcover" ? "Lighthouses – Hardcover" : "Lighthouses – Softcover";
      const line = received!.text.split("\n").find((l) => l.startsWith(`- ${label}:`));
      expect(line).toBe(
        `- ${label}: print cost now ${money(row.costMinor, row.currency)}, your price ${money(row.priceMinor, row.currency)}, margin ${Number(((row.marginBps ?? 0) / 100).toFixed(1))}% (target 30%); your pricing rule gives ${money(row.newPriceMinor, row.currency)}.`,
      );
      expect(received!.html).toContain(`${label}: print cost now`);
    }
    expect(received!.text).toContain("The print service changed its prices");
    expect(received!.text).toContain("/app/products/prices");
    expect(received!.text).toContain("kind=prices");
    expect(received!.html).toContain("Open the Prices page");
    for (const word of ["webhook", "callback"]) {
      expect(received!.text.toLowerCase()).not.toContain(word);
      expect(received!.html!.toLowerCase()).not.toContain(word);
    }

    // The same change is not told again; a check that finds nothing changed tells nothing.
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });
    expect(await priceChange(null)).toMatchObject({ checked: 2, changed: 0 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });

    // A further rise is a new change: told again, with the variants it moved.
    expect(await priceChange(30)).toMatchObject({ changed: 2 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 1 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });
  });

  it("tells nothing of a change that leaves no variant below target, nor when switched off", async () => {
    // Prices fall far: the variants meet their target again.
    expect(await priceChange(-60)).toMatchObject({ changed: 2 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });

    // Switched off, a rise is passed over, and not told once switched on again.
    await switches(false);
    expect(await priceChange(40)).toMatchObject({ changed: 2 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });
    await switches(true);
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });

    // An uninstalled shop is told nothing.
    await prisma.shop.updateMany({
      where: { shop: DEMO_SHOP },
      data: { uninstalledAt: new Date() },
    });
    expect(await priceChange(60)).toMatchObject({ changed: 2 });
    expect(await queuePricesAlerts(alerts())).toEqual({ queued: 0 });
    await prisma.shop.updateMany({ where: { shop: DEMO_SHOP }, data: { uninstalledAt: null } });
    expect(await prisma.mailMessage.count()).toBe(0);
  });
});
