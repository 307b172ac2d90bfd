import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as mapLoader, action as mapAction } from "~/routes/app.products.$variantId";
import { action as bulkAction } from "~/routes/app.products.bulk";
import { action as newAction, loader as newLoader } from "~/routes/app.products.new";
import { loader as createdLoader } from "~/routes/app.products.created.$id";
import { loader as isbnUsesLoader } from "~/routes/app.isbn-uses";
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
import { creationFields } from "../product-creation/creation-harness";

/**
 * A book's ISBN through the real routes: checked with the other fields of the mapping page and
 * of Create product, stored as ISBN-13 on the mapping, and written to the Shopify stand-in as
 * the variant's barcode and the product's `print_connect.isbn` metafield.
 */

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

/** The softcover novel of the demo shop: one variant, mapped to Softcover book A5. */
const NOVEL = "20003";
const NOVEL_GID = `gid://shopify/ProductVariant/${NOVEL}`;

const mapForm = (overrides: Record<string, string> = {}) => ({
  offeringId: "228500",
  fileSource: "fixed",
  contentUrl: `${env.sandbox.url}/files/generate/240p-154x216mm.pdf`,
  fileProperty: "",
  contentWidth: "148",
  contentHeight: "210",
  numberOfPages: "240",
  coverUrl: "",
  spineMode: "none",
  ...overrides,
});

const saveNovel = (overrides: Record<string, string>) =>
  call(mapAction, post(`/app/products/${NOVEL}`, mapForm(overrides)), { variantId: NOVEL });

const storedIsbn = async () =>
  (
    await prisma.variantMapping.findUnique({
      where: { shop_variantId: { shop: DEMO_SHOP, variantId: NOVEL_GID } },
    })
  )?.isbn;

/** The novel's mapping page as its loader answers it. */
async function openNovel() {
  const response = await call(mapLoader, get(`/app/products/${NOVEL}`), { variantId: NOVEL });
  expect(response.status).toBe(200);
  return data<{ isbnNotInShopify: { isbn: string; barcode: string | null } | null }>(response);
}

/** The novel as the stand-in holds it: its variant's barcode and its product's ISBN metafield. */
function novelInShopify() {
  const variant = env.shopify.state.variants.get(Number(NOVEL))!;
  const product = env.shopify.control.product(variant.productId, DEMO_SHOP)!;
  const metafield = product.metafields.find(
    (m) => m.namespace === "print_connect" && m.key === "isbn",
  );
  return { barcode: variant.barcode, metafield };
}

