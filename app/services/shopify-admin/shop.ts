/** The shop's name, currency, time zone and country, as the Admin API answers them. */
export interface ShopInfo {
  name: string;
  currencyCode: string;
  ianaTimezone: string;
  /** The shop's own address (its country is the default quote destination). */
  shopAddress: { countryCodeV2: string | null } | null;
}

export const SHOP_INFO_QUERY = `#graphql
  query PrintConnectShopInfo { shop { name currencyCode ianaTimezone shopAddress { countryCodeV2 } } }`;
