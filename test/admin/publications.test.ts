import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  action as publicationsAction,
  loader as publicationsLoader,
} from "~/routes/app.publications";
import { saveMapping } from "~/data/mapping.server";
import { blankPublicationValues } from "~/components/PublicationForm";
import { savePrintSettings } from "~/data/print-settings.server";
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
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

const fromFile = (fields: Record<string, string>) =>
  post("/app/publications", {
    source: "file",
    title: "Travel diary",
    fileUrl: "https://files.example.com/diary.pdf",
    pages: "48",
    width: "148",
    height: "210",
    currency: "EUR",
    locale: "en",
    ...fields,
  });

type Result = {
  ok: boolean;
  checkoutUrl?: string;
  fieldErrors?: Record<string, string>;
};

/** Validator wording that must never reach a merchant. */
const RAW = /expected|invalid input|too (big|small)|received|nan/i;

const sent = () => env.sandbox.control.requests({ op: "publication.create" }).length;

async function checkoutPage(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

describe("a publication from a print file", () => {
  it("offers the shop's catalogue to choose from", async () => {
    const page = await data<{
      offerings: { id: number; name: string }[];
      categories: { code: string }[];
    }>(await call(publicationsLoader, get("/app/publications")));
    expect(page.offerings.map((o) => o.id)).toEqual(expect.arrayContaining([228478, 228500]));
    expect(page.categories.map((c) => c.code)).toEqual(expect.arrayContaining(["BO", "WA"]));
  });

  it("is refused with a clear error until the merchant chooses what it sells", async () => {
    const before = sent();
    const none = await data<Result>(await call(publicationsAction, fromFile({})));
    expect(none.ok).toBe(false);
    expect(none.fieldErrors?.listing).toMatch(/one product or a whole category/);

    const noOffering = await data<Result>(
      await call(publicationsAction, fromFile({ listing: "offering" })),
    );
    expect(noOffering.fieldErrors?.offeringId).toBe("Choose the product the listing sells");

    const noCategory = await data<Result>(
      await call(publicationsAction, fromFile({ listing: "category" })),
    );
    expect(noCategory.fieldErrors?.categoryCode).toBe("Choose the category the listing sells");

    const unknown = await data<Result>(
      await call(publicationsAction, fromFile({ listing: "offering", offeringId: "999999" })),
    );
    expect(unknown.fieldErrors?.offeringId).toMatch(
      /999999 is not in your print-service catalogue/,
    );
    // Nothing reached the print service.
    expect(sent()).toBe(before);
  });

  it("sells exactly the offering the merchant chose", async () => {
    const created = await data<Result>(
      await call(publicationsAction, fromFile({ listing: "offering", offeringId: "228500" })),
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const html = await checkoutPage(created.checkoutUrl!);
    expect(html).toContain("Softcover book A5");
    expect(html).not.toContain("Hardcover book A4 portrait");
  });

  it("sells a whole category when the merchant chooses one", async () => {
    const created = await data<Result>(
      await call(
        publicationsAction,
        fromFile({
          listing: "category",
          categoryCode: "WA",
          pages: "1",
          width: "300",
          height: "400",
        }),
      ),
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const html = await checkoutPage(created.checkoutUrl!);
    // The checkout opens on the category's first product, a wall-art print.
    expect(html).toContain("Art print 30x40");
    expect(html).not.toContain("Hardcover book A4 portrait");
  });

  it("from a mapped variant sells the variant's mapped offering", async () => {
    await saveMapping({
      shop: DEMO_SHOP,
      mapping: {
        variantId: "gid://shopify/ProductVariant/20003",
        title: "Softcover Novel",
        offeringId: 228500,
        contentUrl: "https://files.example.com/novel.pdf",
        contentWidth: 148,
        contentHeight: 210,
        numberOfPages: 240,
      },
    });
    const created = await data<Result>(
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
    expect(created.ok, JSON.stringify(created)).toBe(true);
    expect(await checkoutPage(created.checkoutUrl!)).toContain("Softcover book A5");
  });
});

describe("the publication form's messages", () => {
  it("puts a plain message with the allowed range on each field for absurd input", async () => {
    const before = sent();
    const formFields = Object.keys(blankPublicationValues({ variants: [], currency: "EUR" }));
    const cases: [Record<string, string>, string, RegExp][] = [
      ...["abc", "0", "1.5", "-2", "", "99999999999", "1e400", "NaN"].map(
        (pages): [Record<string, string>, string, RegExp] => [
          { pages },
          "pages",
          /^Enter the number of pages, a whole number from 1 to 10,000$/,
        ],
      ),
      ...["abc", "0", "5", "-148", "", "99999999999999999999", "Infinity"].map(
        (width): [Record<string, string>, string, RegExp] => [
          { width },
          "width",
          /^Enter the width in mm, from 10 to 3,000$/,
        ],
      ),
      [{ height: "3001" }, "height", /^Enter the height in mm, from 10 to 3,000$/],
      [{ fileUrl: "not a url" }, "fileUrl", /starting with https:\/\//],
      [{ fileUrl: "" }, "fileUrl", /starting with https:\/\//],
      [{ fileUrl: `https://files.example.com/${"a".repeat(3000)}.pdf` }, "fileUrl", /2,000/],
      [{ title: "" }, "title", /^Enter a title$/],
      [{ title: "x".repeat(201) }, "title", /at most 200 characters/],
      [{ thumbnailUrl: "ftp://files.example.com/t.png" }, "thumbnailUrl", /https:\/\//],
      [{ currency: "euro" }, "currency", /^Choose a currency from the list$/],
      [{ currency: "XYZ" }, "currency", /^Choose a currency from the list$/],
      [{ locale: "klingon" }, "locale", /^Choose a checkout language from the list$/],
      [{ source: "moon" }, "source", /^Choose a source$/],
      [{ listing: "moon" }, "listing", /^Choose one product or a whole category$/],
    ];
    for (const [fields, field, message] of cases) {
      const body = await data<Result>(
        await call(
          publicationsAction,
          fromFile({ listing: "offering", offeringId: "228500", ...fields }),
        ),
      );
      const what = JSON.stringify(fields).slice(0, 80);
      expect(body.ok, what).toBe(false);
      expect(body.fieldErrors?.[field], what).toMatch(message);
      for (const text of Object.values(body.fieldErrors ?? {})) expect(text, what).not.toMatch(RAW);
      // Each message sits on a field the form holds, so it goes when that field changes.
      expect(formFields).toEqual(expect.arrayContaining(Object.keys(body.fieldErrors ?? {})));
    }
    // A field missing from the post altogether is worded the same way, all in one answer.
    const missing = await call(
      publicationsAction,
      post("/app/publications", { source: "file", listing: "offering", offeringId: "228500" }),
    );
    const body = await data<Result>(missing);
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual([
      "currency",
      "fileUrl",
      "height",
      "locale",
      "pages",
      "title",
      "width",
    ]);
    for (const text of Object.values(body.fieldErrors ?? {})) expect(text).not.toMatch(RAW);
    expect(sent()).toBe(before);
  });

  it("takes a size with a decimal comma", async () => {
    const created = await data<Result>(
      await call(
        publicationsAction,
        fromFile({ listing: "offering", offeringId: "228500", width: "148,5", height: "210,0" }),
      ),
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
  });
});

describe("managing publications", () => {
  const OTHER_SHOP = "other-print-shop.myshopify.com";
  beforeAll(() => {
    env.shopify.state.seedShop({ domain: OTHER_SHOP });
  });

  type Page = {
    page: {
      rows: { id: string; title: string; checkoutUrl: string; updatedAt: string | null }[];
    };
    products: Record<string, { kind: string; name: string | null } | null>;
  };
  const page = async (shop = DEMO_SHOP) =>
    data<Page>(await call(publicationsLoader, get("/app/publications", shop)));
  type Change = Result & {
    intent?: string;
    id?: string;
    title?: string;
    oldCheckoutUrl?: string;
  };
  const change = async (fields: Record<string, string>, shop = DEMO_SHOP) =>
    call(publicationsAction, post("/app/publications", fields, shop));

  async function created(fields: Record<string, string>) {
    const body = await data<Result & { id: string }>(
      await call(publicationsAction, fromFile(fields)),
    );
    expect(body.ok, JSON.stringify(body)).toBe(true);
    return body;
  }

  it("lists each publication with the name of what it sells", async () => {
    const book = await created({ title: "Named book", listing: "offering", offeringId: "228500" });
    const art = await created({
      title: "Named art",
      listing: "category",
      categoryCode: "WA",
      pages: "1",
      width: "300",
      height: "400",
    });
    const { products } = await page();
    expect(products[book.id]).toEqual({ kind: "offering", id: 228500, name: "Softcover book A5" });
    expect(products[art.id]).toMatchObject({ kind: "category", code: "WA" });
    expect(products[art.id]?.name).toBeTruthy();
    expect(products[art.id]?.name).not.toBe("WA");
  });

  it("edits a publication as a new listing and keeps the old link working", async () => {
    const original = await created({
      title: "Diary, first try",
      listing: "offering",
      offeringId: "228500",
    });
    const before = sent();
    const edit = {
      intent: "edit",
      id: original.id,
      source: "file",
      listing: "offering",
      offeringId: "228478",
      title: "Diary, hardcover",
      fileUrl: "https://files.example.com/diary-v2.pdf",
      pages: "64",
      width: "210",
      height: "297",
      currency: "EUR",
      locale: "nl",
    };

    // A refused field: nothing is sent, the row stays as it was.
    const refused = await data<Change>(await change({ ...edit, pages: "0" }));
    expect(refused.ok).toBe(false);
    expect(refused.fieldErrors?.pages).toMatch(/^Enter the number of pages/);
    expect(sent()).toBe(before);

    const saved = await data<Change>(await change(edit));
    expect(saved, JSON.stringify(saved)).toMatchObject({
      ok: true,
      intent: "edit",
      id: original.id,
      oldCheckoutUrl: original.checkoutUrl,
    });
    expect(saved.checkoutUrl).not.toBe(original.checkoutUrl);
    expect(sent()).toBe(before + 1);

    const after = await page();
    const row = after.page.rows.find((r) => r.id === original.id);
    expect(row).toMatchObject({ title: "Diary, hardcover", checkoutUrl: saved.checkoutUrl });
    expect(row?.updatedAt).toEqual(expect.any(String));
    expect(after.products[original.id]).toMatchObject({ name: "Hardcover book A4 portrait" });
    // The print service keeps both listings: each link sells what it did.
    expect(await checkoutPage(saved.checkoutUrl!)).toContain("Hardcover book A4 portrait");
    expect(await checkoutPage(original.checkoutUrl!)).toContain("Softcover book A5");
  });

  it("removes a publication from the list only, and says its link keeps working", async () => {
    const listing = await created({
      title: "To remove",
      listing: "offering",
      offeringId: "228500",
    });
    const before = sent();
    const removed = await data<Change>(await change({ intent: "remove", id: listing.id }));
    expect(removed).toEqual({
      ok: true,
      intent: "remove",
      id: listing.id,
      title: "To remove",
      checkoutUrl: listing.checkoutUrl,
    });
    expect((await page()).page.rows.map((r) => r.id)).not.toContain(listing.id);
    expect(sent()).toBe(before);
    expect(await checkoutPage(listing.checkoutUrl!)).toContain("Softcover book A5");

    const again = await data<Change>(await change({ intent: "remove", id: listing.id }));
    expect(again.ok).toBe(false);
    expect(again.fieldErrors?.form).toMatch(/no longer in your list/);
  });

  it("never edits or removes another shop's publication", async () => {
    const mine = await created({ title: "Not theirs", listing: "offering", offeringId: "228500" });
    const before = sent();
    const edit = await data<Change>(
      await change(
        {
          intent: "edit",
          id: mine.id,
          source: "file",
          listing: "offering",
          offeringId: "228500",
          title: "Taken over",
          fileUrl: "https://files.example.com/x.pdf",
          pages: "48",
          width: "148",
          height: "210",
          currency: "EUR",
          locale: "en",
        },
        OTHER_SHOP,
      ),
    );
    expect(edit.ok).toBe(false);
    const remove = await data<Change>(await change({ intent: "remove", id: mine.id }, OTHER_SHOP));
    expect(remove.ok).toBe(false);
    expect(sent()).toBe(before);
    expect((await page(OTHER_SHOP)).page.rows).toEqual([]);
    expect((await page()).page.rows.find((r) => r.id === mine.id)?.title).toBe("Not theirs");
  });

  it("answers 400 to an unknown intent or a missing id", async () => {
    expect((await change({ intent: "archive", id: "x" })).status).toBe(400);
    expect((await change({ intent: "remove" })).status).toBe(400);
  });
});
