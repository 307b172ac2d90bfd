/**
 * The order webhook as the app's HTTP server (server/app.js) serves it: straight to the route's
 * action, before express and without Remix's router (server/direct-actions.js). Real sockets,
 * the real route, the real database: the route's answers arrive as it gives them, and a body
 * too large is refused without being held.
 */
import "../support/app-env";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { recordInstall } from "~/data/shop.server";
import * as ordersPaid from "~/routes/webhooks.orders.paid";
import { webhookHeaders } from "../../sandbox/shopify/webhooks";
import { createAppServer, type AppServer } from "../../server/app.js";
import { TEST_API_SECRET } from "../support/app-env";
import { paidOrderPayload } from "../support/orders";
import { routeBuild } from "../support/route-build";

const SHOP = "direct-action.myshopify.com";
let app: AppServer;

beforeAll(async () => {
  await recordInstall({ shop: SHOP, scopes: "" });
  app = await createAppServer({
    build: routeBuild({ "webhooks/orders/paid": ordersPaid }),
    port: 0,
    host: "127.0.0.1",
    clientDir: mkdtempSync(path.join(os.tmpdir(), "print-connect-static-")),
  });
});
afterAll(async () => {
  await app?.close();
});

function signed(body: string, secret = TEST_API_SECRET, webhookId = randomUUID()) {
  const headers = webhookHeaders({ topic: "orders/paid", shop: SHOP, body, secret }) as Record<
    string,
    string
  >;
  return { ...headers, "X-Shopify-Webhook-Id": webhookId };
}

const order = (id: number) =>
  JSON.stringify(
    paidOrderPayload({ id, lines: [{ id: id * 10, variantId: 1, quantity: 1, title: "Book" }] }),
  );

describe("POST /webhooks/orders/paid on the app's server", () => {
  it("records a signed order and answers as the route does", async () => {
    const webhookId = randomUUID();
    const body = order(8801);
    const response = await fetch(`${app.url}/webhooks/orders/paid`, {
      method: "POST",
      headers: signed(body, TEST_API_SECRET, webhookId),
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual({ outcome: "recorded" });
    const row = await prisma.orderDelivery.findUniqueOrThrow({
      where: { shop_webhookId: { shop: SHOP, webhookId } },
    });
    expect(row.body).toBe(body);
  });

  it("answers 401 to a bad signature and 400 to a body that is not an order, in the route's words", async () => {
    const body = order(8802);
    const forged = await fetch(`${app.url}/webhooks/orders/paid`, {
      method: "POST",
      headers: signed(body, "not-the-secret"),
      body,
    });
    expect([forged.status, await forged.text()]).toEqual([401, "Invalid webhook signature"]);
    const array = "[1,2,3]";
    const notAnOrder = await fetch(`${app.url}/webhooks/orders/paid`, {
      method: "POST",
      headers: signed(array),
      body: array,
    });
    expect(notAnOrder.status).toBe(400);
    expect(await notAnOrder.text()).toMatch(/^orders\/paid payload not understood/);
  });

  it("refuses a streamed body over the limit with 413, storing nothing", async () => {
    const before = await prisma.orderDelivery.count();
    const piece = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MB, 32 times the limit, with no declared length: far more than the socket
        // buffers hold, so a sender that got to the end means the server read it all.
        if (sent++ < 1024) controller.enqueue(piece);
        else controller.close();
      },
    });
    const response = await fetch(`${app.url}/webhooks/orders/paid`, {
      method: "POST",
      headers: signed("{}"),
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/^Webhook body larger than 2097152 bytes/);
    expect(sent).toBeLessThan(1024);
    expect(await prisma.orderDelivery.count()).toBe(before);
  });

  it("says in one line, with no stack trace, that a body was cut short, and records nothing", async () => {
    const before = await prisma.orderDelivery.count();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { port } = new URL(app.url);
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      // Headers that promise 10,000 bytes, 20 of them, then the sender hangs up.
      await new Promise<void>((resolve) =>
        socket.write(
          "POST /webhooks/orders/paid HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            "Content-Length: 10000\r\n\r\n" +
            '{"id": 1, "line_it',
          () => resolve(),
        ),
      );
      socket.end();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      const lines = warn.mock.calls.map((call) => call.map(String).join(" "));
      expect(lines).toEqual([
        expect.stringMatching(
          /^order webhook: the request body was cut short \(\w+\); nothing recorded$/,
        ),
      ]);
      expect(await prisma.orderDelivery.count()).toBe(before);
    } finally {
      warn.mockRestore();
    }
  });

  it("takes the route's address as express did: a trailing slash, a query, any case", async () => {
    for (const address of [
      "/webhooks/orders/paid/",
      "/webhooks/orders/paid?x=1",
      "/Webhooks/Orders/Paid",
    ]) {
      const webhookId = randomUUID();
      const body = order(8803);
      const response = await fetch(`${app.url}${address}`, {
        method: "POST",
        headers: signed(body, TEST_API_SECRET, webhookId),
        body,
      });
      expect([address, response.status]).toEqual([address, 200]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      await response.arrayBuffer();
    }
    // Another method, or a longer path, is not the webhook's: the app's own routes answer.
    const get = await fetch(`${app.url}/webhooks/orders/paid`);
    expect(get.status).not.toBe(200);
    await get.arrayBuffer();
    const longer = await fetch(`${app.url}/webhooks/orders/paid/more`, {
      method: "POST",
      body: "{}",
    });
    expect(longer.status).toBe(404);
    await longer.arrayBuffer();
  });
});
