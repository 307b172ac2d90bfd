/**
 * One error hierarchy for everything the print client can throw.
 *
 *   PrintServiceError                       (base; `operation`, `requestId`, `url`, `hint`)
 *   ├── PrintApiError                       the service answered with an error status
 *   │   └── FacilityConflictError           MULTI_ORDER_INVALID_DATA: items need several facilities
 *   ├── PrintConnectionError                no usable HTTP answer (refused, reset, DNS, ...)
 *   ├── PrintTimeoutError                   no answer within the per-request timeout
 *   ├── PrintResponseShapeError             an answer we cannot trust (wrong shape)
 *   └── PrintInputError                     the caller's parameters failed validation (nothing sent)
 *
 * `errorFromResponse(status, body, ...)` is the single factory from an HTTP answer to an error.
 * Codes and kinds are in error-codes.ts; the words of `hint` come from the app's one table of
 * merchant text (app/services/merchant-text/errors.ts).
 */
import { XMLParser } from "fast-xml-parser";
import { PRINT_HINT, printErrorHint } from "../merchant-text/errors";
import { classify, isUnknownMerchantKeyQuirk, type PrintApiErrorKind } from "./error-codes";
import { redactText, redactUrl, truncate } from "./redact";

export { classify, isUnknownMerchantKeyQuirk, type PrintApiErrorKind } from "./error-codes";

export interface PrintErrorContext {
  operation?: string | undefined;
  requestId?: string | undefined;
  /** Request URL with keys redacted. */
  url?: string | undefined;
  cause?: unknown;
}

export class PrintServiceError extends Error {
  override name = "PrintServiceError";
  readonly operation: string | undefined;
  readonly requestId: string | undefined;
  readonly url: string | undefined;
  /** A short plain-language hint for a merchant, when one is obvious (merchant-text/errors.ts). */
  hint: string | undefined;

  constructor(message: string, ctx: PrintErrorContext = {}) {
    super(message, ctx.cause === undefined ? undefined : { cause: ctx.cause });
    this.operation = ctx.operation;
    this.requestId = ctx.requestId;
    this.url = ctx.url === undefined ? undefined : redactUrl(ctx.url);
  }
}

export interface PrintApiErrorInit extends PrintErrorContext {
  status: number;
  customCode?: string | undefined;
  details?: string | undefined;
  /** The `url` field of the error body (redacted). */
  serviceUrl?: string | undefined;
  timestamp?: string | number | undefined;
  retryAfterMs?: number | undefined;
  kind?: PrintApiErrorKind;
}

export class PrintApiError extends PrintServiceError {
  override name = "PrintApiError";
  readonly status: number;
  /** `custom_code` of the JSON body, or `<code>` of a legacy XML error. */
  readonly customCode: string | undefined;
  /** Human text from the service (`details` / `<message>`), keys redacted. */
  readonly details: string | undefined;
  readonly serviceUrl: string | undefined;
  readonly timestamp: string | number | undefined;
  readonly kind: PrintApiErrorKind;
  /** From the `Retry-After` header, when present. */
  readonly retryAfterMs: number | undefined;

  constructor(init: PrintApiErrorInit) {
    const kind = init.kind ?? classify(init.status, init.customCode, init.details);
    const code = init.customCode ? ` ${init.customCode}` : "";
    const op = init.operation ? `${init.operation}: ` : "";
    super(`${op}HTTP ${init.status}${code}${init.details ? `: ${init.details}` : ""}`, init);
    this.status = init.status;
    this.customCode = init.customCode;
    this.details = init.details;
    this.serviceUrl = init.serviceUrl === undefined ? undefined : redactUrl(init.serviceUrl);
    this.timestamp = init.timestamp;
    this.kind = kind;
    this.retryAfterMs = init.retryAfterMs;
    this.hint = printErrorHint(init.customCode, kind, init.details);
  }
}

/**
 * The items of a quote or order cannot be produced at one facility.
 * `groups` lists the offering ids that can go together (one print order per group);
 * `unproducible` lists the offerings that cannot be produced at all.
 */
