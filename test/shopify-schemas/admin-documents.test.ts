/**
 * Every Admin GraphQL document the app sends, against Shopify's own Admin
 * schema at the app's API version (the introspection Shopify publishes,
 * vendored in test/fixtures/shopify-schemas/): it validates there and uses no
 * field, argument or enum value Shopify deprecates.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
  type GraphQLError,
} from "graphql";
import { describe, expect, it } from "vitest";
import { appDocuments } from "../support/app-documents";
import {
  ADMIN_API_VERSION,
  ADMIN_SCHEMA_FILE,
  CART_VALIDATION_SCHEMA_FILE,
  realAdminSchema,
  SCHEMAS_DIR,
} from "../support/shopify-schemas";

const documents = appDocuments();

describe("Shopify's schema files in the project", () => {
  it("are the files the README names, byte for byte, at the versions the TOML files declare", () => {
    const readme = readFileSync(path.join(SCHEMAS_DIR, "README.md"), "utf8");
    for (const file of [ADMIN_SCHEMA_FILE, CART_VALIDATION_SCHEMA_FILE]) {
      const sha256 = createHash("sha256").update(readFileSync(file)).digest("hex");
      expect(readme, path.basename(file)).toContain(`${sha256}  ${path.basename(file)}`);
    }
    expect(realAdminSchema().getQueryType()?.name).toBe("QueryRoot");
  });
});

describe(`the app's Admin documents, against Shopify's Admin schema ${ADMIN_API_VERSION}`, () => {
  it("are all found (a collector that finds none would pass everything)", () => {
    expect(documents.length).toBeGreaterThanOrEqual(20);
  });

  it.each(documents.map((d) => [d.where, d] as const))(
    "%s validates and uses nothing deprecated",
    (_, d) => {
      const message = (errors: readonly GraphQLError[]) => errors.map((e) => e.message);
      const rules = [...specifiedRules, NoDeprecatedCustomRule];
      expect(message(validate(realAdminSchema(), parse(d.text), rules))).toEqual([]);
    },
  );
});

describe("the check itself", () => {
  it("fails a document Shopify's schema refuses or deprecates", () => {
    const errors = (text: string) =>
      validate(realAdminSchema(), parse(text), [...specifiedRules, NoDeprecatedCustomRule]).map(
        (e) => e.message,
      );
    expect(errors("query { shop { name printSize } }")).toEqual([
      'Cannot query field "printSize" on type "Shop".',
    ]);
    expect(errors("query { shop { billingAddress { countryCodeV2 } } }")).toEqual([
      "The field Shop.billingAddress is deprecated. Use `shopAddress` instead.",
    ]);
  });
});
