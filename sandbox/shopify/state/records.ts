/**
 * The records the Shopify fake keeps in memory: shops and their locations, customers, orders,
 * carrier services, tokens, the app's functions and validations, and themes. The catalogue's
 * records are in catalogue-records.ts, the fulfillment side's in fulfillment-records.ts.
 */

export interface ShopRecord {
  id: number;
  domain: string;
  name: string;
  email: string;
  contactEmail: string;
  currencyCode: string;
  ianaTimezone: string;
  countryCode: string;
  printProductTypes: string[];
  /** false after app/uninstalled until the next token exchange. */
  installed: boolean;
  nextOrderNumber: number;
  /**
   * Shopify's checkout setting "Automatically fulfill the order's line items": when an order is
   * paid, its fulfillment orders at a fulfillment service's location are requested at once.
   */
  automaticFulfillment: boolean;
}

export interface LocationRecord {
  id: number;
  shop: string;
  name: string;
  /** Seeded merchant locations: where print and other lines go unless stocked elsewhere. */
  role: "print" | "warehouse" | "service";
  address1: string;
  city: string;
  zip: string;
  countryCode: string;
  /** The fulfillment service that owns this location (Shopify made it), or null. */
  fulfillmentServiceId?: number | null;
  /** false once its fulfillment service is gone. */
  isActive?: boolean;
}

export interface AddressRecord {
  id: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
}

export type AddressInput = Partial<Omit<AddressRecord, "id">>;

export interface CustomerRecord {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  createdAt: number;
}

export type FinancialStatus =
  | "AUTHORIZED"
  | "EXPIRED"
  | "PAID"
  | "PARTIALLY_PAID"
  | "PARTIALLY_REFUNDED"
  | "PENDING"
  | "REFUNDED"
  | "VOIDED";

export interface Property {
  name: string;
  value: string;
}

export interface LineItemRecord {
  id: number;
  orderId: number;
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  price: string;
  grams: number;
  properties: Property[];
  print: boolean;
  requiresShipping: boolean;
}

export interface OrderRecord {
  id: number;
  shop: string;
  number: number;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  currencyCode: string;
  financialStatus: FinancialStatus;
  shippingAddress: AddressRecord | null;
  billingAddress: AddressRecord | null;
  customerId: number | null;
  lineItemIds: number[];
  shippingPrice: string;
  shippingTitle: string;
  cancelledAt: number | null;
  cancelReason: string | null;
  closedAt: number | null;
  test: boolean;
  confirmationNumber: string;
  /** What checkout asked the buyer for in some countries (Order.localizedFields). */
  localizedFields?: LocalizedFieldRecord[];
  createdAt: number;
  updatedAt: number;
}

/** One localized field: its key says the purpose and the country (TAX_CREDENTIAL_BR). */
export interface LocalizedFieldRecord {
  key: string;
  value: string;
}

export interface CarrierServiceRecord {
  id: number;
  shop: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
  createdAt: number;
}

export interface AccessTokenRecord {
  token: string;
  shop: string;
  mode: "offline" | "online";
  userId: string | null;
  scope: string;
  issuedAt: number;
  /** ms epoch, null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  refreshToken: string | null;
}

export interface RefreshTokenRecord {
  token: string;
  shop: string;
  accessToken: string;
  expiresAt: number;
  /** A refresh token stays usable until its successor is used (Shopify, 2026). */
  retired: boolean;
  predecessor: string | null;
}

export interface Clock {
  now(): number;
}

/** A Shopify Function the app deployed (seed APP_FUNCTIONS), the same for every shop. */
export interface ShopifyFunctionRecord {
  id: string;
  handle: string;
  title: string;
  description: string | null;
  apiType: string;
  apiVersion: string;
}

/** A cart and checkout validation a shop activated with one of the app's functions. */
export interface ValidationRecord {
  id: number;
  shop: string;
  functionId: string;
  title: string;
  enabled: boolean;
  blockOnFailure: boolean;
}

export type ThemeRoleName =
  "ARCHIVED" | "DEMO" | "DEVELOPMENT" | "LOCKED" | "MAIN" | "MOBILE" | "UNPUBLISHED";

export interface ThemeFileRecord {
  content: string;
  createdAt: number;
  updatedAt: number;
}

/** An online store theme and its text files by name (templates/product.json...). */
export interface ThemeRecord {
  id: number;
  shop: string;
  name: string;
  role: ThemeRoleName;
  files: Map<string, ThemeFileRecord>;
  createdAt: number;
  updatedAt: number;
}
