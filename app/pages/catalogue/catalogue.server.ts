import { z } from "zod";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { listCategories, listOfferings } from "../../lib/catalogue.server";
import { shopCurrency } from "../../services/pricing/currency";

/** The Catalogue page: the print service's offerings, filtered by category, country and currency. */

const code = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9 _-]*$/)
  .optional()
  .catch(undefined);
const querySchema = z.object({
  category: code,
  subCategory: code,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
});

export async function loadCataloguePage({ shop, url }: { shop: string; url: URL }) {
  const q = querySchema.parse(Object.fromEntries(url.searchParams));
  const settings = await getPrintSettingsForDisplay({ shop });
  const currency = shopCurrency(q.currency, settings?.currency);
  const [categories, offerings] = await Promise.all([
    listCategories({ shop }),
    listOfferings({
      shop,
      filters: { category: q.category, subCategory: q.subCategory, country: q.country, currency },
    }),
  ]);
  return {
    filters: {
      category: q.category ?? "",
      subCategory: q.subCategory ?? "",
      country: q.country ?? "",
      currency,
    },
    categories: categories.status === "ok" ? categories.data : [],
    offerings,
  };
}
