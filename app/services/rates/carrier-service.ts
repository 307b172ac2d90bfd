/**
 * Registering and removing the app's carrier service through the Admin
 * GraphQL API. The transport is a port, so the admin page (authenticate.admin)
 * and background work (unauthenticated.admin) use the same code.
 */
import { randomBytes } from "node:crypto";
import { userErrorsFailure, type AdminGraphql, type ShopifyUserError } from "../shopify-admin";

export const CARRIER_SERVICE_NAME = "Print Connect";

/**
 * Shopify signs a rate request's body but not the shop header or the URL, so
 * each shop's callback URL carries a token of its own: a signed body can only
 * be answered for the shop whose URL Shopify called.
 */
export function newCarrierCallbackToken(): string {
  return randomBytes(32).toString("base64url");
}

const CARRIER_CALLBACK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isCarrierCallbackToken(value: string | null | undefined): value is string {
  return typeof value === "string" && CARRIER_CALLBACK_TOKEN.test(value);
}

/** `<appUrl>/carrier/rates/<token>`: the callback registered for one shop. */
export function carrierCallbackUrlFor(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, "")}/carrier/rates/${token}`;
}

const CREATE = `#graphql
  mutation PrintConnectCarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService { id name callbackUrl active }
      userErrors { field message }
    }
  }`;

const UPDATE = `#graphql
  mutation PrintConnectCarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService { id name callbackUrl active }
      userErrors { field message }
    }
  }`;

const DELETE = `#graphql
  mutation PrintConnectCarrierServiceDelete($id: ID!) {
    carrierServiceDelete(id: $id) {
      deletedId
      userErrors { field message }
    }
  }`;

const LIST = `#graphql
  query PrintConnectCarrierServices {
    carrierServices(first: 50) { nodes { id name callbackUrl active } }
  }`;

export interface CarrierServiceNode {
  id: string;
  name: string | null;
  callbackUrl: string | null;
  active: boolean;
}

/** The shop's carrier services (Home's setup check looks for the app's own). */
export async function listCarrierServices(graphql: AdminGraphql): Promise<CarrierServiceNode[]> {
  const list = await graphql<{ carrierServices: { nodes: CarrierServiceNode[] } }>(LIST);
  return list.carrierServices.nodes;
}

/**
 * Registers the callback (active, with service discovery). If one of ours is
 * already there (same name or callback URL), it is updated and reused.
 * Returns the carrier service id.
 */
export async function registerCarrierService(
  graphql: AdminGraphql,
  input: { callbackUrl: string; name?: string },
): Promise<string> {
  const name = input.name ?? CARRIER_SERVICE_NAME;
  const existing = (await listCarrierServices(graphql)).find(
    (c) => c.callbackUrl === input.callbackUrl || c.name?.toLowerCase() === name.toLowerCase(),
  );
  if (existing) {
    const updated = await graphql<{
      carrierServiceUpdate: {
        carrierService: CarrierServiceNode | null;
        userErrors: ShopifyUserError[];
      };
    }>(UPDATE, {
      input: { id: existing.id, name, callbackUrl: input.callbackUrl, active: true },
    });
    const { carrierService, userErrors } = updated.carrierServiceUpdate;
    if (!carrierService) throw userErrorsFailure(userErrors, "carrierServiceUpdate");
    return carrierService.id;
  }
  const created = await graphql<{
    carrierServiceCreate: {
      carrierService: CarrierServiceNode | null;
      userErrors: ShopifyUserError[];
    };
  }>(CREATE, {
    input: { name, callbackUrl: input.callbackUrl, supportsServiceDiscovery: true, active: true },
  });
  const { carrierService, userErrors } = created.carrierServiceCreate;
  if (!carrierService) throw userErrorsFailure(userErrors, "carrierServiceCreate");
  return carrierService.id;
}

/** Removes the carrier service. One that is already gone counts as removed. */
export async function deleteCarrierService(graphql: AdminGraphql, id: string): Promise<void> {
  const result = await graphql<{
    carrierServiceDelete: { deletedId: string | null; userErrors: ShopifyUserError[] };
  }>(DELETE, { id });
  const { deletedId, userErrors } = result.carrierServiceDelete;
  if (deletedId) return;
  if (userErrors.some((e) => /could not be found|not found/i.test(e.message))) return;
  throw userErrorsFailure(userErrors, "carrierServiceDelete");
}
