/**
 * Words for merchants about failures: the one table from a print-service error code to what the
 * merchant reads, the sentences for each kind of error, and the few for failures that have no
 * code. The SDK (services/print) speaks in kinds and codes and takes its `hint` from here; the
 * pipeline (fulfilment/failures.ts) and the pages (merchant-text/print-problem.ts) take every
 * sentence they show from here. Pure: no I/O, no framework, nothing but words and how to pick them.
 */
import { countryName } from "../country-names";
import type { PrintApiErrorKind } from "../print/error-codes";

/** What the merchant reads for one service error code. */
export interface PrintCodeText {
  /** One line of advice, shown wherever the error surfaces (the SDK error's `hint`). */
  hint: string;
  /**
   * Set when waiting cannot help and the merchant has to change something: the order's "needs
   * attention" reason. Without it, the reason is built from the error's kind and the hint.
   */
  attention?: {
    message: string;
    action: string;
    /**
     * The message with what the service's own words add, said plainly; without it (or when
     * the words are not the expected ones) they are added as they came, in brackets.
     */
    fromDetails?: (details: string) => string | undefined;
  };
}

/** The one table from a service `custom_code` to merchant text; every code of the spec is here. */
export const PRINT_CODE_TEXT: Readonly<Record<string, PrintCodeText>> = {
  APP_FORBIDDEN: {
    hint: "Check the print-service API keys in the app settings.",
    attention: {
      message: "The print service refused the API key.",
      action: "Check the merchant API key in Settings, then retry.",
    },
  },
  APP_NO_COMP_DETAILS: {
    hint: "Complete the company details in your print-service account.",
  },
  ORD_SECRET: {
    hint: "Check the print-service secret key in the app settings.",
    attention: {
      message: "The print service rejected the payment signature.",
      action: "Check the secret key in Settings, then retry.",
    },
  },
  INVALID_DATA: {
    hint: "Some order details are missing or invalid; check the order and retry.",
  },
  OFF_MIN: {
    hint: "Check the quantity, page count and size against the product's limits.",
    attention: {
      message: "The order is outside the offering's limits (quantity, pages or size).",
      action: "Fix the product mapping's pages or size, then retry.",
    },
  },
  MULTI_ORDER_INVALID_DATA: {
    hint: "These products cannot be printed together; split them into separate print orders.",
  },
  COLOR_INVALID: {
    hint: "Use a spine colour in the form #RRGGBB.",
    attention: {
      message: "The spine text colour is not valid.",
      action: "Fix the spine colour in the product mapping, then retry.",
    },
  },
  FONT_INVALID: {
    hint: "Choose one of the supported spine fonts.",
    attention: {
      message: "The spine font is not one the print service offers.",
      action: "Choose another spine font in the product mapping, then retry.",
    },
  },
  CURR_INVALID: {
    hint: "This currency is not supported by the print service.",
    attention: {
      message: "The print service does not accept the shop's print currency.",
      action: "Choose another currency in Settings, then retry.",
    },
  },
  NO_PF: {
    hint: "The print service cannot ship this product to that destination.",
    attention: {
      message: "No production facility ships this product to the order's destination.",
      action:
        "Ship this order yourself, or map the product to an offering available there, then retry.",
      // "No production facility can produce offering 228478 for country RU": the country by name.
      fromDetails: (details) => {
        const country = /\bfor country ([A-Z]{2})\b/i.exec(details)?.[1];
        return country
          ? `No production facility ships this product to ${countryName(country)}.`
          : undefined;
      },
    },
  },
  ORD_NO_PRINTER: {
    hint: "No printer can produce this order; check the product and destination.",
    attention: {
      message: "No printer can produce this order.",
      action: "Choose another offering for the product, then retry.",
    },
  },
  OFF_NOT_FOUND: {
    hint: "This print product no longer exists; check the product mapping.",
    attention: {
      message: "The mapped offering no longer exists at the print service.",
      action: "Map the product to a current offering, then retry.",
    },
  },
  SPINE_ORDER_NOT_FOUND: {
    hint: "The order for this spine was not found.",
  },
  ORD_DUPLICATE: {
    hint: "An order with this reference already exists at the print service.",
  },
  ORD_PAID_STATE: {
    hint: "This order is already paid at the print service; nothing more to do.",
  },
  ORD_MISS_ADDR: {
    hint: "Add a shipping address to the order, then pay again.",
    attention: {
      message: "The print service has no shipping address for this order.",
      action: "Correct the shipping address in the Shopify order, then retry.",
    },
  },
  MERCH_INSUFFICIENT_BALANCE: {
    hint: "Top up your print-service account credit, then retry.",
    attention: {
      message: "The print-service account does not have enough credit to pay for this order.",
      action: "Top up your print-service account credit, then retry.",
    },
  },
  ORD_FILES_STATE: {
    hint: "Files can no longer be changed for this order.",
  },
  ORD_CANCEL_STATE: {
    hint: "This order is already in production and can no longer be cancelled.",
    attention: {
      message: "The print order is too far along to be changed.",
      action: "Contact the print service about this order.",
    },
  },
};

