/**
 * Shopify's own schemas, from the introspection files Shopify publishes
 * (vendored under test/fixtures/shopify-schemas/, see its README): the Admin
 * API and the cart and checkout validation Function API, at the versions the
 * app and its Function declare in their TOML files.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCHEMAS_DIR = path.join(ROOT, "test/fixtures/shopify-schemas");

/** `api_version = "…"` of a TOML file of the project. */
export function declaredApiVersion(tomlFile: string): string {
  const toml = readFileSync(path.join(ROOT, tomlFile), "utf8");
  const version = /^\s*api_version\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!version) throw new Error(`${tomlFile} declares no api_version`);
  return version;
}

export const ADMIN_API_VERSION = declaredApiVersion("shopify.app.toml");
export const CART_RULES_API_VERSION = declaredApiVersion(
  "extensions/print-connect-cart-rules/shopify.extension.toml",
);

export const ADMIN_SCHEMA_FILE = path.join(SCHEMAS_DIR, `admin_${ADMIN_API_VERSION}.json.gz`);
export const CART_VALIDATION_SCHEMA_FILE = path.join(
  SCHEMAS_DIR,
  `functions_cart_checkout_validation_${CART_RULES_API_VERSION}.json.gz`,
);

/** The introspection result in a file (`{ data: { __schema } }` or `{ __schema }`). */
export function readIntrospection(file: string): IntrospectionQuery {
  if (!existsSync(file)) {
    throw new Error(
      `${path.relative(ROOT, file)} is missing: the API version moved? Run scripts/refresh-shopify-schemas.mjs`,
    );
  }
  const json = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as
    { data: IntrospectionQuery } | IntrospectionQuery;
  return "data" in json ? json.data : json;
}

let admin: GraphQLSchema | undefined;
/** Shopify's Admin schema at the app's API version (built once per test file: about 1 s). */
export function realAdminSchema(): GraphQLSchema {
  admin ??= buildClientSchema(readIntrospection(ADMIN_SCHEMA_FILE));
  return admin;
}

let cartValidation: GraphQLSchema | undefined;
/** Shopify's cart and checkout validation Function schema at the Function's API version. */
export function realCartValidationSchema(): GraphQLSchema {
  cartValidation ??= buildClientSchema(readIntrospection(CART_VALIDATION_SCHEMA_FILE));
  return cartValidation;
}
