/**
 * The one error of the Shopify Admin GraphQL client. Its kind says what went
 * wrong and whether trying again later can help; callers decide what to tell
 * a merchant.
 */

export type ShopifyAdminErrorKind =
  /** Shopify's cost bucket is empty; `retryAfterMs` says when it holds the query's cost. */
  | "throttled"
  /** The network, a 429 or a Shopify 5xx: the same call may succeed later. */
  | "unavailable"
  /** Shopify answered but refused the query (GraphQL errors, no data, another 4xx). */
  | "refused"
  /** A mutation ran and answered `userErrors`. */
  | "user_errors";

export interface ShopifyUserError {
  field?: string[] | null;
  message: string;
}

export class ShopifyAdminError extends Error {
  override name = "ShopifyAdminError";
  /** For throttling: how long until Shopify's bucket holds enough for the query. */
  readonly retryAfterMs: number | undefined;
  readonly userErrors: readonly ShopifyUserError[];

  constructor(
    readonly kind: ShopifyAdminErrorKind,
    message: string,
    details: { retryAfterMs?: number | undefined; userErrors?: readonly ShopifyUserError[] } = {},
  ) {
    super(message);
    this.retryAfterMs = details.retryAfterMs;
    this.userErrors = details.userErrors ?? [];
  }

  /** Throttling, Shopify 5xx and network trouble pass; a query Shopify refuses does not. */
  get transient(): boolean {
    return this.kind === "throttled" || this.kind === "unavailable";
  }
}

/** A mutation's `userErrors` as the client's error; `operation` names the mutation, if given. */
export function userErrorsFailure(
  userErrors: readonly ShopifyUserError[],
  operation?: string,
): ShopifyAdminError {
  const messages = userErrors.map((e) => e.message).join("; ");
  return new ShopifyAdminError("user_errors", operation ? `${operation}: ${messages}` : messages, {
    userErrors,
  });
}

/** A response body with GraphQL `errors`, or without `data`. */
export function graphqlErrorsFailure(errors: unknown): ShopifyAdminError {
  const detail = Array.isArray(errors)
    ? errors.map((e: { message?: string }) => e.message).join("; ")
    : typeof errors === "string"
      ? errors
      : errors
        ? JSON.stringify(errors)
        : "";
  return new ShopifyAdminError("refused", `Shopify answered with an error: ${detail || "no data"}`);
}

/** What the Shopify library threw while calling the Admin API (or fetching its session). */
export function transportFailure(error: unknown): ShopifyAdminError {
  const message = error instanceof Error ? error.message : String(error);
  const kind = transientKind(error);
  return new ShopifyAdminError(kind, `Shopify could not be reached: ${message}`, {
    retryAfterMs: kind === "refused" ? undefined : throttleWaitMs(error),
  });
}

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

function transientKind(error: unknown): ShopifyAdminErrorKind {
  const { body, response } = shapeOf(error);
  if (body?.errors) {
    // Shopify answers a throttled query with 200 and the code THROTTLED.
    return JSON.stringify(body.errors).includes('"THROTTLED"') ? "throttled" : "refused";
  }
  if (typeof response?.code === "number") {
    return response.code === 429 || response.code >= 500 ? "unavailable" : "refused";
  }
  return "unavailable";
}

/**
 * Shopify says how full its bucket is: wait until it holds the query's cost
 * rather than guessing with exponential backoff.
 */
function throttleWaitMs(error: unknown): number | undefined {
  const cost = shapeOf(error).body?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!cost?.requestedQueryCost || !status?.restoreRate) return undefined;
  const missing = cost.requestedQueryCost - (status.currentlyAvailable ?? 0);
  return Math.max(250, Math.ceil((missing / status.restoreRate) * 1000));
}
