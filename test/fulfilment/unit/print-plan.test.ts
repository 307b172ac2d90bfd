import { describe, expect, it } from "vitest";
import {
  mapShippingAddress,
  orderReference,
  planPrintItems,
  type MappingForPlan,
} from "~/services/fulfilment/print-plan";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";

const mapping = (over: Partial<MappingForPlan> = {}): MappingForPlan => ({
  variantId: "gid://shopify/ProductVariant/501",
  offeringId: 7,
  contentUrl: "https://files.example/book.pdf",
  contentWidth: 148,
  contentHeight: 210,
  numberOfPages: 120,
  coverUrl: null,
  spineCustomUrl: null,
  spineText: null,
  fileProperty: null,
  ...over,
});

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Main St",
  city: "London",
  zip: "N1 1AA",
  country_code: "GB",
};

const orderWith = (lines: object[], extra: object = {}) =>
  shopifyOrderSchema.parse({
    id: 1001,
    name: "#1001",
    email: "ada@example.com",
    line_items: lines,
    shipping_address: address,
    ...extra,
  });

const line = (id: number, variantId: number | null, over: object = {}) => ({
  id,
  variant_id: variantId,
  title: "Book",
  variant_title: "Hardcover",
  quantity: 2,
  ...over,
});

describe("planning a paid shop order into print items", () => {
  it("turns each mapped line into a print item with the mapping's file", () => {
    const plan = planPrintItems(
      orderWith([line(11, 501)]),
      new Map([["gid://shopify/ProductVariant/501", mapping()]]),
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.items).toEqual([
      {
        lineItemId: "11",
        variantId: "gid://shopify/ProductVariant/501",
        offeringId: 7,
        quantity: 2,
        title: "Book - Hardcover",
        itemReference: "11",
        files: {
          contentUrl: "https://files.example/book.pdf",
          contentWidth: 148,
          contentHeight: 210,
          numberOfPages: 120,
        },
        fileProperty: null,
      },
    ]);
  });

  it("skips lines that are not print products and lines of quantity 0", () => {
    const plan = planPrintItems(
      orderWith([
        line(11, 999),
        line(12, null),
        line(13, 501, { quantity: 0, variant_title: null }),
      ]),
      new Map([["gid://shopify/ProductVariant/501", mapping()]]),
    );
    expect(plan.items).toEqual([]);
    expect(plan.skipped).toEqual([
      { lineItemId: "11", title: "Book - Hardcover", reason: "not a print product" },
      { lineItemId: "12", title: "Book - Hardcover", reason: "not a print product" },
      { lineItemId: "13", title: "Book", reason: "quantity 0" },
    ]);
  });

  it("takes a personalised file from the line's property, and waits when there is none", () => {
    const personalised = new Map([
      [
        "gid://shopify/ProductVariant/501",
        mapping({ contentUrl: null, fileProperty: "Photo book" }),
      ],
    ]);
    const given = planPrintItems(
      orderWith([
        line(11, 501, { properties: [{ name: "Photo book", value: "https://up.example/a.pdf" }] }),
      ]),
      personalised,
    );
    expect(given.items[0]?.files?.contentUrl).toBe("https://up.example/a.pdf");
    expect(given.items[0]?.fileProperty).toBe("Photo book");
    const awaited = planPrintItems(orderWith([line(11, 501)]), personalised);
    expect(awaited.items[0]?.files).toBeNull();
  });

  it("never takes a customer's value that is not an http(s) URL as a file", () => {
    const plan = planPrintItems(
      orderWith([
        line(11, 501, { properties: [{ name: "Photo book", value: "javascript:alert(1)" }] }),
      ]),
      new Map([
        [
          "gid://shopify/ProductVariant/501",
          mapping({ contentUrl: null, fileProperty: "Photo book" }),
        ],
      ]),
    );
    expect(plan.items[0]?.files).toBeNull();
  });

  it("adds the cover and the spine the mapping names", () => {
    const plan = planPrintItems(
      orderWith([line(11, 501)]),
      new Map([
        [
          "gid://shopify/ProductVariant/501",
          mapping({
            coverUrl: "https://files.example/cover.pdf",
            spineCustomUrl: "https://files.example/spine.pdf",
          }),
        ],
      ]),
    );
    expect(plan.items[0]?.files).toMatchObject({
      coverUrl: "https://files.example/cover.pdf",
      spine: { kind: "custom", url: "https://files.example/spine.pdf" },
    });
  });
});

describe("the shipping address for the print service", () => {
  it("maps Shopify's address and the customer's email", () => {
    const result = mapShippingAddress(orderWith([]));
    expect(result).toEqual({
      ok: true,
      address: {
        emailAddress: "ada@example.com",
        shippingAddress: {
          firstName: "Ada",
          lastName: "Lovelace",
          addressLine1: "1 Main St",
          zipCode: "N1 1AA",
          city: "London",
          countryCode: "GB",
        },
      },
    });
  });

  it("says what is missing instead of sending an incomplete address", () => {
    const result = mapShippingAddress(
      orderWith([], { shipping_address: { ...address, city: null, last_name: null, name: "Ada" } }),
    );
    expect(result).toMatchObject({
      ok: false,
      reason: "The shipping address has no last name, city.",
    });
    expect(mapShippingAddress(orderWith([], { shipping_address: null }))).toMatchObject({
      ok: false,
      reason: "The order has no shipping address.",
    });
  });
});

describe("the order reference", () => {
  it("is fixed per shop order and group, counting groups from 1", () => {
    expect(orderReference("820982911946154508", 0)).toBe("PC-820982911946154508-1");
    expect(orderReference("820982911946154508", 2)).toBe("PC-820982911946154508-3");
  });
});
