import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.proofs.new";
import { loader as orderLoader } from "~/routes/app.orders.$id";
import type { ProofPageData } from "~/pages/proofs/proof-page.server";
import type { FulfilmentWorker } from "~/services/fulfilment/worker";
import { call, data, get, post } from "../admin/helpers";
import {
  MAPPINGS,
  SHOP,
  placePaidOrder,
  printOrdersOf,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * Ordering a proof copy through the real page (/app/proofs/new: loader and action), the
 * database, the worker and the print sandbox: quoted before it is placed, placed once per
 * request key, created and paid once, shipped with tracking, and never a Shopify
 * fulfillment.
 */

/** A book with its own cover and spine files: a proof must send all of them. */
const BOOK = {
  ...MAPPINGS.novel,
  coverUrl: "https://files.example.com/novel-cover.pdf",
  spineCustomUrl: "https://files.example.com/novel-spine.pdf",
};

type Ready = Extract<ProofPageData, { ok: true }>;

let h: Harness;
let worker: FulfilmentWorker;
beforeAll(async () => {
  h = await startHarness();
  await h.map(BOOK);
  await h.map(MAPPINGS.notebook);
  worker = h.worker();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  h.sandbox.control.clearFaults();
  await h.settings({ routingMode: "immediate", holdHours: 0 });
});

async function openPage(query: string): Promise<ProofPageData> {
  const response = await call(loader, get(`/app/proofs/new?${query}`));
  expect(response.status).toBe(200);
  return data<ProofPageData>(response);
}

async function openReady(query: string): Promise<Ready> {
  const page = await openPage(query);
  if (!page.ok) throw new Error(`the proof page refused: ${JSON.stringify(page)}`);
  return page;
}

/** The form "Place proof order" posts: the page's source, address, key and quoted total. */
function placeFields(page: Ready, change: Record<string, string> = {}): Record<string, string> {
  return {
    ...page.sourceFields,
    ...page.address,
    requestKey: page.requestKey,
    quotedTotal: page.quotedTotal ?? "",
    intent: "place",
    ...change,
  };
}

const place = (fields: Record<string, string>) => call(action, post("/app/proofs/new", fields));

/** The print order a placed proof redirected to. */
function placedId(response: Response): string {
  expect(response.status).toBe(302);
  const id = /^\/app\/orders\/([^/]+)$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

const fulfillmentCreates = () =>
  h.shopify.control
    .requestLog({ kind: "graphql" })
    .filter((e) => e.rootFields?.includes("fulfillmentCreate")).length;

const atService = (reference: string) =>
  h.sandbox.control.orders().filter((o) => o.reference === reference);

const proofsOfKey = (requestKey: string) =>
  prisma.printOrder.findMany({
    where: { shop: SHOP, shopifyOrderId: `proof-${requestKey}` },
    include: { items: true, shopOrder: true, events: { orderBy: { id: "asc" } } },
  });

describe("a proof copy of a mapped book", () => {
  it("is quoted to the shop's address, placed once, paid once and ships with tracking, without Shopify", async () => {
    // Placing it is the approval: even a shop that approves every order by hand gets it printed.
    await h.settings({ routingMode: "manual" });
    const page = await openReady("variantId=20003");

    // WHAT will be printed: one copy of exactly the mapping's file, size, pages, cover and spine.
    expect(page.item).toMatchObject({
      variantId: BOOK.variantId,
      title: BOOK.title,
      offeringId: 228500,
      quantity: 1,
      files: {
        contentUrl: BOOK.contentUrl,
        contentWidth: 148,
        contentHeight: 210,
        numberOfPages: 320,
        coverUrl: BOOK.coverUrl,
        spine: { kind: "custom", url: BOOK.spineCustomUrl },
      },
    });
    // The shop's own address in Shopify, with its owner's name and email.
    expect(page.address).toMatchObject({
      firstName: "Sam",
      lastName: "de Vries",
      address1: "Keizersgracht 1",
      zip: "1015 AA",
      city: "Amsterdam",
      countryCode: "NL",
    });
    expect(page.address.email).toMatch(/@/);
    expect(page.addressErrors).toBeNull();
    // The quote before placing: product, shipping and VAT adding up to the total, in euros.
    expect(page.quote?.ok).toBe(true);
    const quote = page.quote!.ok ? page.quote!.quote : null;
    expect(quote!.total.currency).toBe("EUR");
    expect(quote!.total.amountMinor).toBeGreaterThan(0);
    expect(
      quote!.product.amountMinor -
        quote!.discount.amountMinor +
        quote!.shipping.amountMinor +
        quote!.vat.amountMinor,
    ).toBe(quote!.total.amountMinor);
    expect(page.quotedTotal).toBe(`${quote!.total.amountMinor}:EUR`);

    const ordersBefore = h.sandbox.control.orders().length;
    const fulfilmentsBefore = fulfillmentCreates();
    const id = placedId(await place(placeFields(page)));

    // Stored as a proof: no Shopify order behind it, approved by being placed, no revenue.
    const [proof] = await proofsOfKey(page.requestKey);
    expect(proof?.id).toBe(id);
    expect(proof).toMatchObject({
      kind: "proof",
      status: "pending",
      orderReference: `PC-proof-${page.requestKey}`,
      currency: "EUR",
    });
    expect(proof?.shopifyOrderName).toMatch(/^Proof P\d{4,}$/);
    expect(proof?.approvedAt).not.toBeNull();
    expect(proof?.shopOrder).toMatchObject({ source: "proof", lineItems: "[]" });
    expect(proof?.items).toHaveLength(1);
    expect(proof?.items[0]).toMatchObject({
      shopifyLineItemId: "proof",
      variantId: BOOK.variantId,
      quantity: 1,
      revenueMinor: null,
      revenueCurrency: null,
    });
    expect(JSON.parse(proof!.items[0]!.fileDetails!)).toEqual(page.item.files);

    // The worker checks, quotes, creates and pays it: straight to print, never held.
    await settle(worker);
    let [printed] = await proofsOfKey(page.requestKey);
    expect(printed?.status, printed?.lastErrorMessage ?? "").toBe("paid");
    expect(printed?.events.map((e) => e.type)).not.toContain("awaiting_approval");
    expect(printed?.wholesaleTotalMinor).toBe(quote!.total.amountMinor);
    const service = atService(printed!.orderReference);
    expect(service).toHaveLength(1);
    expect(h.sandbox.control.orders()).toHaveLength(ordersBefore + 1);
    expect(service[0]!.history.filter((x) => x.to === "PAID")).toHaveLength(1);
    expect(service[0]!.items).toHaveLength(1);
    expect(service[0]!.items[0]).toMatchObject({
      offeringId: 228500,
      quantity: 1,
      files: {
        contentUrl: BOOK.contentUrl,
        pages: 320,
        coverUrl: BOOK.coverUrl,
        customSpineUrl: BOOK.spineCustomUrl,
      },
    });
    expect(service[0]!.shippingAddress).toMatchObject({
      firstName: "Sam",
      lastName: "de Vries",
      addressLine1: "Keizersgracht 1",
      city: "Amsterdam",
      countryCode: "NL",
    });

    // Shipped: the tracking is kept and the proof ends, with no Shopify call.
    h.sandbox.control.advance({ orderId: printed!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(worker);
    [printed] = await proofsOfKey(page.requestKey);
    expect(printed?.status, printed?.lastErrorMessage ?? "").toBe("fulfilled");
    expect(printed?.trackingCode).toBeTruthy();
    expect(printed?.fulfillmentId).toBeNull();
    expect(printed?.events.find((e) => e.type === "fulfilled")?.message).toBe(
      `Proof shipped: tracking ${printed!.trackingCode}; no Shopify order to fulfil.`,
    );
    expect(fulfillmentCreates()).toBe(fulfilmentsBefore);

    // Its page opens like any print order's.
    const orderPage = await call(orderLoader, get(`/app/orders/${id}`), { id });
    expect(orderPage.status).toBe(200);
  });

  it("sends the same file details a sale of the mapping sends", async () => {
    const page = await openReady("variantId=20003");
    const { order } = await placePaidOrder(h, [{ variantId: BOOK.variantId }]);
    const [sale] = await printOrdersOf(order.legacyId);
    expect(JSON.parse(sale!.items[0]!.fileDetails!)).toEqual(page.item.files);
    await settle(worker);
  });

  it("is placed once for a double submit, and a repeat after a lost answer finds it", async () => {
    const page = await openReady("variantId=20003");
    const fields = placeFields(page);
    // A double click: two posts of the same key at once.
    const [first, second] = await Promise.all([place(fields), place(fields)]);
    const id = placedId(first);
    expect(placedId(second)).toBe(id);
    // The answer was lost: the merchant reloads (the key stays in the page address) and places again.
    const reloaded = await openReady(`variantId=20003&key=${page.requestKey}`);
    expect(reloaded.requestKey).toBe(page.requestKey);
    expect(placedId(await place(placeFields(reloaded)))).toBe(id);
    expect(await proofsOfKey(page.requestKey)).toHaveLength(1);
    expect(
      await prisma.shopOrder.count({
        where: { shop: SHOP, shopifyOrderId: `proof-${page.requestKey}` },
      }),
    ).toBe(1);

    // The print service's answers to create and pay are lost too: still one order, paid once.
    h.sandbox.control.addFaultRule({ op: "order.create", lostAfterCommitRate: 1, times: 1 });
    h.sandbox.control.addFaultRule({ op: "order.payment", lostAfterCommitRate: 1, times: 1 });
    await settle(worker);
    const [proof] = await proofsOfKey(page.requestKey);
    expect(proof?.status, proof?.lastErrorMessage ?? "").toBe("paid");
    const service = atService(proof!.orderReference);
    expect(service).toHaveLength(1);
    expect(service[0]!.history.filter((x) => x.to === "PAID")).toHaveLength(1);
  });
});

describe("proofs placed at the same moment", () => {
  it("get names of their own, numbered on from the shop's last proof", async () => {
    const pages = await Promise.all(Array.from({ length: 4 }, () => openReady("variantId=20003")));
    const before = await prisma.shop.findUniqueOrThrow({
      where: { shop: SHOP },
      select: { proofsPlaced: true },
    });
    const ids = (await Promise.all(pages.map((page) => place(placeFields(page))))).map(placedId);
    const names = (
      await prisma.printOrder.findMany({
        where: { shop: SHOP, id: { in: ids } },
        select: { shopifyOrderName: true },
      })
    ).map((o) => o.shopifyOrderName);
    const expected = [1, 2, 3, 4].map((n) => `Proof P${1000 + before.proofsPlaced + n}`);
    expect(names.sort()).toEqual(expected);
    // A repeat of a key places nothing, so it takes no number.
    expect(placedId(await place(placeFields(pages[0]!)))).toBe(ids[0]);
    const after = await prisma.shop.findUniqueOrThrow({
      where: { shop: SHOP },
      select: { proofsPlaced: true },
    });
    expect(after.proofsPlaced).toBe(before.proofsPlaced + 4);
    await settle(worker);
  });
});

describe("an address the print service cannot take", () => {
  it("is refused with a plain message on every field at once, and nothing is placed", async () => {
    const page = await openReady("variantId=20003");
    const ordersBefore = h.sandbox.control.orders().length;
    const bad = {
      firstName: "",
      lastName: "   ",
      address1: "",
      city: "",
      countryCode: "UK",
      email: "anna@",
    };
    for (const intent of ["quote", "place"]) {
      const response = await place(placeFields(page, { ...bad, intent }));
      expect(response.status).toBe(200);
      const answer = await data<{ status: string; fieldErrors: Record<string, string> }>(response);
      expect(answer.status).toBe("invalid");
      expect(answer.fieldErrors).toEqual({
        firstName: "Enter the first name.",
        lastName: "Enter the last name.",
        address1: "Enter the street and house number.",
        city: "Enter the city.",
        countryCode: "Choose a country from the list.",
        email: "Enter an email address like name@example.com.",
      });
    }
    expect(await proofsOfKey(page.requestKey)).toHaveLength(0);
    expect(h.sandbox.control.orders()).toHaveLength(ordersBefore);
  });

  it("to a country no facility serves gets no quote, and is not placed", async () => {
    const page = await openReady("variantId=20003");
    const response = await place(
      placeFields(page, { countryCode: "RU", city: "Moscow", zip: "101000" }),
    );
    const answer = await data<{ status: string; printProblem?: { title: string } }>(response);
    expect(answer.status).toBe("refused");
    expect(answer.printProblem?.title).toBeTruthy();
    expect(await proofsOfKey(page.requestKey)).toHaveLength(0);
  });

  it("is not placed at a total the merchant did not see", async () => {
    const page = await openReady("variantId=20003");
    const response = await place(placeFields(page, { quotedTotal: "1:EUR" }));
    const answer = await data<{ status: string; quotedTotal: string }>(response);
    expect(answer.status).toBe("price_changed");
    expect(answer.quotedTotal).toBe(page.quotedTotal);
    expect(await proofsOfKey(page.requestKey)).toHaveLength(0);
  });
});

describe("a proof copy of an offering with a file", () => {
  it("prints the offering's minimum quantity of that file, and ships like any proof", async () => {
    const file = "https://files.example.com/magazine.pdf";
    const page = await openReady(
      `offeringId=228520&contentUrl=${encodeURIComponent(file)}&pages=48`,
    );
    expect(page.item).toMatchObject({
      variantId: "",
      offeringId: 228520,
      quantity: 5,
      files: { contentUrl: file, numberOfPages: 48, contentWidth: 210, contentHeight: 297 },
    });
    const id = placedId(await place(placeFields(page)));
    await settle(worker);
    const [proof] = await proofsOfKey(page.requestKey);
    expect(proof?.id).toBe(id);
    expect(proof?.status, proof?.lastErrorMessage ?? "").toBe("paid");
    const service = atService(proof!.orderReference);
    expect(service[0]?.items[0]).toMatchObject({
      offeringId: 228520,
      quantity: 5,
      files: { contentUrl: file, pages: 48 },
    });
    h.sandbox.control.advance({ orderId: proof!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(worker);
    const [shipped] = await proofsOfKey(page.requestKey);
    expect(shipped?.status).toBe("fulfilled");
    expect(shipped?.trackingCode).toBeTruthy();
  });

  it("says plainly what is wrong with the file's address or pages, or a product without a file", async () => {
    const badUrl = await openPage("offeringId=228520&contentUrl=ftp%3A%2F%2Fx%2Fa.pdf&pages=48");
    expect(badUrl).toMatchObject({
      ok: false,
      problem: "Enter the print file's full web address, starting with https://.",
    });
    const badPages = await openPage(
      "offeringId=228520&contentUrl=https%3A%2F%2Ffiles.example.com%2Fm.pdf&pages=500",
    );
    expect(badPages.ok).toBe(false);
    expect("problem" in badPages && badPages.problem).toMatch(/pages/);
    const personalised = await openPage("variantId=20008");
    expect(personalised).toMatchObject({ ok: false });
    expect("problem" in personalised && personalised.problem).toMatch(/comes with each/);
    const unmapped = await openPage("variantId=20009");
    expect("problem" in unmapped && unmapped.problem).toMatch(/not mapped/);
  });
});
