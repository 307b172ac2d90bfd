/** The node and nodes queries: any supported GID of the shop to its view. */
import type { GidType } from "../seed";
import { FO_READ, requireAccess } from "./access";
import { idArg, type GraphqlContext, type View } from "./context";
import { carrierServiceView, productView, shopView, variantView } from "./views/catalogue";
import { locationView } from "./views/fulfillment-service";
import { mediaImageView } from "./views/media";
import {
  customerView,
  fulfillmentOrderView,
  fulfillmentView,
  lineItemView,
  orderView,
} from "./views/orders";

/** Resolves any supported GID of this shop to its view (for node / nodes). */
export function nodeById(ctx: GraphqlContext, id: string): View | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)/.exec(id);
  if (!m) idArg(id, "");
  const type = m![1]!;
  const { state, shop } = ctx;
  // Exact: an id beyond 2^53 finds its own record or none, never a rounded neighbour.
  const n = state.ids.stored(m![2]!, type as GidType) ?? -1;
  switch (type) {
    case "Shop":
      return n === shop.id ? shopView(ctx) : null;
    case "Product": {
      requireAccess(ctx, "node", "read_products");
      const p = state.products.get(n);
      return p && p.shop === shop.domain ? productView(ctx, p) : null;
    }
    case "ProductVariant": {
      requireAccess(ctx, "node", "read_products");
      const v = state.variants.get(n);
      return v && v.shop === shop.domain ? variantView(ctx, v) : null;
    }
    case "Order": {
      requireAccess(ctx, "node", "read_orders");
      const o = state.orders.get(n);
      return o && o.shop === shop.domain ? orderView(ctx, o) : null;
    }
    case "LineItem": {
      requireAccess(ctx, "node", "read_orders");
      const l = state.lineItems.get(n);
      const o = l ? state.orders.get(l.orderId) : undefined;
      return l && o && o.shop === shop.domain ? lineItemView(ctx, l) : null;
    }
    case "FulfillmentOrder": {
      requireAccess(ctx, "node", ...FO_READ);
      const fo = state.fulfillmentOrders.get(n);
      return fo && fo.shop === shop.domain ? fulfillmentOrderView(ctx, fo) : null;
    }
    case "Fulfillment": {
      requireAccess(ctx, "node", "read_orders", ...FO_READ);
      const f = state.fulfillments.get(n);
      return f && f.shop === shop.domain ? fulfillmentView(ctx, f) : null;
    }
    case "Location": {
      const l = state.locations.get(n);
      return l && l.shop === shop.domain ? locationView(ctx, l) : null;
    }
    case "DeliveryCarrierService": {
      requireAccess(ctx, "node", "read_shipping");
      const c = state.carrierServices.get(n);
      return c && c.shop === shop.domain ? carrierServiceView(c) : null;
    }
    case "MediaImage": {
      requireAccess(ctx, "node", "read_products", "read_files");
      const m = state.media.get(n);
      return m && m.shop === shop.domain ? mediaImageView(ctx, m) : null;
    }
    case "Customer":
      return state.customers.has(n) ? customerView(ctx, n) : null;
    default:
      return null;
  }
}
