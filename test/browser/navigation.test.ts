import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { seedPrintOrder } from "./order-seed";

/**
 * Moving around the app like a merchant: the embedded context (shop, host)
 * stays in the address bar, a reload keeps the page, and an address no page
 * answers shows "Page not found" inside the app frame.
 */
const h = setupBrowserHarness();

function context(url: string) {
  const params = new URL(url).searchParams;
  return { embedded: params.get("embedded"), shop: params.get("shop"), host: params.get("host") };
}

// Several pages in a row on a busy 2-core machine.
const SEVERAL_PAGES = { timeout: 90_000 };

describeBrowser("navigation in the browser", () => {
  it(
    "keeps shop and host in the address bar while clicking through the navigation",
    SEVERAL_PAGES,
    async () => {
      const page = await h().openAdmin("/app");
      const expected = context(page.url());
      expect(expected.shop).toBe(h().shop);
      const nav = page.getByRole("navigation", { name: "App navigation" });
      for (const [link, heading, path] of [
        ["Orders", "Print orders", "/app/orders"],
        ["Products", "Products", "/app/products"],
        // A page of its own, not a redirect into Settings.
        ["Billing entities", "Billing entities", "/app/billing-entities"],
        ["Settings", "Settings", "/app/settings"],
        ["Home", "Print Connect", "/app"],
      ] as const) {
        await nav.getByRole("link", { name: link, exact: true }).click();
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.waitForURL((url) => url.pathname === path && url.searchParams.has("host"));
        expect(context(page.url()), link).toEqual(expected);
      }
      // Links inside pages (Polaris `url`) too.
      await page
        .getByRole("link", { name: /print orders?$/ })
        .first()
        .click();
      await page.getByRole("heading", { name: "Print orders", level: 1 }).waitFor();
      await page.waitForURL(
        (url) => url.pathname === "/app/orders" && url.searchParams.has("host"),
      );
      expect(context(page.url())).toEqual(expected);
      await h().screenshot("navigation-context-kept");
    },
  );

  it(
    "reloads a deep page in place, signed in again through the bounce page",
    SEVERAL_PAGES,
    async () => {
      const { id, name } = await seedPrintOrder(h().shop, { status: "paid" });
      const page = await h().openAdmin("/app/orders");
      await page.getByRole("link", { name }).click();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      await page.waitForURL(
        (url) => url.pathname === `/app/orders/${id}` && url.searchParams.has("host"),
      );

      const documents: string[] = [];
      const onRequest = (request: import("playwright-core").Request) => {
        if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
      };
      page.on("request", onRequest);
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      page.off("request", onRequest);

      expect(new URL(page.url()).pathname).toBe(`/app/orders/${id}`);
      // The reload had no session token: the bounce page got one, then the page came back.
      expect(documents).toEqual([`/app/orders/${id}`, "/auth/session-token", `/app/orders/${id}`]);
      expect(documents).not.toContain("/auth/login");
      await page.getByRole("navigation", { name: "App navigation" }).waitFor();
      await h().screenshot("navigation-reloaded-order");
    },
  );

  it("shows Page not found inside the app, with the navigation and a way home (HTTP 404)", async () => {
    const page = h().page;
    const response = await page.goto(h().adminUrl("/app/no-such-page"), {
      waitUntil: "networkidle",
    });
    expect(response?.status()).toBe(404);
    // Chromium logs every 404 document itself; nothing else may have gone wrong.
    expect(h().takeBrowserErrors()).toEqual([
      expect.stringMatching(/^console\.error: Failed to load resource: .*404 \(Not Found\)/),
    ]);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    const nav = page.getByRole("navigation", { name: "App navigation" });
    await nav.getByRole("link", { name: "Orders", exact: true }).waitFor();
    await h().screenshot("page-not-found");

    await page.getByRole("link", { name: "Go to Home" }).click();
    await page.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
    expect(context(page.url()).shop).toBe(h().shop);
  });

  it("leaves the library's login in Shopify mode for a request without any context", async () => {
    const response = await fetch(new URL("/app/orders", h().appUrl), {
      redirect: "manual",
      headers: {
        "User-Agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
  });
});
