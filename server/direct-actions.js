// The order webhook, which Shopify sends at volume, and the print service's status callbacks,
// which come in bursts, reach their route's action without express, Remix's router and request
// conversion (docs/decisions/0019-one-write-at-the-door.md, 0028): the app's HTTP server asks
// this first; the body is read here, bounded, into a Fetch Request, and the route module's own
// action answers it. What the route decides (401, 400, 413, 429, 503, 200) is the route's
// alone; this only carries it. GET /healthz reaches its loader the same way, so a probe costs
// little while a flood is on.

/**
 * Route paths served this way, with what each is called in a log line: the same modules Remix
 * serves, found in the build by path (a `:name` segment is the route's param).
 */
export const DIRECT_ACTION_PATHS = {
  "webhooks/orders/paid": "order webhook",
  "webhooks/print/:callbackId": "status callback",
};

/**
 * Route paths whose loader is served this way for GET: /healthz, which load balancers and the
 * benches ask every few milliseconds, while a flood is on too. Through express and Remix's
 * router it cost about 1 ms of the request thread each (Remix matches every route anew).
 */
export const DIRECT_LOADER_PATHS = {
  healthz: "health check",
};

/**
 * A byte more than the route's own limit (app/lib/webhooks.server.ts): enough for the route to
 * see that a body without a declared length is too large, without holding the rest.
 */
const READ_AT_MOST_BYTES = 2 * 1024 * 1024 + 1;

/**
 * Reads the body up to READ_AT_MOST_BYTES. Past that it stops reading (the request is paused,
 * not destroyed, so the answer can still be sent on its connection).
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<{ body: Buffer; whole: boolean }>}
 */
