import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRODUCT_TEMPLATE, DEFAULT_SCOPES } from "../../sandbox/shopify";
import { startHarness, type FakeHarness } from "./helpers";

/**
 * The stand-in's Shopify Functions, validations and themes, as the app's setup check reads
 * and changes them, and the control routes tests use to set each state over HTTP.
 */

const READ = `#graphql
  query Read {
    shopifyFunctions(first: 10, apiType: "cart_checkout_validation") { nodes { id handle apiType app { apiKey } } }
    other: shopifyFunctions(first: 10, apiType: "discount") { nodes { id } }
    validations(first: 10) { nodes { id title enabled blockOnFailure shopifyFunction { handle } } }
    themes(first: 5, roles: [MAIN]) {
      nodes {
        name role
        files(filenames: ["templates/product.json", "templates/missing.json"]) {
          nodes { filename size body { __typename ... on OnlineStoreThemeFileBodyText { content } } }
          userErrors { filename code }
        }
      }
    }
  }`;

const CREATE = `#graphql
  mutation Create($validation: ValidationCreateInput!) {
    validationCreate(validation: $validation) {
      validation { id enabled title }
      userErrors { field message code }
    }
  }`;

let h: FakeHarness;
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${h.fake.url}/__fake/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("functions, validations and themes in the Shopify stand-in", () => {
  it("lists the app's cart-rule function, no validation, and the live theme's product template", async () => {
    const { status, body } = await h.gql(READ);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const data = body.data as {
      shopifyFunctions: { nodes: { handle: string; apiType: string }[] };
      other: { nodes: unknown[] };
      validations: { nodes: unknown[] };
      themes: {
        nodes: {
          name: string;
          files: {
            nodes: { filename: string; body: { content: string } }[];
            userErrors: unknown[];
          };
        }[];
      };
    };
    expect(data.shopifyFunctions.nodes).toEqual([
      expect.objectContaining({
        handle: "print-connect-cart-rules",
        apiType: "cart_checkout_validation",
      }),
    ]);
    expect(data.other.nodes).toEqual([]);
    expect(data.validations.nodes).toEqual([]);
    const [theme] = data.themes.nodes;
    expect(theme?.name).toBe("Dawn");
    expect(theme?.files.nodes[0]?.body.content).toBe(DEFAULT_PRODUCT_TEMPLATE);
    expect(theme?.files.userErrors).toEqual([
      { filename: "templates/missing.json", code: "NOT_FOUND" },
    ]);
  });

  it("makes a validation with validationCreate, refuses both or neither function identifier, and lets tests turn it off", async () => {
    const neither = await h.gql(CREATE, { validation: { enable: true } });
    expect(neither.body.data).toMatchObject({
      validationCreate: { validation: null, userErrors: [{ code: "MISSING_FUNCTION_IDENTIFIER" }] },
    });
    const made = await h.gql(CREATE, {
      validation: { functionHandle: "print-connect-cart-rules", enable: true },
    });
    const validation = (
      made.body.data as { validationCreate: { validation: { id: string; title: string } } }
    ).validationCreate.validation;
    expect(validation.title).toBe("Print Connect cart rules");

    const off = await control("POST", `validations/${encodeURIComponent(validation.id)}/enabled`, {
      enabled: false,
    });
    expect(await off.json()).toMatchObject({
      enabled: false,
      functionHandle: "print-connect-cart-rules",
    });
    const list = await control("GET", "validations");
    expect(await list.json()).toEqual([
      expect.objectContaining({ id: validation.id, enabled: false }),
    ]);
  });

  it("needs the theme scope to read themes", async () => {
    h.fake.control.setScopes(undefined, "read_products");
    try {
      const { body } = await h.gql(`{ themes(first: 1) { nodes { name } } }`);
      expect(JSON.stringify(body.errors)).toContain("Access denied for themes field");
    } finally {
      h.fake.control.setScopes(undefined, DEFAULT_SCOPES);
    }
  });

  it("lets tests write a theme file and remove the app's function over HTTP", async () => {
    const write = await control("POST", "themes/main/files", {
      filename: "templates/product.json",
      content: "{}",
    });
    expect(write.status).toBe(200);
    const read = await control("GET", "themes/main/files?filename=templates%2Fproduct.json");
    expect(await read.json()).toEqual({ content: "{}" });
    const removed = await control("DELETE", "functions/print-connect-cart-rules");
    expect(await removed.json()).toEqual({ removed: true });
    const { body } = await h.gql(READ);
    expect(
      (body.data as { shopifyFunctions: { nodes: unknown[] } }).shopifyFunctions.nodes,
    ).toEqual([]);
  });
});
