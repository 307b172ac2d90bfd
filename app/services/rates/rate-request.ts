import { z } from "zod";
import { shopifyNumericId, variantGid } from "../shopify-admin/ids";

/**
 * Shopify's carrier-service rate request, parsed tolerantly (ids as numbers
 * or strings, kept as exact decimal text; see shopify-admin/ids).
 */
const id = z
  .union([shopifyNumericId, z.literal("")])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : v));
const text = z
  .string()
  .nullish()
  .transform((v) => (v ? v : undefined));

export const rateRequestSchema = z.object({
  rate: z.object({
    destination: z.object({
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
        .transform((v) => v.toUpperCase()),
      province: text,
      postal_code: text,
      city: text,
    }),
    items: z.array(
      z.object({
        name: z.string().nullish(),
        quantity: z.number().int().nonnegative(),
        variant_id: id,
        product_id: id,
        requires_shipping: z.boolean().nullish(),
      }),
    ),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/)
      .transform((v) => v.toUpperCase()),
    locale: text,
  }),
});
export type RateRequest = z.infer<typeof rateRequestSchema>["rate"];

/** What quoting needs of a variant mapping. */
export interface MappedVariant {
  variantId: string;
  offeringId: number;
  numberOfPages: number | null;
}

export interface PrintItem {
  offeringId: number;
  numberOfPages: number;
  quantity: number;
}

/**
 * The cart's print items: mapped variants that need shipping, merged by
 * offering and page count. Everything else contributes nothing.
 */
export function printItemsOf(
  items: readonly {
    quantity: number;
    variant_id?: string | undefined;
    requires_shipping?: boolean | null | undefined;
  }[],
  mappings: ReadonlyMap<string, MappedVariant>,
): { items: PrintItem[]; ignored: number } {
  const merged = new Map<string, PrintItem>();
  let ignored = 0;
  for (const item of items) {
    const mapping = item.variant_id ? mappings.get(variantGid(item.variant_id)) : undefined;
    if (!mapping || item.quantity === 0 || item.requires_shipping === false) {
      ignored += 1;
      continue;
    }
    const numberOfPages = mapping.numberOfPages ?? 0;
    const k = `${mapping.offeringId}:${numberOfPages}`;
    const existing = merged.get(k);
    if (existing) existing.quantity += item.quantity;
    else merged.set(k, { offeringId: mapping.offeringId, numberOfPages, quantity: item.quantity });
  }
  const list = [...merged.values()].sort(
    (a, b) => a.offeringId - b.offeringId || a.numberOfPages - b.numberOfPages,
  );
  return { items: list, ignored };
}

/** The cache key of a quote: same shop settings, destination, currency and item set. */
export function quoteKey(input: {
  shop: string;
  settingsVersion: string;
  countryCode: string;
  state?: string | undefined;
  currency: string;
  items: PrintItem[];
}): string {
  const items = input.items.map((i) => `${i.offeringId}x${i.numberOfPages}p*${i.quantity}`);
  return [
    input.shop,
    input.settingsVersion,
    input.countryCode,
    input.state ?? "",
    input.currency,
    items.join(","),
  ].join("|");
}
