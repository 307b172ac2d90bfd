/** Access scopes, checked per field with Shopify's ACCESS_DENIED error. */
import { GraphQLError } from "graphql";
import type { GraphqlContext } from "./context";

function scopeGranted(scopes: Set<string>, required: string): boolean {
  if (scopes.has(required)) return true;
  if (required.startsWith("read_")) return scopes.has(`write_${required.slice(5)}`);
  return false;
}

/** Throws Shopify's ACCESS_DENIED error unless one of the scopes is granted. */
export function requireAccess(ctx: GraphqlContext, field: string, ...anyOf: string[]): void {
  if (anyOf.some((s) => scopeGranted(ctx.scopes, s))) return;
  const required = anyOf.map((s) => `\`${s}\``).join(" or ");
  throw new GraphQLError(
    `Access denied for ${field} field. Required access: ${required} access scope.`,
    {
      extensions: {
        code: "ACCESS_DENIED",
        documentation: "https://shopify.dev/api/usage/access-scopes",
        requiredAccess: `${required} access scope.`,
      },
    },
  );
}

export const FO_READ = [
  "read_merchant_managed_fulfillment_orders",
  "read_assigned_fulfillment_orders",
  "read_third_party_fulfillment_orders",
];
export const FO_WRITE = [
  "write_merchant_managed_fulfillment_orders",
  "write_assigned_fulfillment_orders",
  "write_third_party_fulfillment_orders",
];

/**
 * Which kind of fulfillment order this is for the calling app: at a merchant's own location,
 * at a location of the app's own fulfillment service, or at another app's service. Shopify
 * shows and lets an app change each kind only with that kind's scope.
 */
export function fulfillmentOrderKind(
  ctx: GraphqlContext,
  locationId: number,
): "merchant_managed" | "assigned" | "third_party" {
  const location = ctx.state.locations.get(locationId);
  const service = location?.fulfillmentServiceId
    ? ctx.state.fulfillmentServices.get(location.fulfillmentServiceId)
    : undefined;
  if (!location?.fulfillmentServiceId) return "merchant_managed";
  return service?.appId === ctx.appId ? "assigned" : "third_party";
}

/** Whether the app may read (or write) this fulfillment order with the scopes it has. */
export function fulfillmentOrderAllowed(
  ctx: GraphqlContext,
  locationId: number,
  access: "read" | "write",
): boolean {
  return scopeGranted(
    ctx.scopes,
    `${access}_${fulfillmentOrderKind(ctx, locationId)}_fulfillment_orders`,
  );
}
