import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

const PRODUCTS = `#graphql
  query Products($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
    products(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
      edges { cursor node { id title productType variantsCount { count } } }
      nodes { id }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

interface ProductsPage {
  edges: Array<{
    cursor: string;
    node: { id: string; title: string; productType: string; variantsCount: { count: number } };
  }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

describe("Admin GraphQL", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const page = async (variables: Record<string, unknown>) => {
    const res = await h.gql(PRODUCTS, variables);
    expect(res.body.errors).toBeUndefined();
    return at<ProductsPage>(res.body.data, "products");
  };

  it("answers shop fields with Shopify-like cost extensions", async () => {
    const res = await h.gql(
      "{ shop { id name myshopifyDomain currencyCode email ianaTimezone contactEmail } }",
    );
    expect(res.body.data).toEqual({
      shop: {
        id: DEMO_IDS.shop,
        name: "Print Connect Demo",
        myshopifyDomain: "print-connect-demo.myshopify.com",
        currencyCode: "EUR",
        email: "owner@print-connect-demo.example",
        ianaTimezone: "Europe/Amsterdam",
        contactEmail: "hello@print-connect-demo.example",
      },
    });
    expect(res.body.extensions?.cost).toMatchObject({
      requestedQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, restoreRate: 100 },
    });
  });

  it("pages through products forwards and backwards with cursors", async () => {
    const p1 = await page({ first: 3 });
    expect(p1.edges.map((e) => e.node.id)).toEqual([
      DEMO_IDS.products.photoBook,
      DEMO_IDS.products.novel,
      DEMO_IDS.products.magazine,
    ]);
    expect(p1.pageInfo).toMatchObject({
      hasNextPage: true,
      hasPreviousPage: false,
      endCursor: p1.edges[2]!.cursor,
    });
    const p2 = await page({ first: 3, after: p1.pageInfo.endCursor });
    expect(p2.edges.map((e) => e.node.title)).toEqual([
      "2027 Wall Calendar",
      "Framed Art Print - Dunes at Dusk",
      "Dotted Notebook A5",
    ]);
    const p3 = await page({ first: 3, after: p2.pageInfo.endCursor });
    expect(p3.edges).toHaveLength(2);
    expect(p3.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await page({ last: 2, before: p2.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.id)).toEqual([
      DEMO_IDS.products.novel,
      DEMO_IDS.products.magazine,
    ]);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it("sorts by title and reverses", async () => {
    const p = await page({ first: 2, sortKey: "TITLE", reverse: true });
    expect(p.edges.map((e) => e.node.title)).toEqual(
      ["The Quiet Harbour (Softcover Novel)", "Wanderlust Magazine - Issue 12"].sort().reverse(),
    );
  });

  it.each([
    ["title:*book*", ["Hardcover Photo Book", "Dotted Notebook A5"]],
    ["photo", ["Hardcover Photo Book"]],
    ["PB-HC-A4P-48", ["Hardcover Photo Book"]],
    ["sku:MUG-*", ["Ceramic Mug"]],
    ["product_type:Calendar", ["2027 Wall Calendar"]],
    ["product_type:Bag OR product_type:Mug", ["Canvas Tote Bag", "Ceramic Mug"]],
    ["tag:merch -mug", ["Canvas Tote Bag"]],
  ])("searches products with query %j", async (query, titles) => {
    const p = await page({ first: 50, query });
    expect(p.edges.map((e) => e.node.title)).toEqual(titles);
  });

  it("serves productVariants with search, productVariant, product and nodes", async () => {
    const res = await h.gql(
      `query ($id: ID!, $pid: ID!, $ids: [ID!]!) {
        productVariants(first: 5, query: "sku:PRINT-FR-*") { nodes { id sku price displayName product { id productType } image { url } } }
        productVariant(id: $id) { title sku price product { title featuredImage { url altText } } }
        product(id: $pid) { handle status vendor variants(first: 5) { nodes { id title } } variantsCount { count } }
        nodes(ids: $ids) { __typename id ... on ProductVariant { sku } ... on Location { name } }
      }`,
      {
        id: DEMO_IDS.variants.photoBook48,
        pid: DEMO_IDS.products.photoBook,
        ids: [DEMO_IDS.variants.mug, DEMO_IDS.locations.printConnect, "gid://shopify/Product/1"],
      },
    );
    expect(res.body.errors).toBeUndefined();
    expect(at(res.body.data, "productVariants", "nodes")).toEqual([
      expect.objectContaining({
        id: DEMO_IDS.variants.framedPrint3040,
        sku: "PRINT-FR-3040",
        price: "89.00",
        displayName: "Framed Art Print - Dunes at Dusk - 30 x 40 cm",
      }),
      expect.objectContaining({
        id: DEMO_IDS.variants.framedPrint5070,
        sku: "PRINT-FR-5070",
        price: "129.00",
      }),
    ]);
    expect(at(res.body.data, "productVariant")).toMatchObject({
      title: "A4 Portrait / 48 pages",
      sku: "PB-HC-A4P-48",
      price: "49.95",
    });
    expect(at(res.body.data, "product")).toMatchObject({
      handle: "hardcover-photo-book",
      status: "ACTIVE",
      variantsCount: { count: 2 },
    });
    expect(at(res.body.data, "nodes")).toEqual([
      { __typename: "ProductVariant", id: DEMO_IDS.variants.mug, sku: "MUG-WHT-330" },
      { __typename: "Location", id: DEMO_IDS.locations.printConnect, name: "Print Connect" },
      null,
    ]);
  });

  it("rejects an invalid query like Shopify: 200 with errors carrying message, locations and path", async () => {
    const res = await h.gql("query GetShop {\n  shop { name bogusField }\n}");
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: "Field 'bogusField' doesn't exist on type 'Shop'",
        locations: [{ line: 2, column: 15 }],
        path: ["query GetShop", "shop", "bogusField"],
        extensions: { code: "undefinedField", typeName: "Shop", fieldName: "bogusField" },
      },
    ]);
  });

  it("reports missing arguments, syntax errors and missing pagination size", async () => {
    const missing = await h.gql("{ product { id } }");
    expect(missing.body.errors).toMatchObject([
      {
        message: "Field 'product' is missing required arguments: id",
        extensions: { code: "missingRequiredArguments" },
      },
    ]);
    const syntax = await h.gql("{ shop { name ");
    expect(syntax.body.errors).toMatchObject([
      { message: expect.stringMatching(/^syntax error, unexpected end of file/) },
    ]);
    const noFirst = await h.gql("{ products { nodes { id } } }");
    expect(noFirst.body.errors).toMatchObject([
      { message: "you must provide one of first or last", path: ["products"] },
    ]);
  });

  it("answers 401 with Shopify's body for a missing or unknown token", async () => {
    const res = await h.gql("{ shop { name } }", {}, { token: "shpua_nope" });
    expect(res).toEqual({
      status: 401,
      body: {
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      },
    });
  });

  it("denies fields the granted scopes do not cover", async () => {
    const narrow = await startHarness({ scopes: "read_products" });
    try {
      const res = await narrow.gql(`{ order(id: "gid://shopify/Order/1") { id } }`);
      expect(res.body.errors).toMatchObject([
        {
          message: "Access denied for order field. Required access: `read_orders` access scope.",
          extensions: { code: "ACCESS_DENIED" },
          path: ["order"],
        },
      ]);
    } finally {
      await narrow.close();
    }
  });

  it("charges what a query returned, gives back the rest, and throttles a query that asks more than is left", async () => {
    const tiny = await startHarness({ rateLimit: { maximumAvailable: 30, restoreRate: 1 } });
    try {
      const q = "{ products(first: 10) { nodes { id } } }"; // requested: 2 + 10 = 12
      const first = await tiny.gql(q);
      const returned = at<{ nodes: unknown[] }>(first.body.data, "products").nodes.length;
      expect(first.body.extensions?.cost).toMatchObject({
        requestedQueryCost: 12,
        actualQueryCost: 2 + returned,
        throttleStatus: { currentlyAvailable: 30 - (2 + returned) },
      });
      // The bucket must hold a query's requested cost, whatever it will return.
      let available = 30 - (2 + returned);
      for (let i = 0; i < 20 && available >= 12; i++)
        available =
          (await tiny.gql(q)).body.extensions?.cost?.throttleStatus.currentlyAvailable ?? 0;
      const refused = await tiny.gql(q);
      expect(refused.body.errors).toMatchObject([
        { message: "Throttled", extensions: { code: "THROTTLED" } },
      ]);
      expect(refused.body.extensions?.cost).toMatchObject({ actualQueryCost: null });
    } finally {
      await tiny.close();
    }
  });

  it("counts the nodes each nested connection returned in the actual cost", async () => {
    const q =
      "{ orders(first: 5) { nodes { id customer { id } lineItems(first: 10) { nodes { id } } } } }";
    const res = await h.gql(q);
    expect(res.body.errors).toBeUndefined();
    const orders = at<{ nodes: { customer: unknown; lineItems: { nodes: unknown[] } }[] }>(
      res.body.data,
      "orders",
    ).nodes;
    // Per order 1, its customer 1 when it has one, its line-item connection 2 + 1 a line.
    const actual =
      2 +
      orders.reduce((sum, o) => sum + 1 + (o.customer ? 1 : 0) + 2 + o.lineItems.nodes.length, 0);
    expect(res.body.extensions?.cost).toMatchObject({
      requestedQueryCost: 2 + 5 * (1 + 1 + 2 + 10),
      actualQueryCost: actual,
    });
  });
});

describe("demo product images", () => {
  it("are absolute URLs on the app's origin, as Shopify's image URLs are absolute", async () => {
    const h = await startHarness({ appUrl: "http://127.0.0.1:3999/" });
    try {
      const res = await h.gql(
        '{ products(first: 1, query: "photo") { nodes { featuredImage { url } featuredMedia { preview { image { url } } } } } }',
      );
      expect(res.body.errors).toBeUndefined();
      const [product] = at<{ nodes: Record<string, unknown>[] }>(res.body.data, "products").nodes;
      expect(product).toEqual({
        featuredImage: { url: "http://127.0.0.1:3999/sandbox/products/hardcover-photo-book.svg" },
        featuredMedia: {
          preview: {
            image: { url: "http://127.0.0.1:3999/sandbox/products/hardcover-photo-book.svg" },
          },
        },
      });
    } finally {
      await h.close();
    }
  });
});
