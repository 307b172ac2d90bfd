import "../support/app-env";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { Session } from "@shopify/shopify-api";
import { createClient } from "@libsql/client";
import prisma from "~/db.server";
import { sessionStorage } from "~/shopify.server";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import * as healthzRoute from "~/routes/healthz";
import { probeDatabase } from "~/db/health-probe.server";
import { recordInstall } from "~/data/shop.server";
import { testDatabaseProvider, testDbFile } from "../support/app-env";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import { routeBuild } from "../support/route-build";
import { directActionsFirst } from "../../server/direct-actions.js";

const healthz = healthzRoute.loader;

const SHOP = "webhook-test.myshopify.com";

async function respond(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function storeOfflineSession(shop: string) {
  const session = new Session({ id: `offline_${shop}`, shop, state: "x", isOnline: false });
  session.accessToken = "shpat_test_token";
  session.refreshToken = "shprt_test_token";
  session.refreshTokenExpires = new Date(Date.now() + 30 * 86400_000);
  session.expires = new Date(Date.now() + 3600_000);
  session.scope = "read_products,read_orders";
  await sessionStorage.storeSession(session);
  return session;
}

describe("database and session storage", () => {
  it("applies the migrations to an empty database", async () => {
    let names: string[];
    if (testDatabaseProvider === "sqlite") {
      const db = createClient({ url: `file:${testDbFile}` });
      const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
      names = tables.rows.map((r) => String(r.name));
      db.close();
    } else {
      const tables = await prisma.$queryRaw<{ table_name: string }[]>`
        SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = current_schema()`;
      names = tables.map((t) => t.table_name);
    }
    expect(names).toEqual(
      expect.arrayContaining(["Session", "Shop", "PrintOrder", "_prisma_migrations"]),
    );
  });

  it("round-trips an offline session with its refresh token, encrypted at rest", async () => {
    const session = await storeOfflineSession("roundtrip.myshopify.com");
    const loaded = await sessionStorage.loadSession(session.id);
    expect(loaded?.accessToken).toBe("shpat_test_token");
    expect(loaded?.refreshToken).toBe("shprt_test_token");
    expect(loaded?.refreshTokenExpires?.getTime()).toBe(session.refreshTokenExpires?.getTime());
    expect(loaded?.scope).toBe("read_products,read_orders");

    const row = await prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.accessToken).not.toContain("shpat_test_token");
    expect(row.refreshToken).not.toContain("shprt_test_token");
  });
});

