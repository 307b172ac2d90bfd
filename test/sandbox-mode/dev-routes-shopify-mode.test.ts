import "../support/app-env";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { loader as devLogin } from "~/routes/dev.login";
import { loader as devSessionToken } from "~/routes/dev.session-token";
import { TEST_APP_URL } from "../support/app-env";

describe("dev routes in Shopify mode (SHOPIFY_API_KEY set)", () => {
  it("answer 404 and say nothing", async () => {
    expect(getEnv().mode).toBe("shopify");
    for (const response of [
      await devLogin({
        request: new Request(`${TEST_APP_URL}/dev/login`),
        params: {},
        context: {},
      }),
      await devSessionToken(),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
      expect(await response.text()).toBe("Not Found");
    }
  });

  it("leave App Bridge on Shopify's CDN", () => {
    expect(getEnv().appBridgeUrl).toBeUndefined();
  });
});

describe("the Shopify stand-in's subscriptions", () => {
  it("are the app's, as shopify.app.toml declares them", async () => {
    const { readFileSync } = await import("node:fs");
    const { APP_WEBHOOK_SUBSCRIPTIONS } = await import("~/sandbox-mode.server");
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
