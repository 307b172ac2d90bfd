import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { seedProof, type SeededProof } from "../support/proof-seed";
import { seedPrintOrder, type SeededOrder } from "./order-seed";

/**
 * Every admin page, checked as a merchant with assistive technology, a phone
 * or only a keyboard would meet it: axe-core finds no serious or critical
 * violation, nothing scrolls sideways at 375 px and no text touches the screen's
 * edge there, and Tab reaches the
 * navigation and the page's main action with a visible focus ring.
 */
const h = setupBrowserHarness();

interface AdminPage {
  path: string;
  heading: string;
  status?: number;
}

let order: SeededOrder | undefined;
let proof: SeededProof | undefined;

/** Every admin page, with the heading that says it has rendered (the order is seeded once). */
async function adminPages(): Promise<AdminPage[]> {
  order ??= await seedPrintOrder(h().shop, {
    status: "needs_attention",
    quantity: 2,
    error: {
      code: "MERCH_INSUFFICIENT_BALANCE",
      message: "The print-service account does not have enough credit to pay for this order.",
      action: "Top up your print-service account credit, then retry.",
    },
  });
  proof ??= await seedProof(h().shop, {
    n: 1001,
    at: new Date(),
    status: "fulfilled",
    wholesaleTotalMinor: 1903,
    serviceState: "SHIPPED",
    tracking: {
      code: "3SPOST1001",
      url: "https://tracking.example.com/3SPOST1001",
      company: "PostNL",
    },
  });
  return [
    { path: "/app", heading: "Print Connect" },
    { path: "/app/orders", heading: "Print orders" },
    { path: `/app/orders/${order.id}`, heading: order.name },
    { path: `/app/orders/${proof.id}`, heading: proof.name },
    { path: "/app/proofs/new?variantId=20001", heading: "Order a proof copy" },
    { path: "/app/products", heading: "Products" },
    { path: "/app/products/20001", heading: "Hardcover Photo Book - A4 Portrait / 24 pages" },
    { path: "/app/products/bulk?variant=20004&variant=20005", heading: "Map 2 variants" },
    { path: "/app/products/new?offering=228478", heading: "Create product" },
    { path: "/app/products/prices", heading: "Prices below your target margin" },
    { path: "/app/catalogue", heading: "Catalogue" },
    { path: "/app/catalogue/228478", heading: "Hardcover book A4 portrait" },
    { path: "/app/quote?variant=20001", heading: "Quote" },
    { path: "/app/publications", heading: "Publications" },
    { path: "/app/shipping-rates", heading: "Shipping rates at checkout" },
    { path: "/app/settings", heading: "Settings" },
    { path: "/app/profit", heading: "Profit" },
    { path: "/app/no-such-page", heading: "Page not found", status: 404 },
  ];
}

/** Opens a page as Shopify admin would (like openAdmin, but a 404 page is expected too). */
async function open({ path, heading, status = 200 }: AdminPage): Promise<Page> {
  const page = h().page;
  const response = await page.goto(h().adminUrl(path), { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(status);
  if (status === 404) {
    // Chromium logs every 404 document itself; nothing else may have gone wrong.
    expect(h().takeBrowserErrors()).toEqual([
      expect.stringMatching(/^console\.error: Failed to load resource: .*404 \(Not Found\)/),
    ]);
  }
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  return page;
}

declare global {
  interface Window {
    /** axe-core, once injected into the page. */
    axe: typeof axe;
  }
}

/** Fails with the page's path when the browser reported errors on it. */
function assertCleanPage(path: string) {
  try {
    h().assertNoBrowserErrors();
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ content: axe.source });
  }
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? "",
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      }));
  });
}

/**
 * What has focus: where it is (navigation, page), what it is, and whether
 * focus shows: the styles of the element, the siblings after it (Polaris
 * draws the ring of inputs on a backdrop sibling) and its two nearest
 * ancestors, each with ::before and ::after, differ from how they look
 * without focus. Focus is given back before returning.
 */
async function focused(page: Page) {
  return page.evaluate(async () => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const candidates: Element[] = [el];
    for (let next = el.nextElementSibling; next; next = next.nextElementSibling) {
      candidates.push(next);
    }
    if (el.parentElement) candidates.push(el.parentElement);
    if (el.parentElement?.parentElement) candidates.push(el.parentElement.parentElement);
    const looks = () =>
      candidates
        .flatMap((c) =>
          [null, "::before", "::after"].map((pseudo) => {
            const style = getComputedStyle(c, pseudo);
            return [
              style.outlineStyle,
              style.outlineWidth,
              style.outlineColor,
              style.boxShadow,
              style.borderColor,
              style.backgroundColor,
              style.textDecorationLine,
            ].join(" ");
          }),
        )
        .join("|");
    // Some rings follow React state (Polaris TextField): give it frames to render.
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const withFocus = looks();
    el.blur();
    await frames();
    const withoutFocus = looks();
    el.focus();
    await frames();
    const label =
      el.getAttribute("aria-label") ||
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ||
      (el.textContent ?? "").trim().slice(0, 60) ||
      el.getAttribute("name") ||
      "";
    return {
      inNav: Boolean(el.closest("ui-nav-menu, s-app-nav")),
      primary: Boolean(el.closest(".Polaris-Button--variantPrimary")),
      inPage: Boolean(el.closest(".Polaris-Page")),
      what: `${el.tagName.toLowerCase()} "${label}"`,
      visible: withFocus !== withoutFocus,
    };
  });
}

