import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { storedMargins } from "~/data/mapping-quote.server";
import {
  createProduct,
  getCreation,
  loadCreateProductPage,
  previewProduct,
  type PreviewResult,
} from "~/pages/create-product/index.server";
import { parsePreflight } from "~/services/preflight";
import { DEFAULT_APP_ID } from "../../sandbox/shopify";
import { creationForm, DEMO_SHOP, startCreationEnv, type CreationEnv } from "./creation-harness";

/**
 * "Create product" from the merchant's PDF: every variant checked like a
 * mapping, the PDFs preflighted before anything is made, prices from the
 * print cost, then the Shopify product (stand-in over HTTP), its mappings,
 * kept quotes, image and publications.
 */

let env: CreationEnv;
beforeAll(async () => {
  env = await startCreationEnv();
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.shopify.control.clearFaults();
});

const APP_NAMESPACE = `app--${DEFAULT_APP_ID}--print_connect`;
const productsTitled = (title: string) => env.shopify.control.products(DEMO_SHOP, { title });
const creations = () => prisma.productCreation.count({ where: { shop: DEMO_SHOP } });
const ok = (preview: PreviewResult) => {
  if (!preview.ok) throw new Error(JSON.stringify(preview.fieldErrors));
  return preview;
};
const eur = (minor: number) => (minor / 100).toFixed(2);

describe("the form's page", () => {
  it("offers the catalogue, the shop's currency and market, a fresh key and the last rule", async () => {
    const page = await loadCreateProductPage({
      shop: DEMO_SHOP,
      admin: env.admin,
      offeringId: 228478,
    });
    expect(page.requestKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.offerings?.map((o) => o.id)).toContain(228501);
    expect(page).toMatchObject({
      currency: "EUR",
      countryName: "Netherlands",
      canWriteProducts: true,
      selectedOfferingId: 228478,
      pricing: { mode: "margin", percent: 30, rounding: "99" },
    });
    const other = await loadCreateProductPage({ shop: DEMO_SHOP, admin: env.admin, offeringId: 1 });
    expect(other.selectedOfferingId).toBeNull();
    expect(other.requestKey).not.toBe(page.requestKey);
  });
});

describe("preview", () => {
  it("checks the PDF and works out each variant's price; nothing is created", async () => {
    const preview = ok(
      await previewProduct({
        shop: DEMO_SHOP,
        admin: env.admin,
        form: creationForm(env, { intent: "preview", "variants[1].price": "12,00" }),
      }),
    );
    expect(preview.currency).toBe("EUR");
    expect(preview.countryName).toBe("Netherlands");
    const [hard, soft] = preview.variants;
    expect(hard).toMatchObject({ offeringId: 228478, label: "Hardcover", quantity: 1 });
    expect(hard!.costMinor).toBeGreaterThan(0);
    // The rule's price: at least a 30 % margin, ending in .99.
    expect(hard!.priceMinor).toBe(hard!.suggestedPriceMinor);
    expect(hard!.priceMinor % 100).toBe(99);
    expect(hard!.marginBps).toBeGreaterThanOrEqual(3000);
    expect(hard!.preflight).toMatchObject({
      status: "passed",
      headline: expect.stringContaining("48 pages"),
    });
    // The merchant's own price for the softcover, here under its cost.
    expect(soft).toMatchObject({ priceMinor: 1200, belowCost: soft!.costMinor > 1200 });
    expect(soft!.marginMinor).toBe(1200 - soft!.costMinor);
    expect(preview.lossConfirmationNeeded).toBe(soft!.costMinor > 1200);
    expect(productsTitled("Tides of Home")).toHaveLength(0);
    expect(await creations()).toBe(0);
  });
});

