import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { createProduct } from "~/pages/create-product/index.server";
import {
  checkPrintPrices,
  countBelowTarget,
  listBelowTarget,
  repriceVariants,
} from "~/lib/repricing.server";
import type { RepriceRow } from "~/services/repricing";
import { loader as pricesLoader, action as pricesAction } from "~/routes/app.products.prices";
import { parseMajor } from "~/services/print/money";
import { priceFor, type PricingRule } from "~/services/pricing/price-rule";
import type { AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import type { Sandbox } from "../../sandbox/index";
import type { ShopifyFake } from "../../sandbox/shopify";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  post,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "../admin/helpers";
import { newRequestKey } from "./creation-harness";

/**
 * Keeping prices honest, through the real path: products created by the app in the Shopify
 * stand-in, the print sandbox publishing a new price list, the app's check of its kept quotes,
 * and the bulk variant update that reprices them.
 */

const OTHER_SHOP = "print-connect-other.myshopify.com";
const HOUR = 3600 * 1000;
const RULE: PricingRule = { mode: "margin", percent: 30, rounding: "99" };
const HARDCOVER = 228478;
const SOFTCOVER_CUSTOM = 228501;

let sandbox: Sandbox;
let shopify: ShopifyFake;
let env: AdminEnv;
/** The print sandbox's clock runs this far ahead of the real one. */
let ahead = 0;
let admin: AdminApi;
let otherAdmin: AdminApi;

beforeAll(async () => {
  env = await startAdminEnv({ sandboxClock: { now: () => Date.now() + ahead } });
  ({ sandbox, shopify } = env);
  shopify.control.addShop({ domain: OTHER_SHOP, currencyCode: "EUR", countryCode: "NL" });
  for (const shop of [DEMO_SHOP, OTHER_SHOP])
    await savePrintSettings({ shop, input: sandboxSettings(sandbox) });
  admin = (await authenticate.admin(get("/app", DEMO_SHOP))).admin;
  otherAdmin = (await authenticate.admin(get("/app", OTHER_SHOP))).admin;
});
afterAll(async () => {
  await env?.close();
});

const file = (name: string) => `${sandbox.url}/files/${name}`;

function form(fields: Record<string, string>): FormData {
  const all: Record<string, string> = {
    requestKey: newRequestKey(),
    intent: "create",
    description: "Photographs of the North Sea coast.",
    status: "draft",
    contentUrl: file("photo-book/interior-48.pdf"),
    numberOfPages: "48",
    pricingMode: RULE.mode,
    pricingPercent: String(RULE.percent),
    rounding: RULE.rounding,
    imageSource: "none",
    ...fields,
  };
  const f = new FormData();
  for (const [k, v] of Object.entries(all)) f.append(k, v);
  return f;
}

async function create(shop: string, adminApi: AdminApi, fields: Record<string, string>) {
  const result = await createProduct({ shop, admin: adminApi, form: form(fields) });
  if (result.status !== "done") throw new Error(`not created: ${JSON.stringify(result)}`);
  return result;
}

/** The print sandbox's own price of one copy of a 48-page item to the Netherlands, in EUR. */
async function serviceCost(offeringId: number): Promise<number> {
  const response = await fetch(`${sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: "sandbox-merchant-key",
      countryCode: "NL",
      currency: "EUR",
      items: [{ offeringId, numberOfPages: 48, quantity: 1 }],
    }),
  });
  const body = (await response.json()) as { quoteSummary: { totalWholesalePrice: number } };
  return parseMajor(body.quoteSummary.totalWholesalePrice, "EUR").amountMinor;
}

/** The variant's price as the Shopify stand-in holds it. */
const standInPrice = (variantId: string) => {
  const v = shopify.state.variants.get(Number(variantId.split("/").pop()));
  return v ? parseMajor(v.price, "EUR").amountMinor : undefined;
};

const repriceCalls = () =>
  shopify.control
    .requestLog({ kind: "graphql" })
    .filter((r) => r.operationName === "PrintConnectReprice");

const serviceRequests = () => sandbox.control.requests({ limit: 100_000 }).length;
const shopifyRequests = () => shopify.control.requestLog({}).length;

let book: { productId: string; creationId: string };
let notes: { productId: string; creationId: string };
let other: { productId: string; creationId: string };
let bookVariants: { hardcover: string; softcover: string };
let notesVariant: string;

describe("prices below the target margin", () => {
  beforeAll(async () => {
    book = await create(DEMO_SHOP, admin, {
      title: "Tides of Home",
      "variants[0].offeringId": String(HARDCOVER),
      "variants[0].label": "Hardcover",
      "variants[1].offeringId": String(SOFTCOVER_CUSTOM),
      "variants[1].label": "Softcover",
      "variants[1].width": "210",
      "variants[1].height": "297",
    });
    notes = await create(DEMO_SHOP, admin, {
      title: "Harbour Notes",
      "variants[0].offeringId": String(HARDCOVER),
      "variants[0].label": "Hardcover",
    });
    other = await create(OTHER_SHOP, otherAdmin, {
      title: "Another Shop's Book",
      "variants[0].offeringId": String(HARDCOVER),
      "variants[0].label": "Hardcover",
    });
    const mapped = await prisma.variantMapping.findMany({
      where: { shop: DEMO_SHOP },
      orderBy: { createdAt: "asc" },
    });
    const of = (productId: string, offeringId: number) =>
      mapped.find((m) => m.productId === productId && m.offeringId === offeringId)!.variantId;
    bookVariants = {
      hardcover: of(book.productId, HARDCOVER),
      softcover: of(book.productId, SOFTCOVER_CUSTOM),
    };
    notesVariant = of(notes.productId, HARDCOVER);
  });

  it("lists nothing while every price earns its target", async () => {
    const list = await listBelowTarget({ shop: DEMO_SHOP, admin });
    expect(list.rows).toEqual([]);
    expect(list.watched).toBe(3);
    expect(list.recheck).toBeNull();
    expect(list.countryCode).toBe("NL");
    // The kept quotes hold until the print service's pricingExpireDate.
    expect(Date.parse(list.validUntil!)).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(0);
  });

  it("after the print service raises its prices 20 %, a check lists each variant with the rule's new price", async () => {
    const costBefore = await serviceCost(HARDCOVER);
    const published = await fetch(`${sandbox.url}/__sandbox/prices`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ percent: 20 }),
    });
    expect(published.status).toBe(200);
    const cost = await serviceCost(HARDCOVER);
    expect(cost).toBeGreaterThan(costBefore);

    // The kept quotes still hold: nothing is listed until the prices are checked.
    expect((await listBelowTarget({ shop: DEMO_SHOP, admin })).rows).toEqual([]);
    const checked = await checkPrintPrices({ shop: DEMO_SHOP, admin });
    expect(checked).toEqual({ checked: 3, changed: 3, problem: null });

    const list = await listBelowTarget({ shop: DEMO_SHOP, admin });
    expect(list.rows.map((r) => [r.productTitle, r.variantTitle])).toEqual([
      ["Harbour Notes", "Hardcover"],
      ["Tides of Home", "Hardcover"],
      ["Tides of Home", "Softcover"],
    ]);
    const hardcover = list.rows.find((r) => r.variantId === bookVariants.hardcover) as RepriceRow;
    const priceBefore = standInPrice(bookVariants.hardcover)!;
    // 48 pages to the Netherlands: 12.50 + 24 × 0.03 = 13.22 print, 4.95 shipping, 9 % VAT
    // (1.19 + 0.45) = 19.81; at a 30 % margin 28.30, up to 28.99. The new list: 15.00 +
    // 24 × 0.04 = 15.96 print, VAT 1.44 + 0.45, so 22.80 a copy; / 0.7 = 32.58, up to 32.99.
    expect(costBefore).toBe(1981);
    expect(priceBefore).toBe(2899);
    expect(cost).toBe(2280);
    expect(hardcover).toMatchObject({
      productId: book.productId,
      currency: "EUR",
      priceMinor: 2899,
      costMinor: 2280,
      quantity: 1,
      targetBps: 3000,
      newPriceMinor: 3299,
      creationId: book.creationId,
    });
    expect(hardcover.newPriceMinor).toBe(priceFor(cost, RULE, 2));
    expect(hardcover.marginBps).toBe(Math.floor(((2899 - 2280) * 10_000) / 2899));
    expect(hardcover.marginBps!).toBeLessThan(3000);
    expect(hardcover.newMarginBps!).toBeGreaterThanOrEqual(3000);
    for (const row of list.rows) {
      expect(row.newPriceMinor % 100).toBe(99);
      expect(row.newPriceMinor).toBe(priceFor(row.costMinor, RULE, 2));
    }

    // The count other pages show asks no one: kept quotes and the prices the app knows.
    const [service, shop] = [serviceRequests(), shopifyRequests()];
    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(3);
    expect([serviceRequests(), shopifyRequests()]).toEqual([service, shop]);
  });

  it("never shows or touches another shop's products", async () => {
    const otherVariant = (
      await prisma.variantMapping.findFirstOrThrow({ where: { shop: OTHER_SHOP } })
    ).variantId;
    const list = await listBelowTarget({ shop: DEMO_SHOP, admin });
    expect(list.rows.some((r) => r.productId === other.productId)).toBe(false);
    expect(list.rows.some((r) => r.variantId === otherVariant)).toBe(false);

    const before = standInPrice(otherVariant);
    const result = await repriceVariants({ shop: DEMO_SHOP, admin, variantIds: [otherVariant] });
    expect(result.repriced).toBe(0);
    expect(result.failed).toEqual([
      expect.objectContaining({
        variantId: otherVariant,
        message: expect.stringMatching(/not one/),
      }),
    ]);
    expect(standInPrice(otherVariant)).toBe(before);
    // Its own shop still has its product watched (and its old kept quote).
    expect((await listBelowTarget({ shop: OTHER_SHOP, admin: otherAdmin })).watched).toBe(1);
  });

  it("reports a price Shopify refuses on its variant, and changes nothing of that product", async () => {
    shopify.control.injectFault({
      target: "graphql",
      mutation: "productVariantsBulkUpdate",
      userErrors: [
        { field: ["variants", "1", "price"], message: "Price is too high", code: "INVALID_INPUT" },
      ],
      times: 1,
    });
    const result = await repriceVariants({
      shop: DEMO_SHOP,
      admin,
      variantIds: [bookVariants.hardcover, bookVariants.softcover],
    });
    expect(result.repriced).toBe(0);
    expect(result.failed).toEqual([
      {
        variantId: bookVariants.hardcover,
        title: "Tides of Home – Hardcover",
        message: expect.stringMatching(/another variant's new price was refused/),
      },
      {
        variantId: bookVariants.softcover,
        title: "Tides of Home – Softcover",
        message: expect.stringMatching(
          /^Shopify did not accept the new price: Price is too high\./,
        ),
      },
    ]);
    expect(standInPrice(bookVariants.hardcover)).toBe(2899);
    expect((await listBelowTarget({ shop: DEMO_SHOP, admin })).rows).toHaveLength(3);
  });

  it("says when Shopify did not answer", async () => {
    shopify.control.injectFault({
      target: "graphql",
      mutation: "productVariantsBulkUpdate",
      status: 503,
      times: 1,
    });
    const result = await repriceVariants({ shop: DEMO_SHOP, admin, variantIds: [notesVariant] });
    expect(result.repriced).toBe(0);
    expect(result.failed).toEqual([
      expect.objectContaining({
        variantId: notesVariant,
        message: expect.stringMatching(/Shopify did not answer/),
      }),
    ]);
  });

  it("reprices with one bulk update per product, then lists them no more", async () => {
    const listed = (await listBelowTarget({ shop: DEMO_SHOP, admin })).rows;
    const calls = repriceCalls().length;
    const result = await repriceVariants({
      shop: DEMO_SHOP,
      admin,
      variantIds: listed.map((r) => r.variantId),
    });
    expect(result).toEqual({ repriced: 3, skipped: 0, failed: [] });
    const made = repriceCalls().slice(calls);
    expect(made).toHaveLength(2);
    expect(made.map((c) => (c.variables as { productId: string }).productId).sort()).toEqual(
      [book.productId, notes.productId].sort(),
    );
    for (const row of listed) expect(standInPrice(row.variantId)).toBe(row.newPriceMinor);
    expect(standInPrice(bookVariants.hardcover)).toBe(3299);

    expect((await listBelowTarget({ shop: DEMO_SHOP, admin })).rows).toEqual([]);
    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(0);

    // Asked again, nothing is below target any more: nothing is sent to Shopify.
    const again = await repriceVariants({ shop: DEMO_SHOP, admin, variantIds: [notesVariant] });
    expect(again).toEqual({ repriced: 0, skipped: 1, failed: [] });
    expect(repriceCalls().length).toBe(calls + 2);
  });

  it("checks the kept quotes again on its own once the print service's pricingExpireDate has passed", async () => {
    const before = await listBelowTarget({ shop: DEMO_SHOP, admin });
    const validUntil = Date.parse(before.validUntil!);
    // A new list published now, without anyone checking: the kept quotes still say they hold.
    sandbox.control.publishPrices({ percent: 20 });
    expect((await listBelowTarget({ shop: DEMO_SHOP, admin })).rows).toEqual([]);
    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(0);

    // A day on, by the print sandbox's clock and the app's.
    ahead = 25 * HOUR;
    const later = await listBelowTarget({ shop: DEMO_SHOP, admin, now: Date.now() + ahead });
    expect(later.recheck).toEqual({ reason: "expired", checked: 3, changed: 3, problem: null });
    expect(later.rows).toHaveLength(3);
    expect(Date.parse(later.validUntil!)).toBeGreaterThan(validUntil);
    expect(await countBelowTarget({ shop: DEMO_SHOP })).toBe(3);
  });

  it("serves the page: the list, the check and the repricing summary", async () => {
    type Page = { list: { rows: RepriceRow[]; watched: number }; error: string | null };
    const page = await data<Page>(await call(pricesLoader, get("/app/products/prices")));
    expect(page.error).toBeNull();
    expect(page.list.rows).toHaveLength(3);

    const checked = await data<{ ok: boolean; message: string }>(
      await call(pricesAction, post("/app/products/prices", { intent: "check" })),
    );
    expect(checked).toMatchObject({
      ok: true,
      message: "Print prices checked for 3 variants: none changed.",
    });

    const repriced = await data<{ ok: boolean; message: string; failed: unknown[] }>(
      await call(
        pricesAction,
        post("/app/products/prices", {
          intent: "reprice",
          variantIds: page.list.rows.map((r) => r.variantId).join(","),
        }),
      ),
    );
    expect(repriced).toEqual({
      ok: true,
      partly: false,
      message: "3 variants repriced in Shopify.",
      failed: [],
    });
    const after = await data<Page>(await call(pricesLoader, get("/app/products/prices")));
    expect(after.list.rows).toEqual([]);
    expect(after.list.watched).toBe(3);

    // Another shop's page shows its own product only.
    const theirs = await data<Page>(
      await call(pricesLoader, get("/app/products/prices", OTHER_SHOP)),
    );
    expect(theirs.list.watched).toBe(1);
    expect(theirs.list.rows.every((r) => r.productId === other.productId)).toBe(true);
  });
});
