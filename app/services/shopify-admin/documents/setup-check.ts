/**
 * What Home's setup check asks Shopify (2026-10), besides the orders query it shares with
 * the regular check (documents/orders.ts) and the carrier services list
 * (services/rates/carrier-service.ts).
 *
 * Webhook subscriptions declared in shopify.app.toml are the app's own and are not listed by
 * the Admin API's `webhookSubscriptions`, so the check does not look there: it compares when
 * the last orders/paid notification arrived with the shop's latest paid order.
 */

/** The cart and checkout validation API: the cart rule (extensions/print-connect-cart-rules). */
export const CART_VALIDATION_API_TYPE = "cart_checkout_validation";
/** The cart rule's function handle: its extension's handle. */
export const CART_RULE_FUNCTION_HANDLE = "print-connect-cart-rules";
/** The product-page block (extensions/print-connect-theme/blocks/print-specs.liquid). */
export const PRODUCT_BLOCK_HANDLE = "print-specs";
export const PRODUCT_TEMPLATE = "templates/product.json";

/**
 * The shop's latest paid order: only what the check compares. Home runs the check on every
 * load, so each of its questions asks for little of the shop's query budget, which the
 * fulfilment worker needs too.
 */
export const LATEST_PAID_ORDER_QUERY = `#graphql
  query PrintConnectLatestPaidOrder {
    orders(first: 1, query: "financial_status:paid", sortKey: PROCESSED_AT, reverse: true) {
      nodes { name processedAt createdAt }
    }
  }`;

/** The app's cart-rule functions and the shop's validations (at most 25 can be active). */
export const CART_RULE_QUERY = `#graphql
  query PrintConnectCartRule($apiType: String!) {
    shopifyFunctions(first: 5, apiType: $apiType) {
      nodes { id handle title apiType }
    }
    validations(first: 25) {
      nodes { id title enabled shopifyFunction { id handle } }
    }
  }`;

export const VALIDATION_CREATE = `#graphql
  mutation PrintConnectValidationCreate($validation: ValidationCreateInput!) {
    validationCreate(validation: $validation) {
      validation { id enabled }
      userErrors { field message code }
    }
  }`;

export const VALIDATION_UPDATE = `#graphql
  mutation PrintConnectValidationUpdate($id: ID!, $validation: ValidationUpdateInput!) {
    validationUpdate(id: $id, validation: $validation) {
      validation { id enabled }
      userErrors { field message code }
    }
  }`;

/** The live theme's product template, read-only. */
export const MAIN_THEME_TEMPLATE_QUERY = `#graphql
  query PrintConnectMainThemeTemplate($filenames: [String!]!) {
    themes(first: 1, roles: [MAIN]) {
      nodes {
        id
        name
        files(filenames: $filenames, first: 1) {
          nodes {
            filename
            body {
              __typename
              ... on OnlineStoreThemeFileBodyText { content }
              ... on OnlineStoreThemeFileBodyBase64 { contentBase64 }
            }
          }
          userErrors { filename code }
        }
      }
    }
  }`;
