/**
 * Legacy: the results the SDK returns. Same domain shapes as the JSON side where the fields mean
 * the same thing (offering id, name, pages, dimensions, MoneyMinor amounts).
 */
import type { MoneyMinor } from "../../money";

export interface LegacyOfferingElement {
  id: string;
  name: string | undefined;
  url: string | undefined;
}

export interface LegacyOffering {
  id: number;
  name: string;
  catalogueItemCode: string | undefined;
  currency: string;
  price: MoneyMinor;
  pricePerPage: MoneyMinor | undefined;
  countryShippingPrice: MoneyMinor | undefined;
  regionShippingPrice: MoneyMinor | undefined;
  worldShippingPrice: MoneyMinor | undefined;
  vatPercentage: number | undefined;
  downloadLocation: string | undefined;
  defaultNumberOfPages: number | undefined;
  minNumberOfPages: number | undefined;
  maxNumberOfPages: number | undefined;
  dimensionWidth: number | undefined;
  dimensionHeight: number | undefined;
  dimensionUnit: string | undefined;
  minimumQuantity: number | undefined;
  addShipping: boolean | undefined;
  recommended: boolean | undefined;
  fixedSize: boolean | undefined;
  elements: LegacyOfferingElement[];
  /** List only (empty from details): the same prices in other currencies. */
  priceByCurrency: MoneyMinor[];
  pricePerPageByCurrency: MoneyMinor[];
  countryShippingPriceByCurrency: MoneyMinor[];
  regionShippingPriceByCurrency: MoneyMinor[];
  worldShippingPriceByCurrency: MoneyMinor[];
}

export interface LegacyOfferingList {
  /** ISO 8601 timestamp (with offset) until which the prices hold, as sent. */
  pricingExpireDate: string | undefined;
  offerings: LegacyOffering[];
}

export interface LegacyQuote {
  /** Exchange rate as exact decimal text (four decimals). */
  rate: string | undefined;
  currency: string;
  quantity: number | undefined;
  offeringId: number;
  price: MoneyMinor | undefined;
  priceRetail: MoneyMinor | undefined;
  priceWholesale: MoneyMinor | undefined;
  priceShipping: MoneyMinor | undefined;
  pricePerPage: MoneyMinor | undefined;
  /** price-per-page exactly as sent. */
  pricePerPageExact: string | undefined;
  vat: MoneyMinor | undefined;
  vatPercentage: number | undefined;
  totalPriceExcludingVat: MoneyMinor | undefined;
  totalPriceIncludingVat: MoneyMinor | undefined;
  extraNumberOfPages: number | undefined;
  numberOfPages: number | undefined;
  offeringWidth: number | undefined;
  offeringHeight: number | undefined;
  fixedSize: boolean | undefined;
  merchantName: string | undefined;
  fullPaymentUrl: string | undefined;
  /** Signing value for the order. */
  secret: string | undefined;
}

export interface LegacyOrder {
  /** Identifier used by later legacy calls. */
  externalOrderId: string;
  id: number;
  orderState: string;
  quantity: number | undefined;
  apiVersion: number | undefined;
  upload: {
    signedPutUrl: string | undefined;
    signedPutPath: string | undefined;
    base64EncodedPolicy: string | undefined;
    signature: string | undefined;
  };
}

export interface LegacyOrderStatus {
  orderId: number | undefined;
  paymentReference: string | undefined;
  merchantReference: string | undefined;
  /** e.g. "open", as sent. */
  orderStatus: string;
  /**
   * Amounts as exact decimal text in major units. The status carries no currency; convert with
   * parseMajor(text, currency) using the order's currency.
   */
  amounts: {
    price: string | undefined;
    priceRetail: string | undefined;
    priceWholesale: string | undefined;
    shippingRetail: string | undefined;
    shippingWholesale: string | undefined;
    vat: string | undefined;
  };
  /** ISO 8601 timestamp with offset, as sent. */
  created: string | undefined;
  quantity: number | undefined;
  title: string | undefined;
  /** Shapes not documented: kept as parsed XML. */
  shipping: unknown;
  history: unknown;
}