describe("create", () => {
  it("makes a two-variant book in Shopify, mapped, priced and remembered", async () => {
    const form = creationForm(env, { status: "active", pricingPercent: "35", rounding: "95" });
    const preview = ok(await previewProduct({ shop: DEMO_SHOP, admin: env.admin, form }));
    const result = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(result.status, JSON.stringify(result)).toBe("done");
    if (result.status !== "done") return;

    const [product, ...more] = productsTitled("Tides of Home");
    expect(more).toHaveLength(0);
    expect(product).toMatchObject({
      id: result.productId,
      status: "ACTIVE",
      productType: "Book",
      descriptionHtml: "<p>Photographs of the North Sea coast.</p><p>Printed on silk paper.</p>",
      options: [{ name: "Edition", values: ["Hardcover", "Softcover"] }],
    });
    expect(product!.handle).toMatch(/^tides-of-home-/);
    const price = (label: string) =>
      product!.variants.find((v) => v.selectedOptions.some((o) => o.value === label))!;
    const [hard, soft] = preview.variants;
    expect(price("Hardcover")).toMatchObject({
      price: eur(hard!.priceMinor),
      sku: "PC-228478-48P",
    });
    expect(price("Softcover")).toMatchObject({
      price: eur(soft!.priceMinor),
      sku: "PC-228501-48P",
    });
    expect(hard!.priceMinor % 100).toBe(95);
    const specs = Object.fromEntries(
      product!.metafields.filter((m) => m.namespace === APP_NAMESPACE).map((m) => [m.key, m.value]),
    );
    expect(specs).toMatchObject({
      pages: "48",
      size: "210 × 297 mm",
      format: "Hardcover book A4 portrait / Softcover book custom size",
    });

    // Each variant mapped like the mapping page maps it, with the file's check.
    const mappings = await prisma.variantMapping.findMany({
      where: { shop: DEMO_SHOP, productId: result.productId },
      orderBy: { offeringId: "asc" },
    });
    expect(
      mappings.map((m) => [
        m.title,
        m.offeringId,
        m.numberOfPages,
        m.contentWidth,
        m.contentHeight,
      ]),
    ).toEqual([
      ["Tides of Home – Hardcover", 228478, 48, 210, 297],
      ["Tides of Home – Softcover", 228501, 48, 210, 297],
    ]);
    expect(mappings.map((m) => m.variantId).sort()).toEqual(
      product!.variants.map((v) => v.id).sort(),
    );
    for (const m of mappings) {
      expect(m.contentUrl).toBe(env.file("photo-book/interior-48.pdf"));
      expect(parsePreflight(m.preflight)?.status).toBe("passed");
    }

    // The kept quotes give the Products list its margins without asking the service.
    const margins = await storedMargins({
      shop: DEMO_SHOP,
      variants: product!.variants.map((v) => ({
        id: v.id,
        price: { amountMinor: Math.round(Number(v.price) * 100), currency: "EUR" },
        mapping: {
          offeringId: mappings.find((m) => m.variantId === v.id)!.offeringId,
          numberOfPages: 48,
        },
      })),
    });
    const hardId = price("Hardcover").id;
    expect(margins[hardId]).toMatchObject({
      status: "ok",
      margin: { amountMinor: hard!.marginMinor, currency: "EUR" },
    });

    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(JSON.parse(shop.productPricing!)).toEqual({
      mode: "margin",
      percent: 35,
      rounding: "95",
    });
    const page = await loadCreateProductPage({ shop: DEMO_SHOP, admin: env.admin });
    expect(page.pricing).toEqual({ mode: "margin", percent: 35, rounding: "95" });

    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view).toMatchObject({
      state: "done",
      title: "Tides of Home",
      productId: result.productId,
      adminUrl: `shopify://admin/products/${result.productId.split("/").pop()}`,
      status: "active",
      problem: null,
      imageStatus: null,
      publication: null,
    });
    expect(view!.variants.map((v) => [v.label, v.priceMinor, v.variantId, v.mappingUrl])).toEqual([
      ["Hardcover", hard!.priceMinor, hardId, `/app/products/${hardId.split("/").pop()}`],
      [
        "Softcover",
        soft!.priceMinor,
        price("Softcover").id,
        `/app/products/${price("Softcover").id.split("/").pop()}`,
      ],
    ]);
    // Each edition offers a proof copy of its own mapping.
    expect(view!.variants.map((v) => v.proofUrl)).toEqual([
      `/app/proofs/new?variantId=${hardId.split("/").pop()}`,
      `/app/proofs/new?variantId=${price("Softcover").id.split("/").pop()}`,
    ]);
    // Another shop sees nothing of it.
    expect(
      await getCreation({
        shop: "other-shop.myshopify.com",
        admin: env.admin,
        id: result.creationId,
      }),
    ).toBeNull();
  });

  it("blocks a PDF that fails its check, with the problem on the field; nothing is created", async () => {
    const before = await creations();
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, {
        title: "Wrong pages",
        contentUrl: env.file("bad/photo-book-47-pages.pdf"),
        "variants[0].coverUrl": env.file("photo-book/cover-24.pdf"),
      }),
    });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.fieldErrors.contentUrl).toMatch(
      /Hardcover: Your PDF has 47 pages; this book needs 48 pages/,
    );
    expect(result.fieldErrors.contentUrl).toMatch(/Softcover: /);
    // A 24-page book's cover is too narrow for 48 pages.
    expect(result.fieldErrors["variants[0].coverUrl"]).toMatch(/mm/);
    expect(productsTitled("Wrong pages")).toHaveLength(0);
    expect(await creations()).toBe(before);
  });

  it("takes a cover that fits the book's spine", async () => {
    const preview = ok(
      await previewProduct({
        shop: DEMO_SHOP,
        admin: env.admin,
        form: creationForm(env, { "variants[0].coverUrl": env.file("photo-book/cover-48.pdf") }),
      }),
    );
    expect(preview.variants[0]!.coverPreflight).toMatchObject({ status: "passed" });
    expect(preview.variants[1]!.coverPreflight).toBeNull();
  });

  it("checks each variant with the mapping rules before anything else", async () => {
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { numberOfPages: "20", "variants[1].width": "50" }),
    });
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        numberOfPages: "Hardcover book A4 portrait takes 24 to 800 pages",
        "variants[1].width": "Width must be between 100 and 1,200 mm",
      },
    });
  });

  it("asks before selling below cost, then sells at the merchant's price", async () => {
    const fields = { title: "Cheap book", "variants[0].price": "1,00" };
    const form = creationForm(env, fields);
    const refused = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(refused.status).toBe("invalid");
    if (refused.status !== "invalid") return;
    expect(refused.fieldErrors).toEqual({
      confirmLoss:
        "Hardcover would sell below the print, shipping and VAT cost. Raise the price, or confirm that you want to sell at a loss.",
    });
    expect(refused.preview).toMatchObject({ ok: true, lossConfirmationNeeded: true });
    expect(productsTitled("Cheap book")).toHaveLength(0);

    form.set("confirmLoss", "on");
    const made = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(made.status).toBe("done");
    const [product] = productsTitled("Cheap book");
    expect(product!.variants.find((v) => v.selectedOptions[0]!.value === "Hardcover")!.price).toBe(
      "1.00",
    );
  });

  it("gives a print sold in sets the storefront minimum, priced per copy", async () => {
    const form = creationForm(
      env,
      {
        title: "Harbour Quarterly",
        "variants[0].offeringId": "228520",
        "variants[0].label": "Magazine",
      },
      ["variants[1].offeringId", "variants[1].label", "variants[1].width", "variants[1].height"],
    );
    const preview = ok(await previewProduct({ shop: DEMO_SHOP, admin: env.admin, form }));
    const [magazine] = preview.variants;
    expect(magazine!.quantity).toBe(5);
    expect(magazine!.perCopyCostMinor).toBe(Math.ceil(magazine!.costMinor / 5));
    const result = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(result.status).toBe("done");
    const [product] = productsTitled("Harbour Quarterly");
    const variant = product!.variants[0]!;
    expect(variant.price).toBe(eur(magazine!.priceMinor));
    expect(variant.metafields).toContainEqual(
      expect.objectContaining({ namespace: APP_NAMESPACE, key: "minimum_quantity", value: "5" }),
    );
    const mapping = await prisma.variantMapping.findUniqueOrThrow({
      where: { shop_variantId: { shop: DEMO_SHOP, variantId: variant.id } },
    });
    expect(mapping.storefrontMinimumQuantity).toBe(5);
  });

  it("lists it on the print service's checkout page when asked", async () => {
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Listed book", publish: "on" }),
    });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const rows = await prisma.publication.findMany({
      where: { shop: DEMO_SHOP, title: { startsWith: "Listed book" } },
    });
    expect(rows.map((r) => [r.title, r.offeringId, r.fileUrl, r.pages]).sort()).toEqual([
      ["Listed book – Hardcover", 228478, env.file("photo-book/interior-48.pdf"), 48],
      ["Listed book – Softcover", 228501, env.file("photo-book/interior-48.pdf"), 48],
    ]);
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view!.publications.map((p) => p.label)).toEqual(["Hardcover", "Softcover"]);
    expect(view!.publication?.checkoutUrl).toBe(view!.publications[0]!.checkoutUrl);
    const row = await prisma.productCreation.findUniqueOrThrow({
      where: { id: result.creationId },
    });
    expect(rows.map((r) => r.id)).toContain(row.publicationId);
    expect(row.problem).toBeNull();
  });

  it("keeps a product whose listing failed, with a note", async () => {
    // A refusal, not an outage: the client does not retry it.
    env.sandbox.control.addFaultRule({
      op: "publication.create",
      errorRate: 1,
      errorStatus: 400,
      errorCode: "INVALID_DATA",
      times: 10,
    });
    try {
      const result = await createProduct({
        shop: DEMO_SHOP,
        admin: env.admin,
        form: creationForm(env, { title: "Unlisted book", publish: "on" }, [
          "variants[1].offeringId",
          "variants[1].label",
          "variants[1].width",
          "variants[1].height",
        ]),
      });
      expect(result.status).toBe("done");
      if (result.status !== "done") return;
      const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
      expect(view!.publication).toBeNull();
      expect(view!.problem).toMatch(/checkout page could not be made for Hardcover/);
      expect(productsTitled("Unlisted book")).toHaveLength(1);
    } finally {
      env.sandbox.control.clearFaults();
    }
  });
});

