import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPrintClient, type PrintClientOptions, type PrintLogger } from "~/services/print";

export interface Captured {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
  form: URLSearchParams;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the socket instead of answering. */
  reset?: boolean;
  /** Never answer. */
  hang?: boolean;
}

export type Handler = (req: Captured) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: Captured[];
  /** Route table: "METHOD /path" -> handler or a queue of handlers (one per call; last repeats). */
  on(route: string, ...handlers: Handler[]): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Handler[]>();
  const requests: Captured[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const u = new URL(req.url ?? "/", "http://x");
        const body = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : undefined;
        } catch {
          json = undefined;
        }
        const cap: Captured = {
          method: req.method ?? "",
          path: u.pathname,
          query: u.searchParams,
          headers: req.headers,
          body,
          json,
          form: new URLSearchParams(
            String(req.headers["content-type"] ?? "").includes("form") ? body : "",
          ),
        };
        requests.push(cap);
        const queue = routes.get(`${cap.method} ${cap.path}`);
        if (!queue || queue.length === 0) {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ details: `no route ${cap.method} ${cap.path}` }));
          return;
        }
        const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
        const reply = await handler(cap);
        if (reply.reset) {
          req.socket.destroy();
          return;
        }
        if (reply.hang) return;
        const isText = typeof reply.body === "string";
        const payload =
          reply.body === undefined
            ? ""
            : isText
              ? (reply.body as string)
              : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, {
          "content-type": isText
            ? payload.startsWith("<")
              ? "application/xml"
              : "text/plain"
            : "application/json",
          ...reply.headers,
        });
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, ...handlers) {
      routes.set(route, handlers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface LogLine {
  level: "debug" | "info" | "warn" | "error";
  obj: Record<string, unknown>;
  msg: string;
}

export function memoryLogger(): PrintLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine["level"]) =>
    (obj: Record<string, unknown>, msg: string): void => {
      lines.push({ level, obj, msg });
    };
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A fake clock advanced by the injected sleep: no real waiting. */
export function fakeTime() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => 0.5,
  };
}

export const KEYS = {
  merchantApiKey: "merchant-KEY-123456",
  secretKey: "secret-KEY-abcdef",
  applicationApiKey: "app-KEY-7890",
  buttonKey: "button-KEY-5555",
};

export function makeClient(url: string, extra: Partial<PrintClientOptions> = {}) {
  const time = fakeTime();
  const logger = memoryLogger();
  let n = 0;
  const client = createPrintClient({
    environment: "sandbox",
    baseUrl: url,
    ...KEYS,
    timeoutMs: 2_000,
    retry: { sleep: time.sleep, now: time.now, random: time.random },
    logger,
    requestId: () => `req-${++n}`,
    ...extra,
  });
  return { client, time, logger };
}
