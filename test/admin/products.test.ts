import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as productsLoader, action as productsAction } from "~/routes/app.products._index";
import { loader as mapLoader, action as mapAction } from "~/routes/app.products.$variantId";
import { loader as bulkLoader, action as bulkAction } from "~/routes/app.products.bulk";
import { loader as quoteLoader } from "~/routes/app.quote";
import { loader as catalogueLoader } from "~/routes/app.catalogue._index";
import { loader as offeringLoader } from "~/routes/app.catalogue.$offeringId";
import {
  loader as publicationsLoader,
  action as publicationsAction,
} from "~/routes/app.publications";
import { savePrintSettings } from "~/data/print-settings.server";
import { catalogueCache } from "~/lib/catalogue.server";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  post,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "./helpers";

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
});
afterAll(async () => {
  await env?.close();
});

type Variant = {
  id: string;
  legacyId: string;
  title: string;
  price: { amountMinor: number; currency: string };
  mapping: { state: string; offeringId: number | null };
};
type ProductsBody = {
  page: {
    products: { title: string; variants: Variant[] }[];
    pageInfo: { hasNextPage: boolean; endCursor: string };
  } | null;
  error: string | null;
};

/** A PDF the print sandbox makes on request (real pages, real sizes). */
const sandboxFile = (path: string) => `${env.sandbox.url}/files/${path}`;

const mapForm = (overrides: Record<string, string> = {}) => ({
  offeringId: "228500",
  fileSource: "fixed",
  // Softcover book A5: 148 x 210 mm trim, so 154 x 216 mm with 3 mm bleed.
  contentUrl: sandboxFile("generate/240p-154x216mm.pdf"),
  fileProperty: "",
  contentWidth: "148",
  contentHeight: "210",
  numberOfPages: "240",
  coverUrl: "",
  spineMode: "dynamic",
  spineCustomUrl: "",
  spineFont: "Georgia",
  spineSize: "10",
  spineColour: "#1a2b3c",
  spineTop: "",
  spineCenter: "The Quiet Harbour",
  spineBottom: "",
  spineBackground: "",
  ...overrides,
});

const mappingOf = (legacyId: string) =>
  prisma.variantMapping.findUnique({
    where: {
      shop_variantId: { shop: DEMO_SHOP, variantId: `gid://shopify/ProductVariant/${legacyId}` },
    },
  });

/** The storefront minimum the cart rule reads, as the Shopify stand-in holds it. */
const storefrontMinimumOf = (legacyId: string) =>
  [...env.shopify.state.metafields.values()].find(
    (m) => String(m.ownerId) === legacyId && m.key === "minimum_quantity",
  )?.value;

describe("without print-service keys", () => {
  it("shows clear empty states instead of calling the service", async () => {
    const catalogue = await data<{ offerings: { status: string } }>(
      await call(catalogueLoader, get("/app/catalogue")),
    );
    expect(catalogue.offerings.status).toBe("no_credentials");
    const quote = await data<{ noCredentials: boolean }>(
      await call(quoteLoader, get("/app/quote")),
    );
    expect(quote.noCredentials).toBe(true);
    const map = await data<{ catalogue: { status: string } }>(
      await call(mapLoader, get("/app/products/20003"), { variantId: "20003" }),
    );
    expect(map.catalogue.status).toBe("no_credentials");
    expect(env.sandbox.control.requests({}).length).toBe(0);
  });
});

