/**
 * Every GraphQL document the app sends to Shopify, collected from the source under app/
 * (test/support/app-documents.ts),
 * checked against the stand-in's schema (Shopify's names, with Shopify's @deprecated
 * marks): it must parse, validate, and use no deprecated field or enum value.
 */
import { NoDeprecatedCustomRule, parse, validate, type GraphQLError } from "graphql";
import { afterEach, describe, expect, it } from "vitest";
import { adminSchema } from "../../sandbox/shopify";
import { deprecatedUses } from "../../sandbox/shopify/graphql";
import { appDocuments } from "../support/app-documents";
import { API_VERSION, SHOP, startHarness, type FakeHarness } from "./helpers";

const documents = appDocuments();

describe("the GraphQL documents the app sends", () => {
  it("are found in the source (products, orders, fulfilment, carrier service, shop)", () => {
    const names = documents.map((d) => /(?:query|mutation)\s+(\w+)/.exec(d.text)?.[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "PrintConnectProducts",
        "PrintConnectVariants",
        "PrintConnectShopInfo",
        "PrintConnectOrderFulfilment",
        "PrintConnectFulfil",
        "PrintConnectTracking",
        "PrintConnectCarrierServiceCreate",
        "PrintConnectCartRule",
        "PrintConnectValidationCreate",
        "PrintConnectValidationUpdate",
        "PrintConnectMainThemeTemplate",
        "PrintConnectLatestPaidOrder",
      ]),
    );
  });

  it.each(documents.map((d) => [d.where, d] as const))(
    "%s validates against the Admin schema and selects nothing deprecated",
    (_, d) => {
      const document = parse(d.text);
      const message = (errors: readonly GraphQLError[]) => errors.map((e) => e.message);
      expect(message(validate(adminSchema, document))).toEqual([]);
      expect(message(validate(adminSchema, document, [NoDeprecatedCustomRule]))).toEqual([]);
    },
  );
});

describe("the Shopify stand-in's schema", () => {
  it("carries Shopify's deprecations, so a document selecting one is caught", () => {
    const uses = deprecatedUses(
      parse(`query {
        shop { billingAddress { countryCodeV2 } plan { displayName } }
        products(first: 1) { nodes { featuredImage { url } variants(first: 1) { nodes { image { url } } } } }
      }`),
    );
    expect(uses.map((u) => u.coordinate).sort()).toEqual([
      "Product.featuredImage",
      "ProductVariant.image",
      "Shop.billingAddress",
      "ShopPlan.displayName",
    ]);
    expect(uses.find((u) => u.coordinate === "Shop.billingAddress")?.reason).toBe(
      "Use `shopAddress` instead.",
    );
    const status = adminSchema.getType("FulfillmentStatus");
    const values = status && "getValues" in status ? status.getValues() : [];
    expect(values.filter((v) => v.deprecationReason).map((v) => v.name)).toEqual([
      "OPEN",
      "PENDING",
    ]);
    const mutations = adminSchema.getMutationType()!.getFields();
    expect(mutations.fulfillmentCreateV2?.deprecationReason).toBe(
      "Use `fulfillmentCreate` instead.",
    );
    expect(mutations.fulfillmentTrackingInfoUpdateV2?.deprecationReason).toBe(
      "Use `fulfillmentTrackingInfoUpdate` instead.",
    );
  });
});

describe("the Shopify stand-in answering a deprecated selection", () => {
  let h: FakeHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function post(query: string) {
    const response = await fetch(`https://${SHOP}/admin/api/${API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": h!.token },
      body: JSON.stringify({ query }),
    });
    return {
      deprecated: response.headers.get("X-Shopify-API-Deprecated-Reason"),
      body: (await response.json()) as { data?: unknown; errors?: { message: string }[] },
    };
  }

  it("names the deprecations in Shopify's header and still answers, as Shopify does", async () => {
    h = await startHarness();
    const old = await post("query { shop { billingAddress { countryCodeV2 } } }");
    expect(old.deprecated).toBe("Shop.billingAddress");
    expect(old.body.data).toEqual({ shop: { billingAddress: { countryCodeV2: "NL" } } });
    const current = await post("query { shop { shopAddress { countryCodeV2 } } }");
    expect(current.deprecated).toBeNull();
    expect(current.body.data).toEqual({ shop: { shopAddress: { countryCodeV2: "NL" } } });
    const media = await post(
      'query { products(first: 1, query: "photo") { nodes { featuredMedia { preview { image { url } } } } } }',
    );
    expect(media.deprecated).toBeNull();
    // The demo images are paths on the app's origin (none is configured here).
    expect(JSON.stringify(media.body.data)).toMatch(/"url":"\/sandbox\/products\/[\w-]+\.svg"/);
  });

  it("refuses it in strict mode, running nothing, and logs what was used", async () => {
    h = await startHarness({ rejectDeprecated: true });
    const old = await post("query { shop { name billingAddress { countryCodeV2 } } }");
    expect(old.body.data).toBeUndefined();
    expect(old.body.errors?.map((e) => e.message)).toEqual([
      "Shop.billingAddress is deprecated. Use `shopAddress` instead.",
    ]);
    expect(h.fake.control.requestLog({ kind: "graphql" }).at(-1)?.deprecations).toEqual([
      "Shop.billingAddress",
    ]);
  });
});
