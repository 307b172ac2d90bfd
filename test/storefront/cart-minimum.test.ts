import { readFileSync } from "node:fs";
import path from "node:path";
import { Kind, parse, visit, type StringValueNode } from "graphql";
import { describe, expect, it } from "vitest";
import { MINIMUM_QUANTITY_METAFIELD } from "~/services/catalogue/quantity-rule";
import {
  cartValidationsGenerateRun,
  MESSAGES,
} from "../../extensions/print-connect-cart-rules/src/cart_validations_generate_run.js";
import * as entry from "../../extensions/print-connect-cart-rules/src/index.js";

const root = path.resolve(import.meta.dirname, "../../extensions/print-connect-cart-rules");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** A cart line as the input query returns it (Shopify's documented input shape). */
const line = (quantity: number, minimum: string | null, id = 20004) => ({
  quantity,
  merchandise: {
    __typename: "ProductVariant",
    id: `gid://shopify/ProductVariant/${id}`,
    metafield: minimum === null ? null : { value: minimum },
  },
});
const input = (lines: ReturnType<typeof line>[], isoCode = "EN") => ({
  cart: { lines },
  localization: { language: { isoCode } },
});
const errorsOf = (result: ReturnType<typeof cartValidationsGenerateRun>) =>
  result.operations.flatMap((op) => op.validationAdd.errors);

describe("cart rule: prints sold in sets", () => {
  it("stops a line below its minimum, on that line's quantity, saying how many to add", () => {
    const result = cartValidationsGenerateRun(input([line(1, "5")]));
    expect(result).toEqual({
      operations: [
        {
          validationAdd: {
            errors: [
              {
                message: "Sold in sets of at least 5 — add 4 more to check out",
                target: "$.cart.lines[0].quantity",
              },
            ],
          },
        },
      ],
    });
  });

  it("lets the minimum and more through, and lines without a minimum", () => {
    const result = cartValidationsGenerateRun(
      input([line(5, "5"), line(12, "5"), line(1, null, 20009), line(1, "1"), line(1, "0")]),
    );
    expect(errorsOf(result)).toEqual([]);
  });

  it("checks each line on its own: two lines of 3 are two prints of 3", () => {
    const result = cartValidationsGenerateRun(
      input([line(1, null, 20009), line(3, "5"), line(3, "5"), line(6, "5")]),
    );
    expect(errorsOf(result)).toEqual([
      { message: expect.stringContaining("add 2 more"), target: "$.cart.lines[1].quantity" },
      { message: expect.stringContaining("add 2 more"), target: "$.cart.lines[2].quantity" },
    ]);
  });

  it("ignores a value that is not a whole number rather than blocking the cart", () => {
    const result = cartValidationsGenerateRun(input([line(1, "five"), line(1, "2.5")]));
    expect(errorsOf(result)).toEqual([]);
  });

  it("speaks the buyer's language (en, de, fr, nl), English otherwise", () => {
    const message = (isoCode: string) =>
      errorsOf(cartValidationsGenerateRun(input([line(2, "5")], isoCode)))[0]?.message;
    expect(message("DE")).toBe(
      "Nur ab 5 Stück erhältlich — bitte 3 weitere hinzufügen, um zur Kasse zu gehen",
    );
    expect(message("FR")).toBe(
      "Vendu par lots d’au moins 5 — ajoutez-en encore 3 pour passer commande",
    );
    expect(message("NL")).toBe("Alleen te koop vanaf 5 stuks — voeg er nog 3 toe om af te rekenen");
    expect(message("PT_BR")).toBe("Sold in sets of at least 5 — add 3 more to check out");
    expect(message("NL_BE")).toBe(message("NL"));
    for (const template of Object.values(MESSAGES)) {
      expect(template).toContain("[minimum]");
      expect(template).toContain("[missing]");
    }
  });
});

describe("cart rule extension", () => {
  it("is a cart and checkout validation function whose export is the function above", () => {
    const toml = read("shopify.extension.toml");
    expect(toml).toMatch(/^api_version = "2026-10"$/m);
    expect(toml).toMatch(/type = "function"/);
    expect(toml).toMatch(/target = "cart\.validations\.generate\.run"/);
    expect(toml).toMatch(/input_query = "src\/cart_validations_generate_run\.graphql"/);
    // The CLI exports `cart-validations-generate-run` from the camel-cased name in src/index.js.
    expect(toml).toMatch(/export = "cart-validations-generate-run"/);
    expect(entry.cartValidationsGenerateRun).toBe(cartValidationsGenerateRun);
  });

  it("reads the metafield the app writes (same namespace and key) and each line's quantity", () => {
    const document = parse(read("src/cart_validations_generate_run.graphql"));
    const metafieldArgs: Record<string, string> = {};
    const fields: string[] = [];
    visit(document, {
      Field(node) {
        fields.push(node.name.value);
        if (node.name.value !== "metafield") return;
        for (const arg of node.arguments ?? []) {
          if (arg.value.kind === Kind.STRING)
            metafieldArgs[arg.name.value] = (arg.value as StringValueNode).value;
        }
      },
    });
    expect(metafieldArgs).toEqual({
      namespace: MINIMUM_QUANTITY_METAFIELD.namespace,
      key: MINIMUM_QUANTITY_METAFIELD.key,
    });
    expect(fields).toEqual(expect.arrayContaining(["lines", "quantity", "merchandise", "isoCode"]));
  });
});
