import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeBrowser } from "../browser/harness";

/**
 * The product-page block in a browser: its real markup (the Liquid template
 * with Shopify's values filled in), its real script and English strings, on a
 * theme-like product page (Dawn puts the quantity input outside the form,
 * tied to it with form="…"). The app proxy answers as the app does.
 */
const theme = path.resolve(import.meta.dirname, "../../extensions/print-connect-theme");
const read = (file: string) => readFileSync(path.join(theme, file), "utf8");
const english = JSON.parse(read("locales/en.default.json")) as Record<string, unknown>;
const translate = (key: string) =>
  String(key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], english));
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Specs = Partial<Record<"format" | "size" | "pages" | "paper", string>>;

/**
 * The block as Shopify renders it for variant 20004 in NL (every setting on),
 * with the print specs a created product carries as app-owned metafields.
 */
function renderBlock(specs: Specs = {}): string {
  const values: Record<string, string> = {
    "block.id": "b1",
    "pc_variant.id": "20004",
    "localization.country.iso_code": "NL",
    "localization.country.name | escape": "Netherlands",
    "cart.currency.iso_code": "EUR",
    "request.locale.iso_code": "en",
    "block.settings.show_shipping": "true",
    "block.settings.accent_color": "#1a1a1a",
    "block.shopify_attributes": "",
    "pc_title | escape": translate("print_connect.specs.title"),
  };
  for (const [field, value] of Object.entries(specs)) values[`pc_${field} | escape`] = value;
  return (
    read("blocks/print-specs.liquid")
      .replace(/{%-? comment -?%}[\s\S]*?{%-? endcomment -?%}/g, "")
      // The metafield branches: the value when the product carries it, else the skeleton.
      .replace(
        /{%- if pc_(\w+) != blank -%}([\s\S]*?){%- else -%}([\s\S]*?){%- endif -%}/g,
        (_, field: string, shown: string, skeleton: string) => (field in specs ? shown : skeleton),
      )
      .replace(/{% schema %}[\s\S]*?{% endschema %}/, "")
      .replace(/{%-?[\s\S]*?-?%}/g, "")
      .replace(/{{ '([\w.]+)' \| t( \| escape)? }}/g, (_, key: string) =>
        escapeHtml(translate(key)),
      )
      .replace(/{{ ([^}]+?) }}/g, (_, expression: string) => {
        if (!(expression in values)) throw new Error(`No value for {{ ${expression} }}`);
        return values[expression]!;
      })
  );
}

const page = (
  specs: Specs = {},
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
<section class="shopify-section">
  <form id="product-form-main" action="/cart/add" method="post">
    <select name="id"><option value="20004" selected>Magazine</option><option value="20001">Photo book</option></select>
  </form>
  <input id="quantity" type="number" name="quantity" form="product-form-main" value="1" min="1" data-min="1">
  ${renderBlock(specs)}
</section>
<script src="/assets/print-specs.js"></script>
</body></html>`;

const ANSWERS: Record<string, object> = {
  "20004": {
    mapped: true,
    minimumQuantity: 5,
    specs: { format: "Perfect bound magazine A4", size: "210 × 297 mm", pages: 48, paper: null },
    shipping: null,
    shippingStatus: "unavailable",
  },
  "20001": {
    mapped: true,
    specs: { format: "Hardcover book A4 portrait", size: "210 × 297 mm", pages: 24, paper: null },
    shipping: null,
    shippingStatus: "unavailable",
  },
};

let browser: Browser;
let tab: Page;
let proxyDown = false;
const errors: string[] = [];

describeBrowser("product-page block", () => {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    tab = await browser.newPage();
    tab.on("pageerror", (e) => errors.push(e.message));
    tab.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await tab.route("https://shop.example/**", async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === "/products/magazine")
        return route.fulfill({ contentType: "text/html", body: page() });
      if (url.pathname === "/products/created-book")
        return route.fulfill({
          contentType: "text/html",
          body: page({ format: "Hardcover book A4 portrait", size: "210 × 297 mm", pages: "48" }),
        });
      if (url.pathname === "/assets/print-specs.js")
        return route.fulfill({
          contentType: "text/javascript",
          body: read("assets/print-specs.js"),
        });
      if (url.pathname === "/apps/print-connect/product-info") {
        if (proxyDown) return route.fulfill({ status: 502, body: "" });
        const answer = ANSWERS[url.searchParams.get("variant_id") ?? ""] ?? { mapped: false };
        return route.fulfill({ contentType: "application/json", body: JSON.stringify(answer) });
      }
      return route.fulfill({ status: 404, body: "" });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("says the minimum and raises the quantity input; another variant puts the theme's minimum back", async () => {
    await tab.goto("https://shop.example/products/magazine");
    const note = tab.locator('[data-field="minimum"]');
    await expect.poll(() => note.textContent()).toBe("Printed in sets of at least 5");
    expect(await note.isVisible()).toBe(true);
    const quantity = tab.locator("#quantity");
    expect(await quantity.inputValue()).toBe("5");
    expect(await quantity.getAttribute("min")).toBe("5");
    expect(await quantity.getAttribute("data-min")).toBe("5");

    // A shopper who wants more keeps their number.
    await quantity.fill("7");
    await tab.selectOption('select[name="id"]', "20001");
    await expect.poll(() => note.isVisible()).toBe(false);
    expect(await quantity.getAttribute("min")).toBe("1");
    expect(await quantity.getAttribute("data-min")).toBe("1");
    expect(await quantity.inputValue()).toBe("7");

    await tab.selectOption('select[name="id"]', "20004");
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await quantity.inputValue()).toBe("7");
    expect(await quantity.getAttribute("min")).toBe("5");
    expect(errors).toEqual([]);
  });

  it("shows a created product's print specs from its metafields, also when the app cannot be reached", async () => {
    proxyDown = true;
    try {
      await tab.goto("https://shop.example/products/created-book");
      const field = (name: string) => tab.locator(`[data-field="${name}"]`).textContent();
      expect((await field("format"))?.trim()).toBe("Hardcover book A4 portrait");
      expect((await field("size"))?.trim()).toBe("210 × 297 mm");
      expect((await field("pages"))?.trim()).toBe("48");
      // Paper is not on the product: the block says so once the proxy has failed.
      await expect
        .poll(async () => (await field("paper"))?.trim())
        .toBe(translate("print_connect.specs.not_applicable"));
      expect((await field("format"))?.trim()).toBe("Hardcover book A4 portrait");
      expect(errors.filter((e) => !e.includes("502"))).toEqual([]);
    } finally {
      proxyDown = false;
    }
  });
});
