// The order webhook, which Shopify sends at volume, and the print service's status callbacks,
// which come in bursts, reach their route's action without Remix's router and request
// conversion (docs/decisions/0019-one-write-at-the-door.md, 0028): the body is read here,
// bounded, into a Fetch Request, and the route module's own action answers it. What the route
// decides (401, 400, 413, 429, 503, 200) is the route's alone; this only carries it.

/**
 * Route paths served this way, with what each is called in a log line: the same modules Remix
 * serves, found in the build by path (a `:name` segment is the route's param).
 */
export const DIRECT_ACTION_PATHS = {
  "webhooks/orders/paid": "order webhook",
  "webhooks/print/:callbackId": "status callback",
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
 * @param {import("express").Request} req
 * @param {string} url
 * @param {Buffer} body
 */
function fetchRequest(req, url, body) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  return new Request(url, { method: req.method, headers, body });
}

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function send(res, response) {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Mounts the direct actions on an express app, before the Remix handler.
 * @param {import("express").Express} app
 * @param {import("@remix-run/node").ServerBuild} build
 * @param {(req: import("node:http").IncomingMessage) => unknown} getLoadContext
 */
export function mountDirectActions(app, build, getLoadContext) {
  for (const [routePath, what] of Object.entries(DIRECT_ACTION_PATHS)) {
    const route = Object.values(build.routes).find((r) => r?.path === routePath);
    const action = route?.module.action;
    if (typeof action !== "function") continue;
    app.post(`/${routePath}`, async (req, res) => {
      try {
        const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
        const context = getLoadContext(req);
        let read;
        try {
          read = await readBounded(req);
        } catch (error) {
          // A sender that hangs up mid-body ("aborted", ECONNRESET): nothing was read, so nothing
          // is recorded. Anyone can do it without signing anything: one line, no stack trace.
          const reason = error?.code ?? error?.message ?? "aborted";
          // eslint-disable-next-line no-console -- the app's logger lives in the build, not here
          console.warn(`${what}: the request body was cut short (${reason}); nothing recorded`);
          if (!res.headersSent && !res.destroyed) {
            res.status(400).type("text/plain").end("The request body was cut short.");
          }
          return;
        }
        const { body, whole } = read;
        // The route refuses what was not read whole; the connection goes with the answer.
        if (!whole) res.setHeader("Connection", "close");
        const request = fetchRequest(req, url, body);
        let response;
        try {
          response = await action({ request, params: { ...req.params }, context });
        } catch (thrown) {
          if (!(thrown instanceof Response)) throw thrown;
          response = thrown;
        }
        await send(res, response);
      } catch (error) {
        // As Remix does with an action's error: logged, and a bare 500.
        // eslint-disable-next-line no-console -- the app's logger lives in the build, not here
        console.error(error);
        if (!res.headersSent) res.status(500).type("text/plain").end("Unexpected Server Error");
        else res.end();
      }
    });
  }
}
