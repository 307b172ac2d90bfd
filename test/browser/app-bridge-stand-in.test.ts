import { expect, it } from "vitest";
import { verifySessionToken } from "../../sandbox/shopify";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/app-env";
import { describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

declare global {
  interface Window {
    __leaveAnswer?: string;
  }
}

/** Adds markup to the page after hydration, as a component rendering it would. */
async function mount(html: string) {
  await h().page.evaluate((markup) => {
    // One test's elements at a time.
    document.querySelectorAll("[data-test-mount]").forEach((el) => el.remove());
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

  it("lets nothing leave the machine: a request for another host is refused and reported", async () => {
    const page = h().page;
    const refusedBefore = h().refusedConnections();
    const outcomes = await page.evaluate(() =>
      Promise.all(
        ["https://example.com/asset.js", "http://93.184.215.14/x"].map((url) =>
          fetch(url).then(
            () => "answered",
            () => "refused",
          ),
        ),
      ),
    );
    expect(outcomes).toEqual(["refused", "refused"]);
    // Refused by the harness's proxy, not left to the network (an IP address too).
    expect(h().refusedConnections() - refusedBefore).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => h().takeOffMachineRequests().join("\n"))
      .toMatch(
        /GET https:\/\/example\.com\/asset\.js[\s\S]*GET http:\/\/93\.184\.215\.14\/x|GET http:\/\/93\.184\.215\.14\/x[\s\S]*GET https:\/\/example\.com/,
      );
    // The page's own reports of the refusals were expected here.
    h().takeBrowserErrors();
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

  it("follows a 401's reauthorize address to the top window, a shop's admin through /dev/shopify-admin", async () => {
    const page = h().page;
    const grant = `https://${h().shop}/admin/oauth/install?client_id=x&optional_scopes=write_products`;
    await page.route("**/reauthorize-probe", (route) =>
      route.fulfill({
        status: 401,
        headers: { "X-Shopify-API-Request-Failure-Reauthorize-Url": grant },
      }),
    );
    // The dev route exists only in sandbox mode: here its answer is stood in for.
    await page.route("**/dev/shopify-admin?**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>grant screen</p>" }),
    );
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/dev/shopify-admin"),
      page.evaluate(() => fetch("/reauthorize-probe", { method: "POST" }).catch(() => null)),
    ]);
    expect(new URL(page.url()).searchParams.get("to")).toBe(grant);
    expect(h().takeBrowserErrors().join("\n")).toMatch(/401/);
    // The tests below work on the app's page.
    await h().openAdmin("/app");
  });

  it("shows toasts on the page", async () => {
    const page = h().page;
    await page.evaluate(() => window.shopify.toast.show("Mapping saved"));
    await page.getByRole("status").filter({ hasText: "Mapping saved" }).waitFor();
    await page.evaluate(() => window.shopify.toast.show("Could not save", { isError: true }));
    await page.getByRole("alert").filter({ hasText: "Could not save" }).waitFor();
  });

  it("renders ui-save-bar with working buttons, loading and disabled states, and keeps the page in reach", async () => {
    const page = h().page;
    await mount(`
      <ui-save-bar id="test-save-bar">
        <button variant="primary" onclick="document.body.dataset.saved = (Number(document.body.dataset.saved || 0) + 1)">Save</button>
        <button onclick="document.body.dataset.discarded = 'yes'">Discard</button>
      </ui-save-bar>`);
    const bar = page.locator("#test-save-bar").getByRole("region", { name: "Save bar" });
    expect(await bar.isVisible()).toBe(false);
    const navTop = () =>
      page.evaluate(() => document.querySelector("ui-nav-menu")!.getBoundingClientRect().top);
    expect(await navTop()).toBe(0);

    await page.evaluate(() => window.shopify.saveBar.show("test-save-bar"));
    await bar.waitFor();
    await bar.getByText("Unsaved changes").waitFor();
    // The bar does not cover the app's navigation: the page moves down by its height.
    const barHeight = await bar.evaluate((el) => el.getBoundingClientRect().height);
    expect(barHeight).toBeGreaterThan(20);
    expect(await navTop()).toBe(barHeight);

    const save = bar.getByRole("button", { name: "Save" });
    await save.click();
    expect(await page.evaluate(() => document.body.dataset.saved)).toBe("1");

    // Loading: the same button (focus kept), busy, and a click does nothing.
    await save.focus();
    await page.evaluate(() =>
      document.querySelector("#test-save-bar button[variant=primary]")!.setAttribute("loading", ""),
    );
    await expect.poll(() => save.getAttribute("aria-busy")).toBe("true");
    expect(await save.evaluate((el) => el.matches(":focus"))).toBe(true);
    await save.click({ force: true });
    expect(await page.evaluate(() => document.body.dataset.saved)).toBe("1");
    await page.evaluate(() =>
      document.querySelector("#test-save-bar button[variant=primary]")!.removeAttribute("loading"),
    );
    await expect.poll(() => save.getAttribute("aria-busy")).toBeNull();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.body.dataset.saved)).toBe("2");

    await page.evaluate(() =>
      document.querySelector("#test-save-bar button:not([variant])")!.setAttribute("disabled", ""),
    );
    await expect.poll(() => bar.getByRole("button", { name: "Discard" }).isDisabled()).toBe(true);

    await page.evaluate(() => window.shopify.saveBar.hide("test-save-bar"));
    await bar.waitFor({ state: "hidden" });
    expect(await navTop()).toBe(0);
    h().assertNoBrowserErrors();
  });

  it("asks before Discard when the save bar has discardConfirmation", async () => {
    const page = h().page;
    await mount(`
      <ui-save-bar id="confirming-save-bar" discardConfirmation>
        <button variant="primary">Save</button>
        <button onclick="document.body.dataset.discards = (Number(document.body.dataset.discards || 0) + 1)">Discard</button>
      </ui-save-bar>`);
    await page.evaluate(() => window.shopify.saveBar.show("confirming-save-bar"));
    const bar = page.locator("#confirming-save-bar").getByRole("region", { name: "Save bar" });
    const confirm = page.getByRole("alertdialog", { name: "Discard all unsaved changes" });
    await bar.getByRole("button", { name: "Discard" }).click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.body.dataset.discards)).toBeUndefined();

    await bar.getByRole("button", { name: "Discard" }).click();
    await confirm.getByRole("button", { name: "Discard changes" }).click();
    expect(await page.evaluate(() => document.body.dataset.discards)).toBe("1");
    await page.evaluate(() => window.shopify.saveBar.hide("confirming-save-bar"));
  });

  it("leaveConfirmation resolves without a save bar, else asks and resolves only on Leave page", async () => {
    const page = h().page;
    await mount(`
      <ui-save-bar id="leave-save-bar">
        <button variant="primary">Save</button>
        <button>Discard</button>
      </ui-save-bar>`);
    await page.evaluate(() => window.shopify.saveBar.leaveConfirmation());

    await page.evaluate(() => window.shopify.saveBar.show("leave-save-bar"));
    await page.evaluate(() => {
      window.__leaveAnswer = "pending";
      void window.shopify.saveBar.leaveConfirmation().then(() => {
        window.__leaveAnswer = "leave";
      });
    });
    const dialog = page.getByRole("alertdialog", { name: "Leave page with unsaved changes?" });
    await dialog.getByText("Leaving this page will delete all unsaved changes.").waitFor();
    // The safe answer has the focus; Escape means "Stay".
    expect(
      await dialog.getByRole("button", { name: "Stay" }).evaluate((el) => el.matches(":focus")),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.__leaveAnswer)).toBe("pending");

    await page.evaluate(() => {
      void window.shopify.saveBar.leaveConfirmation().then(() => {
        window.__leaveAnswer = "leave";
      });
    });
    await dialog.getByRole("button", { name: "Stay" }).click();
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.__leaveAnswer)).toBe("pending");

    const left = page.evaluate(() => window.shopify.saveBar.leaveConfirmation());
    await dialog.getByRole("button", { name: "Leave page" }).click();
    await left;
    await dialog.waitFor({ state: "detached" });
    await page.evaluate(() => window.shopify.saveBar.hide("leave-save-bar"));
  });

  it("renders ui-modal as a dialog with its content and title-bar buttons", async () => {
    const page = h().page;
    await mount(`
      <button id="opener">Open</button>
      <ui-modal id="test-modal">
        <p>Send this order to print now?</p>
        <ui-title-bar title="Approve order">
          <button onclick="document.body.dataset.cancelled = 'yes'">Cancel</button>
          <button variant="primary" onclick="document.body.dataset.approved = 'yes'">Approve</button>
        </ui-title-bar>
      </ui-modal>`);
    await page.locator("#opener").focus();
    await page.evaluate(() => window.shopify.modal.show("test-modal"));
    const dialog = page.getByRole("dialog", { name: "Approve order" });
    await dialog.waitFor();
    await dialog.getByText("Send this order to print now?").waitFor();
    // Focus moves into the dialog and Tab stays there.
    const focused = () =>
      page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.textContent ?? null;
      });
    expect(await focused()).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Approve");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Cancel");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Approve");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.body.dataset.approved)).toBe("yes");
    await h().screenshot("app-bridge-stand-in-modal");
    // Escape closes it and gives the focus back.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("opener");
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
