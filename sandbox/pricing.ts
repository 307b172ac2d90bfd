// Pricing model (all integer minor units of the quote currency):
//   each EUR catalogue amount is converted to the target currency first, then
//   unit      = base + pricePerPage * max(0, pages - minNumberOfPages)
//   product   = unit * quantity;  discount = product * tier%  (10/50/100/500 copies)
//   shipping  = zone price + 25% of it for each extra copy (zone: facility country / region / world)
//   vat       = (product - discount) * vat% + shipping * vat%  (destination VAT, reduced rate for books)
//   retail    = wholesale product + merchant markup; retail shipping = wholesale shipping.
// The JSON quote, the legacy quote and order prices all come from priceItem().
// The offering passed in is at the price list in force (Catalogue.find, catalogue/offerings.ts PriceBook).

import { canProduce, findCountry, shippingZone, type Catalogue, type Offering } from "./catalogue";
import { ServiceError, currencyInvalid, invalidData, offeringNotFound } from "./errors";
import {
  bpToNumber,
  convertFromEur,
  findCurrency,
  formatRate,
  minorToNumber,
  percentOf,
  type Currency,
} from "./money";

const QUANTITY_DISCOUNT_TIERS: readonly [minQuantity: number, bp: number][] = [
  [500, 2000],
  [100, 1500],
  [50, 1000],
  [10, 500],
];

export function quantityDiscountBp(quantity: number): number {
  for (const [min, bp] of QUANTITY_DISCOUNT_TIERS) if (quantity >= min) return bp;
  return 0;
}

export interface PricedItem {
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  extraPages: number;
  basePrice: number;
  pricePerPage: number;
  productPrice: number;
  discount: number;
  productNet: number;
  shipping: number;
  vatBp: number;
  productVat: number;
  shippingVat: number;
  vat: number;
  total: number;
  retailProduct: number;
  retailProductVat: number;
}

export function requireCurrency(code: string | undefined): Currency {
  const c = findCurrency(code ?? "");
  if (!c) throw currencyInvalid(code ?? "");
  return c;
}

/** Quantity, page count and dimensions against the offering's limits (400 OFF_MIN). */
export function validateItemLimits(
  o: Offering,
  pages: number,
  quantity: number,
  width?: number,
  height?: number,
): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw invalidData("quantity", "must be >= 1");
  if (quantity < o.minimumQuantity)
    throw new ServiceError(
      400,
      "OFF_MIN",
      `Quantity ${quantity} is below the minimum quantity ${o.minimumQuantity} of offering ${o.id}`,
    );
  if (pages < o.minNumberOfPages || pages > o.maxNumberOfPages)
    throw new ServiceError(
      400,
      "OFF_MIN",
      `Number of pages ${pages} is outside ${o.minNumberOfPages}..${o.maxNumberOfPages} for offering ${o.id}`,
    );
  if (o.dynamicSize && width !== undefined && height !== undefined) {
    if (width < (o.minDimensionWidth ?? 0) || height < (o.minDimensionHeight ?? 0))
      throw new ServiceError(
        400,
        "OFF_MIN",
        `Size ${width}x${height} is below the minimum ${o.minDimensionWidth}x${o.minDimensionHeight} of offering ${o.id}`,
      );
  }
}

export function priceItem(
  o: Offering,
  pages: number,
  quantity: number,
  currency: Currency,
  countryCode: string,
  markupBp: number,
): PricedItem {
  const country = findCountry(countryCode);
  const basePrice = convertFromEur(o.basePrice, currency);
  const pricePerPage = convertFromEur(o.pricePerPage, currency);
  const extraPages = Math.max(0, pages - o.minNumberOfPages);
  const productPrice = (basePrice + pricePerPage * extraPages) * quantity;
  const discount = percentOf(productPrice, quantityDiscountBp(quantity));
  const productNet = productPrice - discount;
  const zone = shippingZone(o, country.code);
  const zoneEur =
    zone === "country"
      ? o.countryShippingPrice
      : zone === "region"
        ? o.regionShippingPrice
        : o.worldShippingPrice;
  const zonePrice = convertFromEur(zoneEur, currency);
  const shipping = zonePrice + percentOf(zonePrice, 2500) * (quantity - 1);
  const vatBp = o.vatClass === "reduced" ? country.vatReducedBp : country.vatStandardBp;
  const productVat = percentOf(productNet, vatBp);
  const shippingVat = percentOf(shipping, vatBp);
  const retailProduct = productNet + percentOf(productNet, markupBp);
  return {
    offeringId: o.id,
    numberOfPages: pages,
    quantity,
    extraPages,
    basePrice,
    pricePerPage,
    productPrice,
    discount,
    productNet,
    shipping,
    vatBp,
    productVat,
    shippingVat,
    vat: productVat + shippingVat,
    total: productNet + shipping + productVat + shippingVat,
    retailProduct,
    retailProductVat: percentOf(retailProduct, vatBp),
  };
}

