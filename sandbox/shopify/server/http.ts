/**
 * The HTTP side: one node:http server that routes OAuth, Admin GraphQL and the
 * control API, applies injected faults and logs each Shopify request.
 */
import http from "node:http";
import { SHOP_DOMAIN_HEADER } from "../redirect";
import { DEMO_SHOP_DOMAIN } from "../seed";
import { normalizeShopDomain } from "../session-token";
import { FakeError, uuid } from "../state";
import { handleGraphql } from "./admin-graphql";
import type { FakeServerState } from "./context";
import type { ShopifyFakeControl } from "./control";
import { handleControl } from "./control-routes";
import { applyAnswerLostFault, applyFault, requestShape, takeUserErrorsFault } from "./faults";
import { handleAdminPage } from "./admin-pages";
import { handleAppProxy, storefrontPath } from "./app-proxy";
import { handleInstall } from "./install";
import { handleAccessToken } from "./oauth";
import type { RequestLogEntry } from "./records";
import { HttpReply, parseParams, readBody } from "./reply";
import { handleFiles } from "./uploads";

function shopFromRequest(req: http.IncomingMessage, url: URL): string {
  const header = req.headers[SHOP_DOMAIN_HEADER];
  if (typeof header === "string" && header) return normalizeShopDomain(header);
  const host = (req.headers.host ?? "").split(":")[0]?.toLowerCase() ?? "";
  if (host.endsWith(".myshopify.com")) return host;
  const q = url.searchParams.get("shop");
  return q ? normalizeShopDomain(q) : DEMO_SHOP_DOMAIN;
}

async function route(
  fake: FakeServerState,
  control: ShopifyFakeControl,
  req: http.IncomingMessage,
): Promise<HttpReply> {
  const url = new URL(req.url ?? "/", "http://fake.local");
  const method = req.method ?? "GET";
  const bytes = await readBody(req);
  const path = url.pathname;
  const files = handleFiles(fake, method, url, bytes, req.headers["content-type"]);
  if (files) return files;
  const storefront = storefrontPath(path);
  if (storefront)
    return handleAppProxy(
      fake,
      storefront.shop,
      storefront.path,
      method,
      url,
      bytes,
      req.headers["content-type"],
    );
  const params = parseParams(bytes.toString("utf8"), req.headers["content-type"], url);

  if (path.startsWith("/__fake/") || path === "/__fake") {
    const parts = path.split("/").filter(Boolean).slice(1);
    return handleControl(fake, control, method, parts, url, params);
  }

  const shopDomain = shopFromRequest(req, url);
  const entry: RequestLogEntry = {
    at: new Date(fake.clock.now()).toISOString(),
    kind: "rest",
    shop: shopDomain,
    method,
    path,
    status: 0,
  };
  let reply: HttpReply;
  try {
    if (path === "/admin/oauth/install" && method === "GET") {
      entry.kind = "oauth";
      reply = await handleInstall(fake, shopDomain, url);
    } else if (path === "/admin/oauth/access_token") {
      entry.kind = "oauth";
      reply =
        (await applyFault(fake, "oauth")) ??
        (method === "POST"
          ? handleAccessToken(fake, shopDomain, params, entry)
          : new HttpReply(404, { errors: "Not Found" }));
    } else if (
      /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.test(path) ||
      path === "/admin/api/graphql.json"
    ) {
      entry.kind = "graphql";
      const shape = requestShape(params);
      if (method !== "POST") reply = new HttpReply(405, { errors: "Method Not Allowed" });
      else {
        const refused = await applyFault(fake, "graphql", shape);
        if (refused) entry.fault = "before";
        const injected = refused ? undefined : takeUserErrorsFault(fake, shape);
        if (injected) entry.fault = "userErrors";
        reply = refused ?? handleGraphql(fake, shopDomain, req, params, entry, injected);
        const lost = refused ? undefined : await applyAnswerLostFault(fake, shape);
        if (lost) {
          entry.fault = "answer lost";
          reply = lost;
        }
      }
      const version = /^\/admin\/api\/([^/]+)\//.exec(path)?.[1];
      if (version && version !== "graphql.json") reply.headers["X-Shopify-API-Version"] = version;
    } else {
      reply =
        handleAdminPage(fake, shopDomain, method, url, params) ??
        new HttpReply(404, { errors: "Not Found" });
    }
  } catch (error) {
    reply =
      error instanceof FakeError
        ? new HttpReply(error.status, { errors: error.message })
        : new HttpReply(500, { errors: "Internal Server Error" });
    entry.errors = [error instanceof Error ? (error.stack ?? error.message) : String(error)];
  }
  entry.status = reply.status;
  fake.log.push(entry);
  return reply;
}

/** The node:http server of the fake (not yet listening). */
export function createHttpServer(fake: FakeServerState, control: ShopifyFakeControl): http.Server {
  const server = http.createServer((req, res) => {
    route(fake, control, req)
      .catch((error: unknown) =>
        error instanceof FakeError
          ? new HttpReply(error.status, { error: error.message })
          : new HttpReply(500, { error: String(error) }),
      )
      .then((reply) => {
        if (Buffer.isBuffer(reply.body)) {
          res.writeHead(reply.status, { "X-Request-Id": uuid(), ...reply.headers });
          res.end(req.method === "HEAD" ? undefined : reply.body);
          return;
        }
        const text = JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          "Content-Type": "application/json; charset=utf-8",
          "X-Request-Id": uuid(),
          ...reply.headers,
        });
        res.end(text);
      })
      .catch(() => res.destroy());
  });
  server.keepAliveTimeout = 1_000;
  return server;
}
