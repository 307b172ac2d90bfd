/**
 * A faithful SUBSET of Shopify's Admin GraphQL API schema: real type, field,
 * argument, enum and input names, so queries written for real Shopify validate
 * here. Fields not listed here do not exist in the fake (queries using them get
 * Shopify's "Field 'x' doesn't exist on type 'Y'" error). Fields and enum values the real
 * schema deprecates carry the same @deprecated reason; the server names them in
 * X-Shopify-API-Deprecated-Reason. test/shopify-schemas/ checks every type here against
 * Shopify's own Admin schema at the app's API version.
 *
 * The SDL is written by domain in schema/*.ts and joined here into one string,
 * in a fixed order (each part starts with a newline; a blank line between parts).
 */
import { BASE_SDL } from "./schema/base";
import { CATALOGUE_SDL } from "./schema/catalogue";
import { FULFILLMENT_SDL } from "./schema/fulfillment";
import { METAFIELDS_SDL } from "./schema/metafields";
import { MUTATIONS_SDL } from "./schema/mutations";
import { ONLINE_STORE_SDL } from "./schema/online-store";
import { ORDERS_SDL } from "./schema/orders";
import { PRODUCTS_SDL } from "./schema/products";
import { ROOTS_SDL } from "./schema/roots";
import { SHOP_SDL } from "./schema/shop";

export const SCHEMA_SDL =
  [
    BASE_SDL,
    SHOP_SDL,
    CATALOGUE_SDL,
    METAFIELDS_SDL,
    ORDERS_SDL,
    FULFILLMENT_SDL,
    MUTATIONS_SDL,
    PRODUCTS_SDL,
    ONLINE_STORE_SDL,
    ROOTS_SDL,
  ].join("\n") + "\n";
