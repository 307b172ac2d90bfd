// offering.list and categories.

import { CATEGORIES, canProduce, type Offering } from "../catalogue";
import { json, requireMerchant, type Ctx, type Reply, type SandboxRequest } from "../context";
import { convertFromEur } from "../money";
import { requireCurrency } from "../pricing";
import { validateRequest } from "../validation";

export function jsonOffering(o: Offering, currencyCode: string) {
  const currency = requireCurrency(currencyCode);
  return {
    id: o.id,
    name: o.name,
    paperType: o.paperType,
    catalogueItemCode: o.catalogueItemCode,
    minimumQuantity: o.minimumQuantity,
    minNumberOfPages: o.minNumberOfPages,
    maxNumberOfPages: o.maxNumberOfPages,
    dimensionWidth: o.dimensionWidth,
    dimensionHeight: o.dimensionHeight,
    dynamicSize: o.dynamicSize,
    ...(o.dynamicSize
      ? { minDimensionWidth: o.minDimensionWidth, minDimensionHeight: o.minDimensionHeight }
      : {}),
    // Minor units (integers), as the contract pins for the offering list.
    pricingDto: {
      currency: currency.code,
      price: convertFromEur(o.basePrice, currency),
      pricePerPage: convertFromEur(o.pricePerPage, currency),
    },
  };
}

export function offeringList(ctx: Ctx, req: SandboxRequest): Reply {
  const merchant = requireMerchant(ctx, req.query.get("merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, merchant);
  const currency = requireCurrency(req.query.get("currency") || "EUR").code;
  const country = req.query.get("countryIsoCode2");
  const cat = req.query.get("categoryFilter");
  const sub = req.query.get("subCategoryFilter");
  const out: Record<string, Record<string, ReturnType<typeof jsonOffering>[]>> = {};
  for (const c of CATEGORIES) {
    if (cat && cat !== c.code) continue;
    for (const s of c.subCategories) {
      if (sub && sub !== s.code) continue;
      const list = ctx.catalogue.offerings.filter(
        (o) =>
          o.categoryCode === c.code &&
          o.subCategoryCode === s.code &&
          (!country || canProduce(o, country)),
      );
      if (list.length === 0) continue;
      (out[c.code] ??= {})[s.code] = list.map((o) => jsonOffering(o, currency));
    }
  }
  return json(200, out);
}

export function categories(): Reply {
  return json(200, CATEGORIES);
}
