/**
 * What the pipeline needs of Shopify's Admin GraphQL API, as a port: the app
 * wires it to the Shopify library; nothing here imports it. A failed call
 * throws the Admin client's ShopifyAdminError (services/shopify-admin).
 */
export interface ShopifyAdmin {
  graphql<T>(shop: string, query: string, variables?: Record<string, unknown>): Promise<T>;
}

// Cheap on the shop's rate budget (about 230 points requested): 3 fulfillment
// orders of 30 lines each is far beyond what one print order spans; pageInfo
// tells when an order is larger, and then the merchant is asked instead.
// The operation name is sent to Shopify as it always was (docs/decisions/0007-spelling.md).
export const ORDER_FULFILLMENT_QUERY = `#graphql
  query PrintConnectOrderFulfilment($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 3) {
        nodes {
          id
          status
          assignedLocation { name location { id } }
          merchantRequests(last: 1, kind: FULFILLMENT_REQUEST) { nodes { requestOptions } }
          lineItems(first: 30) {
            nodes { id remainingQuantity totalQuantity lineItem { id } }
            pageInfo { hasNextPage }
          }
        }
        pageInfo { hasNextPage }
      }
      fulfillments(first: 20) {
        id
        trackingInfo { number url company }
      }
    }
  }`;

export const FULFILLMENT_CREATE_MUTATION = `#graphql
  mutation PrintConnectFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status trackingInfo { number url company } }
      userErrors { field message }
    }
  }`;

export const TRACKING_UPDATE_MUTATION = `#graphql
  mutation PrintConnectTracking(
    $fulfillmentId: ID!
    $trackingInfoInput: FulfillmentTrackingInput!
    $notifyCustomer: Boolean
  ) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment { id trackingInfo { number url company } }
      userErrors { field message }
    }
  }`;

export interface OrderFulfillmentData {
  order: {
    id: string;
    fulfillmentOrders: {
      nodes: {
        id: string;
        status: string;
        assignedLocation: { name: string; location: { id: string } | null };
        merchantRequests: { nodes: { requestOptions: unknown }[] };
        lineItems: {
          nodes: {
            id: string;
            remainingQuantity: number;
            totalQuantity: number;
            lineItem: { id: string };
          }[];
          pageInfo: { hasNextPage: boolean };
        };
      }[];
      pageInfo: { hasNextPage: boolean };
    };
    fulfillments: {
      id: string;
      trackingInfo: { number: string | null; url: string | null; company: string | null }[];
    }[];
  } | null;
}

export interface UserErrors {
  userErrors: { field: string[] | null; message: string }[];
}

export interface FulfillmentCreateData {
  fulfillmentCreate: UserErrors & { fulfillment: { id: string } | null };
}

export interface TrackingUpdateData {
  fulfillmentTrackingInfoUpdate: UserErrors & { fulfillment: { id: string } | null };
}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS", "SCHEDULED"]);

/**
 * Fulfillment orders at the app's own service location that hold wanted lines and that Shopify
 * has not asked the app to fulfil (or whose request the app has not accepted yet): a service
 * may fulfil only what it accepted, so their tracking waits for the request.
 */
export function unrequestedServiceOrders(
  order: NonNullable<OrderFulfillmentData["order"]>,
  wanted: ReadonlyMap<string, number>,
  serviceLocationId: string | null,
): string[] {
  if (!serviceLocationId) return [];
  return order.fulfillmentOrders.nodes
    .filter(
      (fo) =>
        fo.assignedLocation.location?.id === serviceLocationId &&
        fo.status === "OPEN" &&
        fo.lineItems.nodes.some((l) => wanted.has(l.lineItem.id) && l.remainingQuantity > 0),
    )
    .map((fo) => fo.id);
}

/**
 * Where Shopify has a print order's lines, for an order placed while the shop used the app's
 * fulfillment service (its print lines were assigned to the Print Connect location then):
 * `ours` while any of them is open there, `elsewhere` when they are open only at another
 * location (the merchant moved them), `closed` when nothing of them is open (fulfilled by hand,
 * or closed). Truncated data says nothing: `ours`, and the fulfil step asks the merchant.
 */