/** The page's enabled primary button: its main action. */
const PRIMARY =
  ".Polaris-Page .Polaris-Button--variantPrimary:not([disabled], [aria-disabled='true'])";

// Every page in turn, several times: a busy 2-core machine needs minutes.
const EVERY_PAGE = { timeout: 240_000 };

/** Tab from the top of the page: what a keyboard user reaches, and where focus does not show. */
async function keyboardProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const hasPrimary = (await page.locator(PRIMARY).count()) > 0;
  let nav = false;
  let main = false;
  const unringed: string[] = [];
  await page.locator("body").focus();
  for (let i = 0; i < 250 && !(nav && main); i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (!f) continue;
    if (!f.visible) unringed.push(f.what);
    if (f.inNav) nav = true;
    // The main action: the page's enabled primary button, else anything on the page.
    if (hasPrimary ? f.primary : f.inPage) main = true;
  }
  if (!nav) problems.push(`${path}: Tab never reached the navigation`);
  if (!main) problems.push(`${path}: Tab never reached the main action`);
  if (unringed.length > 0) {
    problems.push(`${path}: no visible focus on ${unringed.slice(0, 5).join(" | ")}`);
  }
  return problems;
}

describeBrowser("accessibility of every admin page", () => {
  // One visit per page at the desktop width serves both checks (a page load is most of the cost).
  it(
    "has no serious or critical axe-core violation on any page, and can be used by keyboard: Tab reaches the navigation and the page's main action, with visible focus",
    EVERY_PAGE,
    async () => {
      const findings: string[] = [];
      const keyboard: string[] = [];
      for (const target of await adminPages()) {
        const page = await open(target);
        for (const v of await seriousViolations(page)) {
          findings.push(
            `${target.path}: [${v.impact}] ${v.rule}: ${v.help}\n    ${v.targets.join("\n    ")}`,
          );
        }
        keyboard.push(...(await keyboardProblems(page, target.path)));
        assertCleanPage(target.path);
      }
      expect(findings.join("\n")).toBe("");
      expect(keyboard.join("\n")).toBe("");
    },
  );

  it(
    "fits a 375 px wide screen: no sideways scrolling, no text at the edge, heading, navigation and main action in view",
    EVERY_PAGE,
    async () => {
      const page = h().page;
      await page.setViewportSize({ width: 375, height: 812 });
      try {
        const wide: string[] = [];
        for (const target of await adminPages()) {
          await open(target);
          const size = await page.evaluate(() => ({
            scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
            innerWidth: window.innerWidth,
          }));
          if (size.scrollWidth > size.innerWidth) {
            wide.push(
              `${target.path}: ${size.scrollWidth} px wide in a ${size.innerWidth} px window`,
            );
          }
          const heading = page.getByRole("heading", { name: target.heading, level: 1 });
          const box = await heading.boundingBox();
          expect(box, target.path).not.toBeNull();
          expect(box!.x, target.path).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, target.path).toBeLessThanOrEqual(375 + 1);
          await page
            .getByRole("navigation", { name: "App navigation" })
            .getByRole("link", { name: "Home" })
            .waitFor();
          // No heading or paragraph of the page runs into the screen's left edge (the page's
          // own title keeps 16 px; cards run edge to edge, their text inside them).
          const atEdge = await page.evaluate(() =>
            [...document.querySelectorAll(".Polaris-Page :is(h1, h2, h3, p)")]
              .filter((el) => el.getClientRects().length > 0 && el.textContent?.trim())
              .filter((el) => el.getBoundingClientRect().left < 8)
              .map((el) => `${el.tagName.toLowerCase()} "${el.textContent!.trim().slice(0, 40)}"`),
          );
          for (const text of atEdge) wide.push(`${target.path}: ${text} touches the left edge`);
          // The main action is within the screen's width too (reachable without sideways scrolling).
          for (const action of await page.locator(PRIMARY).all()) {
            const at = await action.boundingBox();
            if (at && (at.x < 0 || at.x + at.width > 375 + 1)) {
              wide.push(`${target.path}: the main action lies outside the screen`);
            }
          }
          for (const v of await seriousViolations(page)) {
            wide.push(
              `${target.path}: [${v.impact}] ${v.rule} at 375 px: ${v.help}\n    ${v.targets.join("\n    ")}`,
            );
          }
          if (target.path === `/app/orders/${order?.id}`) await h().screenshot("order-375px");
          if (target.path === `/app/orders/${proof?.id}`) await h().screenshot("proof-375px");
          if (target.path === "/app/settings") await h().screenshot("settings-375px");
          if (target.path.startsWith("/app/proofs/")) await h().screenshot("proof-page-375px");
          assertCleanPage(target.path);
        }
        expect(wide.join("\n")).toBe("");
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
  );
});
