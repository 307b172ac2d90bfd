import { BROWSER_USER_AGENT } from "./sandbox-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { DEMO_SHOP } from "~/dev/demo-data.server";
import { mintDemoSessionToken } from "~/dev/sign-in.server";
import { startSandboxMode, stopSandboxMode, type SandboxModeHandle } from "~/dev/start.server";
import { action as createProductAction } from "~/routes/app.products.new";
import { loader as shopifyAdmin } from "~/routes/dev.shopify-admin";
import { DEFAULT_SCOPES } from "../../sandbox/shopify";
import { TEST_APP_URL } from "../support/app-env";

/**
 * A shop that has not granted write_products, in sandbox mode: "Grant access"
 * on the Create product page sends the merchant to the shop's grant screen
 * (the library's scopes.request: 401 and a reauthorize address, which App
 * Bridge follows). Offline that address is the Shopify stand-in's, reached
 * through /dev/shopify-admin, which grants and comes back into the app.
 */

async function answer(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (!(result instanceof Response)) throw new Error("no Response");
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const grantRequest = () =>
  new Request(`${TEST_APP_URL}/app/products/new`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${mintDemoSessionToken()}`,
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": BROWSER_USER_AGENT,
    },
    body: new URLSearchParams({ intent: "grant_access" }),
  });

let handle: SandboxModeHandle;
beforeAll(async () => {
  handle = await startSandboxMode({ print: () => undefined });
});
afterAll(async () => {
  await stopSandboxMode();
});

describe("granting write_products in sandbox mode", () => {
  it("goes to the stand-in's grant screen and back into the app, with the scope granted", async () => {
    const without = DEFAULT_SCOPES.split(",")
      .filter((s) => s !== "write_products")
      .join(",");
    handle.shopify.control.setScopes(DEMO_SHOP, without);

    const asked = await answer(() =>
      createProductAction({ request: grantRequest(), params: {}, context: {} }),
    );
    expect(asked.status).toBe(401);
    const reauthorize = asked.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? "";
    expect(new URL(reauthorize).hostname).toBe(DEMO_SHOP);

    const back = await answer(() =>
      shopifyAdmin({
        request: new Request(
          `${TEST_APP_URL}/dev/shopify-admin?to=${encodeURIComponent(reauthorize)}`,
        ),
        params: {},
        context: {},
      }),
    );
    expect(back.status).toBe(302);
    const page = new URL(back.headers.get("Location") ?? "", TEST_APP_URL);
    expect(page.origin).toBe(TEST_APP_URL);
    expect(page.pathname).toBe("/app");
    expect(page.searchParams.get("shop")).toBe(DEMO_SHOP);

    // Granted now: the same button only brings the shop's record up to date.
    const again = await answer(() =>
      createProductAction({ request: grantRequest(), params: {}, context: {} }),
    );
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/app/products/new");
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: DEMO_SHOP } });
    expect(shop.scopes.split(",")).toContain("write_products");
  });

  it("refuses anything but a shop's admin OAuth address", async () => {
    for (const to of [
      "https://evil.example/admin/oauth/install",
      `https://${DEMO_SHOP}/admin/products`,
      `http://${DEMO_SHOP}/admin/oauth/install`,
      "not a url",
    ]) {
      const response = await answer(() =>
        shopifyAdmin({
          request: new Request(`${TEST_APP_URL}/dev/shopify-admin?to=${encodeURIComponent(to)}`),
          params: {},
          context: {},
        }),
      );
      expect(response.status, to).toBe(400);
    }
  });
});