describe("the product image", () => {
  it("is the PDF's first page, uploaded to Shopify", async () => {
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Pictured book", imageSource: "pdf" }),
    });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const row = await prisma.productCreation.findUniqueOrThrow({
      where: { id: result.creationId },
    });
    expect(row.problem).toBeNull();
    const [product] = productsTitled("Pictured book");
    expect(product!.media).toHaveLength(1);
    expect(product!.media[0]).toMatchObject({
      status: "READY",
      alt: expect.stringContaining("Pictured book"),
    });
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view).toMatchObject({ imageStatus: "ready", problem: null });
  });

  it("is a note, not a stop, when it cannot be made", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "stagedUploadsCreate",
      status: 503,
      times: 5,
    });
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Imageless book", imageSource: "pdf" }),
    });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const [product] = productsTitled("Imageless book");
    expect(product!.media).toHaveLength(0);
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view!.problem).toMatch(/^No product image: /);
    expect(view!.variants.every((v) => v.mappingUrl)).toBe(true);
  });

  it("can be the merchant's own URL", async () => {
    const imageUrl = `${env.shopify.url}/cdn/does-not-exist.png`;
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, { title: "Own image book", imageSource: "url", imageUrl }),
    });
    expect(result.status).toBe("done");
    await env.shopify.control.waitForMedia();
    const [product] = productsTitled("Own image book");
    // Shopify fetches it after the product is made: a URL that is no image fails there, not here.
    expect(product!.media[0]).toMatchObject({ originalSource: imageUrl, status: "FAILED" });
    if (result.status !== "done") return;
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view).toMatchObject({ state: "done", imageStatus: "failed" });
  });
  it("is left out, with a note, when Shopify refuses only the image", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      userErrors: [
        {
          field: ["input", "files", "0", "originalSource"],
          message: "Image could not be processed",
          code: "INVALID_INPUT",
        },
      ],
      times: 1,
    });
    const result = await createProduct({
      shop: DEMO_SHOP,
      admin: env.admin,
      form: creationForm(env, {
        title: "Refused image book",
        imageSource: "url",
        imageUrl: "https://images.example.com/cover.png",
      }),
    });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const [product] = productsTitled("Refused image book");
    expect(product!.media).toHaveLength(0);
    const view = await getCreation({ shop: DEMO_SHOP, admin: env.admin, id: result.creationId });
    expect(view!.problem).toBe(
      "Shopify did not take the product image (Image could not be processed); add one in Shopify.",
    );
  });
});

