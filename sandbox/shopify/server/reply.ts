/** What every handler shares: the reply, and reading the body and parameters of a request. */
import type http from "node:http";
import { parseJsonExact } from "../state";

/** An answer: a JSON body, or raw bytes (a Buffer body, sent with the Content-Type of `headers`). */
export class HttpReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The request body as bytes (uploads are binary; everything else is read as UTF-8 text). */
export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function parseParams(
  raw: string,
  contentType: string | undefined,
  url: URL,
): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams.entries());
  if (!raw) return params;
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw).entries()) };
  }
  try {
    const parsed: unknown = parseJsonExact(raw);
    if (parsed && typeof parsed === "object")
      return { ...params, ...(parsed as Record<string, unknown>) };
  } catch {
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw).entries()) };
  }
  return params;
}
