/**
 * Serves the app's route modules over real HTTP, as Remix does minus the
 * build, so stand-ins (Shopify, the print sandbox) can call the app.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { requestContext } from "../../server/app.js";

export type RouteHandler = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => Promise<Response>;

export interface Route {
  /** Matched against the path; named groups become route params. */
  path: RegExp;
  handler: RouteHandler;
}

/** How long close() waits for the requests still being worked. */
const DRAIN_MS = 20_000;

export async function startRouteServer(routes: Route[], appUrl: string) {
  /** Requests being worked, and since when. */
  const working = new Map<Promise<void>, { what: string; since: number }>();
  const server = http.createServer((req, res) => {
    const work = serve(req, res);
    working.set(work, {
      what: `${req.method} ${(req.url ?? "/").split("?")[0]}`,
      since: Date.now(),
    });
    void work.finally(() => working.delete(work));
  });
  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "/").split("?")[0]!;
    const found = routes.map((r) => ({ r, m: path.match(r.path) })).find((x) => x.m);
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`${appUrl}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
    });
    let response: Response;
    try {
      response = await found.r.handler({
        request,
        params: { ...found.m!.groups },
        // The load context server/app.js gives every request (the socket's address).
        context: requestContext(req),
      });
    } catch (thrown) {
      response =
        thrown instanceof Response ? thrown : new Response(String(thrown), { status: 500 });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * Stops listening and closes every connection, then waits (up to 20 s) for
     * the requests still being worked: a caller that gave up on an answer (the
     * print sandbox after 5 s, Shopify after 5 s) leaves its request running,
     * and it must not reach a database that is being closed. Resolves with the
     * requests still running after that, in words (none: []).
     */
    close: async (): Promise<string[]> => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      const drained = Promise.allSettled(working.keys()).then(() => true);
      const late = new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), DRAIN_MS).unref(),
      );
      if (await Promise.race([drained, late])) return [];
      const now = Date.now();
      return [...working.values()].map(
        ({ what, since }) => `${what} for ${((now - since) / 1000).toFixed(1)} s`,
      );
    },
  };
}