describe("products, mapping, quote", () => {
  beforeAll(async () => {
    await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  });

  it("lists the shop's products and variants from Shopify with their mapping state, paginated and searchable", async () => {
    const first = await data<ProductsBody>(await call(productsLoader, get("/app/products")));
    expect(first.error).toBeNull();
    expect(first.page!.products).toHaveLength(8);
    const variants = first.page!.products.flatMap((p) => p.variants);
    expect(variants.every((v) => v.mapping.state === "unmapped")).toBe(true);
    const photo = variants.find((v) => v.legacyId === "20001")!;
    expect(photo.price).toEqual({ amountMinor: 3495, currency: "EUR" });

    const search = await data<ProductsBody>(
      await call(productsLoader, get("/app/products?q=harbour")),
    );
    expect(search.page!.products.map((p) => p.title)).toEqual([
      "The Quiet Harbour (Softcover Novel)",
    ]);
  });

  it("rejects a mapping outside the offering's limits with field-level errors, keeping nothing", async () => {
    const response = await call(
      mapAction,
      post(
        "/app/products/20003",
        mapForm({ numberOfPages: "900", contentUrl: "ftp://x", spineColour: "red" }),
      ),
      { variantId: "20003" },
    );
    expect(response.status).toBe(200);
    const body = await data<{ fieldErrors: Record<string, string> }>(response);
    expect(body.fieldErrors).toEqual({
      numberOfPages: "Softcover book A5 takes 32 to 600 pages",
      contentUrl: "Enter a full URL starting with https://",
      spineColour: "Use a colour like #1A2B3C",
    });
    expect(await prisma.variantMapping.count({ where: { shop: DEMO_SHOP } })).toBe(0);

    const dynamic = await call(
      mapAction,
      post(
        "/app/products/20003",
        mapForm({
          offeringId: "228501",
          contentWidth: "90",
          contentHeight: "90",
          spineMode: "none",
        }),
      ),
      { variantId: "20003" },
    );
    expect(await data(dynamic)).toEqual({
      fieldErrors: {
        contentWidth: "Width must be between 100 and 1,200 mm",
        contentHeight: "Height must be between 100 and 1,200 mm",
      },
    });
  });

  it("refuses a height of 99999999999999999999 mm, custom size or fixed, and saves nothing", async () => {
    const absurd = { contentHeight: "99999999999999999999", spineMode: "none" };
    const custom = await call(
      mapAction,
      post("/app/products/20003", mapForm({ ...absurd, offeringId: "228501" })),
      { variantId: "20003" },
    );
    expect(await data(custom)).toEqual({
      fieldErrors: { contentHeight: "Height must be between 100 and 1,200 mm" },
    });
    const fixed = await call(mapAction, post("/app/products/20003", mapForm(absurd)), {
      variantId: "20003",
    });
    expect(await data(fixed)).toEqual({
      fieldErrors: {
        contentHeight: "Softcover book A5 is 148 × 210 mm; enter 148 and 210",
      },
    });
    for (const text of ["1e20", "abc", "Infinity"]) {
      const response = await call(
        mapAction,
        post(
          "/app/products/20003",
          mapForm({ ...absurd, offeringId: "228501", contentHeight: text }),
        ),
        { variantId: "20003" },
      );
      expect(await data(response)).toEqual({
        fieldErrors: { contentHeight: "Enter the height in mm as a number, like 100" },
      });
    }
    expect(await prisma.variantMapping.count({ where: { shop: DEMO_SHOP } })).toBe(0);
  });

  it("refuses spine options for an offering the print service says has no spine", async () => {
    const notebook = {
      offeringId: "228570",
      contentUrl: sandboxFile("notebooks/dotted.pdf"),
      contentWidth: "",
      contentHeight: "",
      numberOfPages: "120",
    };
    const refused = await call(mapAction, post("/app/products/20008", mapForm(notebook)), {
      variantId: "20008",
    });
    expect(await data(refused)).toEqual({
      fieldErrors: { spineMode: "This offering has no spine; choose No spine" },
    });
    expect(await mappingOf("20008")).toBeNull();
    const saved = await call(
      mapAction,
      post("/app/products/20008", mapForm({ ...notebook, spineMode: "none" })),
      { variantId: "20008" },
    );
    expect(saved.status).toBe(302);
    expect(JSON.parse((await mappingOf("20008"))!.preflight!)).toMatchObject({
      status: "passed",
      pages: 120,
    });
    await prisma.variantMapping.deleteMany({ where: { shop: DEMO_SHOP } });
  });

  it("refuses an offering printed in at least 5 copies until the storefront blocks fewer", async () => {
    const magazine = {
      offeringId: "228520",
      contentUrl: sandboxFile("generate/48p-216x303mm.pdf"),
      contentWidth: "",
      contentHeight: "",
      numberOfPages: "48",
      spineMode: "none",
    };
    const refused = await call(mapAction, post("/app/products/20004", mapForm(magazine)), {
      variantId: "20004",
    });
    expect(await data(refused)).toEqual({
      fieldErrors: {
        storefrontMinimum:
          "Perfect bound magazine A4 is printed in at least 5 copies. Tick the box so customers can't buy fewer, or choose another offering.",
      },
    });
    expect(await prisma.variantMapping.count({ where: { shop: DEMO_SHOP } })).toBe(0);
    expect(storefrontMinimumOf("20004")).toBeUndefined();

    const saved = await call(
      mapAction,
      post("/app/products/20004", mapForm({ ...magazine, storefrontMinimum: "on" })),
      { variantId: "20004" },
    );
    expect(saved.status).toBe(302);
    const row = await mappingOf("20004");
    expect(row).toMatchObject({ offeringId: 228520, storefrontMinimumQuantity: 5 });
    expect(storefrontMinimumOf("20004")).toBe("5");
    const page = await data<{ values: Record<string, string> }>(
      await call(mapLoader, get("/app/products/20004"), { variantId: "20004" }),
    );
    expect(page.values.storefrontMinimum).toBe("on");

    // Unmapping takes the rule off the storefront again.
    const unmapped = await call(mapAction, post("/app/products/20004", { intent: "unmap" }), {
      variantId: "20004",
    });
    expect(unmapped.headers.get("Location")).toBe("/app/products/20004?unmapped=1");
    expect(await mappingOf("20004")).toBeNull();
    expect(storefrontMinimumOf("20004")).toBeUndefined();

    // Moving to an offering without a minimum takes it off too.
    await call(
      mapAction,
      post("/app/products/20004", mapForm({ ...magazine, storefrontMinimum: "on" })),
      { variantId: "20004" },
    );
    expect(storefrontMinimumOf("20004")).toBe("5");
    const moved = await call(
      mapAction,
      post("/app/products/20004", mapForm({ ...magazine, offeringId: "228478" })),
      { variantId: "20004" },
    );
    expect(moved.status).toBe(302);
    expect(await mappingOf("20004")).toMatchObject({
      offeringId: 228478,
      storefrontMinimumQuantity: null,
    });
    expect(storefrontMinimumOf("20004")).toBeUndefined();
    await prisma.variantMapping.deleteMany({ where: { shop: DEMO_SHOP } });
  });

  it("checks the print file when the mapping is saved: a wrong page count is stored as failed, and shown", async () => {
    const badFile = sandboxFile("bad/photo-book-47-pages.pdf");
    const photoBook = {
      offeringId: "228478",
      contentUrl: badFile,
      contentWidth: "210",
      contentHeight: "297",
      numberOfPages: "48",
      spineMode: "none",
    };
    const saved = await call(mapAction, post("/app/products/20001", mapForm(photoBook)), {
      variantId: "20001",
    });
    // The fields are right, so the mapping is saved; the file is what needs fixing.
    expect(saved.headers.get("Location")).toBe("/app/products/20001?saved=1");
    const stored = JSON.parse((await mappingOf("20001"))!.preflight!) as {
      status: string;
      url: string;
      pages: number;
      checkedAt: string;
      problems: { code: string; message: string; fix: string }[];
    };
    expect(stored).toMatchObject({ status: "failed", url: badFile, pages: 47 });
    expect(stored.problems.map((p) => p.code)).toEqual(["PAGE_COUNT"]);
    expect(stored.problems[0]!.message).toMatch(/47 pages/);

    type Page = {
      fileCheck: {
        status: string;
        checkedAt: string;
        problems: { message: string; fix: string }[];
      };
    };
    const page = await data<Page>(
      await call(mapLoader, get("/app/products/20001?saved=1"), { variantId: "20001" }),
    );
    expect(page.fileCheck).toMatchObject({
      status: "failed",
      problems: [{ message: stored.problems[0]!.message, fix: stored.problems[0]!.fix }],
    });

    // Saved again unchanged: the stored check stands. "Check file again" checks anew.
    await call(mapAction, post("/app/products/20001", mapForm(photoBook)), { variantId: "20001" });
    expect(JSON.parse((await mappingOf("20001"))!.preflight!)).toEqual(stored);
    const checked = await call(mapAction, post("/app/products/20001", { intent: "check_file" }), {
      variantId: "20001",
    });
    expect(checked.headers.get("Location")).toBe("/app/products/20001?checked=1");
    const again = JSON.parse((await mappingOf("20001"))!.preflight!) as typeof stored;
    expect(again).toMatchObject({ status: "failed", pages: 47 });
    expect(again.checkedAt >= stored.checkedAt).toBe(true);

    // The right file: passed.
    const fixed = await call(
      mapAction,
      post(
        "/app/products/20001",
        mapForm({ ...photoBook, contentUrl: sandboxFile("generate/48p-216x303mm.pdf") }),
      ),
      { variantId: "20001" },
    );
    expect(fixed.status).toBe(302);
    expect(JSON.parse((await mappingOf("20001"))!.preflight!)).toMatchObject({
      status: "passed",
      pages: 48,
      problems: [],
    });
    const passed = await data<{ fileCheck: { status: string; headline: string } }>(
      await call(mapLoader, get("/app/products/20001"), { variantId: "20001" }),
    );
    expect(passed.fileCheck).toMatchObject({
      status: "passed",
      headline: "48 pages · 216 × 303 mm · A4 with 3 mm bleed",
    });
    await prisma.variantMapping.deleteMany({ where: { shop: DEMO_SHOP } });
  });

  it("maps a variant, then shows its quote and margin", async () => {
    const saved = await call(mapAction, post("/app/products/20003", mapForm()), {
      variantId: "20003",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/app/products/20003?saved=1");
    const row = await prisma.variantMapping.findUniqueOrThrow({
      where: {
        shop_variantId: { shop: DEMO_SHOP, variantId: "gid://shopify/ProductVariant/20003" },
      },
    });
    expect(row).toMatchObject({
      offeringId: 228500,
      numberOfPages: 240,
      // The only variant is named by its product alone.
      title: "The Quiet Harbour (Softcover Novel)",
      productId: "gid://shopify/Product/10002",
    });
    expect(JSON.parse(row.spineText!)).toEqual({
      textFont: "Georgia",
      textSize: 10,
      textColour: "#1A2B3C",
      textCenter: "The Quiet Harbour",
    });
    // The sandbox's A5 file with bleed, 240 pages: checked and ready to print.
    expect(JSON.parse(row.preflight!)).toMatchObject({ status: "passed", pages: 240 });

    const page = await data<{ mapped: { offeringId: number }; values: Record<string, string> }>(
      await call(mapLoader, get("/app/products/20003?saved=1"), { variantId: "20003" }),
    );
    expect(page.mapped.offeringId).toBe(228500);
    expect(page.values.spineCenter).toBe("The Quiet Harbour");

    const quote = await data<{
      quote: {
        together: boolean;
        groups: {
          lines: {
            label: string;
            total: { amountMinor: number };
            revenue: { amountMinor: number };
            margin: { amountMinor: number };
            shipping: { amountMinor: number };
            vat: { amountMinor: number };
          }[];
        }[];
      };
    }>(await call(quoteLoader, get("/app/quote?variant=20003&country=NL")));
    const line = quote.quote.groups[0]!.lines[0]!;
    expect(quote.quote.together).toBe(true);
    expect(line.label).toMatch(/Quiet Harbour/);
    expect(line.revenue.amountMinor).toBe(1495);
    expect(line.margin.amountMinor).toBe(1495 - line.total.amountMinor);
    expect(line.shipping.amountMinor).toBeGreaterThan(0);
    expect(line.vat.amountMinor).toBeGreaterThan(0);

    const list = await data<ProductsBody>(
      await call(productsLoader, get("/app/products?q=harbour")),
    );
    expect(list.page!.products[0]!.variants[0]!.mapping).toMatchObject({
      state: "mapped",
      offeringId: 228500,
    });
  });

  it("shows each mapped variant's margin and offering name in the list, from the quote kept when it was worked out", async () => {
    type ListBody = ProductsBody & {
      margins: Record<
        string,
        {
          status: string;
          quantity?: number;
          countryCode?: string;
          price?: { amountMinor: number; currency: string };
          cost?: { amountMinor: number; currency: string };
          margin?: { amountMinor: number; currency: string };
        }
      >;
      offeringNames: Record<string, string>;
    };
    const gid = "gid://shopify/ProductVariant/20003";
    // Shopify's query-cost bucket refills with time; each listing waits for it.
    const list = async () => {
      env.shopify.control.advanceClock(60_000);
      return data<ListBody>(await call(productsLoader, get("/app/products?q=harbour")));
    };
    // Shopify's query-cost bucket refills with time: the tests before this one emptied it.
    env.shopify.control.advanceClock(60_000);
    const saved = await call(mapAction, post("/app/products/20003", mapForm()), {
      variantId: "20003",
    });
    expect(saved.status).toBe(302);
    await prisma.mappingQuote.deleteMany({ where: { variantId: gid } });
    // Another shop's kept quote for the same variant id is never used here.
    await prisma.mappingQuote.create({
      data: {
        shop: "other-shop.myshopify.com",
        variantId: gid,
        offeringId: 228500,
        numberOfPages: 240,
        quantity: 1,
        countryCode: "NL",
        currency: "EUR",
        printMinor: 1,
        shippingMinor: 1,
        vatMinor: 1,
      },
    });
    const before = await list();
    expect(before.margins[gid], JSON.stringify(before).slice(0, 300)).toEqual({
      status: "unknown",
    });
    expect(before.offeringNames["228500"]).toBe("Softcover book A5");

    const worked = await data<{ ok: boolean; message: string }>(
      await call(productsAction, post("/app/products", { intent: "margins", variantIds: gid })),
    );
    expect(worked).toEqual({ ok: true, message: "Margins worked out for 1 variant." });
    const kept = await prisma.mappingQuote.findUniqueOrThrow({
      where: { shop_variantId: { shop: DEMO_SHOP, variantId: gid } },
    });
    const cost = kept.printMinor + kept.shippingMinor + kept.vatMinor;

    const after = await list();
    expect(after.margins[gid]).toEqual({
      status: "ok",
      quantity: 1,
      countryCode: "NL",
      price: { amountMinor: 1495, currency: "EUR" },
      cost: { amountMinor: cost, currency: "EUR" },
      margin: { amountMinor: 1495 - cost, currency: "EUR" },
    });
    // The same as the Quote page's margin for one copy to NL.
    const quote = await data<{
      quote: { groups: { lines: { margin: { amountMinor: number } }[] }[] };
    }>(await call(quoteLoader, get("/app/quote?variant=20003&country=NL")));
    expect(after.margins[gid]!.margin!.amountMinor).toBe(
      quote.quote.groups[0]!.lines[0]!.margin.amountMinor,
    );
    // Listing again asks the print service nothing: margins come from the kept quote.
    const requestsAfterQuote = env.sandbox.control.requests({}).length;
    await list();
    expect(env.sandbox.control.requests({}).length).toBe(requestsAfterQuote);

    // A loss: the kept cost above the Shopify price.
    await prisma.mappingQuote.update({
      where: { shop_variantId: { shop: DEMO_SHOP, variantId: gid } },
      data: { printMinor: 5000 },
    });
    const loss = await list();
    expect(loss.margins[gid]!.margin!.amountMinor).toBe(
      1495 - (5000 + kept.shippingMinor + kept.vatMinor),
    );
    // A mapping changed since (another page count) is not priced with the old quote.
    await prisma.mappingQuote.update({
      where: { shop_variantId: { shop: DEMO_SHOP, variantId: gid } },
      data: { numberOfPages: 100 },
    });
    const stale = await list();
    expect(stale.margins[gid]).toEqual({ status: "unknown" });
    await prisma.mappingQuote.deleteMany({ where: { shop: "other-shop.myshopify.com" } });
  });

  it("quotes several items, shows the groups when they cannot ship together, and the summed totals", async () => {
    const items = ["228478:24:1:", "228500:100:2:", "228565:1:1:"]
      .map((i) => `item=${encodeURIComponent(i)}`)
      .join("&");
    const body = await data<{
      quote: {
        together: boolean;
        groups: { lines: { offeringId: number }[] }[];
        total: { total: { amountMinor: number } };
      };
    }>(await call(quoteLoader, get(`/app/quote?country=NL&currency=EUR&${items}`)));
    expect(body.quote.together).toBe(false);
    expect(body.quote.groups.map((g) => g.lines.map((l) => l.offeringId))).toEqual([
      [228478, 228500],
      [228565],
    ]);
    expect(body.quote.total.total.amountMinor).toBeGreaterThan(0);

    const bad = await data<{ fieldErrors: Record<string, string> }>(
      await call(quoteLoader, get(`/app/quote?country=Holland&item=228478:0:1:`)),
    );
    expect(bad.fieldErrors).toMatchObject({
      countryCode: expect.any(String),
      "items.0.numberOfPages": expect.any(String),
    });
  });

  it("bulk-maps to one shared file, checks it once, and keeps a failed check in view", async () => {
    const badFile = sandboxFile("bad/photo-book-letter-size.pdf");
    const response = await call(
      bulkAction,
      post("/app/products/bulk", {
        ...mapForm({
          offeringId: "228478",
          contentUrl: badFile,
          contentWidth: "",
          contentHeight: "",
          numberOfPages: "24",
          spineMode: "none",
        }),
        variant: ["20001", "20002"],
      }),
    );
    expect(response.status).toBe(200);
    const body = await data<{
      saved: number;
      fileCheck: { status: string; problems: { message: string }[] };
    }>(response);
    expect(body.saved).toBe(2);
    expect(body.fileCheck.status).toBe("failed");
    expect(body.fileCheck.problems.map((p) => p.message).join(" ")).toMatch(/222 × 285 mm/);
    const rows = await prisma.variantMapping.findMany({
      where: { shop: DEMO_SHOP, contentUrl: badFile },
    });
    expect(rows).toHaveLength(2);
    // One check, stored with both.
    expect(rows[0]!.preflight).toBe(rows[1]!.preflight);

    // The same rules as the single page: an absurd height is refused for all.
    const refused = await call(
      bulkAction,
      post("/app/products/bulk", {
        ...mapForm({
          offeringId: "228501",
          contentHeight: "99999999999999999999",
          spineMode: "none",
        }),
        variant: ["20001", "20002"],
      }),
    );
    expect(await data(refused)).toEqual({
      fieldErrors: { contentHeight: "Height must be between 100 and 1,200 mm" },
    });
  });

  it("bulk-maps several variants to one offering, and unmaps", async () => {
    const page = await data<{ variants: { legacyId: string }[] }>(
      await call(bulkLoader, get("/app/products/bulk?variant=20001&variant=20002")),
    );
    expect(page.variants.map((v) => v.legacyId)).toEqual(["20001", "20002"]);
    const response = await call(
      bulkAction,
      post("/app/products/bulk", {
        ...mapForm({
          offeringId: "228478",
          fileSource: "per_order",
          fileProperty: "Print file",
          contentUrl: "",
          contentWidth: "",
          contentHeight: "",
          numberOfPages: "48",
          spineMode: "none",
        }),
        variant: ["20001", "20002"],
      }),
    );
    expect(response.headers.get("Location")).toBe("/app/products?mapped=2");
    const rows = await prisma.variantMapping.findMany({
      where: { shop: DEMO_SHOP, offeringId: 228478 },
    });
    expect(rows.map((r) => [r.variantId, r.fileProperty, r.contentWidth, r.contentHeight])).toEqual(
      expect.arrayContaining([
        ["gid://shopify/ProductVariant/20001", "Print file", 210, 297],
        ["gid://shopify/ProductVariant/20002", "Print file", 210, 297],
      ]),
    );
    const unmap = await call(
      productsAction,
      post("/app/products", {
        intent: "unmap",
        variantIds: "gid://shopify/ProductVariant/20001,gid://shopify/ProductVariant/20002",
      }),
    );
    expect(await data(unmap)).toMatchObject({ ok: true, message: "2 variants unmapped." });
  });
});

describe("catalogue", () => {
  it("lists offerings with filters, served from the cache on the next load", async () => {
    catalogueCache.clear();
    const before = env.sandbox.control.requests({ op: "offering.list" }).length;
    const first = await data<{
      offerings: { status: string; data: { id: number; categoryCode: string }[] };
    }>(await call(catalogueLoader, get("/app/catalogue?category=BO")));
    expect(first.offerings.status).toBe("ok");
    expect(first.offerings.data.map((o) => o.id)).toEqual([228478, 228479, 228500, 228501, 228510]);
    await call(catalogueLoader, get("/app/catalogue?category=BO"));
    await call(catalogueLoader, get("/app/catalogue?category=BO"));
    expect(env.sandbox.control.requests({ op: "offering.list" }).length - before).toBe(1);

    const toUs = await data<{ offerings: { data: { id: number }[] } }>(
      await call(catalogueLoader, get("/app/catalogue?country=US&category=WA")),
    );
    expect(toUs.offerings.data.map((o) => o.id)).not.toContain(228550);
  });

  it("shows an offering with the legacy prices in every currency", async () => {
    const body = await data<{
      offering: { data: { name: string } };
      legacy: {
        status: string;
        prices: { price: { currency: string; amountMinor: number }[]; pricingExpireDate: string };
      };
    }>(await call(offeringLoader, get("/app/catalogue/228478"), { offeringId: "228478" }));
    expect(body.offering.data.name).toBe("Hardcover book A4 portrait");
    expect(body.legacy.status).toBe("ok");
    expect(body.legacy.prices.price.map((p) => p.currency)).toEqual(
      expect.arrayContaining(["EUR", "USD", "GBP", "SEK"]),
    );
    const missing = await call(offeringLoader, get("/app/catalogue/999"), { offeringId: "999" });
    expect(missing.status).toBe(404);
  });
});

describe("publications", () => {
  it("creates a listing from a mapped variant and from a file, and lists their checkout links", async () => {
    const bad = await call(
      publicationsAction,
      post("/app/publications", {
        source: "file",
        title: "",
        fileUrl: "x",
        pages: "",
        width: "10",
        height: "10",
        currency: "EUR",
        locale: "en",
      }),
    );
    expect(bad.status).toBe(200);
    expect((await data<{ fieldErrors: Record<string, string> }>(bad)).fieldErrors).toHaveProperty(
      "title",
    );

    const fromVariant = await data<{ ok: boolean; checkoutUrl: string; secure: boolean }>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "variant",
          variantId: "gid://shopify/ProductVariant/20003",
          title: "The Quiet Harbour",
          currency: "EUR",
          locale: "en",
        }),
      ),
    );
    expect(fromVariant).toMatchObject({
      ok: true,
      secure: false,
      checkoutUrl: expect.stringMatching(/\/print\/\d+$/),
    });

    // Pages the offering does not take: its rule on the Pages field, before the service is asked.
    const refused = await data<{ ok: boolean; fieldErrors: Record<string, string> }>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "file",
          listing: "offering",
          offeringId: "228478",
          title: "Poster",
          fileUrl: "https://files.example.com/poster.pdf",
          pages: "1",
          width: "300",
          height: "400",
          currency: "EUR",
          locale: "en",
        }),
      ),
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { pages: "Hardcover book A4 portrait takes 24 to 800 pages" },
    });

    env.sandbox.control.updateMerchant("sandbox-merchant-key", { publicationResponse: "secure" });
    const fromFile = await data<{ ok: boolean; checkoutUrl: string; secure: boolean }>(
      await call(
        publicationsAction,
        post("/app/publications", {
          source: "file",
          listing: "offering",
          offeringId: "228478",
          title: "Poster book",
          fileUrl: "https://files.example.com/poster.pdf",
          pages: "48",
          width: "210",
          height: "297",
          thumbnailUrl: "https://files.example.com/poster.jpg",
          currency: "GBP",
          locale: "nl",
        }),
      ),
    );
    expect(fromFile).toMatchObject({
      ok: true,
      secure: true,
      checkoutUrl: expect.stringMatching(/\/checkout\/print\/nl\/.+\?token=/),
    });

    const list = await data<{
      page: { rows: { title: string; secure: boolean; checkoutUrl: string }[] };
    }>(await call(publicationsLoader, get("/app/publications")));
    expect(list.page.rows.map((r) => [r.title, r.secure])).toEqual([
      ["Poster book", true],
      ["The Quiet Harbour", false],
    ]);
  });
});
