import { expect, it } from "vitest";
import { verifySessionToken } from "../../sandbox/shopify";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/app-env";
import { describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

/** Adds markup to the page after hydration, as a component rendering it would. */
async function mount(html: string) {
  await h().page.evaluate((markup) => {
    const host = document.createElement("div");
    host.setAttribute("data-test-mount", "");
    host.innerHTML = markup;
    document.body.appendChild(host);
  }, html);
}

describeBrowser("App Bridge stand-in (public/sandbox/app-bridge.js)", () => {
  it("defines window.shopify and signs app requests with fresh session tokens, like App Bridge", async () => {
    const page = await h().openAdmin("/app");
    expect(
      await page.evaluate(() => ({
        apiKey: window.shopify.config.apiKey,
        host: window.shopify.config.host,
        embedded: window.shopify.environment.embedded,
      })),
    ).toEqual({
      apiKey: TEST_API_KEY,
      host: Buffer.from("admin.shopify.com/store/print-connect-demo").toString("base64"),
      embedded: true,
    });

    const token = await page.evaluate(() => window.shopify.idToken());
    expect(
      verifySessionToken(token, {
        apiKey: TEST_API_KEY,
        apiSecret: TEST_API_SECRET,
        shop: h().shop,
      }).ok,
    ).toBe(true);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/healthz")),
      page.evaluate(() => fetch("/healthz").then((r) => r.status)),
    ]);
    const authorization = (await request.allHeaders()).authorization ?? "";
    expect(authorization).toMatch(/^Bearer /);
    expect(
      verifySessionToken(authorization.slice("Bearer ".length), {
        apiKey: TEST_API_KEY,
        apiSecret: TEST_API_SECRET,
      }).ok,
    ).toBe(true);
  });

  it("never sends the token to another origin", async () => {
    const page = h().page;
    await page.route("https://elsewhere.example/**", (route) =>
      route.fulfill({ status: 200, headers: { "Access-Control-Allow-Origin": "*" }, body: "ok" }),
    );
    const [request] = await Promise.all([
      page.waitForRequest("https://elsewhere.example/data"),
      page.evaluate(() => fetch("https://elsewhere.example/data").then((r) => r.text())),
    ]);
    expect((await request.allHeaders()).authorization).toBeUndefined();
  });

  it("retries once with a new token when the app asks to (X-Shopify-Retry-Invalid-Session-Request)", async () => {
    const page = h().page;
    const seen: string[] = [];
    await page.route("**/retry-probe", (route) => {
      seen.push(route.request().headers().authorization ?? "");
      return seen.length === 1
        ? route.fulfill({
            status: 401,
            headers: { "X-Shopify-Retry-Invalid-Session-Request": "1" },
          })
        : route.fulfill({ status: 200, body: "second time" });
    });
    const body = await page.evaluate(() =>
      fetch("/retry-probe", { method: "POST", body: "payload" }).then((r) => r.text()),
    );
    expect(body).toBe("second time");
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^Bearer /);
    // Chrome reports the 401 on the console; that one was expected.
    expect(h().takeBrowserErrors().join("\n")).toMatch(/401/);
  });

  it("shows toasts on the page", async () => {
    const page = h().page;
    await page.evaluate(() => window.shopify.toast.show("Mapping saved"));
    await page.getByRole("status").filter({ hasText: "Mapping saved" }).waitFor();
    await page.evaluate(() => window.shopify.toast.show("Could not save", { isError: true }));
    await page.getByRole("alert").filter({ hasText: "Could not save" }).waitFor();
  });

  it("renders ui-save-bar with working buttons, and blocks leaving while it shows", async () => {
    const page = h().page;
    await mount(`
      <ui-save-bar id="test-save-bar">
        <button variant="primary" onclick="document.body.dataset.saved = 'yes'">Save</button>
        <button onclick="document.body.dataset.discarded = 'yes'">Discard</button>
      </ui-save-bar>`);
    const bar = page.getByRole("region", { name: "Save bar" });
    expect(await bar.isVisible()).toBe(false);
    await page.evaluate(() => window.shopify.saveBar.show("test-save-bar"));
    await bar.waitFor();
    await expect(page.evaluate(() => window.shopify.saveBar.leaveConfirmation())).rejects.toThrow();
    await bar.getByRole("button", { name: "Save" }).click();
    expect(await page.evaluate(() => document.body.dataset.saved)).toBe("yes");
    await page.evaluate(() => window.shopify.saveBar.hide("test-save-bar"));
    await bar.waitFor({ state: "hidden" });
    await page.evaluate(() => window.shopify.saveBar.leaveConfirmation());
  });

  it("renders ui-modal as a dialog with its content and title-bar buttons", async () => {
    const page = h().page;
    await mount(`
      <ui-modal id="test-modal">
        <p>Send this order to print now?</p>
        <ui-title-bar title="Approve order">
          <button variant="primary" onclick="document.body.dataset.approved = 'yes'">Approve</button>
        </ui-title-bar>
      </ui-modal>`);
    await page.evaluate(() => window.shopify.modal.show("test-modal"));
    const dialog = page.getByRole("dialog", { name: "Approve order" });
    await dialog.waitFor();
    await dialog.getByText("Send this order to print now?").waitFor();
    await dialog.getByRole("button", { name: "Approve" }).click();
    expect(await page.evaluate(() => document.body.dataset.approved)).toBe("yes");
    await h().screenshot("app-bridge-stand-in-modal");
    await page.evaluate(() => window.shopify.modal.hide("test-modal"));
    await dialog.waitFor({ state: "hidden" });
  });

  it("reloads through the bounce page when a document request has no session token", async () => {
    const page = h().page;
    const url = new URL("/app", h().appUrl);
    url.searchParams.set("embedded", "1");
    url.searchParams.set("shop", h().shop);
    url.searchParams.set(
      "host",
      Buffer.from("admin.shopify.com/store/print-connect-demo").toString("base64"),
    );
    await page.goto(url.toString());
    await page.waitForURL(/\/app\?.*id_token=/);
    await page.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
  });
});
