import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installShopifyRedirect } from "../../sandbox/shopify";

async function listen(
  handler: http.RequestListener,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("installShopifyRedirect", () => {
  let target: { server: http.Server; url: string };
  let other: { server: http.Server; url: string };

  beforeAll(async () => {
    target = await listen((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({ who: "fake", path: req.url, shop: req.headers["x-shop-domain"] ?? null }),
      );
    });
    other = await listen((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ who: "other", shop: req.headers["x-shop-domain"] ?? null }));
    });
  });
  afterAll(async () => {
    target.server.closeAllConnections();
    other.server.closeAllConnections();
    await new Promise((r) => target.server.close(r));
    await new Promise((r) => other.server.close(r));
  });

  it("sends https requests for *.myshopify.com through globalThis.fetch to the fake, naming the shop", async () => {
    const uninstall = installShopifyRedirect({ target: target.url });
    try {
      const res = await globalThis.fetch(
        "https://some-shop.myshopify.com/admin/api/2026-07/graphql.json?x=1",
        {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json" },
        },
      );
      expect(await res.json()).toEqual({
        who: "fake",
        path: "/admin/api/2026-07/graphql.json?x=1",
        shop: "some-shop.myshopify.com",
      });
    } finally {
      await uninstall();
    }
  });

  it("leaves other hosts alone", async () => {
    const uninstall = installShopifyRedirect({ target: target.url });
    try {
      const res = await globalThis.fetch(`${other.url}/anything`);
      expect(await res.json()).toEqual({ who: "other", shop: null });
    } finally {
      await uninstall();
    }
  });

  it("honours a custom host suffix", async () => {
    const uninstall = installShopifyRedirect({ target: target.url, hostSuffix: ".shop.test" });
    try {
      const res = await globalThis.fetch("http://a.shop.test/x");
      expect(await res.json()).toMatchObject({ who: "fake", shop: "a.shop.test" });
    } finally {
      await uninstall();
    }
  });

  it("restores the previous dispatcher on uninstall", async () => {
    const uninstall = installShopifyRedirect({ target: target.url, hostSuffix: ".shop.test" });
    expect((await globalThis.fetch("http://restored.shop.test/")).status).toBe(200);
    await uninstall();
    // Without the redirect the reserved .test name does not resolve: it must not reach the fake.
    const outcome = await globalThis
      .fetch("http://restored.shop.test/", { signal: AbortSignal.timeout(3_000) })
      .then((r) => r.status)
      .catch(() => "network error");
    expect(outcome).toBe("network error");
    const res = await globalThis.fetch(`${other.url}/after`);
    expect(await res.json()).toEqual({ who: "other", shop: null });
  });
});
