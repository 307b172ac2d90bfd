import { describe, expect, it } from "vitest";
import {
  checkCreationVariants,
  descriptionHtml,
  priceVariants,
  productHandle,
  productSetVariables,
  readCreationForm,
  userErrorField,
  userErrorsToFields,
  type CreationOffering,
} from "~/services/product-creation";
import { DEFAULT_PRICING_RULE } from "~/services/pricing/price-rule";

/** The pure parts of "Create product": the form, the handle, the description, the input Shopify gets. */

const KEY = "k3Y_abcdefghijklmnopqr";

const HARDCOVER: CreationOffering = {
  id: 228478,
  name: "Hardcover book A4 portrait",
  categoryCode: "BO",
  subCategoryCode: "HC",
  minimumQuantity: 1,
  minNumberOfPages: 24,
  maxNumberOfPages: 800,
  dimensionWidth: 210,
  dimensionHeight: 297,
  dynamicSize: false,
  paperType: "Silk 150gsm",
};
const CUSTOM: CreationOffering = {
  id: 228501,
  name: "Softcover book custom size",
  categoryCode: "BO",
  subCategoryCode: "SC",
  minimumQuantity: 0,
  minNumberOfPages: 32,
  maxNumberOfPages: 480,
  dimensionWidth: 297,
  dimensionHeight: 297,
  dynamicSize: true,
  minDimensionWidth: 100,
  minDimensionHeight: 100,
};
const MAGAZINE: CreationOffering = {
  id: 228520,
  name: "Perfect bound magazine A4",
  categoryCode: "MA",
  subCategoryCode: "PM",
  minimumQuantity: 5,
  minNumberOfPages: 8,
  maxNumberOfPages: 200,
  dimensionWidth: 210,
  dimensionHeight: 297,
  dynamicSize: false,
};
const CATALOGUE = new Map([HARDCOVER, CUSTOM, MAGAZINE].map((o) => [o.id, o]));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({
    requestKey: KEY,
    intent: "create",
    title: "Tides of Home",
    contentUrl: "https://files.example.com/tides.pdf",
    numberOfPages: "48",
    "variants[0].offeringId": "228478",
    "variants[0].label": "Hardcover",
    ...fields,
  }))
    data.append(k, v);
  return data;
};

function checked(fields: Record<string, string>) {
  const read = readCreationForm(form(fields));
  if (!read.ok) throw new Error(JSON.stringify(read.fieldErrors));
  return checkCreationVariants(read.posted, CATALOGUE);
}

