/**
 * The records the Shopify fake keeps in memory: shops, catalogue, orders,
 * fulfillment orders, fulfillments, carrier services and tokens.
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

/** A fulfillment service an app registered on a shop (fulfillmentServiceCreate). */
export interface FulfillmentServiceRecord {
  id: number;
  shop: string;
  /** The app that registered it (its API client id): only it sees its assigned fulfillment orders. */
  appId: string;
  serviceName: string;
  handle: string;
  callbackUrl: string | null;
  trackingSupport: boolean;
  inventoryManagement: boolean;
  requiresShippingMethod: boolean;
  locationId: number;
  createdAt: number;
}

/** An inventory item (a variant: the same number) stocked at a location. */
export interface InventoryLevelRecord {
  id: number;
  shop: string;
  inventoryItemId: number;
  locationId: number;
  createdAt: number;
}

export interface ProductRecord {
  id: number;
  shop: string;
  title: string;
  handle: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
  vendor: string;
  productType: string;
  description: string;
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  print: boolean;
  variantIds: number[];
  /** As productSet was given it (seeded products: null, shown as `<p>description</p>`). */
  descriptionHtml?: string | null;
  /** Options as productSet declared them (seeded products: derived from their variants). */
  options?: ProductOptionRecord[];
  /** MediaImage ids, in order (productSet `files`). */
  mediaIds?: number[];
  createdAt: number;
  updatedAt: number;
}

export interface ProductOptionRecord {
  id: number;
  name: string;
  position: number;
  values: Array<{ id: number; name: string }>;
}

/** The media error Shopify reports on a MediaImage that could not be processed. */
export interface MediaErrorRecord {
  code: string;
  message: string;
  details: string | null;
}

/** A product image made from productSet `files[].originalSource`. */
export interface MediaRecord {
  id: number;
  shop: string;
  productId: number;
  alt: string | null;
  status: "PROCESSING" | "READY" | "FAILED" | "UPLOADED";
  originalSource: string;
  /** Path under /cdn/shop/files/ where the image is served once READY. */
  fileKey: string;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  bytes: Buffer | null;
  error: MediaErrorRecord | null;
  createdAt: number;
}

/** A target handed out by stagedUploadsCreate, and what was uploaded to it. */
export interface StagedUploadRecord {
  /** The object key: tmp/<shop id>/products/<uuid>/<filename>. */
  key: string;
  shop: string;
  resource: string;
  filename: string;
  mimeType: string;
  httpMethod: "POST" | "PUT";
  /** Declared size in bytes (fileSize), if given: an upload may not be larger. */
  fileSize: number | null;
  /** The form fields handed out; an upload must send each back unchanged. */
  parameters: Array<{ name: string; value: string }>;
  bytes: Buffer | null;
  uploadedContentType: string | null;
  createdAt: number;
  uploadedAt: number | null;
}

export interface VariantRecord {
  id: number;
  shop: string;
  productId: number;
  title: string;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  position: number;
  options: Array<{ name: string; value: string }>;
  grams: number;
  inventoryQuantity: number;
  imageUrl: string | null;
  /** productSet / productVariantsBulkUpdate fields (seeded variants: Shopify's defaults). */
  inventoryPolicy?: "CONTINUE" | "DENY";
  tracked?: boolean;
  requiresShipping?: boolean;
  weight?: { value: number; unit: "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS" } | null;
  createdAt: number;
  updatedAt: number;
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

export type FulfillmentOrderStatus =
  "CANCELLED" | "CLOSED" | "INCOMPLETE" | "IN_PROGRESS" | "ON_HOLD" | "OPEN" | "SCHEDULED";

export interface FulfillmentOrderLineItemRecord {
  id: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
}

export type FulfillmentOrderRequestStatus =
  | "ACCEPTED"
  | "CANCELLATION_ACCEPTED"
  | "CANCELLATION_REJECTED"
  | "CANCELLATION_REQUESTED"
  | "CLOSED"
  | "REJECTED"
  | "SUBMITTED"
  | "UNSUBMITTED";

/** A hold on a fulfillment order (fulfillmentOrderHold); released holds are removed. */
export interface FulfillmentHoldRecord {
  id: number;
  handle: string;
  reason: string;
  reasonNotes: string | null;
  /** The API client that placed it, or null for the merchant. */
  heldByAppId: string | null;
  createdAt: number;
}

/** A fulfillment or cancellation request the merchant sent to the service. */
export interface MerchantRequestRecord {
  id: number;
  kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST";
  message: string | null;
  requestOptions: { notify_customer?: boolean };
  responseData: { message: string | null; reason?: string } | null;
  /** A declined request's lines the service named as unfulfillable, each with why. */
  rejectedLineItems?: { fulfillmentOrderLineItemId: number; message: string | null }[];
  sentAt: number;
}

export interface FulfillmentOrderRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  status: FulfillmentOrderStatus;
  requestStatus: FulfillmentOrderRequestStatus;
  lineItems: FulfillmentOrderLineItemRecord[];
  /** Active holds (status ON_HOLD while any). */
  holds?: FulfillmentHoldRecord[];
  /** The status to go back to when the last hold is released. */
  statusBeforeHold?: FulfillmentOrderStatus | null;
  merchantRequests?: MerchantRequestRecord[];
  createdAt: number;
  updatedAt: number;
}

export interface TrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FulfillmentLineItemRecord {
  id: number;
  lineItemId: number;
  fulfillmentOrderId: number;
  fulfillmentOrderLineItemId: number;
  quantity: number;
}

export interface FulfillmentRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE" | "OPEN" | "PENDING";
  trackingInfo: TrackingInfo[];
  lineItems: FulfillmentLineItemRecord[];
  notifyCustomer: boolean;
  message: string | null;
  originAddress: Record<string, unknown> | null;
  /** Every tracking state this fulfillment had, with whether the customer was notified. */
  trackingHistory: Array<{ at: string; trackingInfo: TrackingInfo[]; notifyCustomer: boolean }>;
  createdAt: number;
  updatedAt: number;
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

/** A metafield on a product or variant (namespace already resolved: `$app` -> `app--<app id>`). */
export interface MetafieldRecord {
  id: number;
  shop: string;
  ownerType: "PRODUCT" | "PRODUCTVARIANT";
  ownerId: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: number;
  updatedAt: number;
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
