/**
 * The service's error codes and the kind of error each one is. The SDK speaks in kinds and codes;
 * the words a merchant reads for them live in the app (app/services/merchant-text/errors.ts).
 */

export type PrintApiErrorKind =
  "auth" | "validation" | "not_found" | "conflict" | "rate_limit" | "server";

const KIND_BY_CODE: Record<string, PrintApiErrorKind> = {
  APP_FORBIDDEN: "auth",
  APP_NO_COMP_DETAILS: "auth",
  ORD_SECRET: "auth",
  INVALID_DATA: "validation",
  OFF_MIN: "validation",
  MULTI_ORDER_INVALID_DATA: "validation",
  COLOR_INVALID: "validation",
  FONT_INVALID: "validation",
  CURR_INVALID: "validation",
  NO_PF: "validation",
  ORD_NO_PRINTER: "validation",
  OFF_NOT_FOUND: "not_found",
  SPINE_ORDER_NOT_FOUND: "not_found",
  ORD_DUPLICATE: "conflict",
  ORD_PAID_STATE: "conflict",
  ORD_MISS_ADDR: "conflict",
  MERCH_INSUFFICIENT_BALANCE: "conflict",
  ORD_FILES_STATE: "conflict",
  ORD_CANCEL_STATE: "conflict",
};

/** Every `custom_code` the service is known to answer (print-service-facts.md). */
export const PRINT_ERROR_CODES: readonly string[] = Object.keys(KIND_BY_CODE);

/** The real service answers an unknown merchant key with HTTP 500. */
export function isUnknownMerchantKeyQuirk(status: number, details: string | undefined): boolean {
  return status === 500 && /unknown merchant api key/i.test(details ?? "");
}

/** custom_code first, HTTP status second (see docs/print-wire-contract.md). */
export function classify(
  status: number,
  customCode: string | undefined,
  details?: string | undefined,
): PrintApiErrorKind {
  // Own keys only: a code such as "constructor" must not find an Object property.
  const byCode =
    customCode && Object.hasOwn(KIND_BY_CODE, customCode) ? KIND_BY_CODE[customCode] : undefined;
  if (byCode) return byCode;
  if (isUnknownMerchantKeyQuirk(status, details)) return "auth";
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limit";
  if (status === 408 || status >= 500) return "server";
  if (status >= 400) return "validation";
  return "server";
}
