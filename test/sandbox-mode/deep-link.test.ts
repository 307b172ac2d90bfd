import { BROWSER_USER_AGENT } from "./sandbox-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as appLayout } from "~/routes/app";
import { loader as ordersPage } from "~/routes/app.orders._index";
import { loader as devLogin } from "~/routes/dev.login";
import { loader as authLogin } from "~/routes/auth.login/route";
import { DEMO_SHOP } from "~/dev/demo-data.server";
import { startSandboxMode, stopSandboxMode } from "~/dev/start.server";
import { TEST_APP_URL } from "../support/app-env";

/**
 * Sandbox mode has no Shopify admin: a deep link opened without the embedded
 * context (a copied URL, a new tab) goes through the dev sign-in to the page
 * asked for, never to /auth/login and on to admin.shopify.com.
 */

const args = (url: string) => ({
  request: new Request(url, { headers: { "User-Agent": BROWSER_USER_AGENT } }),
  params: {},
  context: {},
});

/** Runs a loader; a thrown response (a redirect) is returned like a returned one. */
async function answer(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (!(result instanceof Response)) throw new Error("the loader returned no Response");
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  await startSandboxMode({ print: () => undefined });
});
afterAll(async () => {
  await stopSandboxMode();
});

describe("a bare deep link in sandbox mode", () => {
  it("goes to the dev sign-in with the page asked for, then opens that page signed in", async () => {
    const deepLink = `${TEST_APP_URL}/app/orders?view=attention`;
    const first = await answer(() => appLayout(args(deepLink)));
    expect(first.status).toBe(302);
    const signIn = new URL(first.headers.get("Location") ?? "", TEST_APP_URL);
    expect(signIn.pathname).toBe("/dev/login");
    expect(signIn.searchParams.get("to")).toBe("/app/orders?view=attention");

    const second = await answer(() => devLogin(args(signIn.toString())));
    expect(second.status).toBe(302);
    const page = new URL(second.headers.get("Location") ?? "", TEST_APP_URL);
    expect(page.pathname).toBe("/app/orders");
    expect(page.searchParams.get("view")).toBe("attention");
    expect(page.searchParams.get("shop")).toBe(DEMO_SHOP);

    // The page itself now loads: the layout and the orders list answer 200.
    expect((await answer(() => appLayout(args(page.toString())))).status).toBe(200);
    expect((await answer(() => ordersPage(args(page.toString())))).status).toBe(200);
  });

  it("drops a partial or stale embedded context and Remix's data parameters from `to`", async () => {
    const response = await answer(() =>
      appLayout(args(`${TEST_APP_URL}/app/settings?shop=${DEMO_SHOP}&_data=routes%2Fapp`)),
    );
    const signIn = new URL(response.headers.get("Location") ?? "", TEST_APP_URL);
    expect(signIn.pathname).toBe("/dev/login");
    expect(signIn.searchParams.get("to")).toBe("/app/settings");
  });

  it("never sends a page without `embedded=1` on to admin.shopify.com", async () => {
    const host = Buffer.from("admin.shopify.com/store/print-connect-demo").toString("base64");
    const response = await answer(() =>
      appLayout(args(`${TEST_APP_URL}/app/products?shop=${DEMO_SHOP}&host=${host}`)),
    );
    expect(response.status).toBe(302);
    const signIn = new URL(response.headers.get("Location") ?? "", TEST_APP_URL);
    expect(signIn.origin).toBe(TEST_APP_URL);
    expect(signIn.pathname).toBe("/dev/login");
    expect(signIn.searchParams.get("to")).toBe("/app/products");
  });

  it("sends /auth/login to the dev sign-in, as there is no Shopify admin to log in through", async () => {
    const response = await answer(() => authLogin(args(`${TEST_APP_URL}/auth/login`)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dev/login");
  });
});
