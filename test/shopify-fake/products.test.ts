import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_APP_ID, DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

const PRODUCT_SET = `#graphql
  mutation PrintConnectProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
      product {
        id handle title status
        variants(first: 50) { nodes { id title price sku selectedOptions { name value } } }
      }
      userErrors { field message code }
    }
  }`;

const BULK_UPDATE = `#graphql
  mutation PrintConnectReprice($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price compareAtPrice }
      userErrors { field message code }
    }
  }`;

const DELETE = `#graphql
  mutation PrintConnectProductDelete($input: ProductDeleteInput!) {
    productDelete(input: $input) { deletedProductId userErrors { field message } }
  }`;

const READ = `#graphql
  query Read($id: ID!) {
    product(id: $id) {
      id title handle status descriptionHtml description productType vendor
      options { name values optionValues { name hasVariants } }
      pages: metafield(namespace: "$app:print_connect", key: "pages") { value type }
      variants(first: 10) {
        nodes {
          id title price sku inventoryPolicy
          selectedOptions { name value }
          inventoryItem { tracked requiresShipping measurement { weight { value unit } } }
          format: metafield(namespace: "$app:print_connect", key: "format") { value }
        }
      }
    }
  }`;

const APP_NAMESPACE = `app--${DEFAULT_APP_ID}--print_connect`;

type SetResult = {
  product: {
    id: string;
    handle: string;
    title: string;
    status: string;
    variants: {
      nodes: Array<{
        id: string;
        title: string;
        price: string;
        sku: string;
        selectedOptions: Array<{ name: string; value: string }>;
      }>;
    };
  } | null;
  userErrors: Array<{ field: string[] | null; message: string; code: string }>;
};

function bookInput(overrides: Record<string, unknown> = {}) {
  return {
    title: "My book",
    descriptionHtml: "<p>A book of <b>photos</b>.</p>",
    handle: "my-book-3k9x2a",
    status: "DRAFT",
    productType: "Book",
    vendor: "Print Connect Demo",
    productOptions: [
      { name: "Edition", position: 1, values: [{ name: "Hardcover" }, { name: "Softcover" }] },
    ],
    variants: [
      {
        optionValues: [{ optionName: "Edition", name: "Hardcover" }],
        price: "34.99",
        sku: "PC-228478-48P",
        inventoryPolicy: "CONTINUE",
        inventoryItem: {
          tracked: false,
          requiresShipping: true,
          measurement: { weight: { value: 0.6, unit: "KILOGRAMS" } },
        },
        metafields: [
          {
            namespace: "$app:print_connect",
            key: "format",
            type: "single_line_text_field",
            value: "Hardcover book A4 portrait",
          },
        ],
      },
      {
        optionValues: [{ optionName: "Edition", name: "Softcover" }],
        price: "19.5",
        sku: "PC-228479-48P",
        inventoryPolicy: "CONTINUE",
        inventoryItem: { tracked: false, requiresShipping: true },
      },
    ],
    metafields: [
      { namespace: "$app:print_connect", key: "pages", type: "number_integer", value: "48" },
      {
        namespace: "$app:print_connect",
        key: "size",
        type: "single_line_text_field",
        value: "210 × 297 mm",
      },
    ],
    ...overrides,
  };
}

