/**
 * A small HTTP server on 127.0.0.1 for preflight tests: each path answers as
 * its handler says, and the server counts connections and requests so a test
 * can tell that a refused address was never contacted.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { makePdf, type PdfSpec } from "../../sandbox/files";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FileServer {
  url: string;
  port: number;
  connections: number;
  requests: string[];
  /** Answers `path` with `handler` from now on. */
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

export async function startFileServer(routes: Record<string, Handler> = {}): Promise<FileServer> {
  const table = new Map(Object.entries(routes));
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    state.requests.push(path);
    const handler = table.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not here\n");
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const state: FileServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: 0,
    requests: [],
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}

/** Answers with these bytes as a PDF (Content-Length set unless `chunked`). */
export function sendBytes(
  bytes: Uint8Array,
  options: { chunked?: boolean; contentType?: string } = {},
): Handler {
  return (_req, res) => {
    res.writeHead(200, {
      "content-type": options.contentType ?? "application/pdf",
      ...(options.chunked ? {} : { "content-length": bytes.length }),
    });
    res.end(bytes);
  };
}

export function sendPdf(spec: PdfSpec): Promise<Handler> {
  return makePdf(spec).then((bytes) => sendBytes(bytes));
}

export function redirectTo(location: string, status = 302): Handler {
  return (_req, res) => res.writeHead(status, { location }).end();
}

export function answer(status: number): Handler {
  return (_req, res) => res.writeHead(status, { "content-type": "text/plain" }).end(`${status}\n`);
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
