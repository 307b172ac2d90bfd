import type { Shop, ShopOrder } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { NOT_SCHEDULED } from "~/services/fulfilment/machine";
import { mapShippingAddress } from "~/services/fulfilment/print-plan";
import type { StepContext } from "~/services/fulfilment/step-support/context";
import { fulfil } from "~/services/fulfilment/steps/fulfil";
import { addressOf } from "~/services/fulfilment/step-support/order-data";
import type { Loaded } from "~/services/fulfilment/step-support/result";
import { route } from "~/services/fulfilment/steps/route";
import type { Offering } from "~/services/print";
import {
  addressValuesOf,
  asShopifyAddress,
  checkAddress,
  proofSourceOf,
  shopAddressValues,
  whatToPrint,
  type MappingForProof,
  type ProofPorts,
} from "~/services/proofs";

/**
 * Proof copies in the pipeline's pure steps and the placing workflow's own steps, without a
 * database: a proof goes straight to print, ends without Shopify when shipped, and its address
 * is checked by the rules a shop order's address is checked by.
 */

const NOW = new Date("2026-11-28T10:00:00Z");

const ADDRESS = {
  firstName: "Sam",
  lastName: "de Vries",
  company: "Studio Noord",
  address1: "Keizersgracht 1",
  address2: "",
  zip: "1015 AA",
  city: "Amsterdam",
  province: "",
  countryCode: "NL",
  phone: "",
  email: "sam@studio.example",
};

const proofOrder = (over: Partial<Loaded> = {}): Loaded =>
  ({
    id: "po1",
    shop: "shop.example",
    shopOrderId: "so1",
    shopifyOrderId: "proof-abcdefghijklmnopqrstuv",
    shopifyOrderName: "Proof P1001",
    kind: "proof",
    groupIndex: 0,
    orderReference: "PC-proof-abcdefghijklmnopqrstuv",
    status: "pending",
    resumeStatus: null,
    serviceState: null,
    currency: "EUR",
    attempts: 0,
    approvedAt: NOW,
    createdAt: NOW,
    trackingCode: null,
    trackingUrl: null,
    fulfillmentId: null,
    trackingPushed: "[]",
    items: [],
    shopOrder: {
      shopifyOrderId: "proof-abcdefghijklmnopqrstuv",
      name: "Proof P1001",
      email: ADDRESS.email,
      currency: "EUR",
      lineItems: "[]",
      shippingAddress: JSON.stringify(asShopifyAddress(ADDRESS)),
    } as ShopOrder,
    ...over,
  }) as Loaded;

/** A context with no database and a Shopify that fails the test if it is called. */
const context = (shop: Partial<Shop> = {}): StepContext =>
  ({
    now: () => NOW,
    shop: { routingMode: "immediate", holdHours: 0, notifyCustomer: true, ...shop },
    shopify: {
      graphql: () => {
        throw new Error("a proof must not call Shopify");
      },
    },
  }) as unknown as StepContext;

describe("a proof in the pipeline", () => {
  it("goes straight to print whatever the shop's routing", () => {
    for (const routingMode of ["immediate", "hold", "manual"]) {
      const result = route(proofOrder(), context({ routingMode, holdHours: 24 }), {});
      expect(result.data.status).toBe("ready");
      expect(result.continue).toBe(true);
      expect(result.events[0]?.message).toBe("Checked and quoted; a proof goes straight to print.");
    }
  });

  it("ends when shipped, with its tracking and no Shopify call", async () => {
    const shipped = proofOrder({ status: "shipped", trackingCode: "TRK123" });
    const result = await fulfil(shipped, context());
    expect(result.data).toEqual({ status: "fulfilled", nextAttemptAt: NOT_SCHEDULED, attempts: 0 });
    expect(result.events.map((e) => e.message)).toEqual([
      "Proof shipped: tracking TRK123; no Shopify order to fulfil.",
    ]);
    // A later parcel of a finished proof is not sent anywhere either.
    const again = await fulfil(
      proofOrder({ status: "fulfilled", trackingCode: "TRK9" }),
      context(),
    );
    expect(again.data).toEqual({ nextAttemptAt: NOT_SCHEDULED, attempts: 0 });
  });

  it("is sent to the address the merchant placed it with", () => {
    expect(addressOf(proofOrder())).toEqual({
      emailAddress: "sam@studio.example",
      shippingAddress: {
        firstName: "Sam",
        lastName: "de Vries",
        addressLine1: "Keizersgracht 1",
        zipCode: "1015 AA",
        city: "Amsterdam",
        countryCode: "NL",
        companyName: "Studio Noord",
      },
    });
  });
});

describe("a proof's address", () => {
  it("refuses every field the print service would refuse, at once, in plain words", () => {
    const checked = checkAddress({
      ...ADDRESS,
      firstName: "",
      lastName: "",
      address1: "",
      city: "",
      countryCode: "NLD",
      email: "sam@",
    });
    expect(checked).toEqual({
      ok: false,
      fieldErrors: {
        firstName: "Enter the first name.",
        lastName: "Enter the last name.",
        address1: "Enter the street and house number.",
        city: "Enter the city.",
        countryCode: "Choose a country from the list.",
        email: "Enter an email address like name@example.com.",
      },
    });
  });

  it("is what a shop order's address rules send, once it passes", () => {
    const checked = checkAddress(ADDRESS);
    if (!checked.ok) throw new Error("refused");
    const asOrder = mapShippingAddress({
      shipping_address: checked.shippingAddress,
      email: ADDRESS.email,
    });
    expect(asOrder).toEqual({ ok: true, address: checked.forPrint });
  });

  it("takes text of only spaces as empty, as the print service does", () => {
    const values = addressValuesOf((name) => (name === "city" ? "   " : null));
    expect(values.city).toBe("");
    expect(
      mapShippingAddress({
        shipping_address: asShopifyAddress({ ...ADDRESS, lastName: "  " }),
        email: ADDRESS.email,
      }),
    ).toMatchObject({ ok: false, reason: "The shipping address has no last name." });
  });

  it("starts from the shop's own address in Shopify, its owner's name split", () => {
    expect(
      shopAddressValues({
        name: "Studio Noord",
        ownerName: "Sam de Vries",
        email: "sam@studio.example",
        address: {
          company: null,
          address1: "Keizersgracht 1",
          address2: null,
          zip: "1015 AA",
          city: "Amsterdam",
          provinceCode: null,
          countryCode: "nl",
          phone: null,
        },
      }),
    ).toEqual({ ...ADDRESS });
  });
});

