/** Admin schema subset: locations, fulfillment services, stocking, fulfillment orders (with their requests and holds) and fulfillments. */
import { connection, PAGING } from "./helpers";

export const FULFILLMENT_SDL = `
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
  isFulfillmentService: Boolean!
  fulfillmentService: FulfillmentService
  fulfillsOnlineOrders: Boolean!
  shipsInventory: Boolean!
  address: LocationAddress!
}
${connection("Location")}

type FulfillmentService {
  id: ID!
  serviceName: String!
  handle: String!
  callbackUrl: URL
  trackingSupport: Boolean!
  inventoryManagement: Boolean!
  requiresShippingMethod: Boolean!
  type: FulfillmentServiceType!
  location: Location
}

type InventoryLevel implements Node {
  id: ID!
  isActive: Boolean!
  canDeactivate: Boolean!
  deactivationAlert: String
  createdAt: DateTime!
  updatedAt: DateTime!
  item: InventoryItem!
  location: Location!
}
${connection("InventoryLevel")}

type FulfillmentHold implements Node {
  id: ID!
  handle: String
  reason: FulfillmentHoldReason!
  reasonNotes: String
  displayReason: String!
  heldByRequestingApp: Boolean!
  heldByApp: App
}

type FulfillmentOrderMerchantRequest implements Node {
  id: ID!
  kind: FulfillmentOrderMerchantRequestKind!
  message: String
  requestOptions: JSON
  responseData: JSON
  sentAt: DateTime!
  fulfillmentOrder: FulfillmentOrder!
}
${connection("FulfillmentOrderMerchantRequest")}

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
  fulfillmentHolds: [FulfillmentHold!]!
  merchantRequests(${PAGING}, kind: FulfillmentOrderMerchantRequestKind): FulfillmentOrderMerchantRequestConnection!
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
${connection("Fulfillment")}`;
