/** The storefront minimum quantity metafield (services/catalogue/quantity-rule.ts), set and removed. */

export const SET_MINIMUM_QUANTITY = `#graphql
  mutation PrintConnectSetMinimumQuantity($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id }
      userErrors { field message code }
    }
  }`;

export const DELETE_MINIMUM_QUANTITY = `#graphql
  mutation PrintConnectDeleteMinimumQuantity($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields { ownerId }
      userErrors { field message }
    }
  }`;
