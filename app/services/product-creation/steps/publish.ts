import { isOfferedCurrency, shopCurrency } from "../../pricing/currency";
import type { CreationPorts } from "../ports";
import type { Prepared } from "../prepare";
import type { StoredPublication } from "../request-codec";

/**
 * Step "publish" ("Also list it on the print service's checkout page"): one listing per variant.
 * A listing that fails is a note with its fix; the product stays, so there is nothing to undo.
 */
export async function publish(
  ports: CreationPorts,
  p: Prepared,
  variantIds: string[],
): Promise<{ made: StoredPublication[]; problem: string | null }> {
  const settingsCurrency = await ports.store.settingsCurrency();
  const currency = shopCurrency(
    isOfferedCurrency(p.currency) ? p.currency : null,
    settingsCurrency,
  );
  const made: StoredPublication[] = [];
  const failed: string[] = [];
  for (const [i, v] of p.variants.entries()) {
    const result = await ports.print
      .createPublication({
        source: "variant",
        variantId: variantIds[i],
        title: p.variants.length > 1 ? `${p.posted.title} – ${v.label}` : p.posted.title,
        currency,
        locale: "en",
      })
      .catch((error: unknown) => {
        ports.log.warn({ err: error, shop: ports.shop }, "publication failed");
        return null;
      });
    if (result?.ok) made.push({ index: v.index, id: result.id, checkoutUrl: result.checkoutUrl });
    else
      failed.push(
        `${v.label}${result && !result.ok ? ` (${Object.values(result.fieldErrors).join(" ")})` : ""}`,
      );
  }
  return {
    made,
    problem: failed.length
      ? `The product is in your store, but the print service's checkout page could not be made for ${failed.join(", ")}. Make it on the Publications page.`
      : null,
  };
}
