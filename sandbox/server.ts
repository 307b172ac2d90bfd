// node:http front: routing by "METHOD path" in a Map (no regex per request for
// the API), fault decision at arrival, bounded request log, error rendering.

import type { IncomingMessage, ServerResponse } from "node:http";
import { checkoutById, checkoutBySecureId } from "./checkout-page";
import type { Ctx, Reply, SandboxRequest } from "./context";
import type { RequestLogEntry, SandboxControl } from "./control";
import { handleControl } from "./control-http";
import { ServiceError } from "./errors";
import type { FaultDecision, Faults } from "./faults";
import { FILES_PREFIX, handleFileRequest } from "./files";
import { JSON_ROUTES } from "./json-api";
import { LEGACY_ROUTES } from "./legacy";
import { legacyErrorXml } from "./legacy/xml";
import type { RingBuffer } from "./prng";

type Family = "json" | "legacy";
interface Route {
  op: string;
  family: Family;
  handler: (ctx: Ctx, req: SandboxRequest) => Reply;
}

const routes = new Map<string, Route>();
const knownPaths = new Set<string>();
for (const [method, path, op, handler] of JSON_ROUTES) {
  routes.set(`${method} /rest/v3${path}`, { op, family: "json", handler });
  knownPaths.add(`/rest/v3${path}`);
}
for (const [method, path, op, handler] of LEGACY_ROUTES) {
  routes.set(`${method} /rest${path}`, { op, family: "legacy", handler });
  knownPaths.add(`/rest${path}`);
}

const MAX_BODY = 10 * 1024 * 1024;
const securePage = /^\/checkout\/print\/([^/]+)\/([^/]+)$/;
const printPage = /^\/print\/([^/]+)$/;

export interface ServerDeps {
  ctx: Ctx;
  faults: Faults;
  control: SandboxControl;
  requestLog: RingBuffer<RequestLogEntry>;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  if (req.headers["content-length"] === "0") return Promise.resolve("");
  if (!req.headers["content-length"] && !req.headers["transfer-encoding"])
    return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createRequestHandler(deps: ServerDeps) {
  const { ctx, faults, control, requestLog } = deps;
  let seq = 0;

  const errorReply = (family: Family, e: ServiceError, url: string): Reply => {
    const headers = { ...e.headers };
    if (family === "legacy")
      return {
        status: e.status,
        body: legacyErrorXml(e.code, e.details),
        contentType: "application/xml",
        headers,
      };
    const body: Record<string, unknown> = {
      url: ctx.baseUrl + url,
      details: e.details,
      timestamp: new Date(ctx.clock.now()).toISOString(),
    };
    if (e.code) body.custom_code = e.code;
    return {
      status: e.status,
      body: JSON.stringify(body),
      contentType: "application/json",
      headers,
    };
  };

  const write = (res: ServerResponse, r: Reply) => {
    res.writeHead(r.status, {
      "content-type": r.contentType,
      "content-length": Buffer.byteLength(r.body),
      ...r.headers,
    });
    res.end(r.body);
  };

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const qi = url.indexOf("?");
    let path = qi < 0 ? url : url.slice(0, qi);
    if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
    const query = new URLSearchParams(qi < 0 ? "" : url.slice(qi + 1));

    if (path.startsWith("/__sandbox/") || path === "/__sandbox") {
      const raw = await readBody(req).catch(() => "");
      try {
        write(res, handleControl(control, ctx, method, path, query, raw ?? ""));
      } catch (e) {
        write(res, errorReply("json", asServiceError(e), url));
      }
      return;
    }

    // The file host: outside the API, so no faults and no request log.
    if (path.startsWith(FILES_PREFIX)) {
      await handleFileRequest(req, res, path);
      return;
    }

    const pageMatch = method === "GET" ? (securePage.exec(path) ?? printPage.exec(path)) : null;
    const route = routes.get(`${method} ${path}`);
    const op = route?.op ?? (pageMatch ? "checkout.page" : "unknown");
    const entry: RequestLogEntry = {
      seq: ++seq,
      time: new Date(ctx.clock.now()).toISOString(),
      method,
      path,
      op,
      status: 0,
      durationMs: 0,
      fault: null,
    };
    const finish = (status: number) => {
      entry.status = status;
      entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
      requestLog.push(entry);
    };

    if (!route) {
      let r: Reply;
      if (pageMatch) {
        r =
          pageMatch.length === 3 && path.startsWith("/checkout/")
            ? checkoutBySecureId(ctx, decodeURIComponent(pageMatch[2] ?? ""), query)
            : checkoutById(ctx, pageMatch[1] ?? "", query);
      } else {
        const known = knownPaths.has(path);
        r = errorReply(
          path.startsWith("/rest/v3") || !path.startsWith("/rest") ? "json" : "legacy",
          new ServiceError(
            known ? 405 : 404,
            undefined,
            known ? `Method ${method} not allowed` : `No such resource: ${path}`,
          ),
          url,
        );
      }
      write(res, r);
      finish(r.status);
      return;
    }

    // Decide faults now, in arrival order, so a seeded run is repeatable.
    const decision: FaultDecision = faults.decide(op);
    const raw = await readBody(req).catch(() => null);
    if (decision.latencyMs > 0) {
      entry.fault = "latency";
      await sleep(decision.latencyMs);
    }
    if (decision.action !== "none") entry.fault = decision.action;

    if (decision.action === "reset" || (decision.action === "down" && faults.down === "reset")) {
      req.socket.destroy();
      finish(0);
      return;
    }
    if (decision.action === "error" || decision.action === "down") {
      const status = decision.status ?? 503;
      const headers: Record<string, string> = {};
      if (decision.retryAfterSeconds !== undefined)
        headers["retry-after"] = String(decision.retryAfterSeconds);
      const msg =
        decision.action === "down"
          ? "Service unavailable"
          : status === 429
            ? "Too many requests"
            : `Injected fault: HTTP ${status}`;
      const r = errorReply(
        route.family,
        new ServiceError(status, decision.code, msg, headers),
        url,
      );
      write(res, r);
      finish(r.status);
      return;
    }
    if (raw === null) {
      const r = errorReply(
        route.family,
        new ServiceError(413, undefined, "Request body too large"),
        url,
      );
      write(res, r);
      finish(r.status);
      return;
    }

    let reply: Reply;
    try {
      const sreq: SandboxRequest = { op, method, path, query, body: undefined, params: {} };
      if (route.family === "json") {
        if (raw) {
          try {
            sreq.body = JSON.parse(raw);
          } catch {
            throw new ServiceError(
              400,
              "INVALID_DATA",
              "Invalid value for field body: not valid JSON",
            );
          }
        }
      } else {
        const params: Record<string, string> = {};
        for (const [k, v] of query) params[k] = v;
        if (raw) for (const [k, v] of new URLSearchParams(raw)) params[k] = v;
        sreq.params = params;
      }
      reply = route.handler(ctx, sreq);
    } catch (e) {
      reply = errorReply(route.family, asServiceError(e), url);
    }

    if (decision.action === "lost") {
      // The operation ran (and committed); the client never hears about it.
      req.socket.destroy();
      finish(0);
      return;
    }
    write(res, reply);
    finish(reply.status);
  };
}

function asServiceError(e: unknown): ServiceError {
  if (e instanceof ServiceError) return e;
  return new ServiceError(
    500,
    undefined,
    `Internal sandbox error: ${e instanceof Error ? e.message : String(e)}`,
  );
}
