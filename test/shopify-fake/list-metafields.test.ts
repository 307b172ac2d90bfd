import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { at, startHarness, type FakeHarness } from "./helpers";

/**
 * A list metafield type (`list.single_line_text_field`, as the app's product ISBN list uses):
 * its value is a JSON array of single lines, read back as text and as `jsonValue`.
 */

const SET = `#graphql
  mutation Set($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { type value jsonValue }
      userErrors { field message code }
    }
  }`;

const READ = `#graphql
  query Read($id: ID!) {
    product(id: $id) { metafield(namespace: "print_connect", key: "isbn") { type value jsonValue } }
  }`;

const isbns = (value: string, type = "list.single_line_text_field") => ({
  ownerId: DEMO_IDS.products.novel,
  namespace: "print_connect",
  key: "isbn",
  type,
  value,
});

describe("list.single_line_text_field metafields", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const userErrors = async (value: string) => {
    const res = await h.gql(SET, { metafields: [isbns(value)] });
    return at<{ userErrors: { field: string[]; message: string }[] }>(
      res.body.data,
      "metafieldsSet",
    ).userErrors.map((e) => e.message);
  };

  it("refuses a value that is not a JSON array of single lines, and writes nothing", async () => {
    expect(await userErrors("978-0-306-40615-7")).toEqual(["Value is invalid JSON."]);
    expect(await userErrors("9780306406157")).toEqual(["Value must be an array."]);
    expect(await userErrors('{"isbn":"9780306406157"}')).toEqual(["Value must be an array."]);
    expect(await userErrors("[9780306406157]")).toEqual(["Value must be an array of strings."]);
    expect(await userErrors('["978\\n0306406157"]')).toEqual([
      "Value must be a single line text string.",
    ]);
    const read = await h.gql(READ, { id: DEMO_IDS.products.novel });
    expect(at(read.body.data, "product", "metafield")).toBeNull();
  });

  it("stores a list, gives it back as text and as a JSON list, and keeps its type", async () => {
    const res = await h.gql(SET, {
      metafields: [isbns('["9780306406157","9780804429573"]')],
    });
    expect(at(res.body.data, "metafieldsSet", "userErrors")).toEqual([]);
    const read = await h.gql(READ, { id: DEMO_IDS.products.novel });
    expect(at(read.body.data, "product", "metafield")).toEqual({
      type: "list.single_line_text_field",
      value: '["9780306406157","9780804429573"]',
      jsonValue: ["9780306406157", "9780804429573"],
    });
    // A metafield's type stays what it was created with.
    const retyped = await h.gql(SET, {
      metafields: [isbns("9780306406157", "single_line_text_field")],
    });
    expect(at(retyped.body.data, "metafieldsSet", "userErrors")).toEqual([
      {
        field: ["metafields", "0", "type"],
        code: "INVALID_TYPE",
        message:
          "Type can't be changed from list.single_line_text_field to single_line_text_field: delete the metafield first.",
      },
    ]);
    const again = await h.gql(READ, { id: DEMO_IDS.products.novel });
    expect(at(again.body.data, "product", "metafield", "type")).toBe("list.single_line_text_field");
  });
});
