/**
 * A faithful SUBSET of Shopify's Admin GraphQL API schema: real type, field,
 * argument, enum and input names, so queries written for real Shopify validate
 * here. Fields not listed here do not exist in the fake (queries using them get
 * Shopify's "Field 'x' doesn't exist on type 'Y'" error). Fields and enum values the real
 * schema deprecates carry the same @deprecated reason (checked against Shopify's 2026-01
 * Admin schema); the server names them in X-Shopify-API-Deprecated-Reason.
 */

const COUNTRY_CODES =
  "AC AD AE AF AG AI AL AM AN AO AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PS PT PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VN VU WF WS XK YE YT ZA ZM ZW ZZ";

const CURRENCY_CODES =
  "AED AUD BGN BRL CAD CHF CNY CZK DKK EUR GBP HKD HUF IDR ILS INR ISK JPY KRW MXN MYR NOK NZD PHP PLN RON SEK SGD THB TRY TWD USD ZAR";

const connection = (node: string, edgeName = `${node}Edge`, connName = `${node}Connection`) => `
type ${connName} {
  edges: [${edgeName}!]!
  nodes: [${node}!]!
  pageInfo: PageInfo!
}
type ${edgeName} {
  cursor: String!
  node: ${node}!
}`;

const PAGING = "first: Int, after: String, last: Int, before: String, reverse: Boolean = false";

/** Shopify's own deprecation, word for word, as the real 2026 Admin schema carries it. */
const deprecated = (reason: string) => `@deprecated(reason: ${JSON.stringify(reason)})`;
const LEGACY_STATUS = deprecated("This is a legacy status and is due to be deprecated.");

