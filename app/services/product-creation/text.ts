/**
 * Text the product is made of: its handle (the idempotency key Shopify knows)
 * and its description as HTML.
 */

/** Shopify's limit on a handle; the app keeps well under it. */
const HANDLE_WORDS_MAX = 48;

/** FNV-1a (32 bit): a short, stable fingerprint of the request key. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** "Été à l'Île: Part 2!" -> "ete-a-l-ile-part-2", at most `max` characters, "" without letters. */
export function slugOf(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}

/**
 * The product's handle: the title as a slug plus a suffix from the form's
 * request key. The same submission always gives the same handle (productSet
 * finds the product by it after a lost answer); two products of the same
 * title get different ones.
 */
export function productHandle(title: string, requestKey: string): string {
  const words = slugOf(title, HANDLE_WORDS_MAX);
  const suffix =
    fnv1a(requestKey).toString(36).padStart(7, "0") +
    fnv1a(requestKey, 0x01000193).toString(36).padStart(7, "0");
  return `${words || "print-product"}-${suffix}`;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The merchant's plain-text description as Shopify's descriptionHtml: a blank
 * line starts a paragraph, a single line break stays one. Everything is
 * escaped, so typed markup shows as text and never runs in the storefront.
 */
export function descriptionHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split("\n")
          .map((line) => escapeHtml(line.trim()))
          .join("<br>")}</p>`,
    )
    .join("");
}
