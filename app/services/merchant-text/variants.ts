/**
 * Variant names as the merchant reads them. Shopify calls the only variant of a product without
 * options "Default Title" and its display name "<product> - Default Title"; the merchant never
 * chose those words, so the pages show the product's title alone.
 */

/** Shopify's title of the only variant of a product without options. */
export const DEFAULT_VARIANT_TITLE = "Default Title";

export function isDefaultVariantTitle(title: string | null | undefined): boolean {
  return title?.trim() === DEFAULT_VARIANT_TITLE;
}

/** "Novel - Default Title" -> "Novel"; any other name as it is. */
export function shownVariantName(displayName: string): string {
  const suffix = ` - ${DEFAULT_VARIANT_TITLE}`;
  return displayName.endsWith(suffix) ? displayName.slice(0, -suffix.length) : displayName;
}