export class FacilityConflictError extends PrintApiError {
  override name = "FacilityConflictError";
  readonly groups: number[][];
  readonly unproducible: number[];

  constructor(init: PrintApiErrorInit) {
    super(init);
    const parsed = parseFacilityConflict(init.details ?? "");
    this.groups = parsed.groups;
    this.unproducible = parsed.unproducible;
  }
}

export class PrintConnectionError extends PrintServiceError {
  override name = "PrintConnectionError";
  /** Low-level code, e.g. ECONNREFUSED, UND_ERR_SOCKET. */
  readonly code: string | undefined;
  /**
   * true when the request may have reached the service (reset mid-flight): the operation
   * may or may not have happened. false when it provably was never sent (refused, DNS).
   */
  readonly ambiguous: boolean;

  constructor(message: string, ctx: PrintErrorContext & { code?: string; ambiguous: boolean }) {
    super(message, ctx);
    this.code = ctx.code;
    this.ambiguous = ctx.ambiguous;
    this.hint = PRINT_HINT.unreachable;
  }
}

export class PrintTimeoutError extends PrintServiceError {
  override name = "PrintTimeoutError";
  readonly timeoutMs: number;
  /** A timed-out request may have been processed. */
  readonly ambiguous = true;

  constructor(timeoutMs: number, ctx: PrintErrorContext) {
    super(`${ctx.operation ? `${ctx.operation}: ` : ""}no answer within ${timeoutMs} ms`, ctx);
    this.timeoutMs = timeoutMs;
    this.hint = PRINT_HINT.slow;
  }
}

/**
 * The service answered, but not in a shape we can act on. `rawBody` keeps the body exactly as
 * received (non-enumerable, so loggers that serialise errors do not print it); the message only
 * shows a redacted excerpt.
 */
export class PrintResponseShapeError extends PrintServiceError {
  override name = "PrintResponseShapeError";
  readonly status: number | undefined;
  readonly issues: readonly string[];
  declare readonly rawBody: string;

  constructor(
    reason: string,
    init: PrintErrorContext & {
      status?: number;
      rawBody: string;
      issues?: readonly string[];
      knownSecrets?: readonly string[];
    },
  ) {
    const excerpt = truncate(redactText(init.rawBody, init.knownSecrets ?? []), 300);
    const op = init.operation ? `${init.operation}: ` : "";
    super(`${op}unexpected response shape: ${reason}. Body: ${excerpt}`, init);
    this.status = init.status;
    this.issues = init.issues ?? [];
    Object.defineProperty(this, "rawBody", { value: init.rawBody, enumerable: false });
    this.hint = PRINT_HINT.unreadable;
  }
}

export class PrintInputError extends PrintServiceError {
  override name = "PrintInputError";
  readonly issues: readonly string[];
  constructor(operation: string, issues: readonly string[]) {
    super(`${operation}: invalid parameters: ${issues.join("; ")}`, { operation });
    this.issues = issues;
  }
}

// ---------------------------------------------------------------------------------------------
// "Cannot be produced at one facility"

/**
 * Parses `... Possible combinations: [1, 2] && [3]. Unfortunately we cannot produce yet offering: 4`.
 * Tolerant of spacing and of several ids after "offering(s):".
 */
export function parseFacilityConflict(details: string): {
  groups: number[][];
  unproducible: number[];
} {
  const marker = /cannot produce yet offerings?\s*:?/i.exec(details);
  const head = marker ? details.slice(0, marker.index) : details;
  const tail = marker ? details.slice(marker.index + marker[0].length) : "";
  const groups: number[][] = [];
  for (const m of head.matchAll(/\[([^\]]*)\]/g)) {
    const ids = (m[1] ?? "").match(/\d+/g)?.map(Number) ?? [];
    if (ids.length > 0) groups.push(ids);
  }
  const unproducible = tail.match(/\d+/g)?.map(Number) ?? [];
  return { groups, unproducible };
}