export const SCHEMA_SDL = `
schema {
  query: QueryRoot
  mutation: Mutation
}

scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar UnsignedInt64
scalar HTML
scalar JSON

interface Node {
  id: ID!
}

interface LegacyInteroperability {
  legacyResourceId: UnsignedInt64!
}

interface DisplayableError {
  field: [String!]
  message: String!
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

enum CountryCode { ${COUNTRY_CODES} }
enum CurrencyCode { ${CURRENCY_CODES} }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
enum CountPrecision { AT_LEAST EXACT }
enum ProductStatus { ACTIVE ARCHIVED DRAFT UNLISTED }
enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE PUBLISHED_AT RELEVANCE TITLE UPDATED_AT VENDOR }
enum ProductVariantSortKeys { FULL_TITLE ID INVENTORY_LEVELS_AVAILABLE INVENTORY_MANAGEMENT INVENTORY_POLICY INVENTORY_QUANTITY NAME POPULAR POSITION RELEVANCE SKU TITLE }
enum OrderSortKeys { CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PO_NUMBER PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT }
enum LocationSortKeys { ID NAME RELEVANCE }
enum CarrierServiceSortKeys { ID RELEVANCE }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY OTHER STAFF }
enum FulfillmentOrderStatus { CANCELLED CLOSED INCOMPLETE IN_PROGRESS ON_HOLD OPEN SCHEDULED }
enum FulfillmentOrderRequestStatus { ACCEPTED CANCELLATION_ACCEPTED CANCELLATION_REJECTED CANCELLATION_REQUESTED CLOSED REJECTED SUBMITTED UNSUBMITTED }
enum FulfillmentOrderAction { CANCEL_FULFILLMENT_ORDER CREATE_FULFILLMENT EXTERNAL HOLD MARK_AS_OPEN MERGE MOVE RELEASE_HOLD REQUEST_CANCELLATION REQUEST_FULFILLMENT SPLIT }
enum FulfillmentStatus { CANCELLED ERROR FAILURE OPEN ${LEGACY_STATUS} PENDING ${LEGACY_STATUS} SUCCESS }
enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
enum MediaStatus { FAILED PROCESSING READY UPLOADED }
enum MediaPreviewImageStatus { FAILED PROCESSING READY UPLOADED }
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CANCELED CONFIRMED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED }
enum CarrierServiceCreateUserErrorCode { CARRIER_SERVICE_CREATE_FAILED }
enum CarrierServiceUpdateUserErrorCode { CARRIER_SERVICE_UPDATE_FAILED }
enum CarrierServiceDeleteUserErrorCode { CARRIER_SERVICE_DELETE_FAILED }

type Count {
  count: Int!
  precision: CountPrecision!
}

input ImageTransformInput {
  maxWidth: Int
  maxHeight: Int
  scale: Int = 1
}

type Image {
  id: ID
  altText: String
  url(transform: ImageTransformInput): URL!
  width: Int
  height: Int
}

type MediaPreviewImage {
  image: Image
  status: MediaPreviewImageStatus!
}

interface Media {
  alt: String
  id: ID!
  mediaContentType: MediaContentType!
  preview: MediaPreviewImage
  status: MediaStatus!
}

type MediaImage implements Media & Node {
  id: ID!
  alt: String
  mediaContentType: MediaContentType!
  preview: MediaPreviewImage
  status: MediaStatus!
  image: Image
  mimeType: String
}

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
}

type AccessScope {
  handle: String!
  description: String!
}

type AppInstallation implements Node {
  id: ID!
  accessScopes: [AccessScope!]!
}

type SelectedOption {
  name: String!
  value: String!
}

type ProductOption implements Node {
  id: ID!
  name: String!
  position: Int!
  values: [String!]!
}

type Product implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  handle: String!
  status: ProductStatus!
  vendor: String!
  productType: String!
  description(truncateAt: Int): String!
  descriptionHtml: HTML!
  tags: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
  onlineStoreUrl: URL
  featuredImage: Image ${deprecated("Use `featuredMedia` instead.")}
  featuredMedia: Media
  hasOnlyDefaultVariant: Boolean!
  totalInventory: Int!
  options(first: Int): [ProductOption!]!
  variantsCount: Count
  variants(${PAGING}, sortKey: ProductVariantSortKeys = POSITION): ProductVariantConnection!
}
${connection("Product")}

type ProductVariant implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  displayName: String!
  sku: String
  barcode: String
  price: Money!
  compareAtPrice: Money
  position: Int!
  availableForSale: Boolean!
  inventoryQuantity: Int
  selectedOptions: [SelectedOption!]!
  image: Image ${deprecated("Use `media` instead.")}
  product: Product!
  createdAt: DateTime!
  updatedAt: DateTime!
}
${connection("ProductVariant")}

type MoneyV2 {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type MoneyBag {
  shopMoney: MoneyV2!
  presentmentMoney: MoneyV2!
}

type MailingAddress implements Node {
  id: ID!
  firstName: String
  lastName: String
  name: String
  company: String
  address1: String
  address2: String
  city: String
  province: String
  provinceCode: String
  country: String
  countryCodeV2: CountryCode
  zip: String
  phone: String
  formatted(withName: Boolean = false, withCompany: Boolean = true): [String!]!
}

type Customer implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  email: String ${deprecated("Use `defaultEmailAddress.emailAddress` instead.")}
  firstName: String
  lastName: String
  displayName: String!
  phone: String ${deprecated("Use `defaultPhoneNumber.phoneNumber` instead.")}
}

type Attribute {
  key: String!
  value: String
}

type LineItem implements Node {
  id: ID!
  name: String!
  title: String!
  variantTitle: String
  sku: String
  vendor: String
  quantity: Int!
  currentQuantity: Int!
  unfulfilledQuantity: Int!
  requiresShipping: Boolean!
  customAttributes: [Attribute!]!
  variant: ProductVariant
  product: Product
  image: Image
  originalUnitPriceSet: MoneyBag!
  originalTotalSet: MoneyBag!
}
${connection("LineItem")}

type Order implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  email: String
  phone: String
  note: String
  tags: [String!]!
  test: Boolean!
  confirmed: Boolean!
  confirmationNumber: String
  closed: Boolean!
  closedAt: DateTime
  cancelledAt: DateTime
  cancelReason: OrderCancelReason
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  currencyCode: CurrencyCode!
  presentmentCurrencyCode: CurrencyCode!
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  fullyPaid: Boolean!
  unpaid: Boolean!
  canMarkAsPaid: Boolean!
  totalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  totalShippingPriceSet: MoneyBag!
  currentTotalPriceSet: MoneyBag!
  shippingAddress: MailingAddress
  billingAddress: MailingAddress
  customer: Customer
  customAttributes: [Attribute!]!
  lineItems(${PAGING}): LineItemConnection!
  fulfillmentOrders(${PAGING}, displayable: Boolean = false, query: String): FulfillmentOrderConnection!
  fulfillments(first: Int): [Fulfillment!]!
}
${connection("Order")}

type LocationAddress {
  address1: String
  address2: String
  city: String
  country: String
  countryCode: String
  province: String
  provinceCode: String
  zip: String
  phone: String
  formatted: [String!]!
}

type Location implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  isActive: Boolean!
  fulfillsOnlineOrders: Boolean!
  shipsInventory: Boolean!
  address: LocationAddress!
}
${connection("Location")}

type FulfillmentOrderAssignedLocation {
  name: String!
  address1: String
  address2: String
  city: String
  countryCode: CountryCode!
  province: String
  zip: String
  phone: String
  location: Location
}

type FulfillmentOrderDestination implements Node {
  id: ID!
  firstName: String
  lastName: String
  company: String
  address1: String
  address2: String
  city: String
  province: String
  countryCode: CountryCode
  zip: String
  phone: String
  email: String
}

type FulfillmentOrderSupportedAction {
  action: FulfillmentOrderAction!
}

type FulfillmentOrder implements Node {
  id: ID!
  status: FulfillmentOrderStatus!
  requestStatus: FulfillmentOrderRequestStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  orderId: ID!
  orderName: String!
  order: Order!
  assignedLocation: FulfillmentOrderAssignedLocation!
  destination: FulfillmentOrderDestination
  supportedActions: [FulfillmentOrderSupportedAction!]!
  lineItems(${PAGING}): FulfillmentOrderLineItemConnection!
  fulfillments(${PAGING}): FulfillmentConnection!
}
${connection("FulfillmentOrder")}

type FulfillmentOrderLineItem implements Node {
  id: ID!
  totalQuantity: Int!
  remainingQuantity: Int!
  sku: String
  productTitle: String!
  variantTitle: String
  variant: ProductVariant
  lineItem: LineItem!
}
${connection("FulfillmentOrderLineItem")}

type FulfillmentTrackingInfo {
  company: String
  number: String
  url: URL
}

type FulfillmentLineItem implements Node {
  id: ID!
  quantity: Int
  lineItem: LineItem!
}
${connection("FulfillmentLineItem")}

type Fulfillment implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  status: FulfillmentStatus!
  displayStatus: FulfillmentDisplayStatus
  createdAt: DateTime!
  updatedAt: DateTime!
  totalQuantity: Int!
  order: Order!
  location: Location
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  fulfillmentLineItems(${PAGING}): FulfillmentLineItemConnection!
  fulfillmentOrders(${PAGING}): FulfillmentOrderConnection!
}
${connection("Fulfillment")}

type DeliveryCarrierService implements Node {
  id: ID!
  name: String
  formattedName: String
  callbackUrl: URL
  active: Boolean!
  supportsServiceDiscovery: Boolean!
}
${connection("DeliveryCarrierService")}

type UserError implements DisplayableError {
  field: [String!]
  message: String!
}

type CarrierServiceCreateUserError implements DisplayableError {
  code: CarrierServiceCreateUserErrorCode
  field: [String!]
  message: String!
}

type CarrierServiceUpdateUserError implements DisplayableError {
  code: CarrierServiceUpdateUserErrorCode
  field: [String!]
  message: String!
}

type CarrierServiceDeleteUserError implements DisplayableError {
  code: CarrierServiceDeleteUserErrorCode
  field: [String!]
  message: String!
}

input FulfillmentOrderLineItemInput {
  id: ID!
  quantity: Int!
}

input FulfillmentOrderLineItemsInput {
  fulfillmentOrderId: ID!
  fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
}

input FulfillmentTrackingInput {
  number: String
  url: URL
  company: String
  numbers: [String!]
  urls: [URL!]
}

input FulfillmentOriginAddressInput {
  address1: String
  address2: String
  city: String
  zip: String
  provinceCode: String
  countryCode: String!
}

input FulfillmentInput {
  lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
  notifyCustomer: Boolean = false
  trackingInfo: FulfillmentTrackingInput
  originAddress: FulfillmentOriginAddressInput
}

input FulfillmentV2Input {
  lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
  notifyCustomer: Boolean = false
  trackingInfo: FulfillmentTrackingInput
  originAddress: FulfillmentOriginAddressInput
}

input DeliveryCarrierServiceCreateInput {
  name: String!
  callbackUrl: URL!
  supportsServiceDiscovery: Boolean!
  active: Boolean!
}

input DeliveryCarrierServiceUpdateInput {
  id: ID!
  name: String
  callbackUrl: URL
  supportsServiceDiscovery: Boolean
  active: Boolean
}

type FulfillmentCreatePayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentCreateV2Payload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentTrackingInfoUpdatePayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentTrackingInfoUpdateV2Payload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentCancelPayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type CarrierServiceCreatePayload {
  carrierService: DeliveryCarrierService
  userErrors: [CarrierServiceCreateUserError!]!
}

type CarrierServiceUpdatePayload {
  carrierService: DeliveryCarrierService
  userErrors: [CarrierServiceUpdateUserError!]!
}

type CarrierServiceDeletePayload {
  deletedId: ID
  userErrors: [CarrierServiceDeleteUserError!]!
}

type QueryRoot {
  shop: Shop!
  currentAppInstallation: AppInstallation!
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
  product(id: ID!): Product
  products(${PAGING}, sortKey: ProductSortKeys = ID, query: String, savedSearchId: ID): ProductConnection!
  productsCount(query: String, limit: Int = 10000): Count
  productVariant(id: ID!): ProductVariant
  productVariants(${PAGING}, sortKey: ProductVariantSortKeys = ID, query: String, savedSearchId: ID): ProductVariantConnection!
  order(id: ID!): Order
  orders(${PAGING}, sortKey: OrderSortKeys = PROCESSED_AT, query: String, savedSearchId: ID): OrderConnection!
  fulfillmentOrder(id: ID!): FulfillmentOrder
  fulfillment(id: ID!): Fulfillment
  location(id: ID): Location
  locations(${PAGING}, sortKey: LocationSortKeys = NAME, query: String, includeLegacy: Boolean = false, includeInactive: Boolean = false): LocationConnection!
  carrierService(id: ID!): DeliveryCarrierService
  carrierServices(${PAGING}, sortKey: CarrierServiceSortKeys = ID, query: String): DeliveryCarrierServiceConnection!
}

type Mutation {
  fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  fulfillmentCreateV2(fulfillment: FulfillmentV2Input!, message: String): FulfillmentCreateV2Payload ${deprecated("Use `fulfillmentCreate` instead.")}
  fulfillmentTrackingInfoUpdate(fulfillmentId: ID!, trackingInfoInput: FulfillmentTrackingInput!, notifyCustomer: Boolean): FulfillmentTrackingInfoUpdatePayload
  fulfillmentTrackingInfoUpdateV2(fulfillmentId: ID!, trackingInfoInput: FulfillmentTrackingInput!, notifyCustomer: Boolean): FulfillmentTrackingInfoUpdateV2Payload ${deprecated("Use `fulfillmentTrackingInfoUpdate` instead.")}
  fulfillmentCancel(id: ID!): FulfillmentCancelPayload
  carrierServiceCreate(input: DeliveryCarrierServiceCreateInput!): CarrierServiceCreatePayload
  carrierServiceUpdate(input: DeliveryCarrierServiceUpdateInput!): CarrierServiceUpdatePayload
  carrierServiceDelete(id: ID!): CarrierServiceDeletePayload
}
`;