describe("GET /healthz", () => {
  it("answers 200 with the database reachable", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("is served before express, by the route's loader, with the app's headers", async () => {
    // The app's HTTP server asks the direct paths first; `rest` stands for express and Remix.
    const toRest: string[] = [];
    const server = http.createServer(
      directActionsFirst(
        (req, res) => {
          toRest.push(`${req.method} ${req.url}`);
          res.writeHead(404).end();
        },
        routeBuild({ healthz: healthzRoute }),
        () => ({}),
        { setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff") },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      const response = await fetch(`${origin}/healthz?probe=lb`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
      // Other methods and paths are express's, as before.
      await fetch(`${origin}/healthz`, { method: "HEAD" });
      await fetch(`${origin}/healthz/more`);
      expect(toRest).toEqual(["HEAD /healthz", "GET /healthz/more"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers while the app's own connection is inside a write (a flood of writes)", async () => {
    // On SQLite the app's one connection is held by this transaction until it ends: a probe
    // queued behind it would never answer. The probe reads on a connection of its own.
    const response = await prisma.$transaction(async (tx) => {
      await tx.statusUpdate.deleteMany({ where: { shop: "nobody.myshopify.com" } });
      return healthz();
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("its SQLite probe fails for a file that is gone or is no database, and creates none", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "probe-"));
    try {
      const gone = path.join(dir, "gone.db");
      await expect(probeDatabase(`file:${gone}`)).rejects.toThrow(/does not exist/);
      expect(existsSync(gone)).toBe(false);
      const notADatabase = path.join(dir, "not-a-database.db");
      writeFileSync(notADatabase, "x".repeat(4096));
      await expect(probeDatabase(`file:${notADatabase}`)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("app/uninstalled webhook", () => {
  it("removes the shop's sessions and keeps its data", async () => {
    await recordInstall({ shop: SHOP, scopes: "read_orders" });
    await storeOfflineSession(SHOP);
    expect(await sessionStorage.findSessionsByShop(SHOP)).toHaveLength(1);

    const response = await respond(() =>
      uninstalled(
        routeArgs(
          signedWebhookRequest({ topic: "app/uninstalled", shop: SHOP, payload: { id: 1 } }),
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect(await sessionStorage.findSessionsByShop(SHOP)).toHaveLength(0);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(shop.uninstalledAt).toBeInstanceOf(Date);
  });

  it("is harmless when delivered again after the shop's data is gone", async () => {
    const request = () =>
      signedWebhookRequest({
        topic: "app/uninstalled",
        shop: "gone.myshopify.com",
        payload: {},
        webhookId: "same",
      });
    expect((await respond(() => uninstalled(routeArgs(request())))).status).toBe(200);
    expect((await respond(() => uninstalled(routeArgs(request())))).status).toBe(200);
  });

  it("answers 401 to a bad HMAC and changes nothing", async () => {
    await storeOfflineSession("kept.myshopify.com");
    const response = await respond(() =>
      uninstalled(
        routeArgs(
          signedWebhookRequest({
            topic: "app/uninstalled",
            shop: "kept.myshopify.com",
            payload: {},
            secret: "wrong-secret",
          }),
        ),
      ),
    );
    expect(response.status).toBe(401);
    expect(await sessionStorage.findSessionsByShop("kept.myshopify.com")).toHaveLength(1);
  });

  it("answers 401 when the signature header is missing", async () => {
    const signed = signedWebhookRequest({ topic: "app/uninstalled", shop: SHOP, payload: {} });
    const headers = new Headers(signed.headers);
    headers.delete("X-Shopify-Hmac-Sha256");
    const response = await respond(() =>
      uninstalled(routeArgs(new Request(signed.url, { method: "POST", headers, body: "{}" }))),
    );
    expect(response.status).toBe(401);
  });

  it("answers 400 with a reason when the signed body is not JSON", async () => {
    const response = await respond(() =>
      uninstalled(
        routeArgs(
          signedWebhookRequest({
            topic: "app/uninstalled",
            shop: SHOP,
            payload: null,
            rawBody: "{not json",
          }),
        ),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not valid JSON/);
  });

  it("answers 413 to a body over the size limit", async () => {
    const huge = JSON.stringify({ pad: "x".repeat(3 * 1024 * 1024) });
    const response = await respond(() =>
      uninstalled(
        routeArgs(
          signedWebhookRequest({
            topic: "app/uninstalled",
            shop: SHOP,
            payload: null,
            rawBody: huge,
          }),
        ),
      ),
    );
    expect(response.status).toBe(413);
  });
});

describe("app/scopes_update webhook", () => {
  it("records the granted scopes on the session and the shop", async () => {
    const shop = "scopes.myshopify.com";
    await recordInstall({ shop, scopes: "read_orders" });
    const session = await storeOfflineSession(shop);
    const response = await respond(() =>
      scopesUpdate(
        routeArgs(
          signedWebhookRequest({
            topic: "app/scopes_update",
            shop,
            payload: {
              id: 1,
              previous: ["read_orders"],
              current: ["read_orders", "write_shipping"],
              updated_at: new Date().toISOString(),
            },
          }),
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: session.id } })).scope).toBe(
      "read_orders,write_shipping",
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { shop } })).scopes).toBe(
      "read_orders,write_shipping",
    );
  });

  it("answers 400 when the payload lacks the current scopes", async () => {
    const response = await respond(() =>
      scopesUpdate(
        routeArgs(
          signedWebhookRequest({ topic: "app/scopes_update", shop: SHOP, payload: { id: 1 } }),
        ),
      ),
    );
    expect(response.status).toBe(400);
  });
});