describe("Shopify's refusals", () => {
  it("land on the field they name; nothing is created, and the same form then goes through", async () => {
    env.shopify.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      userErrors: [
        {
          field: ["input", "variants", "1", "price"],
          message: "Price must be less than 1000000",
          code: "INVALID_VARIANT",
        },
        { field: ["input", "title"], message: "Title is reserved", code: "INVALID_PRODUCT" },
      ],
      times: 1,
    });
    const form = creationForm(env, { title: "Refused book" });
    const refused = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(refused).toEqual({
      status: "invalid",
      fieldErrors: {
        "variants[1].price": "Shopify: Price must be less than 1000000.",
        title: "Shopify: Title is reserved.",
      },
    });
    expect(productsTitled("Refused book")).toHaveLength(0);
    expect(
      await prisma.variantMapping.count({
        where: { shop: DEMO_SHOP, title: { startsWith: "Refused book" } },
      }),
    ).toBe(0);

    const made = await createProduct({ shop: DEMO_SHOP, admin: env.admin, form });
    expect(made.status).toBe("done");
    expect(productsTitled("Refused book")).toHaveLength(1);
  });

  it("say so in plain words when the shop has not allowed Print Connect to write products", async () => {
    const granted = (await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } })).scopes;
    env.shopify.control.setScopes(
      DEMO_SHOP,
      granted
        .split(",")
        .filter((s) => s !== "write_products")
        .join(","),
    );
    try {
      const result = await createProduct({
        shop: DEMO_SHOP,
        admin: env.admin,
        form: creationForm(env, { title: "Not allowed" }),
      });
      expect(result).toMatchObject({
        status: "failed",
        message:
          "Shopify does not let Print Connect create products in your store yet. Allow it to write products (Shopify asks you once), then try again. Nothing was created.",
      });
      expect(productsTitled("Not allowed")).toHaveLength(0);
    } finally {
      env.shopify.control.setScopes(DEMO_SHOP, granted);
    }
  });
});