/**
 * Items combine when one facility makes all of them for the destination.
 * Single item not producible -> 404 NO_PF; otherwise 400 MULTI_ORDER_INVALID_DATA
 * listing the facility groups joined by `&&` and the offerings nobody can make.
 */
export function checkCombination(offerings: readonly Offering[], countryCode: string): void {
  const groups = new Map<string, number[]>();
  const impossible: number[] = [];
  for (const o of offerings) {
    if (!canProduce(o, countryCode)) {
      if (!impossible.includes(o.id)) impossible.push(o.id);
      continue;
    }
    const g = groups.get(o.facility) ?? [];
    if (!g.includes(o.id)) g.push(o.id);
    groups.set(o.facility, g);
  }
  if (groups.size === 0 && impossible.length > 0)
    throw new ServiceError(
      404,
      "NO_PF",
      `No production facility can produce offering ${impossible.join(", ")} for country ${countryCode.toUpperCase()}`,
    );
  if (groups.size <= 1 && impossible.length === 0) return;
  const combos = [...groups.values()].map((g) => `[${g.join(", ")}]`).join(" && ");
  let details = `Offerings cannot be produced at one production facility. Possible combinations: ${combos}.`;
  if (impossible.length > 0)
    details += ` Unfortunately we cannot produce yet offering: ${impossible.join(", ")}`;
  throw new ServiceError(400, "MULTI_ORDER_INVALID_DATA", details);
}

export interface QuoteRequestItem {
  offeringId: number;
  numberOfPages?: number;
  quantity: number;
}

export interface QuoteResult {
  currency: Currency;
  items: PricedItem[];
}

export function priceItems(
  catalogue: Catalogue,
  items: readonly QuoteRequestItem[],
  currencyCode: string,
  countryCode: string,
  markupBp: number,
): QuoteResult {
  const currency = requireCurrency(currencyCode);
  const offerings = items.map((it) => {
    const o = catalogue.find(it.offeringId);
    if (!o) throw offeringNotFound(it.offeringId);
    validateItemLimits(o, it.numberOfPages ?? o.defaultNumberOfPages, it.quantity);
    return o;
  });
  checkCombination(offerings, countryCode);
  return {
    currency,
    items: items.map((it, i) =>
      priceItem(
        offerings[i] as Offering,
        it.numberOfPages ?? (offerings[i] as Offering).defaultNumberOfPages,
        it.quantity,
        currency,
        countryCode,
        markupBp,
      ),
    ),
  };
}

/** The JSON quote response body. */
export function jsonQuoteBody(q: QuoteResult, countryCode: string, state: string | null) {
  const vatByRate = new Map<number, number>();
  for (const it of q.items) vatByRate.set(it.vatBp, (vatByRate.get(it.vatBp) ?? 0) + it.vat);
  const sum = (f: (it: PricedItem) => number) => q.items.reduce((a, it) => a + f(it), 0);
  return {
    quoteDetails: {
      countryCode: countryCode.toUpperCase(),
      state,
      currency: q.currency.code,
      exchangeRate: formatRate(q.currency.rate4),
    },
    quotedItems: q.items.map((it) => ({
      offeringId: it.offeringId,
      numberOfPages: it.numberOfPages,
      quantity: it.quantity,
      basePrice: minorToNumber(it.basePrice),
      pricePerPage: minorToNumber(it.pricePerPage),
      productPrice: minorToNumber(it.productPrice),
      shippingWholesale: minorToNumber(it.shipping),
      totalQuantityDiscount: minorToNumber(it.discount),
      vatPercentage: bpToNumber(it.vatBp),
      vat: minorToNumber(it.vat),
      totalItemPrice: minorToNumber(it.total),
    })),
    quoteSummary: {
      numberOfItems: q.items.length,
      totalWholesalePrice: minorToNumber(sum((it) => it.total)),
      totalShippingPrice: minorToNumber(sum((it) => it.shipping)),
      totalQuantityDiscount: minorToNumber(sum((it) => it.discount)),
      vatSummary: [...vatByRate.entries()].map(([bp, vat]) => ({
        vatPercentage: bpToNumber(bp),
        vat: minorToNumber(vat),
      })),
    },
  };
}