// ---------------------------------------------------------------------------------------------
// The factory

const errorXmlParser = new XMLParser({ parseTagValue: false, ignoreAttributes: true });

function str(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** Seconds or an HTTP date, as milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export interface ErrorFromResponseInit extends PrintErrorContext {
  status: number;
  bodyText: string;
  retryAfterMs?: number | undefined;
  knownSecrets?: readonly string[];
}

/** The one factory from an HTTP error answer (JSON, legacy XML or text) to a PrintApiError. */
export function errorFromResponse(init: ErrorFromResponseInit): PrintApiError {
  const secrets = init.knownSecrets ?? [];
  const text = init.bodyText.trim();
  let customCode: string | undefined;
  let details: string | undefined;
  let serviceUrl: string | undefined;
  let timestamp: string | number | undefined;

  if (text.startsWith("{")) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      customCode = str(body["custom_code"] ?? body["customCode"]) || undefined;
      details = str(body["details"] ?? body["message"] ?? body["error"]);
      serviceUrl = str(body["url"]);
      const ts = body["timestamp"];
      timestamp = typeof ts === "number" || typeof ts === "string" ? ts : undefined;
    } catch {
      details = text;
    }
  } else if (/^(<!doctype html|<html)/i.test(text)) {
    // A proxy's or server's HTML error page: its title says enough.
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    details = title ? `an HTML error page: ${title}` : "an HTML error page";
  } else if (text.startsWith("<")) {
    try {
      const doc = errorXmlParser.parse(text) as Record<string, unknown>;
      const err = doc["error"];
      if (err && typeof err === "object") {
        const e = err as Record<string, unknown>;
        customCode = str(e["code"]) || undefined;
        details = str(e["message"]);
      } else {
        details = text;
      }
    } catch {
      details = text;
    }
  } else if (text !== "") {
    details = text;
  }

  if (details !== undefined) details = truncate(redactText(details, secrets), 1000);
  const init2: PrintApiErrorInit = {
    status: init.status,
    customCode,
    details,
    serviceUrl,
    timestamp,
    retryAfterMs: init.retryAfterMs,
    operation: init.operation,
    requestId: init.requestId,
    url: init.url,
  };
  if (customCode === "MULTI_ORDER_INVALID_DATA" || /possible combinations/i.test(details ?? "")) {
    return new FacilityConflictError(init2);
  }
  return new PrintApiError(init2);
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function isPrintApiError(e: unknown): e is PrintApiError {
  return e instanceof PrintApiError;
}

/** Payment answered 409 ORD_PAID_STATE. */
export function isAlreadyPaid(e: unknown): e is PrintApiError {
  return e instanceof PrintApiError && e.customCode === "ORD_PAID_STATE";
}

/** Order create answered ORD_DUPLICATE: the order_reference is taken. */
export function isDuplicateOrder(e: unknown): e is PrintApiError {
  return e instanceof PrintApiError && e.customCode === "ORD_DUPLICATE";
}

export function isFacilityConflict(e: unknown): e is FacilityConflictError {
  return e instanceof FacilityConflictError;
}

export function isInsufficientBalance(e: unknown): e is PrintApiError {
  return e instanceof PrintApiError && e.customCode === "MERCH_INSUFFICIENT_BALANCE";
}

export function isNotFound(e: unknown): e is PrintApiError {
  return e instanceof PrintApiError && e.kind === "not_found";
}

/**
 * The operation may or may not have taken effect: the answer was lost (reset, timeout) or the
 * service failed mid-way (5xx other than the unknown-key quirk, 408).
 */
export function isAmbiguous(e: unknown): boolean {
  if (e instanceof PrintConnectionError) return e.ambiguous;
  if (e instanceof PrintTimeoutError) return true;
  if (e instanceof PrintApiError) {
    return e.kind === "server" && !isUnknownMerchantKeyQuirk(e.status, e.details);
  }
  return false;
}
