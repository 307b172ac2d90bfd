import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as importAction, loader as importLoader } from "~/routes/app.orders.import";
import { loader as offerLoader } from "~/routes/app.import-offer";
import type { ImportOffer } from "~/pages/import-orders/offer.server";
import type { ImportAnswer } from "~/pages/import-orders/import.server";
import type { ImportPreview } from "~/pages/import-orders/preview.server";
import {
  ADDRESS_NL,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { call, data, get, post } from "./helpers";
import { planRecordedOrders } from "../support/plan-recorded";

/**
 * Import past orders through its real route: orders paid in the Shopify stand-in whose
 * webhooks never reached the app, read over the Admin API, judged, quoted by the print
 * sandbox, imported through the webhook's path and printed by the worker.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.novel);
}, 30_000);
afterAll(async () => {
  await h?.close();
});

/** An order paid in Shopify whose webhooks the app never got (it was down, or not installed). */
async function paidWithoutWebhook(
  lineItems: { variantId: string; quantity?: number }[],
  shippingAddress: Record<string, string> = ADDRESS_NL,
) {
  const { order } = await h.shopify.control.createOrder(
    { lineItems, email: "anna@example.com", shippingAddress },
    { deliver: false },
  );
  await h.shopify.control.markOrderPaid(order.id, { deliver: false });
  return { id: String(order.id).replace(/\D/g, ""), name: order.name };
}

async function preview(query = ""): Promise<ImportPreview> {
  const response = await call(importLoader, get(`/app/orders/import${query}`));
  expect(response.status).toBe(200);
  return data<ImportPreview>(response);
}

async function confirm(p: ImportPreview, orderIds = p.toPrint.map((o) => o.id)) {
  const response = await call(
    importAction,
    post("/app/orders/import", {
      intent: "import",
      from: p.form.from,
      to: p.form.to,
      ...(p.form.after ? { after: p.form.after } : {}),
      orderId: orderIds,
    }),
  );
  return { status: response.status, answer: await data<ImportAnswer>(response) };
}

/** What the print sandbox itself quotes for these items shipped to the Netherlands, in cents. */
async function sandboxQuote(
  items: { offeringId: number; numberOfPages: number; quantity: number }[],
) {
  const response = await fetch(`${h.sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: "sandbox-merchant-key",
      countryCode: "NL",
      state: "",
      currency: "EUR",
      items,
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { quoteSummary: { totalWholesalePrice: number } };
  return Math.round(body.quoteSummary.totalWholesalePrice * 100);
}

/** Home's offer, as Home asks for it once shown. */
async function homeOffer(): Promise<ImportOffer | null> {
  const response = await call(offerLoader, get("/app/import-offer"));
  expect(response.status).toBe(200);
  return (await data<{ offer: ImportOffer | null }>(response)).offer;
}

const offerDismissedAt = async () =>
  (await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).importOfferDismissedAt;

const sandboxOrdersOf = (shopifyOrderId: string) =>
  h.sandbox.control.orders().filter((o) => o.reference.startsWith(`PC-${shopifyOrderId}-`));

describe("import past orders", () => {
  let books: { id: string; name: string };
  let novelAndPrint: { id: string; name: string };
  let printOnly: { id: string; name: string };
  let cancelled: { id: string; name: string };
  let delivered: { id: string; name: string };

  beforeAll(async () => {
    books = await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId, quantity: 2 }]);
    // The framed print is not mapped: that line is not printed, the novel is.
    novelAndPrint = await paidWithoutWebhook([
      { variantId: MAPPINGS.novel.variantId, quantity: 1 },
      { variantId: MAPPINGS.framedPrint.variantId, quantity: 1 },
    ]);
    printOnly = await paidWithoutWebhook([{ variantId: MAPPINGS.framedPrint.variantId }]);
    cancelled = await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId }]);
    await h.shopify.control.cancelOrder(cancelled.id, { refund: false, deliver: false });
    // Its webhook arrived: the app printed it already.
    const placed = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    delivered = { id: String(placed.order.id).replace(/\D/g, ""), name: placed.order.name };
    expect((await printOrdersOf(delivered.id)).length).toBe(1);
  }, 30_000);

  it("offers the import once on Home when orders paid before the install would print", async () => {
    // The app was installed after these orders were paid.
    await prisma.shop.update({ where: { shop: SHOP }, data: { installedAt: new Date() } });
    const ordersRead = () =>
      h.shopify.control
        .requestLog({ kind: "graphql", shop: SHOP })
        .filter((entry) => entry.operationName === "PrintConnectOrders").length;
    const readBefore = ordersRead();
    const offer = await homeOffer();
    expect(offer).toMatchObject({ count: 2, more: false });
    expect(offer!.to).toBe(new Date().toISOString().slice(0, 10));
    expect(ordersRead()).toBe(readBefore + 1);
    // Home visited again a moment later: the same look, no second page of Shopify's budget.
    expect(await homeOffer()).toEqual(offer);
    expect(ordersRead()).toBe(readBefore + 1);

    const dismissed = await call(
      importAction,
      post("/app/orders/import", { intent: "dismiss-offer" }),
    );
    expect(dismissed.status).toBe(200);
    expect(await offerDismissedAt()).not.toBeNull();
    expect(await homeOffer()).toBeNull();
    // Answered once is answered: an import afterwards keeps it so (checked below).
    await prisma.shop.update({ where: { shop: SHOP }, data: { importOfferDismissedAt: null } });
  });

  it("previews the orders it would print, with their lines and quoted cost, and why the others would not", async () => {
    const p = await preview();
    expect(p.problem).toBeNull();
    expect(p.periodError).toBeNull();
    expect(p.toPrint.map((o) => o.name)).toEqual([books.name, novelAndPrint.name]);
    const [bookOrder, novelOrder] = p.toPrint;
    expect(bookOrder!.lines).toEqual([{ title: expect.any(String), quantity: 2 }]);
    expect(novelOrder!.lines).toHaveLength(1);
    expect(novelOrder!.otherLines).toEqual([
      { title: expect.any(String), reason: "not a print product" },
    ]);

    const why = Object.fromEntries(p.leftOut.map((o) => [o.name, o.reason]));
    expect(why).toEqual({
      [printOnly.name]: "no_print_products",
      [cancelled.name]: "cancelled",
    });
    expect(p.byReason.reduce((n, r) => n + r.count, 0)).toBe(2);
    // The order whose webhook arrived is Print Connect's already: not "not printed", but where
    // its print order stands, with its page.
    const [printOrder] = await printOrdersOf(delivered.id);
    expect(p.handled).toEqual([
      expect.objectContaining({
        name: delivered.name,
        status: printOrder!.status,
        url: `/app/orders/${printOrder!.id}`,
      }),
    ]);

    // Each order quoted as the print service quotes it, and the total is their sum.
    const bookCost = await sandboxQuote([
      { offeringId: MAPPINGS.photoBook.offeringId, numberOfPages: 24, quantity: 2 },
    ]);
    const novelCost = await sandboxQuote([
      { offeringId: MAPPINGS.novel.offeringId, numberOfPages: 320, quantity: 1 },
    ]);
    expect(bookOrder!.cost).toEqual({ amountMinor: bookCost, currency: "EUR" });
    expect(novelOrder!.cost).toEqual({ amountMinor: novelCost, currency: "EUR" });
    expect(p.total).toEqual({ amountMinor: bookCost + novelCost, currency: "EUR" });
    expect(p.unquoted).toBe(0);
    // Looking changes nothing.
    expect(await printOrdersOf(books.id)).toEqual([]);
  });

  it("imports the confirmed orders through the webhook's path, and the worker prints them once", async () => {
    const p = await preview();
    // An order the preview left out is not imported even when a form names it.
    const { status, answer } = await confirm(p, [...p.toPrint.map((o) => o.id), printOnly.id]);
    expect(status).toBe(200);
    expect(answer).toMatchObject({
      ok: true,
      imported: 2,
      alreadyThere: 0,
      changed: 1,
      failed: [],
    });
    // Recorded as a webhook's order would be; the worker's next round plans them.
    await planRecordedOrders();

    for (const order of [books, novelAndPrint]) {
      const shopOrder = await prisma.shopOrder.findUniqueOrThrow({
        where: { shop_shopifyOrderId: { shop: SHOP, shopifyOrderId: order.id } },
      });
      expect(shopOrder.source).toBe("import");
      expect(shopOrder.shopifyPaidAt).not.toBeNull();
      const events = await prisma.orderEvent.findMany({ where: { shopOrderId: shopOrder.id } });
      expect(events.map((e) => e.message).join("\n")).toContain(
        "Imported from Shopify's past orders",
      );
    }
    expect(await printOrdersOf(printOnly.id)).toEqual([]);

    await settle(h.worker());
    for (const order of [books, novelAndPrint]) {
      const [printOrder] = await printOrdersOf(order.id);
      expect(["paid", "in_production", "shipped", "fulfilled"]).toContain(printOrder!.status);
      expect(sandboxOrdersOf(order.id)).toHaveLength(1);
    }
  });

  it("a second import, and a late webhook, print nothing twice", async () => {
    const before = {
      printOrders: await prisma.printOrder.count({ where: { shop: SHOP } }),
      sandboxOrders: h.sandbox.control.orders().length,
    };
    const p = await preview();
    expect(p.toPrint).toEqual([]);
    expect(p.handled.map((o) => o.name).sort()).toEqual(
      [books.name, novelAndPrint.name, delivered.name].sort(),
    );
    expect(p.leftOut.map((o) => o.name).sort()).toEqual([printOnly.name, cancelled.name].sort());
    // The same confirmation sent again (a second tab, a double click): nothing is recorded, and
    // the answer says Print Connect has them, not that they changed.
    const again = await confirm(p, [books.id, novelAndPrint.id]);
    expect(again.answer).toMatchObject({ imported: 0, alreadyThere: 2, changed: 0, failed: [] });
    expect(again.answer.message).toBe("0 orders imported; 2 orders Print Connect already had.");

    // The webhook Shopify never delivered arrives after all.
    await h.shopify.control.sendWebhook({ topic: "orders/paid", orderId: books.id });
    await h.shopify.control.waitForWebhooks();
    await settle(h.worker());
    expect(await prisma.printOrder.count({ where: { shop: SHOP } })).toBe(before.printOrders);
    expect(h.sandbox.control.orders().length).toBe(before.sandboxOrders);
    expect(sandboxOrdersOf(books.id)).toHaveLength(1);
  });

  it("respects routing: imported orders wait for approval when the shop approves each order", async () => {
    await h.settings({ routingMode: "manual" });
    try {
      const waiting = await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId }]);
      // Another period than the earlier looks: Shopify is read afresh, not the kept look.
      const today = new Date().toISOString().slice(0, 10);
      const p = await preview(`?from=${today}&to=${today}`);
      expect(p.routing?.effect).toMatch(/approval/);
      expect(p.toPrint.map((o) => o.name)).toEqual([waiting.name]);
      expect((await confirm(p)).answer).toMatchObject({ imported: 1 });
      await settle(h.worker());
      const [printOrder] = await printOrdersOf(waiting.id);
      expect(printOrder!.status).toBe("awaiting_approval");
      expect(sandboxOrdersOf(waiting.id)).toEqual([]);
    } finally {
      await h.settings({ routingMode: "immediate" });
    }
  });

  it("says when Shopify was read, and reads it again when asked", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = await preview(`?from=${today}&to=${today}`);
    expect(Date.parse(first.readAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Paid a moment after that look: the kept look does not have it yet, and says when it read.
    const late = await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId }]);
    const kept = await preview(`?from=${today}&to=${today}`);
    expect(kept.readAt).toBe(first.readAt);
    expect(kept.toPrint.map((o) => o.name)).not.toContain(late.name);
    // "Read Shopify again".
    const fresh = await preview(`?from=${today}&to=${today}&fresh=1`);
    expect(fresh.toPrint.map((o) => o.name)).toContain(late.name);
    expect(Date.parse(fresh.readAt!)).toBeGreaterThanOrEqual(Date.parse(first.readAt!));
    // Imported now, so that later looks of today do not offer it.
    expect((await confirm(fresh, [late.id])).answer).toMatchObject({ imported: 1 });
  });

  it("does not import an order cancelled and refunded in Shopify after the preview", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const order = await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId }]);
    const p = await preview(`?from=${today}&to=${today}&fresh=1`);
    expect(p.toPrint.map((o) => o.name)).toContain(order.name);
    // Cancelled while the merchant reads the preview; its webhook never came.
    await h.shopify.control.cancelOrder(order.id, { refund: true, deliver: false });
    const { answer } = await confirm(p, [order.id]);
    expect(answer).toMatchObject({ imported: 0, changed: 1 });
    await settle(h.worker());
    expect(await printOrdersOf(order.id)).toEqual([]);
    expect(sandboxOrdersOf(order.id)).toEqual([]);
  });

  it("reads a day with more orders than one look holds to its end, look after look", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const made: string[] = [];
    for (let i = 0; i < 50; i++)
      made.push((await paidWithoutWebhook([{ variantId: MAPPINGS.photoBook.variantId }])).name);
    const offered: string[] = [];
    let query = `?from=${today}&to=${today}&fresh=1`;
    for (let look = 0; look < 10; look++) {
      const p = await preview(query);
      expect(p.problem).toBeNull();
      offered.push(...p.toPrint.map((o) => o.name));
      // Each look's orders are imported before the next (as the page asks the merchant to).
      if (p.toPrint.length) expect((await confirm(p)).answer).toMatchObject({ failed: [] });
      if (!p.continueAfter) break;
      query = `?${new URLSearchParams({ from: today, to: today, after: p.continueAfter })}`;
    }
    // Every one of the 50 was offered once (a look used to start again at the same day).
    expect(made.filter((name) => offered.filter((o) => o === name).length !== 1)).toEqual([]);
    await planRecordedOrders();
    const recorded = await prisma.shopOrder.count({
      where: { shop: SHOP, name: { in: made }, source: "import" },
    });
    expect(recorded).toBe(50);
  }, 60_000);

  it("refuses a period Shopify cannot read, and says so in plain words", async () => {
    const p = await preview("?from=2026-13-01&to=2026-11-01");
    expect(p.periodError).toBe("Enter both dates as a day, e.g. 2026-10-01.");
    expect(p.toPrint).toEqual([]);
    const reversed = await preview("?from=2026-11-20&to=2026-11-01");
    expect(reversed.periodError).toBe("The start date is after the end date.");
  });
});
