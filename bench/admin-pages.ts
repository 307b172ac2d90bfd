/**
 * The pages bench:admin measures, what each must show to count as that page, and the
 * interaction its INP is measured on.
 */
import { DEEP, ORDER_ID, ROWS, deepCursor } from "./admin-orders";
import type { Page } from "playwright-core";

export const PAGES = {
  home: "/app",
  first: "/app/orders",
  deep: `/app/orders?after=${deepCursor}`,
  attention: "/app/orders?view=attention",
  order: `/app/orders/${ORDER_ID}`,
  products: "/app/products",
  mapping: "/app/products/20001",
  bulkMapping: "/app/products/bulk?variant=20003&variant=20004",
  createProduct: "/app/products/new?offering=228478",
  prices: "/app/products/prices",
  catalogue: "/app/catalogue",
  offering: "/app/catalogue/228478",
  quote: "/app/quote",
  publications: "/app/publications",
  shippingRates: "/app/shipping-rates",
  settings: "/app/settings",
  profit: "/app/profit",
  profit90: "/app/profit?range=90",
  profit90PerProduct: "/app/profit?range=90&view=product",
  delivery: "/app/delivery",
  importOrders: "/app/orders/import",
  // The demo book's creation; its id is read once the demo shop is seeded.
  createdProduct: "/app/products/created/:creation",
  notFound: "/app/no-such-page",
} as const;
/** Pages that only exist once the print orders are there (no reference measurement). */
export const NEEDS_ROWS: ReadonlySet<PageName> = new Set(["order"]);
export type PageName = keyof typeof PAGES;
export const ALL_PAGES = Object.keys(PAGES) as PageName[];
/**
 * The pages this run measures: all, or with BENCH_ADMIN_PAGES=profit,order those whose names
 * start with one of the words (case-insensitive: "profit" is the three Profit pages).
 */
export const SELECTED_PAGES = selectPages(process.env.BENCH_ADMIN_PAGES);
function selectPages(list: string | undefined): PageName[] {
  const words = (list ?? "")
    .split(",")
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return ALL_PAGES;
  for (const word of words)
    if (!ALL_PAGES.some((name) => name.toLowerCase().startsWith(word)))
      throw new Error(`BENCH_ADMIN_PAGES: no page named ${word}… (${ALL_PAGES.join(", ")})`);
  return ALL_PAGES.filter((name) => words.some((w) => name.toLowerCase().startsWith(w)));
}
export const expectedStatus = (name: PageName) => (name === "notFound" ? 404 : 200);

/** What each page must show, so a redirect or an error page is never measured as the page. */
export function looksRight(name: PageName, html: string, rows: number): boolean {
  if (!html.includes("Polaris-Page")) return false;
  if (name === "notFound") return html.includes("Page not found");
  if (rows === 0)
    return name.match(/^(first|deep|attention)$/) ? /No (print )?orders/.test(html) : true;
  if (name === "first" || name === "attention") return html.includes(`#${1000 + ROWS}`);
  if (name === "deep") return html.includes(`#${1000 + DEEP - 1}`);
  if (name === "order") return html.includes(`#${1000 + DEEP}`);
  return true;
}

/**
 * The interaction INP is measured on, per page: what a merchant does first there without
 * leaving the page. "type": click the field, then type; "arrow": focus a select or date
 * field and press ArrowDown (the value changes, the page re-renders); "tab": move focus.
 */
type Interaction =
  | { kind: "type"; label: string; text: string }
  | { kind: "arrow"; label: string }
  | { kind: "tab"; presses: number };
const SEARCH_ORDERS: Interaction = { kind: "type", label: "Search by order name", text: "1042" };
export const INTERACTIONS: Record<PageName, Interaction> = {
  home: { kind: "tab", presses: 3 },
  first: SEARCH_ORDERS,
  deep: SEARCH_ORDERS,
  attention: SEARCH_ORDERS,
  order: { kind: "tab", presses: 3 },
  products: { kind: "type", label: "Search products", text: "book" },
  mapping: { kind: "type", label: "Pages", text: "2" },
  bulkMapping: { kind: "type", label: "Pages", text: "2" },
  createProduct: { kind: "type", label: "Title", text: " II" },
  prices: { kind: "tab", presses: 3 },
  catalogue: { kind: "arrow", label: "Currency" },
  offering: { kind: "tab", presses: 3 },
  quote: { kind: "type", label: "Quantity", text: "2" },
  publications: { kind: "type", label: "Title", text: "Atlas" },
  shippingRates: { kind: "type", label: "Name", text: " express" },
  settings: { kind: "type", label: "Button key (optional)", text: "b" },
  profit: { kind: "arrow", label: "Period" },
  profit90: { kind: "arrow", label: "Period" },
  profit90PerProduct: { kind: "arrow", label: "Period" },
  delivery: { kind: "tab", presses: 3 },
  importOrders: { kind: "arrow", label: "From" },
  createdProduct: { kind: "tab", presses: 3 },
  notFound: { kind: "tab", presses: 2 },
};
export const describeInteraction = (i: Interaction) =>
  i.kind === "type"
    ? `click "${i.label}", type "${i.text}"`
    : i.kind === "arrow"
      ? `ArrowDown in "${i.label}"`
      : `Tab x${i.presses}`;

export async function interact(page: Page, i: Interaction) {
  if (i.kind === "tab") {
    for (let k = 0; k < i.presses; k++) await page.keyboard.press("Tab");
    return;
  }
  const field = page.getByLabel(i.label, { exact: true }).first();
  if (i.kind === "arrow") {
    await field.focus();
    await page.keyboard.press("ArrowDown");
    return;
  }
  await field.click();
  await page.keyboard.press("End");
  await page.keyboard.type(i.text);
}
