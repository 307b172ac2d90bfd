import { subtractMoney } from "../services/print";
import type { AdminApi } from "../services/shopify-admin";
import { listOfferings } from "./catalogue.server";
import {
  countryName,
  pricesValidUntil,
  quoteInCurrency,
  storeMappingQuote,
} from "./mapping-margin.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";
import { variantGid } from "./products.server";
import { getShopInfo } from "./shop-info.server";
import { problemText } from "./spine.server";

/**
 * What one sale of a print product costs the merchant, before the product exists: the print
 * service's quote for the smallest sale (one copy, or the offering's minimum quantity) shipped
 * to the shop's main market (the country of its Shopify address), with VAT, in the shop's
 * currency. It is the same quote as the Quote page's and the mapping page's margin
 * (quotes.server.ts through mapping-margin.server.ts), so a price set from it shows the same
 * margin once the variant is mapped.
 */

export interface CostItem {
  offeringId: number;
  numberOfPages: number;
  /**
   * A custom-size offering's size. The service prices by offering, pages and quantity, not by
   * size, so the size does not change the cost; it is accepted so callers pass items as is.
   */
  width?: number | null;
  height?: number | null;
}

export interface SaleCost {
  offeringId: number;
  /** Copies in the smallest sale: max(1, offering.minimumQuantity). */
  quantity: number;
  /** The shop's currency when the service quotes it, else the print settings currency. */
  currency: string;
  /** Product price after any quantity discount, for `quantity` copies. */
  printMinor: number;
  shippingMinor: number;
  vatMinor: number;
  /** print + shipping + VAT for `quantity` copies. */
  totalMinor: number;
  /** ceil(totalMinor / quantity): a price per copy at or above it covers the sale. */
  perCopyMinor: number;
  /** The quote's exchange rate (units of `currency` per unit of the service's base currency). */
  exchangeRate: string | null;
  /** The legacy price list's pricingExpireDate, when known. */
  validUntil: Date | null;
}

export type CostResult =
  | { status: "ok"; countryCode: string; countryName: string; currency: string; costs: SaleCost[] }
  | { status: "no_credentials" }
  /** `reason` in the merchant's words. */
  | { status: "unavailable"; reason: string };

const itemKey = (item: CostItem) => `${item.offeringId}:${item.numberOfPages}`;

/**
 * Quotes each item for the shop's main market, in the shop's currency. One quote per distinct
 * (offering, pages), in parallel (each cached like the Quote page's). `costs` follows `items`.
 */
export async function quoteSaleCosts({
  shop,
  admin,
  items,
}: {
  shop: string;
  admin: AdminApi;
  items: CostItem[];
}): Promise<CostResult> {
  const offeringIds = [...new Set(items.map((i) => i.offeringId))];
  const [info, offerings, settings, validUntil] = await Promise.all([
    getShopInfo({ shop, admin }),
    listOfferings({ shop, filters: {} }),
    getPrintSettingsForDisplay({ shop }),
    pricesValidUntil({ shop, offeringIds }),
  ]);
  if (offerings.status === "no_credentials") return { status: "no_credentials" };
  if (offerings.status === "error") {
    return { status: "unavailable", reason: problemText(offerings.problem) };
  }
  if (!info) {
    return {
      status: "unavailable",
      reason: "Your shop's country and currency could not be read from Shopify. Try again.",
    };
  }
  const countryCode = info.shopAddress?.countryCodeV2?.toUpperCase();
  if (!countryCode) {
    return {
      status: "unavailable",
      reason:
        "Your shop has no country in its Shopify address, so there is no market to quote for. Add it in Shopify under Settings > General.",
    };
  }
  const name = countryName(countryCode);
  const shopCurrency = info.currencyCode.toUpperCase();
  const offeringById = new Map(offerings.data.map((o) => [o.id, o]));

  const distinct = new Map<string, CostItem>();
  for (const item of items) distinct.set(itemKey(item), item);
  const quoted = await Promise.all(
    [...distinct.values()].map(async (item) => {
      const offering = offeringById.get(item.offeringId);
      const label = offering?.name ?? `Offering ${item.offeringId}`;
      if (!offering) {
        return {
          key: itemKey(item),
          failure: `The print service no longer offers ${label}.`,
        } as const;
      }
      // An offering sold in lots (minimum quantity 5) is quoted for the smallest lot.
      const quantity = Math.max(1, offering.minimumQuantity ?? 1);
      const { result } = await quoteInCurrency({
        shop,
        countryCode,
        currency: shopCurrency,
        fallbackCurrency: settings?.currency?.toUpperCase(),
        lines: [
          { label, offeringId: item.offeringId, numberOfPages: item.numberOfPages, quantity },
        ],
      });
      if (result.status === "no_credentials") return { key: itemKey(item), noCredentials: true };
      if (result.status === "error") {
        return { key: itemKey(item), failure: `${label}: ${problemText(result.problem)}` };
      }
      const line = result.data.groups[0]?.lines[0];
      if (!line) {
        return {
          key: itemKey(item),
          failure: `The print service cannot make ${label} for ${name}.`,
        };
      }
      const print = subtractMoney(line.productPrice, line.discount);
      const totalMinor = print.amountMinor + line.shipping.amountMinor + line.vat.amountMinor;
      const cost: SaleCost = {
        offeringId: item.offeringId,
        quantity,
        currency: print.currency,
        printMinor: print.amountMinor,
        shippingMinor: line.shipping.amountMinor,
        vatMinor: line.vat.amountMinor,
        totalMinor,
        perCopyMinor: Math.ceil(totalMinor / quantity),
        exchangeRate: result.data.exchangeRate,
        validUntil: validUntil.get(item.offeringId) ?? null,
      };
      return { key: itemKey(item), cost };
    }),
  );
  if (quoted.some((q) => "noCredentials" in q)) return { status: "no_credentials" };
  const failures = quoted.flatMap((q) => ("failure" in q ? [q.failure] : []));
  if (failures.length > 0) return { status: "unavailable", reason: failures.join(" ") };
  const byKey = new Map(quoted.flatMap((q) => ("cost" in q ? [[q.key, q.cost] as const] : [])));
  const costs = items.map((item) => byKey.get(itemKey(item))!);
  return {
    status: "ok",
    countryCode,
    countryName: name,
    currency: costs[0]?.currency ?? shopCurrency,
    costs,
  };
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
}: {
  shop: string;
  /** Legacy numeric id or GID. */
  variantId: string;
  numberOfPages: number;
  countryCode: string;
  cost: SaleCost;
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
  });
}
