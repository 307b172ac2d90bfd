import { BROWSER_USER_AGENT } from "./sandbox-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { DEMO_SHOP } from "~/dev/demo-data.server";
import { mintDemoSessionToken } from "~/dev/sign-in.server";
import { startSandboxMode, stopSandboxMode, type SandboxModeHandle } from "~/dev/start.server";
import { action as createProductAction } from "~/routes/app.products.new";
import { action as shopifyAdminPost, loader as shopifyAdmin } from "~/routes/dev.shopify-admin";
import { getEnv } from "~/env.server";
import { templateHasAppBlock, themeEditorUrl } from "~/services/setup-check/judge";
import { DEFAULT_SCOPES } from "../../sandbox/shopify";
import { TEST_APP_URL } from "../support/app-env";

/**
 * A shop that has not granted write_products, in sandbox mode: "Grant access"
 * on the Create product page sends the merchant to the shop's grant screen
 * (the library's scopes.request: 401 and a reauthorize address, which App
 * Bridge follows). Offline that address is the Shopify stand-in's, reached
 * through /dev/shopify-admin, which grants and comes back into the app. The same route shows
 * the stand-in's pages the app links to: a product ("Open in Shopify") and the theme editor's
 * "Add block".
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

  it("refuses anything but a shop's admin OAuth address or a page apps link to", async () => {
    for (const to of [
      "https://evil.example/admin/oauth/install",
      "https://evil.example/admin/products/10001",
      `https://${DEMO_SHOP}/admin/products`,
      `https://${DEMO_SHOP}/admin/settings`,
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

describe("the shop admin pages the app links to, in sandbox mode", () => {
  const get = (to: string) =>
    answer(() =>
      shopifyAdmin({
        request: new Request(`${TEST_APP_URL}/dev/shopify-admin?to=${encodeURIComponent(to)}`),
        params: {},
        context: {},
      }),
    );

  it("shows a product as the stand-in has it (Open in Shopify)", async () => {
    const response = await get(`https://${DEMO_SHOP}/admin/products/10001`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("Hardcover Photo Book");
    expect((await get(`https://${DEMO_SHOP}/admin/products/99999999`)).status).toBe(404);
  });

  it("adds the app's block to the live theme through the theme editor's link, and the setup check sees it", async () => {
    // The link Home's setup check gives (services/setup-check/judge.ts).
    const editor = themeEditorUrl(DEMO_SHOP, getEnv().shopifyApiKey, "print-specs");
    const page = await get(editor);
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await page.text()).toContain("Add block and save");
    const saved = await answer(() =>
      shopifyAdminPost({
        request: new Request(`${TEST_APP_URL}/dev/shopify-admin?to=${encodeURIComponent(editor)}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            addAppBlockId: new URL(editor).searchParams.get("addAppBlockId")!,
          }),
        }),
        params: {},
        context: {},
      }),
    );
    expect(saved.status).toBe(303);
    const next = new URL(saved.headers.get("Location") ?? "", TEST_APP_URL);
    expect(next.pathname).toBe("/dev/shopify-admin");
    const after = await get(next.searchParams.get("to")!);
    expect(await after.text()).toContain("Block added and saved.");
    const template = handle.shopify.control.themeFile("templates/product.json", {
      shop: DEMO_SHOP,
    });
    expect(templateHasAppBlock(template ?? "", "print-specs")).toBe(true);
  });
});
