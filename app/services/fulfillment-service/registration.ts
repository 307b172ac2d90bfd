/**
 * The app's Shopify fulfillment service, "Print Connect": registered once per shop, with
 * tracking support, and the location Shopify makes for it. Print variants stocked at that
 * location have their lines assigned to the app, which then answers Shopify's fulfillment
 * and cancellation requests (docs/decisions/0023-a-shopify-fulfillment-service.md).
 * The transport is a port: the install hook and background work use the same code.
 */
import { userErrorsFailure, type AdminGraphql, type ShopifyUserError } from "../shopify-admin";

export const FULFILLMENT_SERVICE_NAME = "Print Connect";

/**
 * `<appUrl>/fulfillment-service`: Shopify appends `/fulfillment_order_notification` when it
 * tells the service about a request.
 */
export function fulfillmentCallbackUrlFor(appUrl: string): string {
  return `${appUrl.replace(/\/$/, "")}/fulfillment-service`;
}

const LIST = `#graphql
  query PrintConnectFulfillmentServices {
    shop {
      fulfillmentServices { id serviceName callbackUrl trackingSupport location { id } }
    }
  }`;

const CREATE = `#graphql
  mutation PrintConnectFulfillmentServiceCreate($name: String!, $callbackUrl: URL!) {
    fulfillmentServiceCreate(
      name: $name
      callbackUrl: $callbackUrl
      trackingSupport: true
      inventoryManagement: false
    ) {
      fulfillmentService { id serviceName callbackUrl trackingSupport location { id } }
      userErrors { field message }
    }
  }`;

const UPDATE = `#graphql
  mutation PrintConnectFulfillmentServiceUpdate($id: ID!, $callbackUrl: URL!) {
    fulfillmentServiceUpdate(id: $id, callbackUrl: $callbackUrl, trackingSupport: true) {
      fulfillmentService { id serviceName callbackUrl trackingSupport location { id } }
      userErrors { field message }
    }
  }`;

export interface FulfillmentServiceNode {
  id: string;
  serviceName: string;
  callbackUrl: string | null;
  trackingSupport: boolean;
  location: { id: string } | null;
}

export interface RegisteredService {
  serviceId: string;
  locationId: string;
}

type Payload<K extends string> = {
  [key in K]: { fulfillmentService: FulfillmentServiceNode | null; userErrors: ShopifyUserError[] };
};

function registered(node: FulfillmentServiceNode): RegisteredService {
  if (!node.location) {
    // Shopify makes the location with the service; a service without one cannot be stocked.
    throw userErrorsFailure(
      [{ field: null, message: `The fulfillment service ${node.serviceName} has no location.` }],
      "fulfillmentServiceCreate",
    );
  }
  return { serviceId: node.id, locationId: node.location.id };
}

/**
 * Registers the service, or finds the one registered before (by its callback, or by its name:
 * names are unique in a shop) and brings its callback and tracking support up to date.
 */
export async function registerFulfillmentService(
  graphql: AdminGraphql,
  input: { callbackUrl: string; name?: string },
): Promise<RegisteredService> {
  const name = input.name ?? FULFILLMENT_SERVICE_NAME;
  const { shop } = await graphql<{ shop: { fulfillmentServices: FulfillmentServiceNode[] } }>(LIST);
  const existing =
    shop.fulfillmentServices.find((s) => s.callbackUrl === input.callbackUrl) ??
    shop.fulfillmentServices.find((s) => s.serviceName.toLowerCase() === name.toLowerCase());
  if (existing) {
    if (existing.callbackUrl === input.callbackUrl && existing.trackingSupport)
      return registered(existing);
    const updated = await graphql<Payload<"fulfillmentServiceUpdate">>(UPDATE, {
      id: existing.id,
      callbackUrl: input.callbackUrl,
    });
    const { fulfillmentService, userErrors } = updated.fulfillmentServiceUpdate;
    if (!fulfillmentService) throw userErrorsFailure(userErrors, "fulfillmentServiceUpdate");
    return registered(fulfillmentService);
  }
  const created = await graphql<Payload<"fulfillmentServiceCreate">>(CREATE, {
    name,
    callbackUrl: input.callbackUrl,
  });
  const { fulfillmentService, userErrors } = created.fulfillmentServiceCreate;
  if (!fulfillmentService) throw userErrorsFailure(userErrors, "fulfillmentServiceCreate");
  return registered(fulfillmentService);
}

/** The scope the service's registration needs; a shop installed before may not have it yet. */
export const REGISTRATION_SCOPE = "write_fulfillments";

export function canRegister(grantedScopes: string): boolean {
  return grantedScopes
    .split(",")
    .map((s) => s.trim())
    .includes(REGISTRATION_SCOPE);
}
