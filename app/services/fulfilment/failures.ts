import {
  PrintApiError,
  PrintConnectionError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
} from "../print";
import { ShopifyGraphqlError } from "./shopify-admin";

/** Something the merchant must fix before the print order can go on. */
export interface AttentionReason {
  code: string;
  message: string;
  action: string;
}

export type Failure =
  | { kind: "transient"; code: string; message: string; retryAfterMs?: number }
  | ({ kind: "attention" } & AttentionReason);

export class AttentionError extends Error {
  constructor(readonly reason: AttentionReason) {
    super(reason.message);
    this.name = "AttentionError";
  }
}

// Codes for which waiting cannot help: the merchant has to change something.
const MERCHANT_ACTIONS: Record<string, AttentionReason> = {
  NO_PF: {
    code: "NO_PF",
    message: "No production facility ships this product to the order's destination.",
    action:
      "Ship this order yourself, or map the product to an offering available there, then retry.",
  },
  ORD_NO_PRINTER: {
    code: "ORD_NO_PRINTER",
    message: "No printer can produce this order.",
    action: "Choose another offering for the product, then retry.",
  },
  OFF_MIN: {
    code: "OFF_MIN",
    message: "The order is outside the offering's limits (quantity, pages or size).",
    action: "Fix the product mapping's pages or size, then retry.",
  },
  OFF_NOT_FOUND: {
    code: "OFF_NOT_FOUND",
    message: "The mapped offering no longer exists at the print service.",
    action: "Map the product to a current offering, then retry.",
  },
  CURR_INVALID: {
    code: "CURR_INVALID",
    message: "The print service does not accept the shop's print currency.",
    action: "Choose another currency in Settings, then retry.",
  },
  MERCH_INSUFFICIENT_BALANCE: {
    code: "MERCH_INSUFFICIENT_BALANCE",
    message: "The print-service account does not have enough credit to pay for this order.",
    action: "Top up your print-service account credit, then retry.",
  },
  ORD_MISS_ADDR: {
    code: "ORD_MISS_ADDR",
    message: "The print service has no shipping address for this order.",
    action: "Correct the shipping address in the Shopify order, then retry.",
  },
  ORD_SECRET: {
    code: "ORD_SECRET",
    message: "The print service rejected the payment signature.",
    action: "Check the secret key in Settings, then retry.",
  },
  APP_FORBIDDEN: {
    code: "APP_FORBIDDEN",
    message: "The print service refused the API key.",
    action: "Check the merchant API key in Settings, then retry.",
  },
  COLOR_INVALID: {
    code: "COLOR_INVALID",
    message: "The spine text colour is not valid.",
    action: "Fix the spine colour in the product mapping, then retry.",
  },
  FONT_INVALID: {
    code: "FONT_INVALID",
    message: "The spine font is not one the print service offers.",
    action: "Choose another spine font in the product mapping, then retry.",
  },
  ORD_CANCEL_STATE: {
    code: "ORD_CANCEL_STATE",
    message: "The print order is too far along to be changed.",
    action: "Contact the print service about this order.",
  },
};

/** Sorts any error from a step into "try again later" or "the merchant must act". */
export function classifyFailure(error: unknown): Failure {
  if (error instanceof AttentionError) return { kind: "attention", ...error.reason };
  if (error instanceof ShopifyGraphqlError) {
    return error.transient
      ? {
          kind: "transient",
          code: error.retryAfterMs !== undefined ? "SHOPIFY_THROTTLED" : "SHOPIFY_UNAVAILABLE",
          message: error.message,
          ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        }
      : {
          kind: "attention",
          code: "SHOPIFY_ERROR",
          message: error.message,
          action: "Check the order in Shopify, then retry.",
        };
  }
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
    return { kind: "transient", code: "PRINT_SERVICE_UNREACHABLE", message: error.message };
  }
  if (error instanceof PrintApiError) {
    const known = error.customCode ? MERCHANT_ACTIONS[error.customCode] : undefined;
    if (known) {
      return {
        kind: "attention",
        ...known,
        message: error.details ? `${known.message} (${error.details})` : known.message,
      };
    }
    if (error.kind === "rate_limit" || error.kind === "server") {
      return {
        kind: "transient",
        code: error.customCode ?? `HTTP_${error.status}`,
        message: error.message,
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      };
    }
    if (error.kind === "auth") {
      return {
        kind: "attention",
        code: error.customCode ?? "AUTH",
        message: `The print service did not accept the account's keys (${error.details ?? error.status}).`,
        action: "Check the merchant API key and secret key in Settings, then retry.",
      };
    }
    if (error.status === 409 && /source|file|retriev/i.test(error.details ?? "")) {
      return {
        kind: "attention",
        code: "FILE_UNREACHABLE",
        message: `The print file could not be downloaded by the print service (${error.details}).`,
        action:
          "Make the file URL publicly reachable or change it in the product mapping, then retry.",
      };
    }
    return {
      kind: "attention",
      code: error.customCode ?? `HTTP_${error.status}`,
      message: `The print service refused the order: ${error.details ?? error.message}`,
      action: error.hint ?? "Check the order details and the product mapping, then retry.",
    };
  }
  if (error instanceof PrintResponseShapeError) {
    // An answer we could not read may be a passing fault (an HTML error page).
    return { kind: "transient", code: "PRINT_SERVICE_BAD_RESPONSE", message: error.message };
  }
  if (error instanceof PrintServiceError) {
    return {
      kind: "attention",
      code: "PRINT_INPUT",
      message: error.message,
      action: "Check the product mapping and the order, then retry.",
    };
  }
  return {
    kind: "transient",
    code: "INTERNAL",
    message: error instanceof Error ? error.message : String(error),
  };
}
