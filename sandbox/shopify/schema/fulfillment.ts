/** Admin schema subset: locations, fulfillment orders and fulfillments. */
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
${connection("Fulfillment")}`;
