/**
 * The Shopify stand-in's Admin schema (sandbox/shopify/schema/*.ts) against
 * Shopify's own at the app's API version: what the app's documents use must
 * be the same in both (field types with their list and non-null wrappers,
 * the arguments passed, the enum values written, the inputs sent as
 * variables), and every type the stand-in declares must agree with
 * Shopify's type of that name. A finding names the coordinate and both types.
 */
import { buildSchema, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { adminSchema } from "../../sandbox/shopify";
import { SCHEMA_SDL } from "../../sandbox/shopify/schema-sdl";
import { appDocuments } from "../support/app-documents";
import { ADMIN_API_VERSION, realAdminSchema } from "../support/shopify-schemas";
import { compareDocumentUse, compareSchemas } from "./compare";

const documents = appDocuments();

describe(`what the app's documents use, in the stand-in and in Shopify's Admin schema ${ADMIN_API_VERSION}`, () => {
  it.each(documents.map((d) => [d.where, d] as const))("%s: the same in both", (_, d) => {
    expect(compareDocumentUse(parse(d.text), adminSchema, realAdminSchema())).toEqual([]);
  });
});

describe("every type the stand-in declares", () => {
  it("is Shopify's: same kind, fields, types, arguments, enum values and deprecations", () => {
    expect(compareSchemas(adminSchema, realAdminSchema())).toEqual([]);
  });
});

describe("the comparison itself, on a copy of the stand-in's SDL with mistakes", () => {
  /** The stand-in's SDL with `from` replaced by `to` (which must be there once). */
  const broken = (from: string, to: string) => {
    expect(SCHEMA_SDL.split(from)).toHaveLength(2);
    return buildSchema(SCHEMA_SDL.replace(from, to));
  };

  it("names a field whose nullability differs, with both types", () => {
    const schema = broken(
      "type Shop implements Node {\n  id: ID!\n  name: String!",
      "type Shop implements Node {\n  id: ID!\n  name: String",
    );
    const use = parse("query { shop { name currencyCode } }");
    expect(compareDocumentUse(use, schema, realAdminSchema())).toEqual([
      "Shop.name: stand-in String, Shopify String!",
    ]);
    expect(compareSchemas(schema, realAdminSchema())).toEqual([
      "Shop.name: stand-in String, Shopify String!",
    ]);
  });

  it("names an argument of another type, an enum value Shopify lacks and a missing list wrapper", () => {
    const schema = broken(
      "productSet(identifier: ProductSetIdentifiers, input: ProductSetInput!, synchronous: Boolean = true)",
      "productSet(identifier: ProductSetIdentifiers, input: ProductSetInput!, synchronous: String)",
    );
    const use = parse(
      'mutation { productSet(input: { title: "A" }, synchronous: "yes") { product { id } } }',
    );
    expect(compareDocumentUse(use, schema, realAdminSchema())).toEqual([
      "Mutation.productSet(synchronous:): stand-in String, Shopify Boolean",
    ]);
    const enums = broken(
      "enum ProductMediaSortKeys { ID POSITION }",
      "enum ProductMediaSortKeys { ID POSITION RELEVANCE }",
    );
    expect(compareSchemas(enums, realAdminSchema())).toEqual([
      "ProductMediaSortKeys.RELEVANCE: stand-in has it, Shopify has none",
    ]);
    const list = broken("  nodes(ids: [ID!]!): [Node]!", "  nodes(ids: [ID!]!): Node");
    expect(
      compareDocumentUse(parse("query { nodes(ids: []) { id } }"), list, realAdminSchema()),
    ).toEqual(["QueryRoot.nodes: stand-in Node, Shopify [Node]!"]);
  });

  it("names an input field sent as a variable that Shopify types otherwise", () => {
    const schema = broken(
      "input ProductDeleteInput {\n  id: ID!",
      "input ProductDeleteInput {\n  id: ID",
    );
    const use = parse(
      "mutation ($input: ProductDeleteInput!) { productDelete(input: $input) { deletedProductId } }",
    );
    expect(compareDocumentUse(use, schema, realAdminSchema())).toEqual([
      "ProductDeleteInput.id: stand-in ID, Shopify ID!",
    ]);
  });
});
