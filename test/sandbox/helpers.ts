import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import {
  DEFAULT_MERCHANT,
  paymentSecret,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from "../../sandbox/index";

export const M = DEFAULT_MERCHANT;
export const KEY = M.merchantApiKey;
export const FIXED_NOW = Date.parse("2025-01-15T10:00:00.000Z");
export const fixedClock = { now: () => FIXED_NOW };

/** Offering ids used across the tests (see sandbox/README.md). */
export const OFF = {
  hardcoverA4: 228478, // BO/HC, NL-AMS
  hardcoverUS: 228479, // BO/HC, US-CHI (US, CA, MX only)
  softcoverA5: 228500, // BO/SC, NL-AMS
  softcoverCustom: 228501, // BO/SC dynamic size, min 100x100, minimumQuantity 0
  layflat: 228510, // BO/LF, DE-BER (not AU/NZ)
  magazine: 228520, // MA/PM, minimumQuantity 5
  calendar: 228530, // CA/WC, not BR
  digital: 228540, // DP/DP
  artPrint: 228550, // WA/PR, GB-LON (GB, EU, CH, NO only)
  boxedFrame: 228565, // WA/BOXED FRAMES, DE-BER
  notebook: 228570, // NB/NBW
} as const;

export function start(opts: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ clock: fixedClock, ...opts });
}

export interface Res<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

async function toRes<T>(r: Response): Promise<Res<T>> {
  const text = await r.text();
  let body: unknown = text;
  if ((r.headers.get("content-type") ?? "").includes("json") && text) body = JSON.parse(text);
  return { status: r.status, body: body as T, text, headers: r.headers };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function client(sb: Sandbox) {
  return {
    get: async (path: string, query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return toRes<Json>(await fetch(`${sb.jsonBaseUrl}${path}${qs.size ? `?${qs}` : ""}`));
    },
    post: async (path: string, body: unknown) =>
      toRes<Json>(
        await fetch(`${sb.jsonBaseUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      ),
    legacyGet: async (path: string, query: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return toRes<string>(await fetch(`${sb.legacyBaseUrl}${path}?${qs}`));
    },
    legacyPost: async (path: string, form: Record<string, string | number>) =>
      toRes<string>(
        await fetch(`${sb.legacyBaseUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(
            Object.entries(form).map(([k, v]) => [k, String(v)]),
          ).toString(),
        }),
      ),
    control: async (method: string, path: string, body?: unknown) =>
      toRes<Json>(
        await fetch(`${sb.url}/__sandbox${path}`, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
  };
}

export function shippingAddress(countryCode = "NL") {
  return {
    first_name: "Ada",
    last_name: "Lovelace",
    address_line_1: "Keizersgracht 1",
    address_line_2: "",
    zip_code: "1015 AA",
    city: "Amsterdam",
    country_code: countryCode,
  };
}

export function files(pages = 100, url = "https://files.example.com/book.pdf") {
  return { content_url: url, content_width: 210, content_height: 297, number_of_pages: pages };
}

export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    merchant_api_key: KEY,
    purchase_order: "",
    currency: "EUR",
    item_details: [
      {
        item_reference: "line-1",
        offering_id: OFF.hardcoverA4,
        quantity: 1,
        file_details: files(),
      },
    ],
    address_details: { email_address: "ada@example.com", shipping_address: shippingAddress() },
    ...overrides,
  };
}

export const secretFor = (orderId: number, secretKey = M.secretKey) =>
  paymentSecret(secretKey, orderId);

/** Creates an order and returns its id (asserts 201). */
export async function createOrder(
  sb: Sandbox,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const r = await client(sb).post("/order/", orderBody(overrides));
  if (r.status !== 201) throw new Error(`create failed ${r.status} ${r.text}`);
  return (r.body as { order_id: number }).order_id;
}

export async function pay(sb: Sandbox, orderId: number) {
  return client(sb).post("/order/payment", {
    order_id: orderId,
    merchant_api_key: KEY,
    secret: secretFor(orderId),
  });
}

export interface Receiver {
  url: string;
  received: Json[];
  /** Status to answer for the next N requests before answering 200. */
  failNext(n: number, status?: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<Json[]>;
  close(): Promise<void>;
}

/** A tiny status-callback receiver. */
export async function startReceiver(opts: { delayMs?: number } = {}): Promise<Receiver> {
  const received: Json[] = [];
  let failures = 0;
  let failStatus = 500;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString()));
      req.on("end", () => resolve(s));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (failures > 0) {
      failures--;
      res.statusCode = failStatus;
      res.end();
      return;
    }
    received.push(JSON.parse(body));
    res.statusCode = 200;
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    failNext(n, status = 500) {
      failures = n;
      failStatus = status;
    },
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