/** Per kind of error: the title a page shows, and the hint when the code has none. */
export const PRINT_KIND_TEXT: Readonly<
  Record<PrintApiErrorKind, { title: string; hint: string | undefined }>
> = {
  auth: {
    title: "The print service did not accept your keys",
    hint: "Check the print-service API keys in the app settings.",
  },
  validation: { title: "The print service refused the request", hint: undefined },
  not_found: { title: "The print service could not find what was asked for", hint: undefined },
  conflict: { title: "The print service refused the request", hint: undefined },
  rate_limit: {
    title: "The print service is busy",
    hint: "The print service is busy. The request will be retried shortly.",
  },
  server: {
    title: "The print service had a problem",
    hint: "The print service had a problem. Try again in a few minutes.",
  },
};

/** The words for a service error code; own keys only, so "constructor" finds nothing. */
export function printCodeText(code: string | undefined): PrintCodeText | undefined {
  return code && Object.hasOwn(PRINT_CODE_TEXT, code) ? PRINT_CODE_TEXT[code] : undefined;
}

/** The hint of an error answer: by code, then by what the details say, then by kind. */
export function printErrorHint(
  code: string | undefined,
  kind: PrintApiErrorKind,
  details: string | undefined,
): string | undefined {
  const byCode = printCodeText(code);
  if (byCode) return byCode.hint;
  if (kind === "conflict" && /source file could not be retrieved/i.test(details ?? "")) {
    return "The print file could not be downloaded; check that its URL is public.";
  }
  if (kind === "not_found" && /order not found/i.test(details ?? "")) {
    return "The print service does not know this order.";
  }
  return PRINT_KIND_TEXT[kind].hint;
}

/** Hints the SDK gives errors that carry no code of the table. */
export const PRINT_HINT = {
  /** Connection, timeout and shape errors: no usable HTTP answer. */
  unreachable: "The print service could not be reached. Try again in a few minutes.",
  slow: "The print service is slow to answer. Try again in a few minutes.",
  unreadable: "The print service sent an answer we could not read. Contact support if it repeats.",
  /** The legacy `set_paid` / `set_quote_and_paid` answered `ERROR`. */
  legacyPaymentRefused:
    "The print service refused to mark the order paid: check the secret key and that the order is still open.",
} as const;

/** How a page names a print-service failure (merchant-text/print-problem.ts). */
export const PRINT_PROBLEM_TEXT = {
  facilityConflict: {
    title: "These items cannot be produced together",
    hint: "Split them into separate orders, or choose offerings made at the same facility.",
  },
  unreachable: {
    title: "The print service could not be reached",
    hint: "Check the environment and URL in Settings, or try again in a few minutes.",
  },
  unreadable: {
    title: "The print service sent an answer we could not read",
    hint: "Check the environment and URL in Settings; if they are right, try again later.",
  },
  invalidInput: { title: "Some values are not valid" },
  failed: { title: "The print service call failed" },
} as const;

/**
 * "Needs attention" reasons for failures the code table does not cover
 * (fulfilment/failures.ts); `details` is the service's own text.
 */
export const ATTENTION_TEXT = {
  shopifyRefused: { action: "Check the order in Shopify, then retry." },
  /** SHOPIFY_NOT_CONNECTED: the app holds no working access to the store (shopify-admin/errors). */
  shopifyNotConnected: {
    message:
      "Print Connect has lost its access to your Shopify store, so it could not do this order's part in Shopify.",
    action:
      "Open Print Connect from your Shopify admin (Apps, then Print Connect): that gives the access back, and this order goes on by itself.",
  },
  keysRefused: {
    message: (detailsOrStatus: string | number) =>
      `The print service did not accept the account's keys (${detailsOrStatus}).`,
    action: "Check the merchant API key and secret key in Settings, then retry.",
  },
  fileUnreachable: {
    message: (details: string | undefined) =>
      `The print file could not be downloaded by the print service (${details}).`,
    action: "Make the file URL publicly reachable or change it in the product mapping, then retry.",
  },
  refused: {
    message: (details: string) => `The print service refused the order: ${details}`,
    action: "Check the order details and the product mapping, then retry.",
  },
  invalidInput: { action: "Check the product mapping and the order, then retry." },
  /** PREFLIGHT_FAILED: a print file that does not fit its product, stopped before it is sent. */
  preflightFailed: {
    message: (problems: { title: string; summary: string }[]) =>
      problems.map((p) => `"${p.title}": ${p.summary}`).join(" "),
    action:
      "Correct the file where it comes from (the product's mapping, or the Shopify order for a personalised file; each item below says which), then retry. Or choose Print anyway if you know the file is right.",
  },
} as const;

