/** fulfillmentServiceCreate and fulfillmentServiceDelete, inventoryActivate and inventoryDeactivate. */
import { gid } from "../../state";
import {
  activateInventory,
  createFulfillmentService,
  deleteFulfillmentService,
  deactivateInventory,
  isRefusal,
} from "../../state/fulfillment-service";
import { requireAccess } from "../access";
import { idArg, validUrl, type Args, type GraphqlContext, type View } from "../context";
import { fulfillmentServiceView, inventoryLevelView } from "../views/fulfillment-service";
import { variantView } from "../views/catalogue";

/** A callback Shopify can call: https, or plain http on loopback (the stand-in's app). */
function badCallback(callbackUrl: string | null): boolean {
  if (callbackUrl === null) return false;
  return (
    !validUrl(callbackUrl) || (!callbackUrl.startsWith("https://") && !isLoopback(callbackUrl))
  );
}

const BAD_CALLBACK = { field: ["callbackUrl"], message: "Callback url is not a valid URL" };

export function fulfillmentServiceCreate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentServiceCreate", "write_fulfillments");
  const callbackUrl = typeof args.callbackUrl === "string" ? args.callbackUrl : null;
  if (badCallback(callbackUrl)) return { fulfillmentService: null, userErrors: [BAD_CALLBACK] };
  const made = createFulfillmentService(ctx.state, ctx.shop.domain, ctx.appId, {
    name: String(args.name ?? ""),
    callbackUrl,
    trackingSupport: args.trackingSupport === true,
    inventoryManagement: args.inventoryManagement === true,
    requiresShippingMethod: args.requiresShippingMethod !== false,
  });
  if (isRefusal(made)) return { fulfillmentService: null, userErrors: [made] };
  return { fulfillmentService: fulfillmentServiceView(ctx, made), userErrors: [] };
}

/** The stand-in runs on loopback: plain http there stands for the app's https address. */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
  } catch {
    return false;
  }
}

export function fulfillmentServiceUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentServiceUpdate", "write_fulfillments");
  const id = idArg(args.id, "FulfillmentService");
  const service = id === null ? undefined : ctx.state.fulfillmentServices.get(id);
  if (!service || service.shop !== ctx.shop.domain || service.appId !== ctx.appId) {
    return {
      fulfillmentService: null,
      userErrors: [{ field: ["id"], message: "Fulfillment service could not be found." }],
    };
  }
  if (typeof args.callbackUrl === "string") {
    if (badCallback(args.callbackUrl))
      return { fulfillmentService: null, userErrors: [BAD_CALLBACK] };
    service.callbackUrl = args.callbackUrl;
  }
  if (typeof args.trackingSupport === "boolean") service.trackingSupport = args.trackingSupport;
  if (typeof args.inventoryManagement === "boolean")
    service.inventoryManagement = args.inventoryManagement;
  if (typeof args.requiresShippingMethod === "boolean")
    service.requiresShippingMethod = args.requiresShippingMethod;
  return { fulfillmentService: fulfillmentServiceView(ctx, service), userErrors: [] };
}

export function fulfillmentServiceDelete(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentServiceDelete", "write_fulfillments");
  const id = idArg(args.id, "FulfillmentService");
  const service = id === null ? undefined : ctx.state.fulfillmentServices.get(id);
  if (!service || service.shop !== ctx.shop.domain || service.appId !== ctx.appId) {
    return {
      deletedId: null,
      userErrors: [{ field: ["id"], message: "Fulfillment service could not be found." }],
    };
  }
  deleteFulfillmentService(ctx.state, service);
  return { deletedId: gid("FulfillmentService", service.id), userErrors: [] };
}

export function inventoryActivate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "inventoryActivate", "write_inventory");
  const itemId = idArg(args.inventoryItemId, "InventoryItem") ?? -1;
  const locationId = idArg(args.locationId, "Location") ?? -1;
  const level = activateInventory(ctx.state, ctx.shop.domain, itemId, locationId);
  if (isRefusal(level)) return { inventoryLevel: null, userErrors: [level] };
  const variant = ctx.state.variants.get(itemId)!;
  const item = () => (variantView(ctx, variant).inventoryItem as View) ?? null;
  return { inventoryLevel: inventoryLevelView(ctx, level, item), userErrors: [] };
}

export function inventoryDeactivate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "inventoryDeactivate", "write_inventory");
  const levelId = idArg(args.inventoryLevelId, "InventoryLevel") ?? -1;
  const refusal = deactivateInventory(ctx.state, ctx.shop.domain, levelId);
  return { userErrors: refusal ? [refusal] : [] };
}
