// The app's HTTP server: static assets plus the Remix request handler, and the
// start/stop hooks exported by entry.server.tsx. server.js runs it for
// `npm start`; tests start it in-process (test/browser/harness.ts).
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { directActionsFirst } from "./direct-actions.js";

const root = path.resolve(import.meta.dirname, "..");

/** Where sandbox mode's pages load App Bridge from (public/sandbox/app-bridge.js). */
export const SANDBOX_APP_BRIDGE_URL = "/sandbox/app-bridge.js";

/**
 * Environment defaults that must be in place before the build is imported:
 * the Shopify library reads APP_BRIDGE_URL once, when it loads. In sandbox
 * mode (no SHOPIFY_API_KEY) embedded pages use the local App Bridge stand-in.
 * @param {Record<string, string | undefined>} [env]
 */
export function applySandboxDefaults(env = process.env) {
  if (!env.SHOPIFY_API_KEY?.trim() && !env.APP_BRIDGE_URL?.trim()) {
    env.APP_BRIDGE_URL = SANDBOX_APP_BRIDGE_URL;
  }
}

/** @param {Record<string, string | undefined>} [env] */
export function isSandboxMode(env = process.env) {
  return !env.SHOPIFY_API_KEY?.trim();
}

/**
 * How long a client may take to send a request's headers, and the whole
 * request with its body, before the connection is answered 408 and closed.
 * Node's own limits (60 s and 300 s) let slow clients hold connections.
 * HTTP_HEADERS_TIMEOUT_MS (default 10 s) and HTTP_REQUEST_TIMEOUT_MS
 * (default 30 s); the first may not exceed the second.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ headersTimeoutMs: number; requestTimeoutMs: number }}
 */
export function httpTimeouts(env = process.env) {
  /** @type {string[]} */
  const problems = [];
  /** @param {string} name @param {number} fallback */
  const read = (name, fallback) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1000 || value > 3_600_000) {
      problems.push(`${name}: must be a whole number of milliseconds from 1000 to 3600000`);
      return fallback;
    }
    return value;
  };
  const headersTimeoutMs = read("HTTP_HEADERS_TIMEOUT_MS", 10_000);
  const requestTimeoutMs = read("HTTP_REQUEST_TIMEOUT_MS", 30_000);
  if (problems.length === 0 && headersTimeoutMs > requestTimeoutMs) {
    problems.push("HTTP_HEADERS_TIMEOUT_MS: may not exceed HTTP_REQUEST_TIMEOUT_MS");
  }
  if (problems.length > 0) {
    const error = new Error(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    error.name = "EnvError";
    throw error;
  }
  return { headersTimeoutMs, requestTimeoutMs };
}

/** The app's own port is held by another program: said in words, with the way out. */
export class PortInUseError extends Error {
  /** @param {number} port @param {string} host */
  constructor(port, host) {
    super(
      `port ${port} on ${host} for the app (PORT) is already in use by another program. ` +
        `Stop that program, or start on another port: PORT=${port + 1} npm run up`,
    );
    this.name = "PortInUseError";
  }
}

/**
 * The Remix load context of every request: the connection's peer address.
 * app/lib/client-address.server.ts decides what X-Forwarded-For adds to it.
 * @param {import("node:http").IncomingMessage} req
 * @returns {{ remoteAddress: string | undefined }}
 */
export function requestContext(req) {
  return { remoteAddress: req.socket.remoteAddress };
}

/**
 * @typedef {import("@remix-run/node").ServerBuild} ServerBuild
 * @typedef {{
 *   server: http.Server;
 *   port: number;
 *   url: string;
 *   build: ServerBuild;
 *   close(options?: { signal?: string }): Promise<void>;
 * }} AppServer
 */

/**
 * Listens first, then loads the build, so a caller can learn the port (for
 * `port: 0`) before the app reads its environment: pass `build` as a function
 * of the port. Resolves once `onServerStarted` has finished; if it fails, the
 * server is stopped again and the error is thrown.
 *
 * @param {{
 *   build: ServerBuild | ((port: number) => Promise<ServerBuild> | ServerBuild);
 *   port?: number;
 *   host?: string;
 *   mode?: string;
 *   clientDir?: string;
 *   timeouts?: { headersTimeoutMs: number; requestTimeoutMs: number };
 * }} options
 * @returns {Promise<AppServer>}
 */
export async function createAppServer({
  build,
  port = 3000,
  host = "0.0.0.0",
  mode = process.env.NODE_ENV,
  clientDir = path.join(root, "build", "client"),
  timeouts = httpTimeouts(),
}) {
  const { headersTimeoutMs, requestTimeoutMs } = timeouts;
  const server = http.createServer({
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    // Node checks both limits at this interval (30 s by default, which would
    // stretch a 10 s limit to 40 s).
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
  });
  await new Promise((resolve, reject) => {
    const refuse = (/** @type {NodeJS.ErrnoException} */ error) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port, host) : error);
    server.once("error", refuse);
    server.listen(port, host, () => {
      server.off("error", refuse);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${actualPort}`;
  const closeServer = () =>
    new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    });

  /** @type {ServerBuild} */
  let serverBuild;
  try {
    serverBuild = typeof build === "function" ? await build(actualPort) : build;
  } catch (error) {
    await closeServer();
    throw error;
  }

  // Headers for every answer. Framing is governed per shop by the Shopify
  // library's Content-Security-Policy frame-ancestors on documents.
  const setHeaders = (/** @type {http.ServerResponse} */ res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    if (mode === "production") {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    setHeaders(res);
    next();
  });
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  app.use(express.static(clientDir, { maxAge: "1h" }));
  app.all("*", createRequestHandler({ build: serverBuild, mode, getLoadContext: requestContext }));
  // The order webhook and the status callbacks first, without express (server/direct-actions.js).
  server.on("request", directActionsFirst(app, serverBuild, requestContext, { setHeaders }));

  const hooks = serverBuild.entry.module;
  /** @type {Promise<void> | undefined} */
  let closing;
  const close = (/** @type {{ signal?: string }} */ options = {}) => {
    closing ??= (async () => {
      try {
        if (typeof hooks.onServerStopping === "function") await hooks.onServerStopping(options);
      } finally {
        await closeServer();
      }
    })();
    return closing;
  };

  try {
    if (typeof hooks.onServerStarted === "function") {
      await hooks.onServerStarted({ port: actualPort });
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { server, port: actualPort, url, build: serverBuild, close };
}
