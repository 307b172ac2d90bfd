/**
 * The one error of the Shopify Admin GraphQL client. Its kind says what went
 * wrong and whether trying again later can help; what a merchant reads about
 * it is in SHOPIFY_FAILURE_TEXT.
 */

export type ShopifyAdminErrorKind =
  /** Shopify's cost bucket is empty; `retryAfterMs` says when it holds the query's cost. */
  | "throttled"
  /** The network, a 429 or a Shopify 5xx: the same call may succeed later. */
  | "unavailable"
  /** Shopify answered but refused the query (GraphQL errors, no data, another 4xx). */
  | "refused"
  /** A mutation ran and answered `userErrors`. */
  | "user_errors"
  /**
   * The app holds no working access to the shop: no offline session is stored, or Shopify
   * answered 401 to its token. Waiting does not help; the merchant opening the app does (its
   * sign-in stores a new session).
   */
  | "not_connected";

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

/**
 * Whether an HTTP status from Shopify says "not now": 429 (its rate limit) or a 5xx. The same
 * call may succeed later. Decided here only, for the client and for the Responses the Shopify
 * library throws on a page.
 */
export function isTemporaryStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * A failure the Shopify library threw on a page as the client's error: Shopify's HTTP failure
 * arrives as a Response, and a temporary one (429, 5xx) is Shopify not answering, like the
 * client's "unavailable". Null for anything else: another Response (a 401: sign in again) is
 * the framework's to answer.
 */
export function pageFailure(error: unknown): ShopifyAdminError | null {
  if (error instanceof ShopifyAdminError) return error;
  if (error instanceof Response && isTemporaryStatus(error.status))
    return new ShopifyAdminError("unavailable", SHOPIFY_FAILURE_TEXT.httpStatus(error.status));
  return null;
}

/**
 * Words for merchants about Shopify's failures, in one table as the print service's are
 * (services/merchant-text/errors.ts): what did not happen, and what to do about it. `detail` is
 * Shopify's own text.
 */
export const SHOPIFY_FAILURE_TEXT = {
  httpStatus: (status: number) => `Shopify answered HTTP ${status}`,
  changeNotAccepted: (detail: string) => `Shopify did not accept the change: ${detail}`,
  variantPriceUnread: "The variant's price could not be read from Shopify.",
  product: {
    // A Shopify 5xx or a timeout may come after the product was made: the retry finds it by handle.
    unanswered:
      "Shopify did not answer, so it is not known whether the product was made. Try again: the same product is found and finished, never made twice.",
    notAllowed:
      "Shopify does not let Print Connect create products in your store yet. Allow it to write products (Shopify asks you once), then try again. Nothing was created.",
    refused: (detail: string) =>
      `Shopify refused the product (${detail}). Nothing was created. Try again.`,
  },
  price: {
    unanswered:
      "Shopify did not answer, so this price may not be saved. Open the page again in a moment to see where it stands.",
    refused: "Shopify refused the change. Reload the page and try again.",
    notAccepted: (detail: string) =>
      `Shopify did not accept the new price: ${detail}. Change the price in Shopify, or check the print price again.`,
    refusedWithOthers:
      "Not changed: Shopify saves a product's prices together, and another variant's new price was refused.",
    unconfirmed:
      "Shopify did not confirm the new price. Open the page again to see where it stands.",
  },
  minimum: {
    notSet: (minimum: number, detail: string) =>
      `Shopify did not take the minimum of ${minimum} copies (${detail}). Nothing was saved; try again.`,
    notRemoved: (detail: string) =>
      `Shopify did not remove the minimum quantity from the storefront (${detail}). Nothing was changed; try again.`,
  },
} as const;

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

/**
 * A response body with GraphQL `errors`, or without `data`. Throttling (the code THROTTLED) is
 * told apart as the library's thrown error is, with the wait its `extensions.cost` gives.
 */
export function graphqlErrorsFailure(errors: unknown, extensions?: unknown): ShopifyAdminError {
  if (errors && JSON.stringify(errors).includes('"THROTTLED"')) {
    const shape = { body: { errors, extensions } } as GraphqlErrorShape;
    return new ShopifyAdminError("throttled", "Shopify is throttling the app's queries", {
      retryAfterMs: throttleWaitMs(shape),
    });
  }
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
  const kind = failureKind(error);
  if (kind === "not_connected")
    return new ShopifyAdminError(kind, `Print Connect has no access to the store: ${message}`);
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

/**
 * The library's "no session" (SessionNotFoundError), known by its class's name or its words:
 * the server bundle may hold its own copy of the class.
 */
function isMissingSession(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.constructor.name === "SessionNotFoundError" ||
    error.message.startsWith("Could not find a session for shop")
  );
}

function failureKind(error: unknown): ShopifyAdminErrorKind {
  if (isMissingSession(error)) return "not_connected";
  const { body, response } = shapeOf(error);
  if (body?.errors) {
    // Shopify answers a throttled query with 200 and the code THROTTLED.
    return JSON.stringify(body.errors).includes('"THROTTLED"') ? "throttled" : "refused";
  }
  if (typeof response?.code === "number") {
    if (response.code === 401) return "not_connected";
    return isTemporaryStatus(response.code) ? "unavailable" : "refused";
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