describe("the posted form", () => {
  it("reads a two-variant book, empty rows left out", () => {
    const read = readCreationForm(
      form({
        "variants[1].offeringId": "228501",
        "variants[1].width": "210",
        "variants[1].height": "297",
        "variants[1].price": "19,50",
        publish: "on",
        status: "active",
        imageSource: "none",
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.posted.variants.map((v) => [v.index, v.offeringId, v.label, v.price])).toEqual([
      [0, "228478", "Hardcover", ""],
      [1, "228501", "", "19,50"],
    ]);
    expect(read.posted).toMatchObject({ status: "active", publish: true, imageSource: "none" });
  });

  it("says what is missing, on each field", () => {
    const data = new FormData();
    data.append("requestKey", "short");
    data.append("title", "x".repeat(256));
    data.append("description", "y".repeat(5001));
    data.append("status", "archived");
    data.append("imageSource", "url");
    const read = readCreationForm(data);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fieldErrors).toEqual({
      form: "This form is out of date. Reload the page and fill it in again.",
      title: "Use at most 255 characters for the title",
      description: "Use at most 5,000 characters for the description",
      status: "Choose Draft or Active",
      imageUrl: "Enter the image URL, or choose another image",
      "variants[0].offeringId": "Choose at least one offering",
    });
    const blank = readCreationForm(form({ title: "  " }));
    expect(!blank.ok && blank.fieldErrors.title).toBe("Enter the product's title");
  });

  it("checks every variant with the mapping rules, on the variant's own fields", () => {
    const result = checked({
      numberOfPages: "10",
      "variants[1].offeringId": "228501",
      "variants[2].offeringId": "999999",
      "variants[3].offeringId": "228478",
      "variants[3].width": "148",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      numberOfPages: "Hardcover book A4 portrait takes 24 to 800 pages",
      "variants[1].width": "Enter the width in mm, between 100 and 1,200 mm",
      "variants[1].height": "Enter the height in mm, between 100 and 1,200 mm",
      "variants[2].offeringId":
        "This offering is not in the print-service catalogue; choose another",
      "variants[3].width": "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297",
    });
  });

  it("labels a variant by its offering unless named, and refuses two alike", () => {
    const result = checked({
      "variants[0].label": "",
      "variants[1].offeringId": "228501",
      "variants[1].width": "210",
      "variants[1].height": "297",
      "variants[1].label": "softcover",
    });
    expect(result.ok && result.variants.map((v) => v.label)).toEqual([
      "Hardcover book A4 portrait",
      "softcover",
    ]);
    const twice = checked({
      "variants[1].offeringId": "228501",
      "variants[1].width": "210",
      "variants[1].height": "297",
      "variants[1].label": "HARDCOVER",
    });
    expect(!twice.ok && twice.fieldErrors["variants[1].label"]).toMatch(/Variant 1 is also called/);
  });

  it("gives a variant sold in sets its minimum, as a mapping with the storefront rule", () => {
    const result = checked({ "variants[0].offeringId": "228520" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.variants[0]).toMatchObject({
      copies: 5,
      mapping: { storefrontMinimumQuantity: 5, contentWidth: 210, contentHeight: 297 },
    });
  });
});

describe("prices", () => {
  const two = () => {
    const result = checked({
      "variants[1].offeringId": "228501",
      "variants[1].width": "210",
      "variants[1].height": "297",
      "variants[1].label": "Softcover",
      "variants[1].price": "9,50",
    });
    if (!result.ok) throw new Error("not checked");
    return result.variants;
  };

  it("takes the rule's price, or the merchant's, and flags a loss", () => {
    const result = priceVariants({
      variants: two(),
      costs: [
        { quantity: 1, totalMinor: 2000, perCopyMinor: 2000 },
        { quantity: 1, totalMinor: 1200, perCopyMinor: 1200 },
      ],
      rule: DEFAULT_PRICING_RULE,
      currency: "EUR",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [hard, soft] = result.priced;
    // 30 % margin on 20.00: 28.58 and up, rounded up to .99.
    expect(hard).toMatchObject({ priceMinor: 2899, belowCost: false, overridden: false });
    expect(hard!.marginBps).toBeGreaterThanOrEqual(3000);
    expect(soft).toMatchObject({
      priceMinor: 950,
      suggestedPriceMinor: 1799,
      marginMinor: -250,
      belowCost: true,
      overridden: true,
    });
  });

  it("says how to write a price it cannot read", () => {
    const variants = two();
    variants[1]!.priceText = "nine";
    const result = priceVariants({
      variants,
      costs: [
        { quantity: 1, totalMinor: 2000, perCopyMinor: 2000 },
        { quantity: 1, totalMinor: 1200, perCopyMinor: 1200 },
      ],
      rule: DEFAULT_PRICING_RULE,
      currency: "EUR",
    });
    expect(!result.ok && result.fieldErrors).toEqual({
      "variants[1].price": "Enter an amount like 4.95",
    });
  });
});

describe("handle and description", () => {
  it("makes the same handle from the same submission, another from another", () => {
    expect(productHandle("Tides of Home", KEY)).toBe(productHandle("Tides of Home", KEY));
    expect(productHandle("Tides of Home", KEY)).toMatch(/^tides-of-home-[0-9a-z]{14}$/);
    expect(productHandle("Tides of Home", `${KEY}x`)).not.toBe(productHandle("Tides of Home", KEY));
    expect(productHandle("Über Bücher & Café!", KEY)).toMatch(/^uber-bucher-cafe-/);
    expect(productHandle("日本", KEY)).toMatch(/^print-product-/);
    expect(productHandle("a".repeat(300), KEY).length).toBeLessThanOrEqual(64);
  });

  it("escapes markup and keeps paragraphs", () => {
    expect(descriptionHtml("First <b>line</b>\nsecond & more\n\n\nNew \"para\" 'x'")).toBe(
      "<p>First &lt;b&gt;line&lt;/b&gt;<br>second &amp; more</p><p>New &quot;para&quot; &#39;x&#39;</p>",
    );
    expect(descriptionHtml("  \n ")).toBe("");
    expect(descriptionHtml("<script>alert(1)</script>")).not.toContain("<script>");
  });
});

describe("the productSet input", () => {
  it("has the variants, prices, print specs and image Shopify needs", () => {
    const result = checked({
      "variants[1].offeringId": "228520",
      "variants[1].label": "Magazine",
    });
    if (!result.ok) throw new Error("not checked");
    const { identifier, input } = productSetVariables({
      handle: "tides-of-home-abc",
      title: "Tides of Home",
      description: "A book.",
      status: "draft",
      vendor: "Print Connect Demo",
      currency: "EUR",
      variants: result.variants,
      prices: new Map([
        [0, 3499],
        [1, 899],
      ]),
      image: {
        originalSource: "https://cdn.example.com/x.png",
        alt: "First page of Tides of Home",
      },
    });
    expect(identifier).toEqual({ handle: "tides-of-home-abc" });
    expect(input).toMatchObject({
      title: "Tides of Home",
      handle: "tides-of-home-abc",
      descriptionHtml: "<p>A book.</p>",
      status: "DRAFT",
      productType: "Book",
      vendor: "Print Connect Demo",
      productOptions: [
        { name: "Edition", position: 1, values: [{ name: "Hardcover" }, { name: "Magazine" }] },
      ],
      files: [
        {
          originalSource: "https://cdn.example.com/x.png",
          contentType: "IMAGE",
          alt: "First page of Tides of Home",
        },
      ],
    });
    const variants = input.variants as Record<string, unknown>[];
    expect(variants[0]).toMatchObject({
      optionValues: [{ optionName: "Edition", name: "Hardcover" }],
      price: "34.99",
      sku: "PC-228478-48P",
      inventoryPolicy: "CONTINUE",
      inventoryItem: { tracked: false, requiresShipping: true },
    });
    expect(variants[1]).toMatchObject({ price: "8.99" });
    expect(variants[1]!.metafields).toContainEqual({
      namespace: "$app:print_connect",
      key: "minimum_quantity",
      type: "number_integer",
      value: "5",
    });
    expect(variants[0]!.metafields).toHaveLength(1);
    expect(input.metafields).toEqual([
      { namespace: "$app:print_connect", key: "pages", type: "number_integer", value: "48" },
      {
        namespace: "$app:print_connect",
        key: "size",
        type: "single_line_text_field",
        value: "210 × 297 mm",
      },
      {
        namespace: "$app:print_connect",
        key: "format",
        type: "single_line_text_field",
        value: "Hardcover book A4 portrait / Perfect bound magazine A4",
      },
      {
        namespace: "$app:print_connect",
        key: "paper",
        type: "single_line_text_field",
        value: "Silk 150gsm",
      },
    ]);
  });
});

describe("Shopify's userErrors on the form", () => {
  it("puts each on the field its path names", () => {
    const indexes = [0, 3];
    expect(userErrorField(["input", "title"], indexes, "pdf")).toBe("title");
    expect(userErrorField(["input", "handle"], indexes, "pdf")).toBe("title");
    expect(userErrorField(["input", "descriptionHtml"], indexes, "pdf")).toBe("description");
    expect(userErrorField(["input", "variants", "1", "price"], indexes, "pdf")).toBe(
      "variants[3].price",
    );
    expect(userErrorField(["input", "variants", "0", "optionValues", "0"], indexes, "pdf")).toBe(
      "variants[0].label",
    );
    expect(userErrorField(["input", "variants", "1", "sku"], indexes, "pdf")).toBe(
      "variants[3].offeringId",
    );
    expect(userErrorField(["input", "variants", "7", "price"], indexes, "pdf")).toBe("form");
    expect(userErrorField(["input", "files", "0", "originalSource"], indexes, "url")).toBe(
      "imageUrl",
    );
    expect(userErrorField(["input", "metafields", "0", "value"], indexes, "pdf")).toBe("form");
    expect(userErrorField(null, indexes, "pdf")).toBe("form");
  });

  it("joins several on one field", () => {
    expect(
      userErrorsToFields(
        [
          { field: ["input", "variants", "0", "price"], message: "Price must be positive" },
          { field: ["input", "variants", "0", "price"], message: "Price is too large." },
          { field: null, message: "Something else" },
        ],
        [0],
        "pdf",
      ),
    ).toEqual({
      "variants[0].price": "Shopify: Price must be positive. Shopify: Price is too large.",
      form: "Shopify: Something else.",
    });
  });
});
