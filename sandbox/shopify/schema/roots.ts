/** Admin schema subset: the query and mutation roots. */
import { PAGING, deprecated } from "./helpers";

export const ROOTS_SDL = `
type QueryRoot {
  shop: Shop!
  currentAppInstallation: AppInstallation!
  app(id: ID): App
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
  assignedFulfillmentOrders(${PAGING}, assignmentStatus: FulfillmentOrderAssignmentStatus, locationIds: [ID!], sortKey: FulfillmentOrderSortKeys = ID): FulfillmentOrderConnection!
  fulfillmentService(id: ID!): FulfillmentService
  fulfillment(id: ID!): Fulfillment
  location(id: ID): Location
  locations(${PAGING}, sortKey: LocationSortKeys = NAME, query: String, includeLegacy: Boolean = false, includeInactive: Boolean = false): LocationConnection!
  carrierService(id: ID!): DeliveryCarrierService
  carrierServices(${PAGING}, sortKey: CarrierServiceSortKeys = ID, query: String): DeliveryCarrierServiceConnection!
  shopifyFunction(id: String!): ShopifyFunction
  shopifyFunctions(${PAGING}, apiType: String, useCreationUi: Boolean): ShopifyFunctionConnection!
  validation(id: ID!): Validation
  validations(${PAGING}, sortKey: ValidationSortKeys = ID): ValidationConnection!
  theme(id: ID!): OnlineStoreTheme
  themes(${PAGING}, names: [String!], roles: [ThemeRole!]): OnlineStoreThemeConnection
}

type Mutation {
  fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  fulfillmentCreateV2(fulfillment: FulfillmentV2Input!, message: String): FulfillmentCreateV2Payload ${deprecated("Use `fulfillmentCreate` instead.")}
  fulfillmentTrackingInfoUpdate(fulfillmentId: ID!, trackingInfoInput: FulfillmentTrackingInput!, notifyCustomer: Boolean): FulfillmentTrackingInfoUpdatePayload
  fulfillmentTrackingInfoUpdateV2(fulfillmentId: ID!, trackingInfoInput: FulfillmentTrackingInput!, notifyCustomer: Boolean): FulfillmentTrackingInfoUpdateV2Payload ${deprecated("Use `fulfillmentTrackingInfoUpdate` instead.")}
  fulfillmentCancel(id: ID!): FulfillmentCancelPayload
  fulfillmentServiceCreate(name: String!, callbackUrl: URL, trackingSupport: Boolean = false, inventoryManagement: Boolean = false, requiresShippingMethod: Boolean = true, fulfillmentOrdersOptIn: Boolean = true): FulfillmentServiceCreatePayload
  fulfillmentServiceUpdate(id: ID!, name: String, callbackUrl: URL, trackingSupport: Boolean, inventoryManagement: Boolean, requiresShippingMethod: Boolean = true, fulfillmentOrdersOptIn: Boolean): FulfillmentServiceUpdatePayload
  fulfillmentServiceDelete(id: ID!, destinationLocationId: ID, inventoryAction: FulfillmentServiceDeleteInventoryAction = TRANSFER): FulfillmentServiceDeletePayload
  inventoryActivate(inventoryItemId: ID!, locationId: ID!, available: Int, onHand: Int, stockAtLegacyLocation: Boolean = false): InventoryActivatePayload
  inventoryDeactivate(inventoryLevelId: ID!): InventoryDeactivatePayload
  fulfillmentOrderAcceptFulfillmentRequest(id: ID!, message: String, estimatedShippedAt: DateTime): FulfillmentOrderAcceptFulfillmentRequestPayload
  fulfillmentOrderRejectFulfillmentRequest(id: ID!, reason: FulfillmentOrderRejectionReason, message: String, lineItems: [IncomingRequestLineItemInput!]): FulfillmentOrderRejectFulfillmentRequestPayload
  fulfillmentOrderAcceptCancellationRequest(id: ID!, message: String): FulfillmentOrderAcceptCancellationRequestPayload
  fulfillmentOrderRejectCancellationRequest(id: ID!, message: String): FulfillmentOrderRejectCancellationRequestPayload
  fulfillmentOrderHold(id: ID!, fulfillmentHold: FulfillmentOrderHoldInput!): FulfillmentOrderHoldPayload
  fulfillmentOrderReleaseHold(id: ID!, holdIds: [ID!], externalId: String): FulfillmentOrderReleaseHoldPayload
  carrierServiceCreate(input: DeliveryCarrierServiceCreateInput!): CarrierServiceCreatePayload
  carrierServiceUpdate(input: DeliveryCarrierServiceUpdateInput!): CarrierServiceUpdatePayload
  carrierServiceDelete(id: ID!): CarrierServiceDeletePayload
  metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
  metafieldsDelete(metafields: [MetafieldIdentifierInput!]!): MetafieldsDeletePayload
  productSet(identifier: ProductSetIdentifiers, input: ProductSetInput!, synchronous: Boolean = true): ProductSetPayload
  productVariantsBulkUpdate(productId: ID!, variants: [ProductVariantsBulkInput!]!, allowPartialUpdates: Boolean = false): ProductVariantsBulkUpdatePayload
  productDelete(input: ProductDeleteInput!, synchronous: Boolean = true): ProductDeletePayload
  stagedUploadsCreate(input: [StagedUploadInput!]!): StagedUploadsCreatePayload
  validationCreate(validation: ValidationCreateInput!): ValidationCreatePayload
  validationUpdate(id: ID!, validation: ValidationUpdateInput!): ValidationUpdatePayload
  flowTriggerReceive(handle: String, payload: JSON): FlowTriggerReceivePayload
  orderUpdate(input: OrderInput!): OrderUpdatePayload
}`;