function readBounded(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", reject);
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= READ_AT_MOST_BYTES) {
        stop();
        req.pause();
        resolve({ body: Buffer.concat(chunks), whole: false });
      }
    };
    const onEnd = () => {
      stop();
      resolve({ body: Buffer.concat(chunks), whole: true });
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

/**
 * The Fetch Request a route's handler takes: the request's own address, headers and body.
 * @param {import("node:http").IncomingMessage} req
 * @param {Buffer | undefined} body
 */
function fetchRequest(req, body) {
  const url = `http://${req.headers.host ?? "localhost"}${req.url}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  return new Request(url, { method: req.method, headers, body });
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {Response} response
 */
async function send(res, response) {
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader("Content-Length", body.length);
  res.writeHead(response.status);
  res.end(body);
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
function sendText(res, status, text) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(text);
}

/**
 * A route path's matcher: the params of a request path that is that route's, else null. As
 * express matched these paths: letters in any case, a trailing slash allowed, the query aside.
 * @param {string} routePath
 * @returns {(pathname: string) => Record<string, string> | null}
 */
function matcherOf(routePath) {
  const segments = routePath.split("/");
  return (pathname) => {
    const parts = pathname.replace(/^\/|\/$/g, "").split("/");
    if (parts.length !== segments.length) return null;
    /** @type {Record<string, string>} */
    const params = {};
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const part = parts[i];
      if (segment.startsWith(":")) {
        if (!part) return null;
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          return null; // not a path this serves: the app's own 404 or 400 answers it
        }
      } else if (part.toLowerCase() !== segment) return null;
    }
    return params;
  };
}

/**
 * The direct actions, as a handler the app's HTTP server asks first: it answers a POST to one
 * of DIRECT_ACTION_PATHS and says true, else says false and the request goes on to express.
 * Served before express, as express's routing and request decoration cost more CPU than the
 * route's own work at these volumes. `setHeaders` adds what the app puts on every answer.
 * @param {import("@remix-run/node").ServerBuild} build
 * @param {(req: import("node:http").IncomingMessage) => unknown} getLoadContext
 * @param {{ setHeaders?: (res: import("node:http").ServerResponse) => void }} [options]
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean}
 */
export function directActions(build, getLoadContext, { setHeaders } = {}) {
  /** @param {Record<string, string>} paths @param {"action" | "loader"} kind */
  const servedOf = (paths, kind) =>
    Object.entries(paths).flatMap(([routePath, what]) => {
      const route = Object.values(build.routes).find((r) => r?.path === routePath);
      const handler = route?.module[kind];
      return typeof handler === "function" ? [{ match: matcherOf(routePath), handler, what }] : [];
    });
  const byMethod = new Map([
    ["POST", servedOf(DIRECT_ACTION_PATHS, "action")],
    ["GET", servedOf(DIRECT_LOADER_PATHS, "loader")],
  ]);
  return (req, res) => {
    const served = byMethod.get(req.method ?? "");
    if (!served || !req.url) return false;
    const query = req.url.indexOf("?");
    const pathname = query < 0 ? req.url : req.url.slice(0, query);
    for (const { match, handler, what } of served) {
      const params = match(pathname);
      if (!params) continue;
      setHeaders?.(res);
      const route = { handler, what, params, context: getLoadContext(req) };
      void (req.method === "GET" ? load(req, res, route) : answer(req, res, route));
      return true;
    }
    return false;
  };
}

/**
 * A direct loader's request (GET, no body): the route's loader asked, its answer sent.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ handler: Function; what: string; params: Record<string, string>; context: unknown }} route
 */
async function load(req, res, { handler, params, context }) {
  try {
    const request = fetchRequest(req, undefined);
    await send(res, await handled(handler, { request, params, context }));
  } catch (error) {
    failed(res, error);
  }
}

/**
 * What the route's handler answered: its Response, returned or thrown (as Remix takes either).
 * @param {Function} handler
 * @param {{ request: Request; params: Record<string, string>; context: unknown }} args
 * @returns {Promise<Response>}
 */
async function handled(handler, args) {
  try {
    return await handler(args);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown;
  }
}

/**
 * As Remix does with a route's error: logged, and a bare 500.
 * @param {import("node:http").ServerResponse} res
 * @param {unknown} error
 */
function failed(res, error) {
  // eslint-disable-next-line no-console -- the app's logger lives in the build, not here
  console.error(error);
  if (!res.headersSent) sendText(res, 500, "Unexpected Server Error");
  else res.end();
}

/**
 * One direct action's request: its body read (bounded), the route's action asked, its answer
 * sent.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ handler: Function; what: string; params: Record<string, string>; context: unknown }} route
 */
async function answer(req, res, { handler, what, params, context }) {
  try {
    let read;
    try {
      read = await readBounded(req);
    } catch (error) {
      // A sender that hangs up mid-body ("aborted", ECONNRESET): nothing was read, so nothing
      // is recorded. Anyone can do it without signing anything: one line, no stack trace.
      const reason = error?.code ?? error?.message ?? "aborted";
      // eslint-disable-next-line no-console -- the app's logger lives in the build, not here
      console.warn(`${what}: the request body was cut short (${reason}); nothing recorded`);
      if (!res.headersSent && !res.destroyed) sendText(res, 400, "The request body was cut short.");
      return;
    }
    const { body, whole } = read;
    // The route refuses what was not read whole; the connection goes with the answer.
    if (!whole) res.setHeader("Connection", "close");
    const request = fetchRequest(req, body);
    await send(res, await handled(handler, { request, params, context }));
  } catch (error) {
    failed(res, error);
  }
}

/**
 * The request listener that asks the direct actions first and hands everything else to
 * `rest` (the express app): server/app.js and the benches' servers serve the app this way.
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void} rest
 * @param {import("@remix-run/node").ServerBuild} build
 * @param {(req: import("node:http").IncomingMessage) => unknown} getLoadContext
 * @param {{ setHeaders?: (res: import("node:http").ServerResponse) => void }} [options]
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function directActionsFirst(rest, build, getLoadContext, options) {
  const direct = directActions(build, getLoadContext, options);
  return (req, res) => {
    if (!direct(req, res)) rest(req, res);
  };
}
