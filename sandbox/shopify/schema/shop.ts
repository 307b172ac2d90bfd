/** Admin schema subset: the shop and the app installation. */
import { deprecated } from "./helpers";

export const SHOP_SDL = `
type Domain {
  id: ID!
  host: String!
  url: URL!
  sslEnabled: Boolean!
}

type ShopPlan {
  displayName: String! ${deprecated("Use `publicDisplayName` instead.")}
  publicDisplayName: String!
  partnerDevelopment: Boolean!
  shopifyPlus: Boolean!
}

type ShopAddress implements Node {
  id: ID!
  address1: String
  address2: String
  city: String
  company: String
  country: String
  countryCodeV2: CountryCode
  province: String
  provinceCode: String
  zip: String
  phone: String
}

type Shop implements Node {
  id: ID!
  name: String!
  myshopifyDomain: String!
  email: String!
  contactEmail: String!
  shopOwnerName: String!
  currencyCode: CurrencyCode!
  enabledPresentmentCurrencies: [CurrencyCode!]!
  ianaTimezone: String!
  timezoneAbbreviation: String!
  weightUnit: WeightUnit!
  url: URL!
  primaryDomain: Domain!
  plan: ShopPlan!
  billingAddress: ShopAddress! ${deprecated("Use `shopAddress` instead.")}
  shopAddress: ShopAddress!
  fulfillmentServices: [FulfillmentService!]!
}

type AccessScope {
  handle: String!
  description: String!
}

type AppInstallation implements Node {
  id: ID!
  accessScopes: [AccessScope!]!
}

type App implements Node {
  id: ID!
  title: String!
  apiKey: String!
  handle: String
  requestedAccessScopes: [AccessScope!]!
  optionalAccessScopes: [AccessScope!]!
  installation: AppInstallation
}`;
