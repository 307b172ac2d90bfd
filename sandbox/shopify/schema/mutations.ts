/** Admin schema subset: carrier services, and the mutations' inputs, payloads and user errors. */
import { connection } from "./helpers";

export const MUTATIONS_SDL = `
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

type FlowTriggerReceivePayload {
  userErrors: [UserError!]!
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

input IncomingRequestLineItemInput {
  fulfillmentOrderLineItemId: ID!
  message: String
}

input FulfillmentOrderHoldInput {
  reason: FulfillmentHoldReason!
  reasonNotes: String
  notifyMerchant: Boolean
  externalId: String
  handle: String
  fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
}

type FulfillmentServiceCreatePayload {
  fulfillmentService: FulfillmentService
  userErrors: [UserError!]!
}

type FulfillmentServiceUpdatePayload {
  fulfillmentService: FulfillmentService
  userErrors: [UserError!]!
}

type FulfillmentServiceDeletePayload {
  deletedId: ID
  userErrors: [UserError!]!
}

type InventoryActivatePayload {
  inventoryLevel: InventoryLevel
  userErrors: [UserError!]!
}

type InventoryDeactivatePayload {
  userErrors: [UserError!]!
}

type FulfillmentOrderAcceptFulfillmentRequestPayload {
  fulfillmentOrder: FulfillmentOrder
  userErrors: [UserError!]!
}

type FulfillmentOrderRejectFulfillmentRequestPayload {
  fulfillmentOrder: FulfillmentOrder
  userErrors: [UserError!]!
}

type FulfillmentOrderAcceptCancellationRequestPayload {
  fulfillmentOrder: FulfillmentOrder
  userErrors: [UserError!]!
}

type FulfillmentOrderRejectCancellationRequestPayload {
  fulfillmentOrder: FulfillmentOrder
  userErrors: [UserError!]!
}

type FulfillmentOrderHoldUserError implements DisplayableError {
  code: FulfillmentOrderHoldUserErrorCode
  field: [String!]
  message: String!
}

type FulfillmentOrderHoldPayload {
  fulfillmentHold: FulfillmentHold
  fulfillmentOrder: FulfillmentOrder
  remainingFulfillmentOrder: FulfillmentOrder
  userErrors: [FulfillmentOrderHoldUserError!]!
}

type FulfillmentOrderReleaseHoldUserError implements DisplayableError {
  code: FulfillmentOrderReleaseHoldUserErrorCode
  field: [String!]
  message: String!
}

type FulfillmentOrderReleaseHoldPayload {
  fulfillmentOrder: FulfillmentOrder
  userErrors: [FulfillmentOrderReleaseHoldUserError!]!
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
}`;
