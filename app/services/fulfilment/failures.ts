import {
  PrintApiError,
  PrintConnectionError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
} from "../print";
import { ATTENTION_TEXT, attentionMessage, printCodeText } from "../merchant-text/errors";
import { ShopifyAdminError } from "../shopify-admin";

/**
 * The attention code of an order stopped because the app had no access to the shop's Shopify
 * store; the merchant's next sign-in sends such orders on (commands/reconnected.ts).
 */
export const SHOPIFY_NOT_CONNECTED = "SHOPIFY_NOT_CONNECTED";

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

/** The print-file check could not run: every PDF thread was busy. Tried again later. */
export class PrintFileCheckBusyError extends Error {
  constructor() {
    super("The print-file check was busy with other files; it is tried again shortly.");
    this.name = "PrintFileCheckBusyError";
  }
}

/**
 * Shopify holds the print lines (a hold the app placed while the order waited, released by the
 * next look; or one the merchant placed): the tracking goes out once the hold is released.
 */
export class LinesOnHoldError extends Error {
  constructor() {
    super(
      "Shopify holds these items' fulfillment; the tracking goes out once the hold is released.",
    );
    this.name = "LinesOnHoldError";
  }
}

/** Sorts any error from a step into "try again later" or "the merchant must act". */
export function classifyFailure(error: unknown): Failure {
  if (error instanceof AttentionError) return { kind: "attention", ...error.reason };
  if (error instanceof LinesOnHoldError) {
    return { kind: "transient", code: "SHOPIFY_ON_HOLD", message: error.message };
  }
  if (error instanceof PrintFileCheckBusyError) {
    return { kind: "transient", code: "PRINT_FILE_CHECK_BUSY", message: error.message };
  }
  if (error instanceof ShopifyAdminError) {
    if (error.kind === "not_connected")
      return {
        kind: "attention",
        code: SHOPIFY_NOT_CONNECTED,
        ...ATTENTION_TEXT.shopifyNotConnected,
      };
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
          action: ATTENTION_TEXT.shopifyRefused.action,
        };
  }
  if (error instanceof PrintConnectionError || error instanceof PrintTimeoutError) {
    return { kind: "transient", code: "PRINT_SERVICE_UNREACHABLE", message: error.message };
  }
  if (error instanceof PrintApiError) {
    // Codes for which waiting cannot help: the merchant has to change something.
    const known = printCodeText(error.customCode)?.attention;
    if (known && error.customCode) {
      return {
        kind: "attention",
        code: error.customCode,
        message: attentionMessage(known, error.details),
        action: known.action,
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
        message: ATTENTION_TEXT.keysRefused.message(error.details ?? error.status),
        action: ATTENTION_TEXT.keysRefused.action,
      };
    }
    if (error.status === 409 && /source|file|retriev/i.test(error.details ?? "")) {
      return {
        kind: "attention",
        code: "FILE_UNREACHABLE",
        message: ATTENTION_TEXT.fileUnreachable.message(error.details),
        action: ATTENTION_TEXT.fileUnreachable.action,
      };
    }
    return {
      kind: "attention",
      code: error.customCode ?? `HTTP_${error.status}`,
      message: ATTENTION_TEXT.refused.message(error.details ?? error.message),
      action: error.hint ?? ATTENTION_TEXT.refused.action,
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
      action: ATTENTION_TEXT.invalidInput.action,
    };
  }
  return {
    kind: "transient",
    code: "INTERNAL",
    message: error instanceof Error ? error.message : String(error),
  };
}