describe("productSet / productVariantsBulkUpdate / productDelete", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.fake.control.reset();
  });

  const set = async (input: Record<string, unknown>, identifier?: Record<string, unknown>) => {
    const res = await h.gql(PRODUCT_SET, { input, ...(identifier ? { identifier } : {}) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    return at<SetResult>(res.body.data, "productSet");
  };

  it("creates a product with options, variants, prices, weight and metafields, readable back", async () => {
    const out = await set(bookInput(), { handle: "my-book-3k9x2a" });
    expect(out.userErrors).toEqual([]);
    expect(out.product).toMatchObject({
      handle: "my-book-3k9x2a",
      title: "My book",
      status: "DRAFT",
      variants: {
        nodes: [
          {
            title: "Hardcover",
            price: "34.99",
            sku: "PC-228478-48P",
            selectedOptions: [{ name: "Edition", value: "Hardcover" }],
          },
          {
            title: "Softcover",
            price: "19.50",
            sku: "PC-228479-48P",
            selectedOptions: [{ name: "Edition", value: "Softcover" }],
          },
        ],
      },
    });
    const read = await h.gql(READ, { id: out.product!.id });
    expect(read.body.errors).toBeUndefined();
    expect(at(read.body.data, "product")).toMatchObject({
      descriptionHtml: "<p>A book of <b>photos</b>.</p>",
      description: "A book of photos.",
      productType: "Book",
      vendor: "Print Connect Demo",
      options: [
        {
          name: "Edition",
          values: ["Hardcover", "Softcover"],
          optionValues: [
            { name: "Hardcover", hasVariants: true },
            { name: "Softcover", hasVariants: true },
          ],
        },
      ],
      pages: { value: "48", type: "number_integer" },
      variants: {
        nodes: [
          {
            inventoryPolicy: "CONTINUE",
            inventoryItem: {
              tracked: false,
              requiresShipping: true,
              measurement: { weight: { value: 0.6, unit: "KILOGRAMS" } },
            },
            format: { value: "Hardcover book A4 portrait" },
          },
          { format: null },
        ],
      },
    });

    // The control API and the existing searches see it.
    const [snapshot] = h.fake.control.products(undefined, { title: "My book" });
    expect(snapshot).toMatchObject({
      handle: "my-book-3k9x2a",
      status: "DRAFT",
      options: [{ name: "Edition", values: ["Hardcover", "Softcover"] }],
      metafields: expect.arrayContaining([
        { namespace: APP_NAMESPACE, key: "pages", type: "number_integer", value: "48" },
      ]),
    });
    expect(snapshot!.variants.map((v) => [v.title, v.price])).toEqual([
      ["Hardcover", "34.99"],
      ["Softcover", "19.50"],
    ]);
    const search = await h.gql(
      `query { products(first: 5, query: "sku:PC-228478-48P") { nodes { id } }
               productVariants(first: 5, query: "sku:PC-22847*") { nodes { title } } }`,
    );
    expect(at(search.body.data, "products", "nodes")).toEqual([{ id: out.product!.id }]);
    expect(at(search.body.data, "productVariants", "nodes")).toHaveLength(2);
  });

  it("is idempotent by identifier handle: a retry updates the same product, variants keep their ids", async () => {
    const first = await set(bookInput(), { handle: "my-book-3k9x2a" });
    const again = await set(
      bookInput({
        title: "My book (second edition)",
        variants: [
          {
            optionValues: [{ optionName: "Edition", name: "Softcover" }],
            price: "21.00",
            sku: "PC-228479-48P",
          },
        ],
      }),
      { handle: "my-book-3k9x2a" },
    );
    expect(again.userErrors).toEqual([]);
    expect(again.product!.id).toBe(first.product!.id);
    expect(again.product!.title).toBe("My book (second edition)");
    // The softcover variant kept its id; the hardcover one, left out, is gone.
    const softId = first.product!.variants.nodes[1]!.id;
    expect(again.product!.variants.nodes).toEqual([
      expect.objectContaining({ id: softId, price: "21.00" }),
    ]);
    expect(h.fake.control.products(undefined, { handle: "my-book-3k9x2a" })).toHaveLength(1);
    const hard = await h.gql(`query($id: ID!) { productVariant(id: $id) { id } }`, {
      id: first.product!.variants.nodes[0]!.id,
    });
    expect(at(hard.body.data, "productVariant")).toBeNull();
    // Updating by id works too.
    const byId = await set({ title: "Renamed" }, { id: first.product!.id });
    expect(byId.product).toMatchObject({ id: first.product!.id, title: "Renamed" });
  });

  it("makes handles unique on create without identifier (-1, -2), and derives one from the title", async () => {
    const a = await set(bookInput());
    const b = await set(bookInput());
    const c = await set(bookInput());
    expect([a, b, c].map((r) => r.product!.handle)).toEqual([
      "my-book-3k9x2a",
      "my-book-3k9x2a-1",
      "my-book-3k9x2a-2",
    ]);
    const untitled = await set(bookInput({ handle: undefined, title: "Crème brûlée: a cookbook" }));
    expect(untitled.product!.handle).toBe("creme-brulee-a-cookbook");
    // A seeded product's handle is taken too.
    const clash = await set(bookInput({ handle: "hardcover-photo-book" }));
    expect(clash.product!.handle).toBe("hardcover-photo-book-1");
    // Renaming an existing product onto a taken handle is refused.
    const rename = await set({ handle: "hardcover-photo-book" }, { id: a.product!.id });
    expect(rename).toEqual({
      product: null,
      userErrors: [
        {
          field: ["input", "handle"],
          code: "HANDLE_NOT_UNIQUE",
          message: "Handle 'hardcover-photo-book' already in use. Please provide a new handle.",
        },
      ],
    });
  });

  it("a created print product can be ordered: its lines are print lines at the print location", async () => {
    const created = await set(bookInput(), { handle: "my-book-3k9x2a" });
    const variantId = created.product!.variants.nodes[1]!.id;
    const { order } = await h.fake.control.createOrder(
      { lineItems: [{ variantId, quantity: 2 }] },
      { deliver: false },
    );
    expect(order.lineItems).toEqual([
      expect.objectContaining({
        variantId,
        sku: "PC-228479-48P",
        title: "My book",
        variantTitle: "Softcover",
        price: "19.50",
        quantity: 2,
        print: true,
      }),
    ]);
    expect(order.fulfillmentOrders[0]!.location.name).toBe("Print Connect");
  });

  it("without options or variants makes the one default variant", async () => {
    const out = await set({ title: "Poster" });
    expect(out.product).toMatchObject({
      status: "ACTIVE",
      variants: {
        nodes: [
          {
            title: "Default Title",
            price: "0.00",
            selectedOptions: [{ name: "Title", value: "Default Title" }],
          },
        ],
      },
    });
  });

  it("answers each bad input with a ProductSetUserError on its field, and writes nothing", async () => {
    const before = h.fake.control.products().length;
    const base = bookInput();
    const hard = base.variants[0]!;
    const soft = base.variants[1]!;
    const cases: Array<[Record<string, unknown>, SetResult["userErrors"]]> = [
      [
        { ...base, title: "  " },
        [{ field: ["input", "title"], code: "INVALID_PRODUCT", message: "Title can't be blank" }],
      ],
      [
        { ...base, variants: [hard, { ...soft, price: "-1.00" }] },
        [
          {
            field: ["input", "variants", "1", "price"],
            code: "INVALID_VARIANT",
            message: "Price must be greater than or equal to 0",
          },
        ],
      ],
      [
        {
          ...base,
          variants: [hard, { ...soft, optionValues: [{ optionName: "Edition", name: "Leather" }] }],
        },
        [
          {
            field: ["input", "variants", "1", "optionValues", "0"],
            code: "OPTION_VALUE_DOES_NOT_EXIST",
            message: "Option value does not exist",
          },
        ],
      ],
      [
        {
          ...base,
          variants: [
            hard,
            { ...soft, optionValues: [{ optionName: "Binding", name: "Softcover" }] },
          ],
        },
        [
          {
            field: ["input", "variants", "1", "optionValues", "0"],
            code: "OPTION_DOES_NOT_EXIST",
            message: "Option does not exist",
          },
        ],
      ],
      [
        { ...base, variants: [hard, { ...soft, optionValues: [] }] },
        [
          {
            field: ["input", "variants", "1", "optionValues"],
            code: "INVALID_VARIANT",
            message: "Option values are missing for: Edition",
          },
        ],
      ],
      [
        { ...base, variants: [hard, { ...soft, optionValues: hard.optionValues }] },
        [
          {
            field: ["input", "variants", "1"],
            code: "INVALID_VARIANT",
            message: "The variant 'Hardcover' already exists.",
          },
        ],
      ],
      [
        { ...base, productOptions: undefined },
        [
          {
            field: ["input", "productOptions"],
            code: "PRODUCT_OPTIONS_INPUT_MISSING",
            message: "Must specify product options when updating variants.",
          },
        ],
      ],
      [
        {
          ...base,
          metafields: [
            {
              namespace: "$app:print_connect",
              key: "pages",
              type: "number_integer",
              value: "many",
            },
          ],
        },
        [
          {
            field: ["input", "metafields", "0", "value"],
            code: "INVALID_METAFIELD",
            message: "Value must be an integer.",
          },
        ],
      ],
      [
        {
          ...base,
          variants: [
            {
              ...hard,
              metafields: [
                {
                  namespace: "$app:print_connect",
                  key: "x",
                  type: "single_line_text_field",
                  value: "a",
                },
              ],
            },
            soft,
          ],
        },
        [
          {
            field: ["input", "variants", "0", "metafields", "0", "key"],
            code: "INVALID_METAFIELD",
            message: "Key is too short (minimum is 2 characters).",
          },
        ],
      ],
      [
        { ...base, files: [{ originalSource: "not a url", contentType: "IMAGE" }] },
        [
          {
            field: ["input", "files", "0", "originalSource"],
            code: "INVALID_INPUT",
            message: "Original source is not a valid URL",
          },
        ],
      ],
      [
        {
          ...base,
          productOptions: [
            { name: "Edition", values: [{ name: "Hardcover" }] },
            { name: "edition", values: [{ name: "A4" }] },
          ],
        },
        [
          expect.objectContaining({
            field: ["input", "productOptions", "1", "name"],
            code: "DUPLICATED_OPTION_NAME",
          }),
          // The hardcover variant lacks the second option; "Softcover" is no value any more.
          expect.objectContaining({ field: ["input", "variants", "0", "optionValues"] }),
          expect.objectContaining({
            field: ["input", "variants", "1", "optionValues", "0"],
            code: "OPTION_VALUE_DOES_NOT_EXIST",
          }),
        ],
      ],
    ];
    for (const [input, userErrors] of cases) {
      const out = await set(input, { handle: "my-book-3k9x2a" });
      expect(out, JSON.stringify(input).slice(0, 200)).toEqual({ product: null, userErrors });
    }
    expect(h.fake.control.products()).toHaveLength(before);
    // An identifier id that is not a product of the shop.
    const missing = await set(bookInput(), { id: "gid://shopify/Product/999999" });
    expect(missing.userErrors).toEqual([
      {
        field: ["identifier", "id"],
        code: "NOT_FOUND",
        message: "Resource matching the identifier was not found.",
      },
    ]);
    // An identifier handle needs the same handle in the input.
    const noHandle = await set(bookInput({ handle: undefined }), { handle: "my-book-3k9x2a" });
    expect(noHandle.userErrors).toEqual([
      {
        field: ["input", "handle"],
        code: "MISSING_FIELD_REQUIRED",
        message: "The input field corresponding to the identifier is required.",
      },
    ]);
    const otherHandle = await set(bookInput({ handle: "another-book" }), {
      handle: "my-book-3k9x2a",
    });
    expect(otherHandle.userErrors).toEqual([
      expect.objectContaining({ field: ["input", "handle"], code: "INPUT_MISMATCH" }),
    ]);
    expect(h.fake.control.products()).toHaveLength(before);
  });

  it("refuses more than 2048 variants, and a price that is not a decimal before anything runs", async () => {
    const values = Array.from({ length: 2049 }, (_, i) => ({ name: `V${i}` }));
    const over = await set({
      title: "Too many",
      productOptions: [{ name: "Size", values }],
      variants: values.map((v) => ({
        optionValues: [{ optionName: "Size", name: v.name }],
        price: "1",
      })),
    });
    expect(over.userErrors).toEqual([
      {
        field: ["input", "variants"],
        code: "VARIANTS_OVER_LIMIT",
        message: "Number of product variants exceeds shop limit of 2048.",
      },
    ]);
    const base = bookInput();
    const res = await h.gql(PRODUCT_SET, {
      input: { ...base, variants: [{ ...base.variants[0], price: "12,50" }] },
    });
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message: "Variable $input of type ProductSetInput! was provided invalid value",
        extensions: expect.objectContaining({ code: "INVALID_VARIABLE" }),
      }),
    ]);
    // An unknown status is refused by the schema (enum).
    const status = await h.gql(PRODUCT_SET, { input: { ...base, status: "HIDDEN" } });
    expect(status.body.errors?.[0]).toMatchObject({ extensions: { code: "INVALID_VARIABLE" } });
  });

  it("reprices with productVariantsBulkUpdate, all or nothing, with its user error codes", async () => {
    const created = await set(bookInput(), { handle: "my-book-3k9x2a" });
    const productId = created.product!.id;
    const [hard, soft] = created.product!.variants.nodes;
    const ok = await h.gql(BULK_UPDATE, {
      productId,
      variants: [
        { id: hard!.id, price: "36.99" },
        { id: soft!.id, price: 22, compareAtPrice: "25.00" },
      ],
    });
    expect(at(ok.body.data, "productVariantsBulkUpdate")).toEqual({
      productVariants: [
        { id: hard!.id, price: "36.99", compareAtPrice: null },
        { id: soft!.id, price: "22.00", compareAtPrice: "25.00" },
      ],
      userErrors: [],
    });
    const bad = await h.gql(BULK_UPDATE, {
      productId,
      variants: [
        { id: hard!.id, price: "40.00" },
        { id: soft!.id, price: "-3" },
        { id: DEMO_IDS.variants.novel, price: "1.00" },
        { id: "gid://shopify/ProductVariant/999999", price: "1.00" },
      ],
    });
    expect(at(bad.body.data, "productVariantsBulkUpdate")).toEqual({
      productVariants: null,
      userErrors: [
        {
          field: ["variants", "1", "price"],
          code: "GREATER_THAN_OR_EQUAL_TO",
          message: "Price must be greater than or equal to 0",
        },
        {
          field: ["variants", "2", "id"],
          code: "MUST_BE_FOR_THIS_PRODUCT",
          message: "Product variant does not belong to this product",
        },
        {
          field: ["variants", "3", "id"],
          code: "PRODUCT_VARIANT_DOES_NOT_EXIST",
          message: "Product variant does not exist",
        },
      ],
    });
    // Nothing was written: the valid first entry was not applied either.
    expect(h.fake.control.product(productId)!.variants.map((v) => v.price)).toEqual([
      "36.99",
      "22.00",
    ]);
    const noProduct = await h.gql(BULK_UPDATE, {
      productId: "gid://shopify/Product/999999",
      variants: [{ id: hard!.id, price: "1.00" }],
    });
    expect(at(noProduct.body.data, "productVariantsBulkUpdate", "userErrors")).toEqual([
      { field: ["productId"], code: "PRODUCT_DOES_NOT_EXIST", message: "Product does not exist" },
    ]);
  });

  it("deletes a product with its variants and metafields; a second delete says it does not exist", async () => {
    const created = await set(bookInput(), { handle: "my-book-3k9x2a" });
    const id = created.product!.id;
    const res = await h.gql(DELETE, { input: { id } });
    expect(at(res.body.data, "productDelete")).toEqual({ deletedProductId: id, userErrors: [] });
    expect(h.fake.control.product(id)).toBeUndefined();
    const variant = await h.gql(`query($id: ID!) { productVariant(id: $id) { id } }`, {
      id: created.product!.variants.nodes[0]!.id,
    });
    expect(at(variant.body.data, "productVariant")).toBeNull();
    expect(
      [...h.fake.state.metafields.values()].filter((m) => m.namespace === APP_NAMESPACE),
    ).toEqual([]);
    const again = await h.gql(DELETE, { input: { id } });
    expect(at(again.body.data, "productDelete")).toEqual({
      deletedProductId: null,
      userErrors: [{ field: ["id"], message: "Product does not exist" }],
    });
    // The same handle can be used again afterwards.
    const recreated = await set(bookInput(), { handle: "my-book-3k9x2a" });
    expect(recreated.product!.handle).toBe("my-book-3k9x2a");
    expect(recreated.product!.id).not.toBe(id);
  });

  it("an answer-lost fault carries the mutation out and then answers 502", async () => {
    h.fake.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      afterCommit: true,
      status: 502,
    });
    // Other requests pass untouched.
    const shop = await h.gql(`query { shop { name } }`);
    expect(shop.status).toBe(200);
    const lost = await h.gql(PRODUCT_SET, {
      identifier: { handle: "my-book-3k9x2a" },
      input: bookInput(),
    });
    expect(lost.status).toBe(502);
    expect(h.fake.control.products(undefined, { title: "My book" })).toHaveLength(1);
    expect(h.fake.control.requestLog({ kind: "graphql" }).at(-1)).toMatchObject({
      status: 502,
      fault: "answer lost",
      rootFields: ["productSet"],
    });
    // The retry finds the product by its handle: still one product.
    const retry = await set(bookInput(), { handle: "my-book-3k9x2a" });
    expect(retry.userErrors).toEqual([]);
    expect(h.fake.control.products(undefined, { title: "My book" })).toHaveLength(1);

    // Without afterCommit, the request is refused before it runs.
    h.fake.control.injectFault({
      target: "graphql",
      mutation: "productVariantsBulkUpdate",
      status: 503,
    });
    const refused = await h.gql(BULK_UPDATE, {
      productId: retry.product!.id,
      variants: [{ id: retry.product!.variants.nodes[0]!.id, price: "99.00" }],
    });
    expect(refused.status).toBe(503);
    expect(h.fake.control.product(retry.product!.id)!.variants[0]!.price).toBe("34.99");
  });

  it("needs write_products for every product mutation (ACCESS_DENIED)", async () => {
    const readOnly = await startHarness({ scopes: "read_products" });
    try {
      const res = await readOnly.gql(PRODUCT_SET, { input: bookInput() });
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message:
            "Access denied for productSet field. Required access: `write_products` access scope.",
          extensions: expect.objectContaining({ code: "ACCESS_DENIED" }),
        }),
      ]);
      const bulk = await readOnly.gql(BULK_UPDATE, {
        productId: DEMO_IDS.products.novel,
        variants: [{ id: DEMO_IDS.variants.novel, price: "1.00" }],
      });
      expect(bulk.body.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
      const del = await readOnly.gql(DELETE, { input: { id: DEMO_IDS.products.novel } });
      expect(del.body.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
      expect(readOnly.fake.control.product(DEMO_IDS.products.novel)!.variants[0]!.price).toBe(
        "14.95",
      );
    } finally {
      await readOnly.close();
    }
  });

  it("setScopes changes what a shop has granted, also for its existing tokens, and `app` reports it", async () => {
    const APP = `query FetchAccessScopes { app { requestedAccessScopes { handle } optionalAccessScopes { handle } installation { accessScopes { handle } } } }`;
    h.fake.control.setScopes(undefined, "read_products");
    const refused = await h.gql(PRODUCT_SET, { input: bookInput() });
    expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    const app = await h.gql(APP);
    expect(at(app.body.data, "app", "installation", "accessScopes")).toEqual([
      { handle: "read_products" },
    ]);
    expect(
      at<Array<{ handle: string }>>(app.body.data, "app", "requestedAccessScopes"),
    ).toContainEqual({
      handle: "write_products",
    });
    h.fake.control.setScopes(undefined, "read_products,write_products");
    const allowed = await set(bookInput());
    expect(allowed.userErrors).toEqual([]);
  });

  it("injected userErrors answer the named mutation with them and carry nothing out", async () => {
    h.fake.control.injectFault({
      target: "graphql",
      mutation: "productSet",
      userErrors: [
        {
          field: ["input", "variants", "1", "price"],
          message: "Price is too high",
          code: "INVALID_VARIANT",
        },
      ],
    });
    const res = await h.gql(PRODUCT_SET, {
      identifier: { handle: "my-book-3k9x2a" },
      input: bookInput(),
    });
    expect(res.status).toBe(200);
    expect(at(res.body.data, "productSet")).toEqual({
      product: null,
      userErrors: [
        {
          field: ["input", "variants", "1", "price"],
          message: "Price is too high",
          code: "INVALID_VARIANT",
        },
      ],
    });
    expect(h.fake.control.products(undefined, { title: "My book" })).toEqual([]);
    const created = await set(bookInput(), { handle: "my-book-3k9x2a" });
    h.fake.control.injectFault({
      target: "graphql",
      mutation: "productVariantsBulkUpdate",
      userErrors: [{ field: ["variants", "0", "price"], message: "Price is too high" }],
    });
    const bulk = await h.gql(BULK_UPDATE, {
      productId: created.product!.id,
      variants: [{ id: created.product!.variants.nodes[0]!.id, price: "99.00" }],
    });
    expect(at(bulk.body.data, "productVariantsBulkUpdate")).toEqual({
      productVariants: null,
      userErrors: [{ field: ["variants", "0", "price"], message: "Price is too high", code: null }],
    });
    expect(h.fake.control.product(created.product!.id)!.variants[0]!.price).toBe("34.99");
  });

  it("GET /admin/oauth/install grants the asked scopes, sends app/scopes_update and goes back to the app", async () => {
    const received: Array<{ topic: string; body: unknown }> = [];
    const app = http.createServer((req, res) => {
      let text = "";
      req.on("data", (c: Buffer) => (text += c.toString("utf8")));
      req.on("end", () => {
        received.push({ topic: String(req.headers["x-shopify-topic"]), body: JSON.parse(text) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    h.fake.control.setAppUrl(appUrl);
    try {
      h.fake.control.setScopes(undefined, "read_products");
      const install = (query: string) =>
        fetch(`https://print-connect-demo.myshopify.com/admin/oauth/install?${query}`, {
          redirect: "manual",
        });
      const res = await install(
        "client_id=test-api-key&scope=read_products&optional_scopes=write_products",
      );
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(`${appUrl}/app`);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        embedded: "1",
        shop: "print-connect-demo.myshopify.com",
        host: Buffer.from("admin.shopify.com/store/print-connect-demo").toString("base64"),
      });
      expect(received).toEqual([
        {
          topic: "app/scopes_update",
          body: expect.objectContaining({
            previous: ["read_products"],
            current: ["read_products", "write_products"],
          }),
        },
      ]);
      // The token the app already holds can write products now.
      expect((await set(bookInput())).userErrors).toEqual([]);
      expect((await install("client_id=other&scope=write_products")).status).toBe(400);
      const unknownScope = await install("client_id=test-api-key&scope=write_themes");
      expect(unknownScope.status).toBe(400);
      expect(await unknownScope.json()).toEqual({
        errors: "Oauth error invalid_scope: The access scope is invalid: write_themes",
      });
    } finally {
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});
