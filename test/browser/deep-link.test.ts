import { expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  describeBrowser,
  isLoopbackHost,
  setupBrowserHarness,
} from "./harness";
import { seedPrintOrder } from "./order-seed";

/**
 * A page opened the way Shopify admin opens a deep link or a reload: `embedded`, `shop` and
 * `host` without a session token. The library answers with its bounce page
 * (/auth/session-token), where App Bridge gets a token and opens the page again with it. The
 * page shows, and nothing on the way logs an error: the bounce page has no icon link of its
 * own, so the browser asks for /favicon.ico, which must be served.
 *
 * Its own browser: the harness's page intercepts requests (to keep them on the machine), and
 * Chromium does not fetch icons for an intercepted page. Here the host resolver keeps every
 * request on the machine instead, and any other host fails as a console error.
 */
const h = setupBrowserHarness();

let browser: Browser | undefined;

/** A page of a browser of its own, as App Bridge gets it: the token takes a moment to come. */
async function freshPage(): Promise<{ page: Page; errors: string[]; documents: string[] }> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
  });
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
  });
  await context.exposeFunction(
    "__printConnectIdToken",
    () => new Promise((resolve) => setTimeout(() => resolve(h().sessionToken()), 300)),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  const documents: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!isLoopbackHost(new URL(r.url()).hostname)) errors.push(`off the machine: ${r.url()}`);
  });
  page.on("response", (r) => {
    if (r.request().resourceType() === "document")
      documents.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return { page, errors, documents };
}

const withoutToken = (pathname: string) => {
  const url = new URL(h().adminUrl(pathname));
  url.searchParams.delete("id_token");
  return url.toString();
};

describeBrowser("a deep link or a reload without a session token", () => {
  it("opens Orders from a deep link through the bounce page, with a clean console", async () => {
    const { page, errors, documents } = await freshPage();
    await page.goto(withoutToken("/app/orders"), { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Print orders", level: 1 }).waitFor();
    expect(documents).toEqual(["302 /app/orders", "200 /auth/session-token", "200 /app/orders"]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("reloads an order's page in place, with a clean console", async () => {
    const { id, name } = await seedPrintOrder(h().shop, { status: "paid" });
    const { page, errors, documents } = await freshPage();
    await page.goto(h().adminUrl("/app/orders"), { waitUntil: "networkidle" });
    // Opened from the list: the address keeps the context, not the first token.
    await page.getByRole("link", { name }).click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.waitForURL((url) => url.pathname === `/app/orders/${id}`);
    documents.length = 0;
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    expect(documents).toEqual([
      `302 /app/orders/${id}`,
      "200 /auth/session-token",
      `200 /app/orders/${id}`,
    ]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: "test-results/deep-link-reloaded-order.png", fullPage: true });
    await page.context().close();
    await browser?.close();
    browser = undefined;
  });
});
