import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as publication } from "~/routes/proxy.publication";
import { storefrontLimits } from "~/lib/storefront-rates.server";
import { TEST_APP_URL } from "../support/app-env";
import { startRouteServer, type RouteHandler } from "../support/route-server";
import { appProxyRequest, SHOP } from "../rates/harness";

/**
 * `return_to` on the storefront proxy: Shopify signs whatever query a visitor
 * adds to the shop's proxy URL, so anyone can make a link on the merchant's
 * own domain. The visitor must only ever be sent back to the shop.
 */

let server: Awaited<ReturnType<typeof startRouteServer>>;
beforeAll(async () => {
  server = await startRouteServer(
    [{ path: /^\/proxy\/publication$/, handler: publication as RouteHandler }],
    TEST_APP_URL,
  );
});
afterAll(async () => {
  await server?.close();
});

/** Where the proxy sends a visitor who has no listing to go to, as a browser would read it. */
async function sentBackTo(returnTo: string) {
  storefrontLimits.perVisitor.reset();
  storefrontLimits.perShop.reset();
  const signed = appProxyRequest("/proxy/publication", {
    variant_ids: "20001",
    redirect: "1",
    return_to: returnTo,
  });
  const response = await fetch(`${server.url}/proxy/publication${new URL(signed.url).search}`, {
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  // The storefront's origin stands in for the shop's domain the visitor is on.
  const storefront = `https://${SHOP}`;
  return { location, resolved: new URL(location, `${storefront}/apps/print-connect/publication`) };
}

describe("GET /apps/print-connect/publication?redirect=1&return_to=", () => {
  it("sends the visitor back to a page of the shop", async () => {
    const { location } = await sentBackTo("/products/book?variant=20001#reviews");
    expect(location).toBe("/products/book?variant=20001#reviews");
  });

  it("never sends the visitor to another host", async () => {
    for (const returnTo of [
      "/\\evil.example",
      "/\t/evil.example",
      "/\\/evil.example",
      "//evil.example",
      "/.//evil.example",
      "/%2F/evil.example/..//evil.example",
      "https://evil.example/",
      "javascript:alert(document.domain)",
      "/\n/evil.example",
    ]) {
      const { location, resolved } = await sentBackTo(returnTo);
      expect(resolved.host, `${JSON.stringify(returnTo)} -> ${location}`).toBe(SHOP);
      expect(location, JSON.stringify(returnTo)).not.toMatch(/[\\\t\n]|^\/\//);
    }
    expect((await sentBackTo("/\\evil.example")).location).toBe("/");
  });
});
