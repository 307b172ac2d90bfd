import type { ShopifyAdmin } from "../services/fulfilment/shopify-port";
import { adminGraphql, transportFailure, type AdminApi } from "../services/shopify-admin";
import { unauthenticated } from "../shopify.server";

/**
 * The pipeline's Shopify port: the Admin GraphQL client over the Shopify
 * library's offline session (which refreshes expiring tokens by itself).
 */
export const shopifyAdmin: ShopifyAdmin = {
  async graphql<T>(shop: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    return adminGraphql(await offlineAdmin(shop))<T>(query, variables);
  },
};

/**
 * The shop's `admin` over its offline session; a session that cannot be had (none stored: the
 * app's access lost) is the client's error, as a failed call is.
 */
export async function offlineAdmin(shop: string): Promise<AdminApi> {
  try {
    return (await unauthenticated.admin(shop)).admin;
  } catch (error) {
    throw transportFailure(error);
  }
}
