/**
 * The Admin GraphQL documents of the fulfillment-service side: stocking variants at the
 * service's location, reading the fulfillment orders Shopify assigned to it, and answering
 * their requests. Operation names start with PrintConnect (docs/decisions/0007-spelling.md).
 */
import type { ShopifyUserError } from "../shopify-admin";

export const VARIANT_STOCKING_QUERY = `#graphql
  query PrintConnectVariantStocking($ids: [ID!]!, $locationId: ID!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        inventoryItem {
          id
          inventoryLevel(locationId: $locationId) { id }
        }
      }
    }
  }`;

export interface VariantStockingData {
  nodes: ({
    id: string;
    inventoryItem: { id: string; inventoryLevel: { id: string } | null };
  } | null)[];
}

export const INVENTORY_ACTIVATE_MUTATION = `#graphql
  mutation PrintConnectStock($inventoryItemId: ID!, $locationId: ID!) {
    inventoryActivate(inventoryItemId: $inventoryItemId, locationId: $locationId) {
      inventoryLevel { id }
      userErrors { field message }
    }
  }`;

export interface InventoryActivateData {
  inventoryActivate: { inventoryLevel: { id: string } | null; userErrors: ShopifyUserError[] };
}

export const INVENTORY_DEACTIVATE_MUTATION = `#graphql
  mutation PrintConnectUnstock($inventoryLevelId: ID!) {
    inventoryDeactivate(inventoryLevelId: $inventoryLevelId) {
      userErrors { field message }
    }
  }`;

export interface InventoryDeactivateData {
  inventoryDeactivate: { userErrors: ShopifyUserError[] };
}

/**
 * The service's fulfillment orders in one assignment status, 25 per look (the next look goes on
 * with the rest); each is answered from its order's print orders, so no lines are read.
 */
export const ASSIGNED_FULFILLMENT_ORDERS_QUERY = `#graphql
  query PrintConnectAssignedFulfillmentOrders(
    $status: FulfillmentOrderAssignmentStatus!
    $locationIds: [ID!]
  ) {
    assignedFulfillmentOrders(first: 25, assignmentStatus: $status, locationIds: $locationIds) {
      nodes {
        id
        status
        requestStatus
        order { id legacyResourceId name }
      }
    }
  }`;

export type AssignmentStatus = "FULFILLMENT_REQUESTED" | "CANCELLATION_REQUESTED";

export interface AssignedFulfillmentOrder {
  id: string;
  status: string;
  requestStatus: string;
  order: { id: string; legacyResourceId: string; name: string };
}

export interface AssignedFulfillmentOrdersData {
  assignedFulfillmentOrders: { nodes: AssignedFulfillmentOrder[] };
}

export const ACCEPT_FULFILLMENT_REQUEST_MUTATION = `#graphql
  mutation PrintConnectAcceptFulfillmentRequest($id: ID!, $message: String) {
    fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: $message) {
      fulfillmentOrder { id status requestStatus }
      userErrors { field message }
    }
  }`;

export const REJECT_FULFILLMENT_REQUEST_MUTATION = `#graphql
  mutation PrintConnectRejectFulfillmentRequest(
    $id: ID!
    $reason: FulfillmentOrderRejectionReason
    $message: String
    $lineItems: [IncomingRequestLineItemInput!]
  ) {
    fulfillmentOrderRejectFulfillmentRequest(
      id: $id
      reason: $reason
      message: $message
      lineItems: $lineItems
    ) {
      fulfillmentOrder { id status requestStatus }
      userErrors { field message }
    }
  }`;

/**
 * A fulfillment order's lines, read only for a partial decline (which lines cannot be printed):
 * 50 lines is far beyond what one order's print lines span.
 */
export const FULFILLMENT_ORDER_LINES_QUERY = `#graphql
  query PrintConnectFulfillmentOrderLines($id: ID!) {
    fulfillmentOrder(id: $id) {
      lineItems(first: 50) { nodes { id lineItem { id } } }
    }
  }`;

export interface FulfillmentOrderLinesData {
  fulfillmentOrder: {
    lineItems: { nodes: { id: string; lineItem: { id: string } }[] };
  } | null;
}

export const ACCEPT_CANCELLATION_REQUEST_MUTATION = `#graphql
  mutation PrintConnectAcceptCancellationRequest($id: ID!, $message: String) {
    fulfillmentOrderAcceptCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { id status requestStatus }
      userErrors { field message }
    }
  }`;

export const REJECT_CANCELLATION_REQUEST_MUTATION = `#graphql
  mutation PrintConnectRejectCancellationRequest($id: ID!, $message: String) {
    fulfillmentOrderRejectCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { id status requestStatus }
      userErrors { field message }
    }
  }`;

type Answer = { fulfillmentOrder: { id: string } | null; userErrors: ShopifyUserError[] };

export type AnswerData =
  | { fulfillmentOrderAcceptFulfillmentRequest: Answer }
  | { fulfillmentOrderRejectFulfillmentRequest: Answer }
  | { fulfillmentOrderAcceptCancellationRequest: Answer }
  | { fulfillmentOrderRejectCancellationRequest: Answer };

/** The one payload of any answer mutation. */
export function answerOf(data: AnswerData): Answer {
  return Object.values(data)[0] as Answer;
}
