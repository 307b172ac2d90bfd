/** The query root: shop, products, variants, orders, fulfillments, locations, carrier services. */
import { matchesQuery, type SearchSpec } from "../search";
import { gid, type OrderRecord, type ProductRecord, type VariantRecord } from "../state";
import { FO_READ, fulfillmentOrderAllowed, requireAccess } from "./access";
import { idArg, iso, type Args, type GraphqlContext, type View } from "./context";
import { nodeById } from "./node";
import { connection, sortBy, type PagingArgs } from "./paging";
import { carrierServiceView, productView, shopView, variantView } from "./views/catalogue";
import { assignedFulfillmentOrders } from "./assigned-fulfillment-orders";
import { fulfillmentServiceView, locationView } from "./views/fulfillment-service";
import { appView } from "./views/app";
import { onlineStoreQueries } from "./views/online-store";
import { fulfillmentOrderView, fulfillmentView, orderView } from "./views/orders";

const SIXTY_DAYS_MS = 60 * 24 * 60 * 60 * 1000;

const productSearch: SearchSpec<ProductRecord & { skus: string[] }> = {
  fields: {
    title: (p) => p.title,
    handle: (p) => p.handle,
    vendor: (p) => p.vendor,
    product_type: (p) => p.productType,
    status: (p) => p.status,
    tag: (p) => p.tags,
    tags: (p) => p.tags,
    sku: (p) => p.skus,
    id: (p) => p.id,
    created_at: (p) => iso(p.createdAt),
    updated_at: (p) => iso(p.updatedAt),
  },
  text: ["title", "sku", "vendor", "product_type", "tag", "handle"],
};

const variantSearch: SearchSpec<VariantRecord & { productTitle: string }> = {
  fields: {
    title: (v) => v.title,
    sku: (v) => v.sku,
    barcode: (v) => v.barcode,
    product_id: (v) => v.productId,
    product_title: (v) => v.productTitle,
    id: (v) => v.id,
  },
  text: ["title", "sku", "barcode", "product_title"],
};