describe("the ISBN of a book mapping", () => {
  it("refuses a wrong check digit in plain words, with every other field's problem, and writes nothing", async () => {
    const response = await saveNovel({ isbn: "978-0-306-40615-4", contentUrl: "ftp://x" });
    expect(response.status).toBe(200);
    expect(await data(response)).toEqual({
      fieldErrors: {
        isbn: "This ISBN's last digit should be 7: check for a typing mistake.",
        contentUrl: "Enter a full URL starting with https://",
      },
    });
    const short = await data<{ fieldErrors: Record<string, string> }>(
      await saveNovel({ isbn: "978-0-306-40615" }),
    );
    expect(short.fieldErrors).toEqual({ isbn: "An ISBN has 10 or 13 digits; this has 12." });
    expect(await storedIsbn()).toBeUndefined();
    expect(novelInShopify()).toEqual({ barcode: null, metafield: undefined });
  });

  it("refuses an ISBN on an offering that is not a bound book", async () => {
    const response = await saveNovel({
      offeringId: "228530",
      numberOfPages: "13",
      contentWidth: "",
      contentHeight: "",
      isbn: "9780306406157",
    });
    const body = await data<{ fieldErrors: Record<string, string> }>(response);
    expect(body.fieldErrors.isbn).toBe(
      "An ISBN is for a bound book, and Wall calendar A3 is not one: clear the ISBN.",
    );
    expect(await storedIsbn()).toBeUndefined();
    expect(novelInShopify().barcode).toBeNull();
  });

  it("stores an ISBN-10 as its ISBN-13 and sets the variant's barcode and the product metafield", async () => {
    const response = await saveNovel({ isbn: "0-306-40615-2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/app/products/${NOVEL}?saved=1`);
    expect(await storedIsbn()).toBe("9780306406157");
    expect(novelInShopify()).toEqual({
      barcode: "9780306406157",
      metafield: {
        namespace: "print_connect",
        key: "isbn",
        type: "list.single_line_text_field",
        value: '["9780306406157"]',
      },
    });
    // The form shows the stored ISBN-13.
    const page = await data<{ values: { isbn: string } }>(
      await call(mapLoader, get(`/app/products/${NOVEL}`), { variantId: NOVEL }),
    );
    expect(page.values.isbn).toBe("9780306406157");
  });

  it("reads the barcode back through Shopify's Admin GraphQL as the stand-in answers it", async () => {
    const variant = env.shopify.state.variants.get(Number(NOVEL))!;
    // The app's own token, from its calls above.
    const token = env.shopify.control.listTokens(DEMO_SHOP).find((t) => !t.revoked)?.token;
    expect(token).toBeDefined();
    const answer = (await (
      await fetch(`https://${DEMO_SHOP}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token! },
        body: JSON.stringify({
          query: `query ($id: ID!) { productVariant(id: $id) { barcode product {
            metafield(namespace: "print_connect", key: "isbn") { type jsonValue } } } }`,
          variables: { id: NOVEL_GID },
        }),
      })
    ).json()) as {
      data: {
        productVariant: {
          barcode: string;
          product: { metafield: { type: string; jsonValue: unknown } };
        };
      };
    };
    expect(variant.barcode).toBe("9780306406157");
    expect(answer.data.productVariant).toEqual({
      barcode: "9780306406157",
      product: { metafield: { type: "list.single_line_text_field", jsonValue: ["9780306406157"] } },
    });
  });

  it("keeps the mapping when Shopify refuses the barcode, says so, and a save again writes it", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productVariantsBulkUpdate",
      userErrors: [{ field: ["variants", "0", "barcode"], message: "Barcode is not valid" }],
    });
    const refused = await saveNovel({ isbn: "978-1-86197-876-9" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/app/products/${NOVEL}?saved=1&isbn=not_written`);
    // Saved with the mapping; Shopify still has the ISBN before.
    expect(await storedIsbn()).toBe("9781861978769");
    expect(novelInShopify().barcode).toBe("9780306406157");
    // A later visit still says so: the page compares the saved ISBN with Shopify's barcode.
    expect((await openNovel()).isbnNotInShopify).toEqual({
      isbn: "9781861978769",
      barcode: "9780306406157",
    });

    const again = await saveNovel({ isbn: "978-1-86197-876-9" });
    expect(again.headers.get("Location")).toBe(`/app/products/${NOVEL}?saved=1`);
    expect(novelInShopify()).toMatchObject({
      barcode: "9781861978769",
      metafield: { value: '["9781861978769"]' },
    });
    expect((await openNovel()).isbnNotInShopify).toBeNull();

    // The barcode changed in Shopify since: the page says which barcode Shopify has.
    env.shopify.state.variants.get(Number(NOVEL))!.barcode = "4006381333931";
    expect((await openNovel()).isbnNotInShopify).toEqual({
      isbn: "9781861978769",
      barcode: "4006381333931",
    });
    env.shopify.state.variants.get(Number(NOVEL))!.barcode = "9781861978769";
  });

  it("leaves the stored ISBN alone when mapping in bulk, and clears it from Shopify when removed", async () => {
    const bulk = await call(
      bulkAction,
      post("/app/products/bulk", { ...mapForm(), variant: [NOVEL] }),
    );
    expect(bulk.status, await bulk.clone().text()).toBe(302);
    expect(await storedIsbn()).toBe("9781861978769");

    const cleared = await saveNovel({ isbn: "" });
    expect(cleared.status).toBe(302);
    expect(await storedIsbn()).toBeNull();
    // The barcode the app wrote is taken off again, and the product lists no ISBN.
    const after = novelInShopify();
    expect(after.barcode ?? "").toBe("");
    expect(after.metafield).toBeUndefined();
  });
});

async function freshKey(): Promise<string> {
  const page = await data<{ requestKey: string }>(await call(newLoader, get("/app/products/new")));
  return page.requestKey;
}

describe("ISBNs on Create product", () => {
  it("checks each edition's ISBN with the other fields on the first submit", async () => {
    const key = await freshKey();
    const answer = await data<{ preview?: { ok: boolean; fieldErrors?: Record<string, string> } }>(
      await call(
        newAction,
        post("/app/products/new", {
          ...creationFields(env.sandbox.url, { requestKey: key, title: "" }),
          "variants[0].isbn": "12345",
          "variants[1].isbn": "978-0-306-40615-7",
          intent: "preview",
        }),
      ),
    );
    expect(answer.preview?.ok).toBe(false);
    expect(answer.preview?.fieldErrors).toMatchObject({
      title: expect.any(String),
      "variants[0].isbn": "An ISBN has 10 or 13 digits; this has 5.",
    });
    expect(answer.preview?.fieldErrors?.["variants[1].isbn"]).toBeUndefined();

    const twice = await data<{ preview?: { ok: boolean; fieldErrors?: Record<string, string> } }>(
      await call(
        newAction,
        post("/app/products/new", {
          ...creationFields(env.sandbox.url, { requestKey: key, title: "Twice" }),
          "variants[0].isbn": "0-306-40615-2",
          "variants[1].isbn": "978-0-306-40615-7",
          intent: "preview",
        }),
      ),
    );
    expect(twice.preview?.fieldErrors).toEqual({
      "variants[1].isbn": "Variant 1 has the same ISBN; each edition has its own",
    });
  });

  it("creates each edition with its ISBN as barcode, the product's ISBN list, and the mappings' ISBNs", async () => {
    const key = await freshKey();
    const title = "Tides of Home with ISBNs";
    const response = await call(
      newAction,
      post("/app/products/new", {
        ...creationFields(env.sandbox.url, { requestKey: key, title }),
        "variants[0].isbn": "978-0-306-40615-7",
        "variants[1].isbn": "0-8044-2957-X",
        intent: "create",
      }),
    );
    expect(response.status, await response.clone().text()).toBe(302);
    const [product] = env.shopify.control.products(DEMO_SHOP, { title });
    expect(product).toBeDefined();
    const barcodeOf = (label: string) =>
      product!.variants.find((v) => v.selectedOptions.some((o) => o.value === label))?.barcode;
    expect(barcodeOf("Hardcover")).toBe("9780306406157");
    expect(barcodeOf("Softcover")).toBe("9780804429573");
    expect(product!.metafields).toContainEqual({
      namespace: "print_connect",
      key: "isbn",
      type: "list.single_line_text_field",
      value: '["9780306406157","9780804429573"]',
    });
    const rows = await prisma.variantMapping.findMany({
      where: { shop: DEMO_SHOP, productId: product!.id },
      orderBy: { isbn: "asc" },
    });
    expect(rows.map((r) => r.isbn)).toEqual(["9780306406157", "9780804429573"]);
    // The created product's page names each edition's ISBN.
    const location = response.headers.get("Location")!;
    const { creation } = await data<{
      creation: { variants: { label: string; isbn: string | null }[] };
    }>(await call(createdLoader, get(location), { id: location.split("/").pop()! }));
    expect(creation.variants.map((v) => [v.label, v.isbn])).toEqual([
      ["Hardcover", "9780306406157"],
      ["Softcover", "9780804429573"],
    ]);
  });
});

describe("one ISBN on two products", () => {
  /** The hardcover photo book: a bound book of the demo shop besides the novel. */
  const PHOTO_BOOK = "20001";

  const usesOf = async (isbn: string, variant?: string, shop = DEMO_SHOP) =>
    data<{ isbn: string | null; uses: { title: string; url: string }[] }>(
      await call(
        isbnUsesLoader,
        get(
          `/app/isbn-uses?${new URLSearchParams({ isbn, ...(variant ? { variant } : {}) })}`,
          shop,
        ),
      ),
    );

  it("warns on the field, naming the other product, and never on the variant's own", async () => {
    expect((await saveNovel({ isbn: "978-3-16-148410-0" })).status).toBe(302);
    // As typed on the photo book's page (with hyphens or as an ISBN-10): the novel has it.
    const typed = await usesOf("3-16-148410-X", PHOTO_BOOK);
    expect(typed).toEqual({
      isbn: "9783161484100",
      uses: [{ title: expect.stringContaining("Novel"), url: `/app/products/${NOVEL}` }],
    });
    // On the novel's own page it is no other product's.
    expect((await usesOf("9783161484100", NOVEL)).uses).toEqual([]);
    // Half-typed, or another shop: nothing.
    expect(await usesOf("978-0-306", PHOTO_BOOK)).toEqual({ isbn: null, uses: [] });
    env.shopify.state.seedShop({ domain: "other-isbn-shop.myshopify.com" });
    expect(
      (await usesOf("9783161484100", PHOTO_BOOK, "other-isbn-shop.myshopify.com")).uses,
    ).toEqual([]);
    // Saved on the photo book anyway (a warning, not a stop): its page warns, naming the novel.
    const saved = await call(
      mapAction,
      post(
        `/app/products/${PHOTO_BOOK}`,
        mapForm({
          offeringId: "228478",
          contentUrl: `${env.sandbox.url}/files/photo-book/interior-24.pdf`,
          contentWidth: "210",
          contentHeight: "297",
          numberOfPages: "24",
          isbn: "9783161484100",
        }),
      ),
      { variantId: PHOTO_BOOK },
    );
    expect(saved.status, await saved.clone().text()).toBe(302);
    const page = await data<{ isbnUses: { uses: { url: string }[] } | null }>(
      await call(mapLoader, get(`/app/products/${PHOTO_BOOK}`), { variantId: PHOTO_BOOK }),
    );
    expect(page.isbnUses?.uses.map((u) => u.url)).toEqual([`/app/products/${NOVEL}`]);
    const novelPage = await data<{ isbnUses: { uses: { url: string }[] } | null }>(
      await call(mapLoader, get(`/app/products/${NOVEL}`), { variantId: NOVEL }),
    );
    expect(novelPage.isbnUses?.uses.map((u) => u.url)).toEqual([`/app/products/${PHOTO_BOOK}`]);
  });

  it("names the other product on the created product's page when Create product reused its ISBN", async () => {
    expect((await saveNovel({ isbn: "978-3-16-148410-0" })).status).toBe(302);
    const key = await freshKey();
    const title = "A second book with the novel's ISBN";
    const response = await call(
      newAction,
      post("/app/products/new", {
        ...creationFields(env.sandbox.url, { requestKey: key, title }),
        "variants[0].isbn": "978-3-16-148410-0",
        "variants[1].isbn": "978-1-4028-9462-6",
        intent: "create",
      }),
    );
    expect(response.status, await response.clone().text()).toBe(302);
    const location = response.headers.get("Location")!;
    const { creation } = await data<{
      creation: { variants: { label: string; isbnAlsoOn: { url: string }[] }[] };
    }>(await call(createdLoader, get(location), { id: location.split("/").pop()! }));
    const alsoOn = Object.fromEntries(
      creation.variants.map((v) => [v.label, v.isbnAlsoOn.map((u) => u.url)]),
    );
    expect(alsoOn.Hardcover).toContain(`/app/products/${NOVEL}`);
    // An ISBN no other product has is not warned about.
    expect(alsoOn.Softcover).toEqual([]);
  });
});
