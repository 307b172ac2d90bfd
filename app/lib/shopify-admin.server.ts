import { unauthenticated } from "../shopify.server";
import { ShopifyGraphqlError, type ShopifyAdmin } from "../services/fulfilment/shopify-admin";

/**
 * The pipeline's Shopify port, through the Shopify library's offline session
 * (which refreshes expiring tokens by itself).
 */
export const shopifyAdmin: ShopifyAdmin = {
  async graphql<T>(shop: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      const { admin } = await unauthenticated.admin(shop);
      response = await admin.graphql(query, variables ? { variables } : undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ShopifyGraphqlError(
        `Shopify Admin API call failed: ${message}`,
        isTransient(error),
        throttleWaitMs(error),
      );
    }
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length || !body.data) {
      throw new ShopifyGraphqlError(
        `Shopify Admin API error: ${(body.errors ?? []).map((e) => e.message).join("; ") || "no data"}`,
        false,
      );
    }
    return body.data;
  },
};

// Shopify's errors are recognised by shape, not class: the server bundle may
// hold its own copy of the library's error classes.
interface GraphqlErrorShape {
  body?: {
    errors?: unknown;
    extensions?: {
      cost?: {
        requestedQueryCost?: number;
        throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
      };
    };
  };
  response?: { code?: number };
}

const shapeOf = (error: unknown): GraphqlErrorShape =>
  typeof error === "object" && error !== null ? (error as GraphqlErrorShape) : {};

/** Throttling, Shopify 5xx and network trouble pass; a query Shopify refuses does not. */
function isTransient(error: unknown): boolean {
  const { body, response } = shapeOf(error);
  if (body?.errors) {
    // Shopify answers a throttled query with 200 and the code THROTTLED.
    return JSON.stringify(body.errors).includes('"THROTTLED"');
  }
  if (typeof response?.code === "number") return response.code === 429 || response.code >= 500;
  return true;
}

/**
 * Shopify says how full its bucket is: wait until it holds the query's cost
 * rather than guessing with exponential backoff.
 */
function throttleWaitMs(error: unknown): number | undefined {
  const cost = shapeOf(error).body?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!isTransient(error) || !cost?.requestedQueryCost || !status?.restoreRate) return undefined;
  const missing = cost.requestedQueryCost - (status.currentlyAvailable ?? 0);
  return Math.max(250, Math.ceil((missing / status.restoreRate) * 1000));
}
