import { subtractMoney, type MoneyMinor } from "../services/print";
import type { AdminApi } from "../services/shopify-admin";
import { getOffering } from "./catalogue.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";
import { getVariants, variantGid } from "./products.server";
import type { QuotedLine } from "./quote-totals.server";
import { quoteLines } from "./quotes.server";
import { getShopInfo } from "./shop-info.server";
import { problemText } from "./spine.server";

/**
 * Margin at mapping time: what one sale of the variant earns once the print service has
 * printed it, shipped it to the shop's main market and charged VAT. The main market is the
 * shop's own country (its Shopify address). The quote is the Quote page's own
 * (quotes.server.ts), in the variant's price currency so the two can be compared.
 */

export interface MappingMargin {
  countryCode: string;
  /** English name of the country, for the sentence on the page. */
  countryName: string;
  /** Copies in the smallest sale: one, or the offering's minimum quantity. */
  quantity: number;
  /** Shopify price of those copies. */
  price: MoneyMinor;
  /** Product price after any quantity discount. */
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  /** The service's total (print + shipping + VAT). */
  cost: MoneyMinor;
  /** price - cost; null when the quote is in another currency than the price. */
  margin: MoneyMinor | null;
  /** Whether the price covers print + shipping + VAT; null when they cannot be compared. */
  covers: boolean | null;
  /** Why the quote is not in the price's currency, when it is not. */
  note: string | null;
}

export type MappingMarginResult =
  | { status: "ok"; margin: MappingMargin }
  | { status: "no_credentials" }
  /** No quote could be had; `reason` says why in the merchant's words. */
  | { status: "unavailable"; reason: string };

export function countryName(code: string, locale = "en"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export async function getMappingMargin({
  shop,
  admin,
  variantId,
  offeringId,
  numberOfPages,
}: {
  shop: string;
  admin: AdminApi;
  /** Legacy numeric id or GID. */
  variantId: string;
  offeringId: number;
  numberOfPages: number;
}): Promise<MappingMarginResult> {
  const [info, variants, offering, settings] = await Promise.all([
    getShopInfo({ shop, admin }),
    getVariants({ admin, variantIds: [variantGid(variantId)] }).catch(() => null),
    getOffering({ shop, offeringId }),
    getPrintSettingsForDisplay({ shop }),
  ]);
  if (offering.status === "no_credentials") return { status: "no_credentials" };
  const variant = variants?.[0];
  if (!variant)
    return { status: "unavailable", reason: "The variant's price could not be read from Shopify." };
  const countryCode = info?.shopAddress?.countryCodeV2?.toUpperCase();
  if (!countryCode)
    return {
      status: "unavailable",
      reason:
        "Your shop has no country in its Shopify address, so there is no market to quote for.",
    };
  const name = countryName(countryCode);
  // An offering sold in lots (minimum quantity 5) is quoted for the smallest lot.
  const minimum = offering.status === "ok" ? (offering.data?.minimumQuantity ?? 1) : 1;
  const quantity = Math.max(1, minimum);
  const line = {
    label: variant.displayName,
    offeringId,
    numberOfPages,
    quantity,
    unitPrice: variant.price,
  };

  const quoteIn = (currency: string) => quoteLines({ shop, countryCode, currency, lines: [line] });
  const priceCurrency = variant.price.currency;
  let result = await quoteIn(priceCurrency);
  let note: string | null = null;
  const fallback = settings?.currency?.toUpperCase();
  if (
    result.status === "error" &&
    result.problem.code === "CURR_INVALID" &&
    fallback &&
    fallback !== priceCurrency
  ) {
    result = await quoteIn(fallback);
    note = `The print service does not quote in ${priceCurrency}, so this is quoted in ${fallback} (your print settings currency) and cannot be compared with the Shopify price.`;
  }
  if (result.status === "no_credentials") return result;
  if (result.status === "error")
    return { status: "unavailable", reason: problemText(result.problem) };
  const quoted: QuotedLine | undefined = result.data.groups[0]?.lines[0];
  if (!quoted)
    return {
      status: "unavailable",
      reason: `The print service cannot make this product for ${name}.`,
    };
  const price = { amountMinor: variant.price.amountMinor * quantity, currency: priceCurrency };
  return {
    status: "ok",
    margin: {
      countryCode,
      countryName: name,
      quantity,
      price,
      print: subtractMoney(quoted.productPrice, quoted.discount),
      shipping: quoted.shipping,
      vat: quoted.vat,
      cost: quoted.total,
      margin: quoted.margin,
      covers: quoted.margin ? quoted.margin.amountMinor >= 0 : null,
      note: note ?? quoted.marginNote,
    },
  };
}
