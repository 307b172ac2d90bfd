/** What every handler shares: the reply, and reading the body and parameters of a request. */
import type http from "node:http";
import { parseJsonExact } from "../state";

export class HttpReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
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
