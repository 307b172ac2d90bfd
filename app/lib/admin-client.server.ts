import type { ShopifyAdmin } from "../services/fulfilment/shopify-port";
import { adminGraphql, transportFailure, type AdminApi } from "../services/shopify-admin";
import { unauthenticated } from "../shopify.server";

/**
 * The pipeline's Shopify port: the Admin GraphQL client over the Shopify
 * library's offline session (which refreshes expiring tokens by itself).
 */
export const shopifyAdmin: ShopifyAdmin = {
  async graphql<T>(shop: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    let admin: AdminApi;
    try {
      ({ admin } = await unauthenticated.admin(shop));
    } catch (error) {
      throw transportFailure(error);
    }
    return adminGraphql(admin)<T>(query, variables);
  },
};
