/**
 * Downloads the file to check, bounded in size and time. The URL comes from a
 * merchant or a customer, so every hop goes through the dispatcher the caller
 * passes (the app passes one that refuses private addresses): redirects are
 * followed here, one request per hop, never inside undici.
 */
import { request, type Dispatcher } from "undici";
import { BLOCKED_ADDRESS_CODE } from "../net/guarded-dispatcher";

export const DEFAULT_MAX_BYTES = 300 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const MAX_REDIRECTS = 3;

export type Download =
  | { kind: "downloaded"; bytes: Uint8Array }
  /** `bytes`: the size the server declared, or what arrived before the cut. */
  | { kind: "too_large"; bytes: number }
  | { kind: "not_found"; status: number }
  | { kind: "unreachable"; reason: string };

export interface DownloadOptions {
  dispatcher?: Dispatcher | undefined;
  maxBytes: number;
  timeoutMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Answers that say the file is not there for anyone: the print service would fail too. */
const NOT_THERE = new Set([401, 403, 404, 410]);

export async function downloadFile(url: string, options: DownloadOptions): Promise<Download> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { kind: "unreachable", reason: "the address is not a valid web address" };
  }
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:")
      return { kind: "unreachable", reason: "only http and https addresses can be downloaded" };
    let response: Dispatcher.ResponseData;
    try {
      response = await request(current, {
        method: "GET",
        signal,
        headers: { accept: "application/pdf, */*", "user-agent": "PrintConnect-Preflight/1" },
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
    } catch (error) {
      return { kind: "unreachable", reason: failureReason(error, signal, options.timeoutMs) };
    }
    const status = response.statusCode;
    if (REDIRECTS.has(status)) {
      await discard(response);
      const location = firstHeader(response.headers.location);
      if (!location)
        return { kind: "unreachable", reason: "the server sent a redirect without an address" };
      if (hop >= MAX_REDIRECTS)
        return {
          kind: "unreachable",
          reason: `the address redirected more than ${MAX_REDIRECTS} times`,
        };
      try {
        current = new URL(location, current);
      } catch {
        return { kind: "unreachable", reason: "the server redirected to an invalid address" };
      }
      continue;
    }
    if (NOT_THERE.has(status)) {
      await discard(response);
      return { kind: "not_found", status };
    }
    if (status < 200 || status > 299) {
      await discard(response);
      return { kind: "unreachable", reason: `the server answered HTTP ${status}` };
    }
    return readBody(response, signal, options);
  }
}

async function readBody(
  response: Dispatcher.ResponseData,
  signal: AbortSignal,
  options: DownloadOptions,
): Promise<Download> {
  const declared = Number(firstHeader(response.headers["content-length"]) ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.body.destroy();
    return { kind: "too_large", bytes: declared };
  }
  const collector = new ByteCollector(Number.isFinite(declared) ? declared : 0);
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      collector.add(chunk);
      if (collector.length > options.maxBytes) {
        response.body.destroy();
        return { kind: "too_large", bytes: collector.length };
      }
    }
  } catch (error) {
    return { kind: "unreachable", reason: failureReason(error, signal, options.timeoutMs) };
  }
  return { kind: "downloaded", bytes: collector.bytes() };
}

/**
 * Collects the body in one buffer sized by Content-Length when the server
 * sends it, so a 40 MB file is held once rather than as chunks plus a copy.
 */
class ByteCollector {
  private buffer: Uint8Array;
  private chunks: Uint8Array[] | null = null;
  length = 0;

  constructor(expected: number) {
    this.buffer = new Uint8Array(expected);
  }

  add(chunk: Uint8Array): void {
    if (this.chunks === null && this.length + chunk.length <= this.buffer.length) {
      this.buffer.set(chunk, this.length);
    } else {
      // The server sent more than it declared (or declared nothing): keep chunks.
      this.chunks ??= [this.buffer.subarray(0, this.length)];
      this.chunks.push(chunk);
    }
    this.length += chunk.length;
  }

  bytes(): Uint8Array {
    if (this.chunks === null) return this.buffer.subarray(0, this.length);
    return Buffer.concat(this.chunks, this.length);
  }
}

async function discard(response: Dispatcher.ResponseData): Promise<void> {
  await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === "string") codes.push(code);
    e = cause;
  }
  return codes;
}

/** Why a download did not happen, in plain words. */
function failureReason(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `the download took longer than ${Math.round(timeoutMs / 100) / 10} s`;
  const codes = errorCodes(error);
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  if (has(BLOCKED_ADDRESS_CODE))
    return "the address is on a private network, which the app does not download from";
  if (has("ENOTFOUND", "EAI_AGAIN", "EAI_NONAME")) return "the address's host name does not exist";
  if (has("ECONNREFUSED")) return "the server refused the connection";
  if (has("UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT")) return "the server did not answer in time";
  if (codes.some((c) => c.startsWith("ERR_TLS") || c.includes("CERT")))
    return "the server's secure connection could not be verified";
  if (has("ECONNRESET", "UND_ERR_SOCKET", "EPIPE"))
    return "the connection was broken off during the download";
  return "the address could not be reached";
}
