/**
 * The transport: one HTTP call per attempt over undici, with timeout, retries, request ids and
 * redacted structured logging. The core (core.ts) builds a RequestSpec from an operation and
 * reads the RawResponse.
 */
import { randomUUID } from "node:crypto";
import { request, type Dispatcher } from "undici";
import type { z } from "zod";
import { BLOCKED_ADDRESS_CODE } from "../net/guarded-dispatcher";
import type { PrintBaseUrls } from "./environments";
import {
  PrintConnectionError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
  errorFromResponse,
  parseRetryAfter,
  type PrintApiError,
} from "./errors";
import type { PrintLogger } from "./logger";
import { redactUrl, redactValue } from "./redact";
import {
  RETRY_CLASS,
  decideRetry,
  resolveRetryOptions,
  type OperationId,
  type RetryOptions,
} from "./retry";

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestSpec {
  operation: OperationId;
  api: "json" | "legacy";
  method: "GET" | "POST";
  /** Path below the interface root, starting with "/". */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (legacy POSTs). */
  form?: Record<string, QueryValue>;
}

/** Per-call options, accepted as the last argument of every method. */
export interface RequestOptions {
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** Caller cancellation. */
  signal?: AbortSignal;
  /** Use this X-Request-Id instead of a generated one. */
  requestId?: string;
  /** Overrides retry options for this call; `false` disables retries. */
  retry?: Partial<RetryOptions> | false;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  requestId: string;
  /** Full URL with keys redacted. */
  url: string;
  attempt: number;
}

export interface TransportConfig {
  baseUrls: PrintBaseUrls;
  timeoutMs: number;
  retry: Partial<RetryOptions> | undefined;
  dispatcher: Dispatcher | undefined;
  logger: PrintLogger;
  requestIdFactory: () => string;
  /** Literal key values to scrub from any text we show. */
  knownSecrets: readonly string[];
  userAgent: string;
}

const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  // Refused by the address rule before any connection (../net/guarded-dispatcher).
  BLOCKED_ADDRESS_CODE,
]);

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

function encodeParams(params: Record<string, QueryValue> | undefined): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    out.append(k, String(v));
  }
  return out.toString();
}

function flattenHeaders(
  h: Record<string, string | string[] | undefined>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(h))
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

export class Transport {
  constructor(readonly config: TransportConfig) {}