export function queryRoot(ctx: GraphqlContext): View {
  const { state, shop } = ctx;
  const shopProducts = () => [...state.products.values()].filter((p) => p.shop === shop.domain);
  const shopVariants = () => [...state.variants.values()].filter((v) => v.shop === shop.domain);
  const productSort =
    (key: unknown) =>
    (p: ProductRecord): string | number => {
      switch (key) {
        case "TITLE":
          return p.title.toLowerCase();
        case "PRODUCT_TYPE":
          return p.productType.toLowerCase();
        case "VENDOR":
          return p.vendor.toLowerCase();
        case "CREATED_AT":
        case "PUBLISHED_AT":
          return p.createdAt;
        case "UPDATED_AT":
          return p.updatedAt;
        case "INVENTORY_TOTAL":
          return p.variantIds.reduce(
            (n, id) => n + (state.variants.get(id)?.inventoryQuantity ?? 0),
            0,
          );
        default:
          return p.id;
      }
    };
  const filteredProducts = (args: Args) =>
    shopProducts().filter((p) =>
      matchesQuery(
        { ...p, skus: p.variantIds.map((id) => state.variants.get(id)?.sku ?? "") },
        args.query as string | null,
        productSearch,
      ),
    );
  return {
    ...onlineStoreQueries(ctx),
    shop: () => shopView(ctx),
    currentAppInstallation: () => ({
      __typename: "AppInstallation",
      id: gid("AppInstallation", shop.id),
      accessScopes: [...ctx.scopes].map((handle) => ({ handle, description: handle })),
    }),
    app: () => appView(ctx),
    node: (args: Args) => nodeById(ctx, String(args.id)),
    nodes: (args: Args) => (args.ids as string[]).map((id) => nodeById(ctx, id)),
    product: (args: Args) => {
      requireAccess(ctx, "product", "read_products");
      const p = state.products.get(idArg(args.id, "Product") ?? -1);
      return p && p.shop === shop.domain ? productView(ctx, p) : null;
    },
    products: (args: Args & PagingArgs) => {
      requireAccess(ctx, "products", "read_products");
      const key = productSort(args.sortKey);
      return connection(sortBy(filteredProducts(args), key), args, (p) => productView(ctx, p), key);
    },
    productsCount: (args: Args) => {
      requireAccess(ctx, "productsCount", "read_products");
      const n = filteredProducts(args).length;
      const limit = typeof args.limit === "number" ? args.limit : 10000;
      return { count: Math.min(n, limit), precision: n > limit ? "AT_LEAST" : "EXACT" };
    },
    productVariant: (args: Args) => {
      requireAccess(ctx, "productVariant", "read_products");
      const v = state.variants.get(idArg(args.id, "ProductVariant") ?? -1);
      return v && v.shop === shop.domain ? variantView(ctx, v) : null;
    },
    productVariants: (args: Args & PagingArgs) => {
      requireAccess(ctx, "productVariants", "read_products");
      const list = shopVariants().filter((v) =>
        matchesQuery(
          { ...v, productTitle: state.products.get(v.productId)?.title ?? "" },
          args.query as string | null,
          variantSearch,
        ),
      );
      const key = (v: VariantRecord): string | number =>
        args.sortKey === "SKU"
          ? v.sku.toLowerCase()
          : args.sortKey === "TITLE"
            ? v.title.toLowerCase()
            : args.sortKey === "POSITION"
              ? v.position
              : v.id;
      return connection(sortBy(list, key), args, (v) => variantView(ctx, v), key);
    },
    order: (args: Args) => {
      requireAccess(ctx, "order", "read_orders");
      idArg(args.id, "Order");
      const o = state.orders.get(state.ids.stored(String(args.id), "Order") ?? -1);
      return o && o.shop === shop.domain ? orderView(ctx, o) : null;
    },
    orders: (args: Args & PagingArgs) => {
      requireAccess(ctx, "orders", "read_orders");
      // As Shopify: without read_all_orders, only the last 60 days of orders are there.
      const oldest = ctx.scopes.has("read_all_orders") ? -Infinity : state.now() - SIXTY_DAYS_MS;
      const list = [...state.orders.values()]
        .filter((o) => o.shop === shop.domain && o.createdAt >= oldest)
        .filter((o) =>
          matchesQuery(o, args.query as string | null, {
            fields: {
              name: (x) => [x.name, x.name.replace(/^#/, "")],
              email: (x) => x.email,
              financial_status: (x) => x.financialStatus.toLowerCase(),
              fulfillment_status: (x) => state.displayFulfillmentStatus(x).toLowerCase(),
              status: (x) => (x.cancelledAt ? "cancelled" : x.closedAt ? "closed" : "open"),
              id: (x) => state.ids.shown("Order", x.id),
              tag: (x) => x.tags,
              // The regular check with Shopify and the import read by these (processedAt is createdAt here).
              created_at: (x) => iso(x.createdAt),
              processed_at: (x) => iso(x.createdAt),
              updated_at: (x) => iso(x.updatedAt),
            },
            text: ["name", "email"],
          }),
        );
      const key = (o: OrderRecord): string | number =>
        args.sortKey === "ORDER_NUMBER"
          ? o.number
          : args.sortKey === "UPDATED_AT"
            ? o.updatedAt
            : args.sortKey === "ID"
              ? o.id
              : o.createdAt;
      return connection(sortBy(list, key), args, (o) => orderView(ctx, o), key);
    },
    fulfillmentOrder: (args: Args) => {
      requireAccess(ctx, "fulfillmentOrder", ...FO_READ);
      const fo = state.fulfillmentOrders.get(idArg(args.id, "FulfillmentOrder") ?? -1);
      return fo && fo.shop === shop.domain && fulfillmentOrderAllowed(ctx, fo.locationId, "read")
        ? fulfillmentOrderView(ctx, fo)
        : null;
    },
    assignedFulfillmentOrders: (args: Args & PagingArgs) => {
      requireAccess(ctx, "assignedFulfillmentOrders", "read_assigned_fulfillment_orders");
      return connection(assignedFulfillmentOrders(ctx, args), args, (fo) =>
        fulfillmentOrderView(ctx, fo),
      );
    },
    fulfillmentService: (args: Args) => {
      requireAccess(ctx, "fulfillmentService", "read_fulfillments");
      const s = state.fulfillmentServices.get(idArg(args.id, "FulfillmentService") ?? -1);
      return s && s.shop === shop.domain ? fulfillmentServiceView(ctx, s) : null;
    },
    fulfillment: (args: Args) => {
      requireAccess(ctx, "fulfillment", "read_orders", ...FO_READ);
      const f = state.fulfillments.get(idArg(args.id, "Fulfillment") ?? -1);
      return f && f.shop === shop.domain ? fulfillmentView(ctx, f) : null;
    },
    location: (args: Args) => {
      requireAccess(ctx, "location", "read_locations");
      const list = [...state.locations.values()].filter((l) => l.shop === shop.domain);
      const l = args.id == null ? list[0] : state.locations.get(idArg(args.id, "Location") ?? -1);
      return l && l.shop === shop.domain ? locationView(ctx, l) : null;
    },
    locations: (args: Args & PagingArgs) => {
      requireAccess(ctx, "locations", "read_locations");
      const list = [...state.locations.values()].filter(
        (l) => l.shop === shop.domain && (args.includeInactive === true || l.isActive !== false),
      );
      const sorted =
        args.sortKey === "ID"
          ? sortBy(list, (l) => l.id)
          : sortBy(list, (l) => l.name.toLowerCase());
      return connection(
        sorted.filter((l) =>
          matchesQuery(l, args.query as string | null, {
            fields: { name: (x) => x.name },
            text: ["name"],
          }),
        ),
        args,
        (l) => locationView(ctx, l),
      );
    },
    carrierService: (args: Args) => {
      requireAccess(ctx, "carrierService", "read_shipping");
      const c = state.carrierServices.get(idArg(args.id, "DeliveryCarrierService") ?? -1);
      return c && c.shop === shop.domain ? carrierServiceView(c) : null;
    },
    carrierServices: (args: Args & PagingArgs) => {
      requireAccess(ctx, "carrierServices", "read_shipping");
      const list = [...state.carrierServices.values()].filter((c) => c.shop === shop.domain);
      return connection(
        sortBy(
          list.filter((c) =>
            matchesQuery(c, args.query as string | null, {
              fields: { active: (x) => String(x.active), name: (x) => x.name },
              text: ["name"],
            }),
          ),
          (c) => c.id,
        ),
        args,
        carrierServiceView,
      );
    },
  };
}
