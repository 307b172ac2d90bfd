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

export async function startRouteServer(routes: Route[], appUrl: string) {
  const server = http.createServer(async (req, res) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