  /** Sends the request, retrying per policy. Resolves with any 2xx answer; throws otherwise. */
  async send(spec: RequestSpec, opts: RequestOptions = {}): Promise<RawResponse> {
    const retry = resolveRetryOptions(
      this.config.retry,
      opts.retry === false ? { maxAttempts: 1 } : opts.retry,
    );
    const requestId = opts.requestId ?? this.config.requestIdFactory();
    const started = retry.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, opts, requestId, attempt);
      } catch (error) {
        const decision = decideRetry({
          error,
          retryClass: RETRY_CLASS[spec.operation],
          attempt,
          elapsedMs: retry.now() - started,
          options: retry,
        });
        if (!decision.retry) throw error;
        this.config.logger.warn(
          {
            operation: spec.operation,
            requestId,
            attempt,
            retryInMs: decision.delayMs,
            reason: decision.reason,
          },
          "print request retrying",
        );
        await retry.sleep(decision.delayMs);
      }
    }
  }

  private async attempt(
    spec: RequestSpec,
    opts: RequestOptions,
    requestId: string,
    attempt: number,
  ): Promise<RawResponse> {
    const root = spec.api === "json" ? this.config.baseUrls.json : this.config.baseUrls.legacy;
    const qs = encodeParams(spec.query);
    const url = `${root}${spec.path}${qs ? `?${qs}` : ""}`;
    const safeUrl = redactUrl(url);
    const logPath = redactUrl(`${new URL(url).pathname}${qs ? `?${qs}` : ""}`);
    const headers: Record<string, string> = {
      "x-request-id": requestId,
      "user-agent": this.config.userAgent,
      accept:
        spec.api === "json"
          ? "application/json, text/plain;q=0.9"
          : "application/xml, text/plain;q=0.9",
    };
    let body: string | undefined;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers["content-type"] = "application/json";
    } else if (spec.form !== undefined) {
      body = encodeParams(spec.form);
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const ctx = { operation: spec.operation, requestId, url: safeUrl };
    const logBase = {
      operation: spec.operation,
      method: spec.method,
      path: logPath,
      attempt,
      requestId,
    };
    // Bodies only at debug level, with keys and secrets redacted.
    this.config.logger.debug(
      { ...logBase, body: redactValue(spec.json ?? spec.form) },
      "print request start",
    );

    const timeoutMs = opts.timeoutMs ?? this.config.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("timeout"));
    }, timeoutMs);
    const onCallerAbort = (): void => controller.abort(new Error("aborted"));
    opts.signal?.addEventListener("abort", onCallerAbort, { once: true });
    if (opts.signal?.aborted) onCallerAbort();
    const t0 = performance.now();
    const ms = (): number => Math.round(performance.now() - t0);

    let status: number;
    let text: string;
    let resHeaders: Record<string, string | undefined>;
    try {
      const res = await request(url, {
        method: spec.method,
        headers,
        body,
        signal: controller.signal,
        ...(this.config.dispatcher ? { dispatcher: this.config.dispatcher } : {}),
      });
      status = res.statusCode;
      resHeaders = flattenHeaders(res.headers);
      text = await res.body.text();
    } catch (cause) {
      let err: PrintServiceError;
      if (timedOut) {
        err = new PrintTimeoutError(timeoutMs, { ...ctx, cause });
      } else if (opts.signal?.aborted) {
        err = new PrintServiceError(`${spec.operation}: aborted by caller`, { ...ctx, cause });
      } else {
        const code = errorCode(cause);
        err = new PrintConnectionError(
          `${spec.operation}: ${cause instanceof Error ? cause.message : String(cause)}`,
          { ...ctx, cause, code, ambiguous: !(code && NOT_SENT_CODES.has(code)) },
        );
      }
      this.config.logger.warn(
        { ...logBase, status: null, ms: ms(), error: err.name, code: errorCode(cause) },
        "print request failed",
      );
      throw err;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onCallerAbort);
    }

    const elapsed = ms();
    if (status >= 200 && status < 300) {
      this.config.logger.info({ ...logBase, status, ms: elapsed }, "print request");
      return { status, headers: resHeaders, text, requestId, url: safeUrl, attempt };
    }
    const apiError: PrintApiError = errorFromResponse({
      ...ctx,
      status,
      bodyText: text,
      retryAfterMs: parseRetryAfter(resHeaders["retry-after"], Date.now()),
      knownSecrets: this.config.knownSecrets,
    });
    const level = status >= 500 ? "error" : "warn";
    this.config.logger[level](
      {
        ...logBase,
        status,
        ms: elapsed,
        customCode: apiError.customCode,
        kind: apiError.kind,
      },
      "print request error answer",
    );
    throw apiError;
  }

  // ------------------------------------------------------------------------------------------
  // Parsing helpers for resources

  shapeError(
    res: RawResponse,
    reason: string,
    operation: string,
    issues?: readonly string[],
  ): PrintResponseShapeError {
    return new PrintResponseShapeError(reason, {
      operation,
      requestId: res.requestId,
      url: res.url,
      status: res.status,
      rawBody: res.text,
      issues,
      knownSecrets: this.config.knownSecrets,
    });
  }

  /** JSON.parse of the body; empty -> undefined; not JSON -> shape error. */
  parseJson(res: RawResponse, operation: string): unknown {
    const t = res.text.trim();
    if (t === "") return undefined;
    try {
      return JSON.parse(t) as unknown;
    } catch {
      throw this.shapeError(res, "body is not JSON", operation);
    }
  }

  /** Validates a decoded body; failures become PrintResponseShapeError with the raw body kept. */
  validate<S extends z.ZodType>(
    schema: S,
    value: unknown,
    res: RawResponse,
    operation: string,
  ): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (i) => `${i.path.join(".") || "(root)"}: ${i.message}`,
      );
      throw this.shapeError(res, issues.slice(0, 3).join("; "), operation, issues);
    }
    return parsed.data;
  }
}

export const defaultRequestId = (): string => randomUUID();