const BOOK: Offering = {
  id: 228500,
  name: "Softcover book A5",
  paperType: undefined,
  catalogueItemCode: undefined,
  minimumQuantity: 1,
  minNumberOfPages: 32,
  maxNumberOfPages: 600,
  dimensionWidth: 148,
  dimensionHeight: 210,
  dynamicSize: false,
  minDimensionWidth: undefined,
  minDimensionHeight: undefined,
  pricing: undefined,
};
const MAGAZINE: Offering = { ...BOOK, id: 228520, name: "Magazine", minimumQuantity: 5 };

function ports(mappings: MappingForProof[]): ProofPorts {
  const offerings = new Map([BOOK, MAGAZINE].map((o) => [o.id, o]));
  return {
    shop: "shop.example",
    mapping: async (variantId) => mappings.find((m) => m.variantId === variantId) ?? null,
    offering: async (id) => ({ status: "ok", offering: offerings.get(id) ?? null }),
    shopAddress: async () => null,
    currency: async () => "EUR",
    quote: async () => ({ status: "no_credentials" }),
    store: {
      findByRequestKey: async () => null,
      record: async () => {
        throw new Error("not in these tests");
      },
    },
  };
}

const mapping = (over: Partial<MappingForProof> = {}): MappingForProof => ({
  variantId: "gid://shopify/ProductVariant/7",
  title: "The Novel",
  offeringId: 228500,
  contentUrl: "https://files.example.com/novel.pdf",
  contentWidth: 148,
  contentHeight: 210,
  numberOfPages: 320,
  coverUrl: "https://files.example.com/cover.pdf",
  spineCustomUrl: null,
  spineText: JSON.stringify({ textFont: "Georgia", textSize: 10, textColour: "#000000" }),
  fileProperty: null,
  ...over,
});

describe("what a proof prints", () => {
  const params = (q: string) => {
    const p = new URLSearchParams(q);
    return (name: string) => p.get(name);
  };

  it("reads a variant's number or GID, or an offering with a file, and nothing else", () => {
    expect(proofSourceOf(params("variantId=7"))).toEqual({
      kind: "mapping",
      variantId: "gid://shopify/ProductVariant/7",
    });
    expect(proofSourceOf(params("variantId=gid://shopify/ProductVariant/7"))).toMatchObject({
      variantId: "gid://shopify/ProductVariant/7",
    });
    expect(
      proofSourceOf(params("offeringId=228520&contentUrl=https://x.example/a.pdf&pages=8")),
    ).toMatchObject({ kind: "offering", offeringId: 228520, pages: "8" });
    expect(proofSourceOf(params("variantId=abc"))).toBeNull();
    expect(proofSourceOf(params("offeringId=0"))).toBeNull();
  });

  it("is the mapping's own file, size, pages, cover and spine, one copy", async () => {
    const what = await whatToPrint(ports([mapping()]), {
      kind: "mapping",
      variantId: "gid://shopify/ProductVariant/7",
    });
    expect(what).toEqual({
      ok: true,
      item: {
        variantId: "gid://shopify/ProductVariant/7",
        title: "The Novel",
        offeringId: 228500,
        offeringName: "Softcover book A5",
        quantity: 1,
        files: {
          contentUrl: "https://files.example.com/novel.pdf",
          contentWidth: 148,
          contentHeight: 210,
          numberOfPages: 320,
          coverUrl: "https://files.example.com/cover.pdf",
          spine: { kind: "dynamic", textFont: "Georgia", textSize: 10, textColour: "#000000" },
        },
      },
    });
  });

  it("is the offering's minimum quantity of a file, at the offering's size", async () => {
    const what = await whatToPrint(ports([]), {
      kind: "offering",
      offeringId: 228520,
      contentUrl: "https://files.example.com/m.pdf",
      pages: "48",
      width: "",
      height: "",
    });
    expect(what).toMatchObject({
      ok: true,
      item: { quantity: 5, variantId: "", files: { contentWidth: 148, numberOfPages: 48 } },
    });
  });

  it("says why there is nothing to proof", async () => {
    const p = ports([
      mapping({
        variantId: "gid://shopify/ProductVariant/8",
        contentUrl: null,
        fileProperty: "Print file",
      }),
    ]);
    const gid = (n: number) => `gid://shopify/ProductVariant/${n}`;
    expect(await whatToPrint(p, { kind: "mapping", variantId: gid(8) })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/comes with each customer's order/),
    });
    expect(await whatToPrint(p, { kind: "mapping", variantId: gid(9) })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not mapped/),
    });
    const file = { kind: "offering" as const, offeringId: 228500, width: "", height: "" };
    expect(
      await whatToPrint(p, { ...file, contentUrl: "javascript:alert(1)", pages: "40" }),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/full web address/) });
    expect(
      await whatToPrint(p, { ...file, contentUrl: "https://x.example/a.pdf", pages: "2" }),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/32/) });
  });
});
