import { isTemporaryStatus, SHOPIFY_FAILURE_TEXT, ShopifyAdminError } from "../shopify-admin";
import { formatMajor } from "../print/money";
import type { PriceUpdateAnswer, RepricingStore, SeenPrice, ShopifyPrices } from "./ports";
import { liveVariants, rowOf, variantName, type RepriceRow } from "./rows";

export interface RepriceResult {
  repriced: number;
  /** Variants left as they were because their price already meets the target. */
  skipped: number;
  failed: { variantId: string; title: string; message: string }[];
}

/** Shopify's sentence for one variant, in the page's words. */
function refusedSentence(message: string): string {
  const text = message.trim().replace(/\.$/, "");
  return SHOPIFY_FAILURE_TEXT.price.notAccepted(text);
}

/**
 * Shopify's userErrors by the position of the variant they name (["variants", "<index>",
 * "price"]), and those that name none.
 */
function userErrorsByVariant(userErrors: PriceUpdateAnswer["userErrors"], variants: number) {
  const byIndex = new Map<number, string>();
  const general: string[] = [];
  for (const e of userErrors) {
    const index = e.field?.[0] === "variants" ? Number(e.field[1]) : NaN;
    if (Number.isInteger(index) && index >= 0 && index < variants)
      byIndex.set(index, byIndex.has(index) ? `${byIndex.get(index)}; ${e.message}` : e.message);
    else general.push(e.message);
  }
  return { byIndex, general };
}

/**
 * Whether a failed update only stops this product. The Shopify library hands Shopify's HTTP
 * failures on as a Response: a sign-in one is the framework's to answer, so it is thrown on.
 */
function unansweredOrRefused(error: unknown): "unanswered" | "refused" {
  const unanswered =
    error instanceof Response
      ? isTemporaryStatus(error.status)
      : error instanceof ShopifyAdminError && error.transient;
  if (error instanceof Response && !unanswered) throw error;
  if (!(error instanceof Response) && !(error instanceof ShopifyAdminError)) throw error;
  return unanswered ? "unanswered" : "refused";
}

/**
 * Sets the rule's new price on each of these variants that is still under its target (read live
 * from Shopify), with one price update per product, and records the prices set. Shopify saves a
 * product's variants together: one refused price leaves the product's other prices as they
 * were, so each variant gets its own sentence.
 */
export async function repriceVariants(
  ports: { store: RepricingStore; shopify: ShopifyPrices },
  { shop, variantIds }: { shop: string; variantIds: readonly string[] },
): Promise<RepriceResult> {
  const { store, shopify } = ports;
  const wanted = [...new Set(variantIds)];
  const watched = await store.watchedVariants(shop, wanted);
  const known = new Set(watched.map((w) => w.mapping.variantId));
  const failed: RepriceResult["failed"] = wanted
    .filter((id) => !known.has(id))
    .map((id) => ({
      variantId: id,
      title: "",
      message: "This variant is not one Print Connect created in your shop, so it was left alone.",
    }));
  const live = await liveVariants(
    shopify,
    watched.map((w) => w.mapping.variantId),
  );

  const byProduct = new Map<string, { row: RepriceRow; title: string }[]>();
  let skipped = 0;
  for (const w of watched) {
    const v = live.get(w.mapping.variantId);
    if (!v) {
      failed.push({
        variantId: w.mapping.variantId,
        title: w.mapping.title,
        message: "This variant no longer exists in Shopify.",
      });
      continue;
    }
    const title = v.productTitle + (variantName(v) === "Default" ? "" : ` – ${variantName(v)}`);
    if (!w.quote) {
      failed.push({
        variantId: v.id,
        title,
        message: "There is no print price for this variant yet. Check print prices, then reprice.",
      });
      continue;
    }
    const row = rowOf(w, v.price, v.productTitle, variantName(v));
    if (!row) {
      skipped += 1;
      continue;
    }
    // Shopify's own product id, not the creation's: a variant is updated through its product.
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), { row, title }]);
  }

  let repriced = 0;
  const saved: SeenPrice[] = [];
  for (const [productId, entries] of byProduct) {
    let answer: PriceUpdateAnswer | null;
    try {
      answer = await shopify.setPrices(
        productId,
        entries.map(({ row }) => ({
          id: row.variantId,
          price: formatMajor({ amountMinor: row.newPriceMinor, currency: row.currency }),
        })),
      );
    } catch (error) {
      const message =
        unansweredOrRefused(error) === "unanswered"
          ? SHOPIFY_FAILURE_TEXT.price.unanswered
          : SHOPIFY_FAILURE_TEXT.price.refused;
      for (const { row, title } of entries)
        failed.push({ variantId: row.variantId, title, message });
      continue;
    }
    const userErrors = answer?.userErrors ?? [];
    const updated = new Map((answer?.productVariants ?? []).map((v) => [v.id, v.price]));
    const { byIndex, general } = userErrorsByVariant(userErrors, entries.length);
    entries.forEach(({ row, title }, index) => {
      const own = byIndex.get(index);
      if (userErrors.length === 0 && updated.has(row.variantId)) {
        repriced += 1;
        saved.push({
          creationId: row.creationId,
          variantId: row.variantId,
          price: { amountMinor: row.newPriceMinor, currency: row.currency },
        });
        return;
      }
      const message = own
        ? refusedSentence(own)
        : general.length
          ? refusedSentence(general.join("; "))
          : userErrors.length
            ? SHOPIFY_FAILURE_TEXT.price.refusedWithOthers
            : SHOPIFY_FAILURE_TEXT.price.unconfirmed;
      failed.push({ variantId: row.variantId, title, message });
    });
  }
  await store.rememberPrices(shop, saved);
  return { repriced, skipped, failed };
}