/**
 * The print-file check (preflight) in the order's timeline and on its items. `problems` and
 * `reason` are the check's own plain words (services/preflight).
 */
export const PREFLIGHT_TEXT = {
  /** A file that could not be downloaded is no verdict on it: the service fetches it itself. */
  unreachableEvent: (title: string, reason: string) =>
    `Could not download the print file for "${title}" to check it (${reason}); the print service will fetch it itself.`,
  overrideEvent: (problems: string) =>
    `Printing despite the file check, at the merchant's request: ${problems}`,
  /** print_anyway refused: the order was not stopped by the file check. */
  overrideNotApplicable:
    "Print anyway is only possible for an order stopped by the print-file check.",
  /** The items card, per item. */
  passed: (facts: string) => `File checked: ${facts}`,
  failed: "The file check found problems, so this item is not sent to print:",
  unreachable: (reason: string) =>
    `Not checked: the file could not be downloaded (${reason}). The print service fetches it itself.`,
  overridden: (problems: string) => `Printed despite: ${problems}`,
  /** Under a failed check: where the corrected file goes. */
  fixInMapping: "Change the print file in this product's mapping, then retry the order.",
  fixInMappingLink: "Change the file in the mapping",
  fixInOrder: (property: string) =>
    `This file came with the Shopify order (its “${property}” property): correct it there, or put the corrected file at the same address, then retry the order.`,
} as const;

/** A coded reason with the service's details added, e.g. "No printer ... (details)". */
function withDetails(message: string, details: string | undefined): string {
  return details ? `${message} (${details})` : message;
}

/** The "needs attention" message for a service code that has one, with the service's details. */
export function attentionMessage(
  attention: NonNullable<PrintCodeText["attention"]>,
  details: string | undefined,
): string {
  return (details && attention.fromDetails?.(details)) || withDetails(attention.message, details);
}

/**
 * Temporary problems the worker waits out (fulfilment/failures.ts codes), as a merchant reads
 * them in an order's activity. A code not listed here (a service code such as HTTP_503) is
 * said by its kind: the print service had a problem.
 */
const TEMPORARY_PROBLEM_TEXT: Readonly<Record<string, string>> = {
  SHOPIFY_THROTTLED: "Shopify asked the app to slow down",
  SHOPIFY_UNAVAILABLE: "Shopify could not be reached",
  SHOPIFY_ON_HOLD: "Shopify holds these items' fulfillment until its hold is released",
  PRINT_SERVICE_UNREACHABLE: "The print service could not be reached",
  PRINT_SERVICE_BAD_RESPONSE: "The print service sent an answer the app could not read",
  PRINT_FILE_CHECK_BUSY: "The print-file check was busy with other files",
  INTERNAL: "Something went wrong in the app",
};

/** The sentence for a temporary problem's code: never the code itself. */
export function temporaryProblemText(code: string | null | undefined): string {
  if (code && Object.hasOwn(TEMPORARY_PROBLEM_TEXT, code)) return TEMPORARY_PROBLEM_TEXT[code]!;
  if (code && /^SHOPIFY_/.test(code)) return "Shopify had a problem";
  return "The print service had a problem";
}

/** The activity line when a step is tried again later. */
export function retryScheduledText(code: string | null | undefined, attempt: number): string {
  const nth = attempt > 1 ? ` (attempt ${attempt})` : "";
  return `${temporaryProblemText(code)}; the app tries again by itself${nth}.`;
}

/**
 * An order event's line as the admin shows it. Retry notes are said again from their code, so
 * those recorded before they were worded ("Temporary problem (SHOPIFY_THROTTLED); ...") read
 * as plain sentences too.
 */
export function shownEventMessage(event: {
  type: string;
  message: string;
  data: string | null;
}): string {
  if (event.type !== "retry_scheduled") return event.message;
  let code: string | undefined;
  try {
    const data: unknown = event.data ? JSON.parse(event.data) : null;
    if (data && typeof data === "object" && "code" in data && typeof data.code === "string")
      code = data.code;
  } catch {
    // Not JSON: the code is read from the message below.
  }
  code ??= /\(([A-Z][A-Z0-9_]*)\)/.exec(event.message)?.[1];
  const attempt = Number(/attempt (\d+)/.exec(event.message)?.[1] ?? "1");
  return retryScheduledText(code, attempt);
}
