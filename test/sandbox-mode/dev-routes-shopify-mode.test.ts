import "../support/app-env";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { devRoutesEnabled } from "~/dev/guard.server";
import { TEST_APP_URL } from "../support/app-env";
import { expectAbsent, listDevRoutes } from "./dev-routes";

// Every app/routes/dev.* file, listed from the folder: a new dev route is covered here.
const devRoutes = listDevRoutes();

describe("dev routes in Shopify mode (SHOPIFY_API_KEY set)", () => {
  it("are found by listing app/routes, and turned off", () => {
    expect(devRoutes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining(["/dev/login", "/dev/print-orders", "/dev/session-token"]),
    );
    expect(getEnv().mode).toBe("shopify");
    expect(devRoutesEnabled()).toBe(false);
  });

  it.each(devRoutes.map((r) => [r.urlPath, r] as const))(
    "%s answers 404 and says nothing",
    async (_, route) => {
      await expectAbsent(route, TEST_APP_URL);
    },
  );

  it("leave / asking for a shop domain, with no demo shop to open", async () => {
    const { loader: landing } = await import("~/routes/_index/route");
    const response = (await landing({
      request: new Request(`${TEST_APP_URL}/`),
      params: {},
      context: {},
    })) as Response;
    expect(await response.json()).toEqual({ mode: "shopify", demoShop: null });
  });

  it("leave App Bridge on Shopify's CDN", () => {
    expect(getEnv().appBridgeUrl).toBeUndefined();
  });
});

describe("the Shopify stand-in's subscriptions", () => {
  it("are the app's, as shopify.app.toml declares them", async () => {
    const { readFileSync } = await import("node:fs");
    const { APP_WEBHOOK_SUBSCRIPTIONS } = await import("~/dev/webhook-subscriptions.server");
    const toml = readFileSync(new URL("../../shopify.app.toml", import.meta.url), "utf8");
    const declared: Record<string, string> = {};
    for (const block of toml.split("[[webhooks.subscriptions]]").slice(1)) {
      const topics = /(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/.exec(block)?.[1] ?? "";
      const uri = /uri\s*=\s*"([^"]+)"/.exec(block)?.[1] ?? "";
      for (const topic of topics.matchAll(/"([^"]+)"/g)) declared[topic[1]!] = uri;
    }
    expect(APP_WEBHOOK_SUBSCRIPTIONS).toEqual(declared);
  });
});