export type Placement =
  { kind: "ours" } | { kind: "elsewhere"; locationName: string } | { kind: "closed" };

export function placementOf(
  order: NonNullable<OrderFulfillmentData["order"]>,
  wanted: ReadonlyMap<string, number>,
  serviceLocationId: string,
): Placement {
  if (fulfillmentDataTruncated(order)) return { kind: "ours" };
  const open = order.fulfillmentOrders.nodes.filter((fo) =>
    FULFILLABLE.has(fo.status) || fo.status === "ON_HOLD"
      ? fo.lineItems.nodes.some((l) => wanted.has(l.lineItem.id) && l.remainingQuantity > 0)
      : false,
  );
  if (open.some((fo) => fo.assignedLocation.location?.id === serviceLocationId))
    return { kind: "ours" };
  const elsewhere = open[0];
  return elsewhere
    ? { kind: "elsewhere", locationName: elsewhere.assignedLocation.name || "another location" }
    : { kind: "closed" };
}

/**
 * Whether the customer is told of the fulfillment: as the merchant's fulfillment request to the
 * app's service asked (its `notify_customer`), else as the shop's setting says.
 */
export function notifyCustomerFor(
  order: NonNullable<OrderFulfillmentData["order"]>,
  fulfillmentOrderIds: readonly string[],
  shopSetting: boolean,
): boolean {
  for (const fo of order.fulfillmentOrders.nodes) {
    if (!fulfillmentOrderIds.includes(fo.id)) continue;
    const options = fo.merchantRequests.nodes.at(-1)?.requestOptions;
    const asked =
      options && typeof options === "object"
        ? (options as Record<string, unknown>).notify_customer
        : undefined;
    if (typeof asked === "boolean") return asked;
  }
  return shopSetting;
}

/** True when the query did not see every fulfillment order line. */
export function fulfillmentDataTruncated(
  order: NonNullable<OrderFulfillmentData["order"]>,
): boolean {
  return (
    order.fulfillmentOrders.pageInfo.hasNextPage ||
    order.fulfillmentOrders.nodes.some((fo) => fo.lineItems.pageInfo.hasNextPage)
  );
}

/**
 * The fulfillment-order lines that belong to a print order: its Shopify line
 * items, in the quantities still open. Lines the merchant ships are never touched.
 */
/** Whether some of the wanted lines are still to fulfil on a fulfillment order Shopify holds. */
export function linesOnHold(
  order: NonNullable<OrderFulfillmentData["order"]>,
  wanted: ReadonlyMap<string, number>,
): boolean {
  return order.fulfillmentOrders.nodes.some(
    (fo) =>
      fo.status === "ON_HOLD" &&
      fo.lineItems.nodes.some((l) => wanted.has(l.lineItem.id) && l.remainingQuantity > 0),
  );
}

export function fulfillmentOrderLines(
  order: NonNullable<OrderFulfillmentData["order"]>,
  wanted: ReadonlyMap<string, number>,
): { fulfillmentOrderId: string; fulfillmentOrderLineItems: { id: string; quantity: number }[] }[] {
  const left = new Map(wanted);
  const groups: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems: { id: string; quantity: number }[];
  }[] = [];
  for (const fo of order.fulfillmentOrders.nodes) {
    if (!FULFILLABLE.has(fo.status)) continue;
    const lines: { id: string; quantity: number }[] = [];
    for (const line of fo.lineItems.nodes) {
      const need = left.get(line.lineItem.id) ?? 0;
      const quantity = Math.min(need, line.remainingQuantity);
      if (quantity <= 0) continue;
      lines.push({ id: line.id, quantity });
      left.set(line.lineItem.id, need - quantity);
    }
    if (lines.length) groups.push({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: lines });
  }
  return groups;
}
