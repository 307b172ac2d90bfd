import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_ID, DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

const SET = `#graphql
  mutation Set($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id namespace key type value jsonValue ownerType }
      userErrors { field message code elementIndex }
    }
  }`;

const DELETE = `#graphql
  mutation Delete($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields { ownerId namespace key }
      userErrors { field message }
    }
  }`;

const READ = `#graphql
  query Read($id: ID!) {
    productVariant(id: $id) {
      minimum: metafield(namespace: "$app:print_connect", key: "minimum_quantity") { value type namespace }
      ours: metafields(first: 10, namespace: "$app:print_connect") { nodes { key value } }
      byKey: metafields(first: 10, keys: ["$app:print_connect.minimum_quantity"]) { nodes { key } }
      all: metafields(first: 50) { nodes { namespace key } }
    }
  }`;

const APP_NAMESPACE = `app--${DEFAULT_APP_ID}--print_connect`;
const VARIANT = DEMO_IDS.variants.magazine;
const minimum = (value: string, ownerId: string = VARIANT) => ({
  ownerId,
  namespace: "$app:print_connect",
  key: "minimum_quantity",
  type: "number_integer",
  value,
});

describe("metafieldsSet / metafieldsDelete", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const read = async (id: string = VARIANT) => {
    const res = await h.gql(READ, { id });
    expect(res.body.errors).toBeUndefined();
    return at<{
      minimum: { value: string; type: string; namespace: string } | null;
      ours: { nodes: Array<{ key: string; value: string }> };
      byKey: { nodes: Array<{ key: string }> };
      all: { nodes: Array<{ namespace: string; key: string }> };
    }>(res.body.data, "productVariant");
  };

  it("sets an app-owned variant metafield, readable back through metafield and metafields", async () => {
    const res = await h.gql(SET, { metafields: [minimum("5")] });
    expect(res.body.errors).toBeUndefined();
    expect(at(res.body.data, "metafieldsSet")).toMatchObject({
      userErrors: [],
      metafields: [
        {
          namespace: APP_NAMESPACE,
          key: "minimum_quantity",
          type: "number_integer",
          value: "5",
          jsonValue: 5,
          ownerType: "PRODUCTVARIANT",
        },
      ],
    });
    const variant = await read();
    expect(variant.minimum).toEqual({
      value: "5",
      type: "number_integer",
      namespace: APP_NAMESPACE,
    });
    expect(variant.ours.nodes).toEqual([{ key: "minimum_quantity", value: "5" }]);
    expect(variant.byKey.nodes).toEqual([{ key: "minimum_quantity" }]);
    expect(variant.all.nodes).toEqual([{ namespace: APP_NAMESPACE, key: "minimum_quantity" }]);
    // Another variant has none.
    expect((await read(DEMO_IDS.variants.novel)).minimum).toBeNull();
  });

  it("updates in place, and type can be left out for an existing metafield", async () => {
    const res = await h.gql(SET, {
      metafields: [
        { ownerId: VARIANT, namespace: "$app:print_connect", key: "minimum_quantity", value: "10" },
      ],
    });
    const set = at<{ metafields: Array<{ id: string }> }>(res.body.data, "metafieldsSet");
    expect(set.metafields).toHaveLength(1);
    expect((await read()).minimum?.value).toBe("10");
    expect((await read()).all.nodes).toHaveLength(1);
  });

  it("answers bad input with userErrors and writes nothing (all or nothing)", async () => {
    const res = await h.gql(SET, {
      metafields: [
        minimum("7", DEMO_IDS.variants.novel),
        minimum("five"),
        { ...minimum("3"), type: "number_of_things" },
        { ...minimum("3"), key: "x" },
        minimum("3", "gid://shopify/ProductVariant/999999"),
        { ownerId: VARIANT, key: "untyped", value: "1" },
        { ...minimum("3"), namespace: "app--424242--print_connect" },
      ],
    });
    expect(res.body.errors).toBeUndefined();
    const out = at<{
      metafields: null;
      userErrors: Array<{ field: string[]; code: string; message: string }>;
    }>(res.body.data, "metafieldsSet");
    expect(out.metafields).toBeNull();
    expect(out.userErrors).toEqual([
      {
        field: ["metafields", "1", "value"],
        code: "INVALID_VALUE",
        message: "Value must be an integer.",
        elementIndex: null,
      },
      expect.objectContaining({ field: ["metafields", "2", "type"], code: "INVALID_TYPE" }),
      expect.objectContaining({ field: ["metafields", "3", "key"], code: "TOO_SHORT" }),
      {
        field: ["metafields", "4", "ownerId"],
        code: "INVALID",
        message: "Owner does not exist.",
        elementIndex: null,
      },
      expect.objectContaining({ field: ["metafields", "5", "type"], code: "BLANK" }),
      // Another app's reserved namespace.
      expect.objectContaining({
        field: ["metafields", "6", "namespace"],
        code: "APP_NOT_AUTHORIZED",
      }),
    ]);
    // The valid first input was not written either.
    expect((await read(DEMO_IDS.variants.novel)).minimum).toBeNull();
    expect((await read()).minimum?.value).toBe("10");
  });

  it("takes at most 25 metafields a call", async () => {
    const many = Array.from({ length: 26 }, (_, i) => ({ ...minimum("2"), key: `key_${i}` }));
    const res = await h.gql(SET, { metafields: many });
    expect(at(res.body.data, "metafieldsSet", "userErrors")).toEqual([
      {
        field: ["metafields"],
        code: "LESS_THAN_OR_EQUAL_TO",
        message: "Exceeded the maximum metafields input limit of 25.",
        elementIndex: null,
      },
    ]);
    const ok = await h.gql(SET, { metafields: many.slice(0, 25) });
    expect(at(ok.body.data, "metafieldsSet", "userErrors")).toEqual([]);
    expect((await read()).all.nodes).toHaveLength(26);
    await h.gql(DELETE, {
      metafields: many
        .slice(0, 25)
        .map(({ ownerId, namespace, key }) => ({ ownerId, namespace, key })),
    });
    expect((await read()).all.nodes).toHaveLength(1);
  });

  it("deletes by owner, namespace and key; one that is not there answers null", async () => {
    const identifier = {
      ownerId: VARIANT,
      namespace: "$app:print_connect",
      key: "minimum_quantity",
    };
    const res = await h.gql(DELETE, {
      metafields: [identifier, { ...identifier, ownerId: DEMO_IDS.variants.novel }],
    });
    expect(at(res.body.data, "metafieldsDelete")).toEqual({
      deletedMetafields: [
        { ownerId: VARIANT, namespace: APP_NAMESPACE, key: "minimum_quantity" },
        null,
      ],
      userErrors: [],
    });
    expect((await read()).minimum).toBeNull();
    const again = await h.gql(DELETE, { metafields: [identifier] });
    expect(at(again.body.data, "metafieldsDelete")).toEqual({
      deletedMetafields: [null],
      userErrors: [],
    });
  });

  it("needs write_products, and refuses a malformed owner id as Shopify does", async () => {
    const readOnly = await startHarness({ scopes: "read_products" });
    try {
      const res = await readOnly.gql(SET, { metafields: [minimum("5")] });
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message:
            "Access denied for metafieldsSet field. Required access: `write_products` access scope.",
          extensions: expect.objectContaining({ code: "ACCESS_DENIED" }),
        }),
      ]);
    } finally {
      await readOnly.close();
    }
    const bad = await h.gql(SET, { metafields: [minimum("5", "not-a-gid")] });
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ message: "Invalid global id 'not-a-gid'" }),
    ]);
  });
});
