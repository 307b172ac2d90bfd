import { storeMappingQuote } from "../data/mapping-quote.server";
import { listOfferings } from "./catalogue.server";
import { getPrintSettingsForDisplay } from "../data/print-settings.server";
import { problemText } from "../services/merchant-text/problem-sentence";
import {
  quoteSaleCosts as quoteWith,
  type CostItem,
  type CostResult,
  type SaleCost,
  type SaleCostPorts,
} from "../services/pricing/sale-costs";
import type { AdminApi } from "../services/shopify-admin";
import { variantGid } from "../services/shopify-admin/ids";
import { pricesValidUntil, quoteInCurrency } from "./print-quotes.server";
import { getShopInfo } from "./shop-info.server";

export type { CostItem, CostResult, SaleCost };

/**
 * The sale costs of a shop wired to its reads: Shopify's shop info, the print service's
 * offerings and quotes (each cached like the Quote page's), the print settings and the legacy
 * price list's expiry dates. The rule itself is services/pricing/sale-costs.ts.
 */
export function saleCostPorts({ shop, admin }: { shop: string; admin: AdminApi }): SaleCostPorts {
  return {
    shopInfo: () => getShopInfo({ shop, admin }),
    offerings: async () => {
      const offerings = await listOfferings({ shop, filters: {} });
      return offerings.status === "error"
        ? { status: "error", problem: problemText(offerings.problem) }
        : offerings;
    },
    settingsCurrency: async () => (await getPrintSettingsForDisplay({ shop }))?.currency,
    pricesValidUntil: (offeringIds) => pricesValidUntil({ shop, offeringIds }),
    quote: async ({ countryCode, currency, fallbackCurrency, line }) => {
      const { result } = await quoteInCurrency({
        shop,
        countryCode,
        currency,
        fallbackCurrency,
        lines: [line],
      });
      if (result.status !== "ok") {
        return result.status === "error"
          ? { status: "error", problem: problemText(result.problem) }
          : result;
      }
      return {
        status: "ok",
        data: {
          line: result.data.groups[0]?.lines[0] ?? null,
          exchangeRate: result.data.exchangeRate,
        },
      };
    },
  };
}

/** Quotes each item for the shop's main market, in the shop's currency; `costs` follows `items`. */
export function quoteSaleCosts({
  shop,
  admin,
  items,
}: {
  shop: string;
  admin: AdminApi;
  items: CostItem[];
}): Promise<CostResult> {
  return quoteWith(saleCostPorts({ shop, admin }), items);
}

/**
 * Keeps a variant's sale cost as its MappingQuote, so the Products list shows its margin
 * without asking the service (the same row the mapping page keeps).
 */
export async function keepSaleCost({
  shop,
  variantId,
  numberOfPages,
  countryCode,
  cost,
  costChangedAt,
}: {
  shop: string;
  /** Legacy numeric id or GID. */
  variantId: string;
  numberOfPages: number;
  countryCode: string;
  cost: SaleCost;
  /** When a check found the cost changed from the one kept. */
  costChangedAt?: Date;
}): Promise<void> {
  await storeMappingQuote({
    shop,
    variantId: variantGid(variantId),
    offeringId: cost.offeringId,
    numberOfPages,
    quantity: cost.quantity,
    countryCode,
    print: { amountMinor: cost.printMinor, currency: cost.currency },
    shipping: { amountMinor: cost.shippingMinor, currency: cost.currency },
    vat: { amountMinor: cost.vatMinor, currency: cost.currency },
    exchangeRate: cost.exchangeRate,
    validUntil: cost.validUntil,
    ...(costChangedAt ? { costChangedAt } : {}),
  });
}
