import { z } from "zod";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { getOffering, listCategories, listLegacyPrices } from "../../lib/catalogue.server";
import { shopCurrency } from "../../services/pricing/currency";

/**
 * One offering's page of the Catalogue: its limits, its category's names and the legacy
 * prices in every currency. Null for an id that is none, or an offering the service does not list.
 */
export async function loadOfferingPage({
  shop,
  offeringId,
  url,
}: {
  shop: string;
  offeringId: string | undefined;
  url: URL;
}) {
  const id = z.coerce.number().int().positive().safeParse(offeringId);
  if (!id.success) return null;
  const currencyParam = url.searchParams.get("currency");
  const settings = await getPrintSettingsForDisplay({ shop });
  const currency = shopCurrency(
    currencyParam && /^[A-Z]{3}$/.test(currencyParam) ? currencyParam : null,
    settings?.currency,
  );
  const [offering, categories, legacy] = await Promise.all([
    getOffering({ shop, offeringId: id.data, currency }),
    listCategories({ shop }),
    listLegacyPrices({ shop }),
  ]);
  if (offering.status === "ok" && !offering.data) return null;
  return {
    offering,
    categories: categories.status === "ok" ? categories.data : [],
    legacy:
      legacy.status === "ok"
        ? legacy.data.available
          ? { status: "ok" as const, prices: legacy.data.byOffering[id.data] ?? null }
          : { status: "no_key" as const }
        : legacy.status === "error"
          ? { status: "error" as const, problem: legacy.problem }
          : { status: "no_key" as const },
  };
}
