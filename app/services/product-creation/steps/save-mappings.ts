import type { CreationPorts } from "../ports";
import type { Prepared } from "../prepare";
import { OPTION_NAME } from "../product-set";
import type { MadeProduct } from "./set-product";

/** The variant GID Shopify gave each checked variant (matched by its option value). */
export function variantIdsOf(p: Prepared, product: MadeProduct): (string | null)[] {
  return p.variants.map(
    (v) =>
      product.variants.nodes.find((n) =>
        n.selectedOptions.some((o) => o.name === OPTION_NAME && o.value === v.label),
      )?.id ?? null,
  );
}

/**
 * Step "save mappings": each new variant mapped to its offering with its checked files. A
 * failure part-way leaves some stored: they go with the product (`undoSetProduct`).
 */
export async function saveMappings(
  ports: CreationPorts,
  p: Prepared,
  productId: string,
  variantIds: (string | null)[],
): Promise<void> {
  if (variantIds.some((id) => !id))
    throw new Error("Shopify's answer lacks a variant that was sent");
  await ports.store.saveMappings({
    shop: ports.shop,
    productId,
    title: p.posted.title,
    variants: p.variants.map((variant, i) => ({
      variant,
      variantId: variantIds[i]!,
      preflight: p.preflights[i] ?? null,
    })),
  });
}
