/**
 * The Quote page on a phone (375 px) and a laptop (1280 px), with product names far longer
 * than the demo's: every item's Pages, Quantity and Remove are on screen, and every margin is
 * shown whole, not cut by the screen's edge or by a box around it.
 */
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_SHOP, describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

const LONG_TITLE =
  "The Complete Illustrated Field Guide to the Birds of Northern Europe and the Arctic Coasts";

/** Makes a one-variant product in the Shopify stand-in, the way Shopify admin would; its variant's id. */
async function createProduct(title: string, price: string): Promise<string> {
  const shopify = h().shopify;
  const token = shopify.control.listTokens(DEMO_SHOP).find((t) => !t.revoked)?.token;
  expect(token, "the demo shop's access token").toBeTruthy();
  const response = await fetch(`${shopify.url}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token! },
    body: JSON.stringify({
      query: `mutation Make($input: ProductSetInput!) {
        productSet(input: $input, synchronous: true) {
          product { variants(first: 1) { nodes { legacyResourceId } } }
          userErrors { field message }
        }
      }`,
      variables: {
        input: {
          title,
          productOptions: [{ name: "Title", values: [{ name: "Default Title" }] }],
          variants: [{ optionValues: [{ optionName: "Title", name: "Default Title" }], price }],
        },
      },
    }),
  });
  const body = (await response.json()) as {
    data?: {
      productSet: {
        product: { variants: { nodes: { legacyResourceId: string }[] } } | null;
        userErrors: unknown[];
      };
    };
  };
  const id = body.data?.productSet.product?.variants.nodes[0]?.legacyResourceId;
  expect(id, JSON.stringify(body).slice(0, 500)).toBeTruthy();
  return id!;
}

/**
 * Why an element is not wholly visible, or null: outside the viewport, cut by an ancestor
 * that clips (overflow other than visible), or its own text wider than its box.
 */
async function hiddenParts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    for (const el of elements) {
      const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 60)}"`;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) {
        problems.push(`${name} has no size`);
        continue;
      }
      if (r.left < 0 || r.right > vw + 0.5)
        problems.push(`${name} at ${r.left}..${r.right} is beyond the viewport (0..${vw})`);
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(
          `${name} is cut: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`,
        );
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible") continue;
        const box = a.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
          problems.push(
            `${name} at ${r.left}..${r.right} is clipped by ${a.tagName.toLowerCase()}.${a.className} (${box.left}..${box.right}, overflow ${style.overflowX})`,
          );
      }
    }
    return problems;
  });
}

describeBrowser("the Quote page at phone and laptop widths", () => {
  let query = "";

  it("makes long-named products to quote", async () => {
    // A long name that loses money (the longest margin text), and one that earns.
    const losing = await createProduct(LONG_TITLE, "5.00");
    const earning = await createProduct(`${LONG_TITLE}, Collector's Edition`, "95.00");
    query = [`228478:24:3:${losing}`, `228500:100:2:${earning}`, "228500:36:1:"]
      .map((i) => `item=${encodeURIComponent(i)}`)
      .join("&");
  });

  for (const width of [375, 1280]) {
    it(`keeps every control and margin on screen at ${width} px`, async () => {
      const page = h().page;
      await page.setViewportSize({ width, height: 900 });
      await h().openAdmin(`/app/quote?country=NL&currency=EUR&${query}`);
      await page.getByRole("button", { name: "Remove item 3" }).waitFor();
      await page.locator("td[data-label='Margin']").first().waitFor();

      // The page itself never scrolls sideways.
      const page_ = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(page_.scroll, "the page's width").toBeLessThanOrEqual(page_.client);

      // Each item's Pages and Quantity fields and its Remove button.
      expect(await page.getByLabel("Pages", { exact: true }).count()).toBe(3);
      expect(await page.getByLabel("Quantity", { exact: true }).count()).toBe(3);
      expect(await hiddenParts(page, "input[type='number']")).toEqual([]);
      expect(await hiddenParts(page, "button[aria-label^='Remove item']")).toEqual([]);

      // Every margin, the loss included, is there in full.
      const margins = page.locator("td[data-label='Margin']");
      const texts = await margins.allInnerTexts();
      expect(texts.length).toBeGreaterThanOrEqual(4);
      expect(texts.join(" | ")).toMatch(/Loss: -€\d+\.\d{2} \(-\d+(\.\d)?%\)/);
      expect(await hiddenParts(page, "td[data-label='Margin'] > *")).toEqual([]);
      expect(await hiddenParts(page, "td[data-label='Margin']")).toEqual([]);

      // Shopify's name of an only variant is not the merchant's.
      expect(await page.locator("body").innerText()).not.toContain("Default Title");

      // The long name is readable: in full, and on a few lines at most on a laptop.
      const name = page.locator("tbody th", { hasText: LONG_TITLE }).first();
      expect(await name.innerText()).toContain(LONG_TITLE);
      if (width === 1280) {
        const lines = await name.evaluate((el) => {
          const height = el.firstChild
            ? (() => {
                const range = document.createRange();
                range.selectNodeContents(el.firstChild);
                return range.getBoundingClientRect().height;
              })()
            : 0;
          return Math.round(height / parseFloat(getComputedStyle(el).lineHeight));
        });
        expect(lines, "lines of the item name").toBeLessThanOrEqual(3);
      }
      await h().screenshot(`quote-${width}`);
    });
  }
});
