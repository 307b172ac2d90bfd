/**
 * The one Shopify Admin GraphQL client. Its transport is the Shopify
 * library's `admin` (from authenticate.admin on a page, unauthenticated.admin
 * in the background), so nothing here imports the library: the admin pages,
 * the rates and the worker all call Shopify through this one function.
 */
import { graphqlErrorsFailure, transportFailure } from "./errors";

/** What the Shopify library hands out as `admin`: a GraphQL call answering a Response. */
export interface AdminApi {
  graphql: (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
}

/** A query or mutation against one shop's Admin API: its `data`, or a ShopifyAdminError. */
export type AdminGraphql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/**
 * The client over one shop's `admin`. Throttling, network trouble and
 * refusals all arrive as ShopifyAdminError; a Response the library throws
 * (authenticate.admin's answer to a 401 from Shopify: sign in again) passes
 * untouched, for the framework to answer.
 */
export function adminGraphql(admin: AdminApi): AdminGraphql {
  return async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    let response: Response;
    try {
      response = await admin.graphql(query, variables ? { variables } : undefined);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw transportFailure(error);
    }
    const body = (await response.json()) as { data?: T; errors?: unknown; extensions?: unknown };
    if (hasErrors(body.errors) || !body.data)
      throw graphqlErrorsFailure(body.errors, body.extensions);
    return body.data;
  };
}

function hasErrors(errors: unknown): boolean {
  return Array.isArray(errors) ? errors.length > 0 : Boolean(errors);
}
