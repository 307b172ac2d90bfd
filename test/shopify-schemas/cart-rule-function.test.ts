/**
 * The cart rule Function (extensions/print-connect-cart-rules) against
 * Shopify's cart and checkout validation Function schema at the Function's
 * API version, with Shopify's own test helpers: its input query validates,
 * each recorded cart (test/fixtures/cart-rules/, in the format of Shopify's
 * function run logs) matches the query and the schema, the Function's answer
 * to it is the recorded output, and that output is valid for the target's
 * result type.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  loadFixture,
  loadInputQuery,
  validateFixtureOutput,
  validateInputQuery,
  validateTestAssets,
  type FixtureData,
} from "@shopify/shopify-function-test-helpers";
import { describe, expect, it } from "vitest";
import { cartValidationsGenerateRun } from "../../extensions/print-connect-cart-rules/src/cart_validations_generate_run.js";
import {
  CART_RULES_API_VERSION,
  CART_VALIDATION_SCHEMA_FILE,
  readIntrospection,
} from "../support/shopify-schemas";

const FUNCTION_DIR = path.resolve(import.meta.dirname, "../../extensions/print-connect-cart-rules");
const INPUT_QUERY = path.join(FUNCTION_DIR, "src/cart_validations_generate_run.graphql");
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/cart-rules");
const fixtureFiles = readdirSync(FIXTURES).filter((file) => file.endsWith(".json"));

// The helpers load graphql as Node does (its CommonJS build) and vitest gives this file
// its ES module build: a schema works only with the copy that built it, so the Function
// schema is built with the helpers' copy.
const helpersGraphql = createRequire(import.meta.url)("graphql") as typeof import("graphql");
let schema: import("graphql").GraphQLSchema | undefined;
const realCartValidationSchema = () =>
  (schema ??= helpersGraphql.buildClientSchema(readIntrospection(CART_VALIDATION_SCHEMA_FILE)));

describe(`the cart rule Function, against Shopify's Function schema ${CART_RULES_API_VERSION}`, () => {
  it("has an input query that validates", async () => {
    const query = await loadInputQuery(INPUT_QUERY);
    expect(validateInputQuery(query, realCartValidationSchema()).map((e) => e.message)).toEqual([]);
  });

  it("is tried on a cart below a minimum, one at it and one without prints", () => {
    expect(fixtureFiles.sort()).toEqual([
      "at-minimum.json",
      "below-minimum.json",
      "no-prints.json",
    ]);
  });

  it.each(fixtureFiles)("%s: valid input, the Function's answer, a valid result", async (file) => {
    const fixture = await loadFixture(path.join(FIXTURES, file));
    expect(fixture.target).toBe("cart.validations.generate.run");
    expect(cartValidationsGenerateRun(fixture.input as never)).toEqual(fixture.expectedOutput);
    const result = await validateTestAssets({
      schema: realCartValidationSchema(),
      fixture,
      inputQueryAST: await loadInputQuery(INPUT_QUERY),
    });
    expect(result.error).toBeUndefined();
    expect(result.mutationName).toBe("cartValidationsGenerateRun");
    expect(result.outputFixture.resultParameterType).toBe("CartValidationsGenerateRunResult!");
    expect({
      inputQuery: result.inputQuery.errors.map((e) => e.message),
      inputFixture: result.inputFixture.errors.map((e) => e.message),
      outputFixture: result.outputFixture.errors.map((e) => e.message),
    }).toEqual({ inputQuery: [], inputFixture: [], outputFixture: [] });
  });
});

describe("the check itself", () => {
  it("refuses a field the Function API lacks, an input unlike the query, an output Shopify would not take", async () => {
    const schema = realCartValidationSchema();
    const query = readFileSync(INPUT_QUERY, "utf8").replace(
      "      quantity\n",
      "      quantity\n      price\n",
    );
    expect(validateInputQuery(helpersGraphql.parse(query), schema).map((e) => e.message)).toEqual([
      'Cannot query field "price" on type "CartLine".',
    ]);
    const fixture: FixtureData = await loadFixture(path.join(FIXTURES, "below-minimum.json"));
    const broken = structuredClone(fixture);
    delete (broken.input.cart.lines[0] as { quantity?: number }).quantity;
    broken.input.localization.language.isoCode = "XX";
    broken.expectedOutput.operations[0].validationAdd.errors[0].target = 3;
    const result = await validateTestAssets({
      schema,
      fixture: broken,
      inputQueryAST: await loadInputQuery(INPUT_QUERY),
    });
    expect(result.inputFixture.errors.map((e) => `${e.path.join(".")}: ${e.message}`)).toEqual([
      "cart.lines.0.quantity: Missing expected fixture data for `quantity`",
      'localization.language.isoCode: Value "XX" does not exist in "LanguageCode" enum. Did you mean the enum value "XH"?',
    ]);
    expect(result.outputFixture.errors.map((e) => e.message)).toEqual([
      'String cannot represent a non string value: 3 At "operations.0.validationAdd.errors.0.target"',
    ]);
    const output = await validateFixtureOutput(
      { operations: [{ validationAdd: { errors: [{ message: "short" }] } }] },
      schema,
      "cartValidationsGenerateRun",
    );
    expect(output.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('Field "target" of required type "String!" was not provided.'),
    ]);
  });
});
