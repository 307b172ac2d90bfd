/**
 * Admin GraphQL execution for the fake: graphql-js over the SDL subset, with
 * Shopify-like access-scope checks, pagination, query cost, throttling and
 * error shapes.
 */
import {
  GraphQLError,
  Kind,
  buildSchema,
  execute,
  getNamedType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isEnumType,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLNamedType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type TypeNode,
  type ValueNode,
} from "graphql";
import { matchesQuery, type SearchSpec } from "./search";
import { SCHEMA_SDL } from "./schema-sdl";
import type { GidType } from "./seed";
import {
  FakeState,
  fromCents,
  gid,
  parseId,
  toCents,
  type AddressRecord,
  type CarrierServiceRecord,
  type FulfillmentOrderRecord,
  type FulfillmentRecord,
  type LineItemRecord,
  type LocationRecord,
  type OrderRecord,
  type ProductRecord,
  type ShopRecord,
  type TrackingInfo,
  type VariantRecord,
} from "./state";

export const adminSchema: GraphQLSchema = buildSchema(SCHEMA_SDL);

/** What a state change made through the API means for webhooks. */
export interface ApiChange {
  topics: string[];
  orderId: number;
}

export interface GraphqlContext {
  state: FakeState;
  shop: ShopRecord;
  scopes: Set<string>;
  /** Called after a mutation changed an order (the server may deliver webhooks). */
  onChange?: (change: ApiChange) => void;
}

type Args = Record<string, unknown>;
type View = Record<string, unknown>;

// ------------------------------------------------------------------ helpers

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function scopeGranted(scopes: Set<string>, required: string): boolean {
  if (scopes.has(required)) return true;
  if (required.startsWith("read_")) return scopes.has(`write_${required.slice(5)}`);
  return false;
}

/** Throws Shopify's ACCESS_DENIED error unless one of the scopes is granted. */
function requireAccess(ctx: GraphqlContext, field: string, ...anyOf: string[]): void {
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

const FO_READ = [
  "read_merchant_managed_fulfillment_orders",
  "read_assigned_fulfillment_orders",
  "read_third_party_fulfillment_orders",
];
const FO_WRITE = [
  "write_merchant_managed_fulfillment_orders",
  "write_assigned_fulfillment_orders",
  "write_third_party_fulfillment_orders",
];

function idArg(value: unknown, type: string): number | null {
  const raw = String(value);
  if (!/^gid:\/\/shopify\/[A-Za-z]+\/\d+/.test(raw)) {
    throw new GraphQLError(`Invalid global id '${raw}'`, {
      extensions: { code: "argumentLiteralsIncompatible", typeName: "CoercionError" },
    });
  }
  return parseId(raw, type) ?? null;
}

interface PagingArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

function encodeCursor(id: number, value: unknown): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value ?? id })).toString("base64");
}

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as {
      last_id?: unknown;
    };
    if (typeof parsed.last_id === "number") return parsed.last_id;
  } catch {
    // fall through
  }
  throw new GraphQLError("Invalid cursor.", { extensions: { code: "BAD_REQUEST" } });
}

/** Relay pagination over an already filtered and sorted list, Shopify style. */
function connection<T extends { id: number }>(
  all: T[],
  args: PagingArgs,
  view: (item: T) => View,
  sortValue: (item: T) => unknown = (item) => item.id,
): View {
  const first = args.first ?? null;
  const last = args.last ?? null;
  if (first === null && last === null) {
    throw new GraphQLError("you must provide one of first or last", {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  for (const [name, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (n !== null && (n < 0 || n > 250)) {
      throw new GraphQLError(`The '${name}' argument must be between 0 and 250.`, {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }
  const list = args.reverse ? [...all].reverse() : all;
  let start = 0;
  let end = list.length;
  if (args.after) {
    const id = decodeCursor(args.after);
    const i = list.findIndex((x) => x.id === id);
    if (i >= 0) start = i + 1;
  }
  if (args.before) {
    const id = decodeCursor(args.before);
    const i = list.findIndex((x) => x.id === id);
    if (i >= 0) end = i;
  }
  let from = start;
  let to = Math.max(start, end);
  if (first !== null) to = Math.min(to, from + first);
  else if (last !== null) from = Math.max(from, to - last);
  const slice = list.slice(from, to);
  const edges = slice.map((item) => ({
    cursor: encodeCursor(item.id, sortValue(item)),
    node: view(item),
  }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: to < list.length,
      hasPreviousPage: from > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

function sortBy<T extends { id: number }>(items: T[], value: (item: T) => string | number): T[] {
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va < vb) return -1;
    if (va > vb) return 1;
    return a.id - b.id;
  });
}

function money(amount: string, currencyCode: string): View {
  const m = { amount, currencyCode };
  return { shopMoney: m, presentmentMoney: m };
}

// ------------------------------------------------------------------ views

function imageView(url: string | null, alt: string | null, id: number): View | null {
  if (!url) return null;
  return {
    id: gid("ProductImage", id),
    altText: alt,
    url: () => url,
    width: 2048,
    height: 2048,
  };
}

/** A product's image as its featured media (a MediaImage whose preview is the image). */
function mediaImageView(url: string | null, alt: string | null, id: number): View | null {
  const image = imageView(url, alt, id);
  if (!image) return null;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", id),
    alt,
    mediaContentType: "IMAGE",
    status: "READY",
    preview: { image, status: "READY" },
    image,
    mimeType: "image/jpeg",
  };
}

function shopView(ctx: GraphqlContext): View {
  const s = ctx.shop;
  const address = {
    __typename: "ShopAddress",
    id: gid("ShopAddress", s.id),
    address1: "Keizersgracht 1",
    address2: null,
    city: "Amsterdam",
    company: s.name,
    country: "Netherlands",
    countryCodeV2: s.countryCode,
    province: null,
    provinceCode: null,
    zip: "1015 AA",
    phone: null,
  };
  return {
    __typename: "Shop",
    id: gid("Shop", s.id),
    name: s.name,
    myshopifyDomain: s.domain,
    email: s.email,
    contactEmail: s.contactEmail,
    currencyCode: s.currencyCode,
    enabledPresentmentCurrencies: [s.currencyCode],
    ianaTimezone: s.ianaTimezone,
    timezoneAbbreviation: s.ianaTimezone === "Europe/Amsterdam" ? "CET" : "UTC",
    weightUnit: "KILOGRAMS",
    url: `https://${s.domain}`,
    primaryDomain: {
      id: gid("Domain", s.id),
      host: s.domain,
      url: `https://${s.domain}`,
      sslEnabled: true,
    },
    plan: {
      displayName: "Basic",
      publicDisplayName: "Basic",
      partnerDevelopment: true,
      shopifyPlus: false,
    },
    // The deprecated billingAddress and its replacement shopAddress are the same address.
    billingAddress: address,
    shopAddress: address,
  };
}

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

function productView(ctx: GraphqlContext, p: ProductRecord): View {
  const variants = () =>
    p.variantIds.map((id) => ctx.state.variants.get(id)).filter((v): v is VariantRecord => !!v);
  return {
    __typename: "Product",
    id: gid("Product", p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    description: (args: Args) => {
      const n = typeof args.truncateAt === "number" ? args.truncateAt : null;
      return n !== null && p.description.length > n
        ? `${p.description.slice(0, n)}...`
        : p.description;
    },
    descriptionHtml: p.description ? `<p>${p.description}</p>` : "",
    tags: p.tags,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    onlineStoreUrl: p.status === "ACTIVE" ? `https://${p.shop}/products/${p.handle}` : null,
    featuredImage: imageView(p.imageUrl, p.imageAlt, p.id),
    featuredMedia: mediaImageView(p.imageUrl, p.imageAlt, p.id),
    hasOnlyDefaultVariant: p.variantIds.length === 1 && variants()[0]?.title === "Default Title",
    totalInventory: variants().reduce((n, v) => n + v.inventoryQuantity, 0),
    options: () => {
      const names = new Map<string, string[]>();
      for (const v of variants()) {
        for (const o of v.options) {
          const vals = names.get(o.name) ?? [];
          if (!vals.includes(o.value)) vals.push(o.value);
          names.set(o.name, vals);
        }
      }
      return [...names.entries()].map(([name, values], i) => ({
        id: gid("ProductOption", p.id * 10 + i),
        name,
        position: i + 1,
        values,
      }));
    },
    variantsCount: { count: p.variantIds.length, precision: "EXACT" },
    variants: (args: Args & PagingArgs) => {
      const list =
        args.sortKey === "ID"
          ? sortBy(variants(), (v) => v.id)
          : sortBy(variants(), (v) => v.position);
      return connection(list, args, (v) => variantView(ctx, v));
    },
  };
}

function variantView(ctx: GraphqlContext, v: VariantRecord): View {
  const product = ctx.state.products.get(v.productId);
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${product?.title ?? ""} - ${v.title}`,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    compareAtPrice: v.compareAtPrice,
    position: v.position,
    availableForSale: product?.status === "ACTIVE",
    inventoryQuantity: v.inventoryQuantity,
    selectedOptions: v.options,
    image: imageView(v.imageUrl ?? product?.imageUrl ?? null, product?.imageAlt ?? null, v.id),
    product: () => (product ? productView(ctx, product) : null),
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
  };
}

function addressView(a: AddressRecord | null): View | null {
  if (!a) return null;
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ") || null;
  return {
    __typename: "MailingAddress",
    id: gid("MailingAddress", a.id),
    firstName: a.firstName,
    lastName: a.lastName,
    name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    provinceCode: a.provinceCode,
    country: a.country,
    countryCodeV2: a.countryCode,
    zip: a.zip,
    phone: a.phone,
    formatted: (args: Args) =>
      [
        args.withName ? name : null,
        args.withCompany === false ? null : a.company,
        a.address1,
        a.address2,
        [a.zip, a.city].filter(Boolean).join(" ") || null,
        a.province,
        a.country,
      ].filter((x): x is string => !!x),
  };
}

function lineItemView(ctx: GraphqlContext, l: LineItemRecord): View {
  const order = ctx.state.orders.get(l.orderId);
  const currency = order?.currencyCode ?? ctx.shop.currencyCode;
  const variant = l.variantId === null ? undefined : ctx.state.variants.get(l.variantId);
  const product = l.productId === null ? undefined : ctx.state.products.get(l.productId);
  const fulfilled = [...ctx.state.fulfillments.values()]
    .filter((f) => f.orderId === l.orderId && f.status === "SUCCESS")
    .flatMap((f) => f.lineItems)
    .filter((fl) => fl.lineItemId === l.id)
    .reduce((n, fl) => n + fl.quantity, 0);
  return {
    __typename: "LineItem",
    id: ctx.state.ids.gid("LineItem", l.id),
    name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
    title: l.title,
    variantTitle: l.variantTitle,
    sku: l.sku,
    vendor: l.vendor,
    quantity: l.quantity,
    currentQuantity: order?.cancelledAt ? 0 : l.quantity,
    unfulfilledQuantity: order?.cancelledAt ? 0 : l.quantity - fulfilled,
    requiresShipping: l.requiresShipping,
    customAttributes: l.properties.map((p) => ({ key: p.name, value: p.value })),
    variant: variant ? () => variantView(ctx, variant) : null,
    product: product ? () => productView(ctx, product) : null,
    image: imageView(
      variant?.imageUrl ?? product?.imageUrl ?? null,
      product?.imageAlt ?? null,
      l.id,
    ),
    originalUnitPriceSet: money(l.price, currency),
    originalTotalSet: money(fromCents(toCents(l.price) * l.quantity), currency),
  };
}

function customerView(ctx: GraphqlContext, id: number | null): View | null {
  const c = id === null ? undefined : ctx.state.customers.get(id);
  if (!c) return null;
  return {
    __typename: "Customer",
    id: ctx.state.ids.gid("Customer", c.id),
    legacyResourceId: ctx.state.ids.shown("Customer", c.id),
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    displayName: [c.firstName, c.lastName].filter(Boolean).join(" ") || c.email || "",
    phone: c.phone,
  };
}

function orderView(ctx: GraphqlContext, o: OrderRecord): View {
  const totals = ctx.state.orderTotals(o);
  const paid = o.financialStatus === "PAID";
  return {
    __typename: "Order",
    id: ctx.state.ids.gid("Order", o.id),
    legacyResourceId: ctx.state.ids.shown("Order", o.id),
    name: o.name,
    email: o.email,
    phone: o.phone,
    note: o.note,
    tags: o.tags,
    test: o.test,
    confirmed: true,
    confirmationNumber: o.confirmationNumber,
    closed: o.closedAt !== null,
    closedAt: iso(o.closedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    processedAt: iso(o.createdAt),
    currencyCode: o.currencyCode,
    presentmentCurrencyCode: o.currencyCode,
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: ctx.state.displayFulfillmentStatus(o),
    fullyPaid: paid,
    unpaid: o.financialStatus === "PENDING" || o.financialStatus === "AUTHORIZED",
    canMarkAsPaid: !paid && !o.cancelledAt,
    totalPriceSet: money(totals.total, o.currencyCode),
    subtotalPriceSet: money(totals.subtotal, o.currencyCode),
    totalShippingPriceSet: money(totals.shipping, o.currencyCode),
    currentTotalPriceSet: money(o.cancelledAt ? "0.00" : totals.total, o.currencyCode),
    shippingAddress: addressView(o.shippingAddress),
    billingAddress: addressView(o.billingAddress),
    customer: () => customerView(ctx, o.customerId),
    customAttributes: [],
    lineItems: (args: PagingArgs) =>
      connection(ctx.state.orderLineItems(o), args, (l) => lineItemView(ctx, l)),
    fulfillmentOrders: (args: PagingArgs & { query?: string | null; displayable?: boolean }) => {
      requireAccess(ctx, "fulfillmentOrders", ...FO_READ);
      let list = sortBy(ctx.state.orderFulfillmentOrders(o), (fo) => fo.id);
      if (args.displayable)
        list = list.filter((fo) => fo.status !== "CANCELLED" && fo.status !== "INCOMPLETE");
      if (args.query) {
        list = list.filter((fo) =>
          matchesQuery(fo, args.query, {
            fields: {
              status: (x) => x.status.toLowerCase(),
              assigned_location_id: (x) => x.locationId,
              request_status: (x) => x.requestStatus.toLowerCase(),
            },
            text: ["status"],
          }),
        );
      }
      return connection(list, args, (fo) => fulfillmentOrderView(ctx, fo));
    },
    fulfillments: (args: { first?: number | null }) => {
      const list = sortBy(ctx.state.orderFulfillments(o), (f) => f.id);
      return (args.first ? list.slice(0, args.first) : list).map((f) => fulfillmentView(ctx, f));
    },
  };
}

function locationView(l: LocationRecord): View {
  return {
    __typename: "Location",
    id: gid("Location", l.id),
    legacyResourceId: String(l.id),
    name: l.name,
    isActive: true,
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    address: {
      address1: l.address1,
      address2: null,
      city: l.city,
      country: l.countryCode,
      countryCode: l.countryCode,
      province: null,
      provinceCode: null,
      zip: l.zip,
      phone: null,
      formatted: [l.address1, `${l.zip} ${l.city}`, l.countryCode].filter(Boolean),
    },
  };
}

function fulfillmentOrderView(ctx: GraphqlContext, fo: FulfillmentOrderRecord): View {
  const order = ctx.state.orders.get(fo.orderId);
  const location = ctx.state.locations.get(fo.locationId);
  const a = order?.shippingAddress ?? null;
  const open = fo.status === "OPEN" || fo.status === "IN_PROGRESS";
  return {
    __typename: "FulfillmentOrder",
    id: gid("FulfillmentOrder", fo.id),
    status: fo.status,
    requestStatus: fo.requestStatus,
    createdAt: iso(fo.createdAt),
    updatedAt: iso(fo.updatedAt),
    orderId: ctx.state.ids.gid("Order", fo.orderId),
    orderName: order?.name ?? "",
    order: () => (order ? orderView(ctx, order) : null),
    assignedLocation: {
      name: location?.name ?? "",
      address1: location?.address1 ?? null,
      address2: null,
      city: location?.city ?? null,
      countryCode: location?.countryCode ?? ctx.shop.countryCode,
      province: null,
      zip: location?.zip ?? null,
      phone: null,
      location: location ? locationView(location) : null,
    },
    destination: a
      ? {
          __typename: "FulfillmentOrderDestination",
          id: gid("FulfillmentOrderDestination", fo.id),
          firstName: a.firstName,
          lastName: a.lastName,
          company: a.company,
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          province: a.province,
          countryCode: a.countryCode,
          zip: a.zip,
          phone: a.phone,
          email: order?.email ?? null,
        }
      : null,
    supportedActions: open
      ? [{ action: "CREATE_FULFILLMENT" }, { action: "HOLD" }, { action: "MOVE" }]
      : [],
    lineItems: (args: PagingArgs) =>
      connection(fo.lineItems, args, (li) => {
        const line = ctx.state.lineItems.get(li.lineItemId);
        const variant =
          line?.variantId != null ? ctx.state.variants.get(line.variantId) : undefined;
        return {
          __typename: "FulfillmentOrderLineItem",
          id: gid("FulfillmentOrderLineItem", li.id),
          totalQuantity: li.totalQuantity,
          remainingQuantity: li.remainingQuantity,
          sku: line?.sku ?? null,
          productTitle: line?.title ?? "",
          variantTitle: line?.variantTitle ?? null,
          variant: variant ? () => variantView(ctx, variant) : null,
          lineItem: () => (line ? lineItemView(ctx, line) : null),
        };
      }),
    fulfillments: (args: PagingArgs) =>
      connection(
        sortBy(
          [...ctx.state.fulfillments.values()].filter((f) =>
            f.lineItems.some((l) => l.fulfillmentOrderId === fo.id),
          ),
          (f) => f.id,
        ),
        args,
        (f) => fulfillmentView(ctx, f),
      ),
  };
}

function fulfillmentView(ctx: GraphqlContext, f: FulfillmentRecord): View {
  const order = ctx.state.orders.get(f.orderId);
  const location = ctx.state.locations.get(f.locationId);
  return {
    __typename: "Fulfillment",
    id: gid("Fulfillment", f.id),
    legacyResourceId: String(f.id),
    name: f.name,
    status: f.status,
    displayStatus: f.status === "CANCELLED" ? "CANCELED" : "FULFILLED",
    createdAt: iso(f.createdAt),
    updatedAt: iso(f.updatedAt),
    totalQuantity: f.lineItems.reduce((n, l) => n + l.quantity, 0),
    order: () => (order ? orderView(ctx, order) : null),
    location: location ? locationView(location) : null,
    trackingInfo: (args: { first?: number | null }) =>
      args.first ? f.trackingInfo.slice(0, args.first) : f.trackingInfo,
    fulfillmentLineItems: (args: PagingArgs) =>
      connection(f.lineItems, args, (fl) => {
        const line = ctx.state.lineItems.get(fl.lineItemId);
        return {
          __typename: "FulfillmentLineItem",
          id: gid("FulfillmentLineItem", fl.id),
          quantity: fl.quantity,
          lineItem: () => (line ? lineItemView(ctx, line) : null),
        };
      }),
    fulfillmentOrders: (args: PagingArgs) => {
      const ids = [...new Set(f.lineItems.map((l) => l.fulfillmentOrderId))];
      const fos = ids
        .map((id) => ctx.state.fulfillmentOrders.get(id))
        .filter((x): x is FulfillmentOrderRecord => !!x);
      return connection(fos, args, (fo) => fulfillmentOrderView(ctx, fo));
    },
  };
}

function carrierServiceView(c: CarrierServiceRecord): View {
  return {
    __typename: "DeliveryCarrierService",
    id: gid("DeliveryCarrierService", c.id),
    name: c.name,
    formattedName: c.name,
    callbackUrl: c.callbackUrl,
    active: c.active,
    supportsServiceDiscovery: c.supportsServiceDiscovery,
  };
}

/** Resolves any supported GID of this shop to its view (for node / nodes). */
function nodeById(ctx: GraphqlContext, id: string): View | null {
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
      return l && l.shop === shop.domain ? locationView(l) : null;
    }
    case "DeliveryCarrierService": {
      requireAccess(ctx, "node", "read_shipping");
      const c = state.carrierServices.get(n);
      return c && c.shop === shop.domain ? carrierServiceView(c) : null;
    }
    case "Customer":
      return state.customers.has(n) ? customerView(ctx, n) : null;
    default:
      return null;
  }
}

// ------------------------------------------------------------------ mutations

interface UserError {
  field: string[] | null;
  message: string;
  code?: string;
}

interface TrackingInput {
  number?: string | null;
  url?: string | null;
  company?: string | null;
  numbers?: string[] | null;
  urls?: string[] | null;
}

function validUrl(u: string): boolean {
  try {
    const parsed = new URL(u);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

function trackingFromInput(input: TrackingInput | null | undefined): {
  info: TrackingInfo[];
  errors: UserError[];
} {
  if (!input) return { info: [], errors: [] };
  const numbers = input.numbers?.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls?.length ? input.urls : input.url ? [input.url] : [];
  const errors: UserError[] = [];
  for (const u of urls) {
    if (!validUrl(u))
      errors.push({ field: ["trackingInfo", "url"], message: "Tracking url is invalid." });
  }
  const company = input.company ?? null;
  const count = Math.max(numbers.length, urls.length);
  if (count === 0) return { info: company ? [{ company, number: null, url: null }] : [], errors };
  const info = Array.from({ length: count }, (_, i) => ({
    company,
    number: numbers[i] ?? null,
    url: urls[i] ?? null,
  }));
  return { info, errors };
}

interface FulfillmentInputArg {
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null;
  }>;
  notifyCustomer?: boolean | null;
  trackingInfo?: TrackingInput | null;
  originAddress?: Record<string, unknown> | null;
}

function fulfillmentCreate(
  ctx: GraphqlContext,
  input: FulfillmentInputArg,
  message: string | null,
): View {
  requireAccess(ctx, "fulfillmentCreate", ...FO_WRITE);
  const { state } = ctx;
  const errors: UserError[] = [];
  const fail = (msg: string, field: string[] = ["fulfillment"]) => ({
    fulfillment: null,
    userErrors: [...errors, { field, message: msg }],
  });
  if (input.lineItemsByFulfillmentOrder.length === 0) {
    return fail("Line items by fulfillment order can't be blank.", [
      "fulfillment",
      "lineItemsByFulfillmentOrder",
    ]);
  }
  const plan: Array<{
    fo: FulfillmentOrderRecord;
    li: FulfillmentOrderRecord["lineItems"][number];
    quantity: number;
  }> = [];
  let orderId: number | null = null;
  let locationId: number | null = null;
  for (const entry of input.lineItemsByFulfillmentOrder) {
    const foId = idArg(entry.fulfillmentOrderId, "FulfillmentOrder");
    const fo = foId === null ? undefined : state.fulfillmentOrders.get(foId);
    if (!fo || fo.shop !== ctx.shop.domain) return fail("Fulfillment order does not exist.");
    if (fo.status !== "OPEN" && fo.status !== "IN_PROGRESS") {
      return fail(
        `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
      );
    }
    if (orderId !== null && orderId !== fo.orderId)
      return fail("All fulfillment orders must belong to the same order.");
    if (locationId !== null && locationId !== fo.locationId) {
      return fail("All fulfillment orders must be assigned to the same location.");
    }
    orderId = fo.orderId;
    locationId = fo.locationId;
    if (entry.fulfillmentOrderLineItems == null) {
      for (const li of fo.lineItems)
        if (li.remainingQuantity > 0) plan.push({ fo, li, quantity: li.remainingQuantity });
      continue;
    }
    for (const req of entry.fulfillmentOrderLineItems) {
      const liId = idArg(req.id, "FulfillmentOrderLineItem");
      const li = fo.lineItems.find((x) => x.id === liId);
      if (!li)
        return fail(
          `Fulfillment order line item ${String(req.id)} does not belong to fulfillment order ${fo.id}.`,
        );
      const already = plan.filter((p) => p.li === li).reduce((n, p) => n + p.quantity, 0);
      if (
        !Number.isInteger(req.quantity) ||
        req.quantity <= 0 ||
        already + req.quantity > li.remainingQuantity
      ) {
        return fail("Invalid fulfillment order line item quantity requested.");
      }
      plan.push({ fo, li, quantity: req.quantity });
    }
  }
  if (plan.length === 0 || orderId === null || locationId === null) {
    return fail("Fulfillment order has no remaining line items to fulfill.");
  }
  const tracking = trackingFromInput(input.trackingInfo);
  if (tracking.errors.length)
    return {
      fulfillment: null,
      userErrors: tracking.errors.map((e) => ({
        ...e,
        field: ["fulfillment", ...(e.field ?? [])],
      })),
    };
  const order = state.orders.get(orderId)!;
  const now = state.now();
  for (const p of plan) p.li.remainingQuantity -= p.quantity;
  for (const fo of new Set(plan.map((p) => p.fo))) {
    fo.status = fo.lineItems.every((li) => li.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
    if (fo.status === "CLOSED")
      fo.requestStatus = fo.requestStatus === "UNSUBMITTED" ? "UNSUBMITTED" : "CLOSED";
    fo.updatedAt = now;
  }
  const seq = state.orderFulfillments(order).length + 1;
  const notify = input.notifyCustomer ?? false;
  const fulfillment: FulfillmentRecord = {
    id: state.nextId("Fulfillment"),
    shop: ctx.shop.domain,
    orderId,
    locationId,
    name: `${order.name}-F${seq}`,
    status: "SUCCESS",
    trackingInfo: tracking.info,
    lineItems: plan.map((p) => ({
      id: state.nextId("FulfillmentLineItem"),
      lineItemId: p.li.lineItemId,
      fulfillmentOrderId: p.fo.id,
      fulfillmentOrderLineItemId: p.li.id,
      quantity: p.quantity,
    })),
    notifyCustomer: notify,
    message,
    originAddress: input.originAddress ?? null,
    trackingHistory: [{ at: iso(now)!, trackingInfo: tracking.info, notifyCustomer: notify }],
    createdAt: now,
    updatedAt: now,
  };
  state.fulfillments.set(fulfillment.id, fulfillment);
  order.updatedAt = now;
  ctx.onChange?.({
    topics: [
      "fulfillments/create",
      "orders/updated",
      ...(state.displayFulfillmentStatus(order) === "FULFILLED"
        ? ["orders/fulfilled"]
        : ["orders/partially_fulfilled"]),
    ],
    orderId,
  });
  return { fulfillment: fulfillmentView(ctx, fulfillment), userErrors: [] };
}

function fulfillmentTrackingInfoUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentTrackingInfoUpdate", ...FO_WRITE);
  const id = idArg(args.fulfillmentId, "Fulfillment");
  const f = id === null ? undefined : ctx.state.fulfillments.get(id);
  if (!f || f.shop !== ctx.shop.domain) {
    return {
      fulfillment: null,
      userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
    };
  }
  if (f.status === "CANCELLED") {
    return {
      fulfillment: null,
      userErrors: [
        { field: ["fulfillmentId"], message: "Fulfillment is cancelled and can't be updated." },
      ],
    };
  }
  const tracking = trackingFromInput(args.trackingInfoInput as TrackingInput);
  if (tracking.errors.length) {
    return {
      fulfillment: null,
      userErrors: tracking.errors.map((e) => ({ ...e, field: ["trackingInfoInput", "url"] })),
    };
  }
  const now = ctx.state.now();
  f.trackingInfo = tracking.info;
  f.updatedAt = now;
  const notify = args.notifyCustomer === true;
  f.trackingHistory.push({ at: iso(now)!, trackingInfo: tracking.info, notifyCustomer: notify });
  ctx.onChange?.({ topics: ["fulfillments/update"], orderId: f.orderId });
  return { fulfillment: fulfillmentView(ctx, f), userErrors: [] };
}

function fulfillmentCancel(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentCancel", ...FO_WRITE);
  const id = idArg(args.id, "Fulfillment");
  const f = id === null ? undefined : ctx.state.fulfillments.get(id);
  if (!f || f.shop !== ctx.shop.domain)
    return {
      fulfillment: null,
      userErrors: [{ field: ["id"], message: "Fulfillment does not exist." }],
    };
  if (f.status === "CANCELLED")
    return {
      fulfillment: null,
      userErrors: [{ field: ["id"], message: "Fulfillment is already cancelled." }],
    };
  const now = ctx.state.now();
  f.status = "CANCELLED";
  f.updatedAt = now;
  for (const fl of f.lineItems) {
    const fo = ctx.state.fulfillmentOrders.get(fl.fulfillmentOrderId);
    const li = fo?.lineItems.find((x) => x.id === fl.fulfillmentOrderLineItemId);
    if (fo && li) {
      li.remainingQuantity += fl.quantity;
      const order = ctx.state.orders.get(fo.orderId);
      if (!order?.cancelledAt)
        fo.status = fo.lineItems.every((x) => x.remainingQuantity === x.totalQuantity)
          ? "OPEN"
          : "IN_PROGRESS";
      fo.updatedAt = now;
    }
  }
  ctx.onChange?.({ topics: ["fulfillments/update", "orders/updated"], orderId: f.orderId });
  return { fulfillment: fulfillmentView(ctx, f), userErrors: [] };
}

function carrierServiceErrors(
  ctx: GraphqlContext,
  input: Args,
  code: string,
  selfId: number | null,
): UserError[] {
  const errors: UserError[] = [];
  if (input.name !== undefined && (typeof input.name !== "string" || !input.name.trim())) {
    errors.push({ field: ["input", "name"], message: "Name can't be blank", code });
  }
  if (
    input.callbackUrl !== undefined &&
    (typeof input.callbackUrl !== "string" || !validUrl(input.callbackUrl))
  ) {
    errors.push({
      field: ["input", "callbackUrl"],
      message: "Callback url is not a valid URL",
      code,
    });
  }
  if (typeof input.name === "string") {
    const clash = [...ctx.state.carrierServices.values()].find(
      (c) =>
        c.shop === ctx.shop.domain &&
        c.id !== selfId &&
        c.name.toLowerCase() === String(input.name).trim().toLowerCase(),
    );
    if (clash)
      errors.push({
        field: ["input", "name"],
        message: `${clash.name} is already configured`,
        code,
      });
  }
  return errors;
}

function carrierServiceCreate(ctx: GraphqlContext, input: Args): View {
  requireAccess(ctx, "carrierServiceCreate", "write_shipping");
  const errors = carrierServiceErrors(ctx, input, "CARRIER_SERVICE_CREATE_FAILED", null);
  if (errors.length) return { carrierService: null, userErrors: errors };
  const record: CarrierServiceRecord = {
    id: ctx.state.nextId("DeliveryCarrierService"),
    shop: ctx.shop.domain,
    name: String(input.name).trim(),
    callbackUrl: String(input.callbackUrl),
    active: input.active === true,
    supportsServiceDiscovery: input.supportsServiceDiscovery === true,
    createdAt: ctx.state.now(),
  };
  ctx.state.carrierServices.set(record.id, record);
  return { carrierService: carrierServiceView(record), userErrors: [] };
}

function carrierServiceUpdate(ctx: GraphqlContext, input: Args): View {
  requireAccess(ctx, "carrierServiceUpdate", "write_shipping");
  const id = idArg(input.id, "DeliveryCarrierService");
  const record = id === null ? undefined : ctx.state.carrierServices.get(id);
  if (!record || record.shop !== ctx.shop.domain) {
    return {
      carrierService: null,
      userErrors: [
        {
          field: ["input", "id"],
          message: "The carrier or app could not be found.",
          code: "CARRIER_SERVICE_UPDATE_FAILED",
        },
      ],
    };
  }
  const errors = carrierServiceErrors(ctx, input, "CARRIER_SERVICE_UPDATE_FAILED", record.id);
  if (errors.length) return { carrierService: null, userErrors: errors };
  if (typeof input.name === "string") record.name = input.name.trim();
  if (typeof input.callbackUrl === "string") record.callbackUrl = input.callbackUrl;
  if (typeof input.active === "boolean") record.active = input.active;
  if (typeof input.supportsServiceDiscovery === "boolean")
    record.supportsServiceDiscovery = input.supportsServiceDiscovery;
  return { carrierService: carrierServiceView(record), userErrors: [] };
}

function carrierServiceDelete(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "carrierServiceDelete", "write_shipping");
  const id = idArg(args.id, "DeliveryCarrierService");
  const record = id === null ? undefined : ctx.state.carrierServices.get(id);
  if (!record || record.shop !== ctx.shop.domain) {
    return {
      deletedId: null,
      userErrors: [
        {
          field: ["id"],
          message: "The carrier or app could not be found.",
          code: "CARRIER_SERVICE_DELETE_FAILED",
        },
      ],
    };
  }
  ctx.state.carrierServices.delete(record.id);
  return { deletedId: gid("DeliveryCarrierService", record.id), userErrors: [] };
}

// ------------------------------------------------------------------ roots

function rootValue(ctx: GraphqlContext): View {
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
    shop: () => shopView(ctx),
    currentAppInstallation: () => ({
      __typename: "AppInstallation",
      id: gid("AppInstallation", shop.id),
      accessScopes: [...ctx.scopes].map((handle) => ({ handle, description: handle })),
    }),
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
      const list = [...state.orders.values()]
        .filter((o) => o.shop === shop.domain)
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
      return fo && fo.shop === shop.domain ? fulfillmentOrderView(ctx, fo) : null;
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
      return l && l.shop === shop.domain ? locationView(l) : null;
    },
    locations: (args: Args & PagingArgs) => {
      requireAccess(ctx, "locations", "read_locations");
      const list = [...state.locations.values()].filter((l) => l.shop === shop.domain);
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
        locationView,
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
    // Mutations (same root value object; graphql-js picks by operation type).
    fulfillmentCreate: (args: Args) =>
      fulfillmentCreate(
        ctx,
        args.fulfillment as FulfillmentInputArg,
        (args.message as string) ?? null,
      ),
    fulfillmentCreateV2: (args: Args) =>
      fulfillmentCreate(
        ctx,
        args.fulfillment as FulfillmentInputArg,
        (args.message as string) ?? null,
      ),
    fulfillmentTrackingInfoUpdate: (args: Args) => fulfillmentTrackingInfoUpdate(ctx, args),
    fulfillmentTrackingInfoUpdateV2: (args: Args) => fulfillmentTrackingInfoUpdate(ctx, args),
    fulfillmentCancel: (args: Args) => fulfillmentCancel(ctx, args),
    carrierServiceCreate: (args: Args) => carrierServiceCreate(ctx, args.input as Args),
    carrierServiceUpdate: (args: Args) => carrierServiceUpdate(ctx, args.input as Args),
    carrierServiceDelete: (args: Args) => carrierServiceDelete(ctx, args),
  };
}

// ------------------------------------------------------------------ cost

function argNumber(value: ValueNode | undefined, variables: Args): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === "number" ? v : undefined;
  }
  if (value.kind === Kind.LIST) return value.values.length;
  return undefined;
}

function unwrap(type: GraphQLOutputType): { named: GraphQLNamedType; list: boolean } {
  let t: GraphQLOutputType = type;
  let list = false;
  while (isNonNullType(t) || isListType(t)) {
    if (isListType(t)) list = true;
    t = (t as { ofType: GraphQLOutputType }).ofType;
  }
  return { named: getNamedType(t), list };
}

function selectionCost(
  type: GraphQLNamedType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Args,
  depth: number,
): number {
  if (!selectionSet || depth > 30) return 0;
  let cost = 0;
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const t = sel.typeCondition
        ? (adminSchema.getType(sel.typeCondition.name.value) ?? type)
        : type;
      cost += selectionCost(t, sel.selectionSet, fragments, variables, depth + 1);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = fragments.get(sel.name.value);
      if (frag) {
        const t = adminSchema.getType(frag.typeCondition.name.value) ?? type;
        cost += selectionCost(t, frag.selectionSet, fragments, variables, depth + 1);
      }
      continue;
    }
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const field = type.getFields()[sel.name.value];
    if (!field) continue;
    const { named, list } = unwrap(field.type);
    if (isLeafType(named)) continue;
    const child = selectionCost(named, sel.selectionSet, fragments, variables, depth + 1);
    const argOf = (n: string) =>
      argNumber(sel.arguments?.find((a) => a.name.value === n)?.value, variables);
    if (named.name.endsWith("Connection")) {
      cost += 2 + (argOf("first") ?? argOf("last") ?? 1) * child;
    } else if (named.name.endsWith("Edge") || named.name === "PageInfo") {
      cost += child;
    } else if (list) {
      cost += (argOf("first") ?? argOf("ids") ?? 1) * (1 + child);
    } else {
      cost += 1 + child;
    }
  }
  return cost;
}

export function queryCost(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Args,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  if (operation.operation === "mutation") {
    return operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length * 10;
  }
  const root = adminSchema.getQueryType()!;
  return Math.max(1, selectionCost(root, operation.selectionSet, fragments, variables, 0));
}

// ------------------------------------------------------------------ errors

interface ShopifyGraphqlError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

/** Paths like graphql-ruby reports for static errors: ["query Name", "field", ...]. */
function staticPaths(document: DocumentNode): Map<ASTNode, string[]> {
  const map = new Map<ASTNode, string[]>();
  const stack: string[] = [];
  visit(document, {
    OperationDefinition: {
      enter(node) {
        stack.push(node.name ? `${node.operation} ${node.name.value}` : node.operation);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    FragmentDefinition: {
      enter(node) {
        stack.push(`fragment ${node.name.value}`);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    Field: {
      enter(node) {
        stack.push(node.alias?.value ?? node.name.value);
        map.set(node, [...stack]);
      },
      leave() {
        stack.pop();
      },
    },
    Argument: {
      enter(node) {
        map.set(node, [...stack, node.name.value]);
      },
    },
    VariableDefinition: {
      enter(node) {
        map.set(node, [...stack, `$${node.variable.name.value}`]);
      },
    },
  });
  return map;
}

function locations(err: GraphQLError): Array<{ line: number; column: number }> | undefined {
  return err.locations?.map((l) => ({ line: l.line, column: l.column }));
}

/** Rewrites graphql-js validation messages into graphql-ruby's (what Shopify returns). */
function validationError(err: GraphQLError, paths: Map<ASTNode, string[]>): ShopifyGraphqlError {
  const node = err.nodes?.[0];
  const path = node ? paths.get(node) : undefined;
  const base = { locations: locations(err), ...(path ? { path } : {}) };
  let m: RegExpExecArray | null;
  if ((m = /^Cannot query field "(.+?)" on type "(.+?)"\./.exec(err.message))) {
    return {
      message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`,
      ...base,
      extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] },
    };
  }
  if ((m = /^Unknown argument "(.+?)" on field "(.+?)\.(.+?)"\./.exec(err.message))) {
    return {
      message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`,
      ...base,
      extensions: {
        code: "argumentNotAccepted",
        name: m[3],
        typeName: "Field",
        argumentName: m[1],
      },
    };
  }
  if (
    (m =
      /^Field "(.+?)" argument "(.+?)" of type "(.+?)" is required, but it was not provided\./.exec(
        err.message,
      ))
  ) {
    const field = m[1]!.split(".").pop()!;
    return {
      message: `Field '${field}' is missing required arguments: ${m[2]}`,
      ...base,
      extensions: {
        code: "missingRequiredArguments",
        className: "Field",
        name: field,
        arguments: m[2],
      },
    };
  }
  if ((m = /^Field "(.+?)" of type "(.+?)" must have a selection of subfields/.exec(err.message))) {
    const typeName = m[2]!.replace(/[[\]!]/g, "");
    return {
      message: `Field must have selections (field '${m[1]}' returns ${typeName} but has no selections. Did you mean '${m[1]} { ... }'?)`,
      ...base,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName },
    };
  }
  if (
    (m = /^Field "(.+?)" must not have a selection since type "(.+?)" has no subfields\./.exec(
      err.message,
    ))
  ) {
    return {
      message: `Selections can't be made on scalars (field '${m[1]}' returns ${m[2]!.replace(/[[\]!]/g, "")} but has selections [...])`,
      ...base,
      extensions: { code: "selectionMismatch", nodeName: `field '${m[1]}'`, typeName: m[2] },
    };
  }
  if ((m = /^Variable "\$(.+?)" is never used/.exec(err.message))) {
    return {
      message: `Variable $${m[1]} is declared by anonymous query but not used`,
      ...base,
      extensions: { code: "variableNotUsed", variableName: m[1] },
    };
  }
  if ((m = /^Variable "\$(.+?)" is not defined/.exec(err.message))) {
    return {
      message: `Variable $${m[1]} is used by anonymous query but not declared`,
      ...base,
      extensions: { code: "variableNotDefined", variableName: m[1] },
    };
  }
  if ((m = /^Unknown type "(.+?)"\./.exec(err.message))) {
    return {
      message: `No such type ${m[1]}, so it can't be a fragment condition`,
      ...base,
      extensions: { code: "undefinedType", typeName: m[1] },
    };
  }
  return { message: err.message, ...base };
}

function syntaxError(err: GraphQLError): ShopifyGraphqlError {
  const detail = err.message.replace(/^Syntax Error: /, "");
  const loc = err.locations?.[0];
  const at = loc ? ` at [${loc.line}, ${loc.column}]` : "";
  const m = /found (.+?)\.?$/.exec(detail);
  const token = m?.[1] === "<EOF>" ? "end of file" : (m?.[1] ?? detail);
  return { message: `syntax error, unexpected ${token}${at}`, locations: locations(err) };
}

function variableError(
  err: GraphQLError,
  operation: OperationDefinitionNode,
): ShopifyGraphqlError | null {
  const m =
    /^Variable "\$(.+?)" (?:of required type "(.+?)" was not provided|of non-null type "(.+?)" must not be null|got invalid value (.*?); (.*))/s.exec(
      err.message,
    );
  if (!m) return null;
  const name = m[1]!;
  const def = operation.variableDefinitions?.find((d) => d.variable.name.value === name);
  const typeText = def ? printType(def.type) : (m[2] ?? m[3] ?? "");
  const explanation = m[5] ?? "Expected value to not be null";
  return {
    message: `Variable $${name} of type ${typeText} was provided invalid value`,
    locations: locations(err),
    extensions: {
      code: "INVALID_VARIABLE",
      value: m[4] !== undefined ? safeJson(m[4]) : null,
      problems: [{ path: [], explanation }],
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function printType(node: TypeNode): string {
  if (node.kind === Kind.NON_NULL_TYPE) return `${printType(node.type)}!`;
  if (node.kind === Kind.LIST_TYPE) return `[${printType(node.type)}]`;
  return node.name.value;
}

// ------------------------------------------------------------------ execute

export interface GraphqlRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlOutcome {
  body: { data?: unknown; errors?: ShopifyGraphqlError[]; extensions?: Record<string, unknown> };
  /** Deprecated fields and enum values the request uses, as `Type.field` (Shopify's header). */
  deprecations: string[];
  operationName: string | null;
  operationType: "query" | "mutation" | null;
  rootFields: string[];
  requestedCost: number;
  /** Errors thrown by resolvers that were not GraphQLErrors (bugs in the fake or unexpected input). */
  internalErrors: Error[];
}

export interface CostLimiter {
  /** Returns the throttle status after charging, or a THROTTLED error. */
  charge(
    shop: string,
    cost: number,
  ): {
    ok: boolean;
    status: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  };
}

/** Deprecated fields and enum values a document uses, with Shopify's reasons. */
export function deprecatedUses(
  document: DocumentNode,
  schema: GraphQLSchema = adminSchema,
): { coordinate: string; reason: string }[] {
  const found = new Map<string, string>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (field?.deprecationReason && parent)
          found.set(`${parent.name}.${field.name}`, field.deprecationReason);
      },
      EnumValue(node) {
        const type = getNamedType(typeInfo.getInputType() ?? undefined);
        const value = type && isEnumType(type) ? type.getValue(node.value) : undefined;
        if (type && value?.deprecationReason)
          found.set(`${type.name}.${value.name}`, value.deprecationReason);
      },
    }),
  );
  return [...found].map(([coordinate, reason]) => ({ coordinate, reason }));
}

export interface RunOptions {
  /**
   * Refuse a request that uses a deprecated field or enum value (an error, nothing run).
   * Real Shopify answers it and only names the deprecations in a header; tests use this
   * so that the app selecting one fails.
   */
  rejectDeprecated?: boolean;
}

export function runAdminGraphql(
  ctx: GraphqlContext,
  request: GraphqlRequestBody,
  limiter: CostLimiter | null,
  options: RunOptions = {},
): GraphqlOutcome {
  const outcome = (
    body: GraphqlOutcome["body"],
    extra: Partial<GraphqlOutcome> = {},
  ): GraphqlOutcome => ({
    body,
    deprecations: [],
    operationName: null,
    operationType: null,
    rootFields: [],
    requestedCost: 0,
    internalErrors: [],
    ...extra,
  });
  const source = typeof request.query === "string" ? request.query : "";
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (e) {
    return outcome({
      errors: [e instanceof GraphQLError ? syntaxError(e) : { message: String(e) }],
    });
  }
  const paths = staticPaths(document);
  const validationErrors = validate(adminSchema, document);
  if (validationErrors.length) {
    return outcome({ errors: validationErrors.map((e) => validationError(e, paths)) });
  }
  const deprecated = deprecatedUses(document);
  const deprecations = deprecated.map((d) => d.coordinate);
  if (options.rejectDeprecated && deprecated.length) {
    return outcome(
      {
        errors: deprecated.map((d) => ({
          message: `${d.coordinate} is deprecated. ${d.reason}`,
          extensions: { code: "DEPRECATED_FIELD", coordinate: d.coordinate },
        })),
      },
      { deprecations },
    );
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operationName =
    typeof request.operationName === "string" && request.operationName
      ? request.operationName
      : null;
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) {
    return outcome({
      errors: [
        {
          message: operationName
            ? `No operation named "${operationName}"`
            : "An operation name is required",
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    });
  }
  if (operation.operation === "subscription") {
    return outcome({
      errors: [{ message: "Subscriptions are not supported", extensions: { code: "BAD_REQUEST" } }],
    });
  }
  const variables = (
    request.variables && typeof request.variables === "object" ? request.variables : {}
  ) as Args;
  const requestedCost = queryCost(document, operation, variables);
  const meta = {
    deprecations,
    operationName: operation.name?.value ?? null,
    operationType: operation.operation as "query" | "mutation",
    rootFields: operation.selectionSet.selections.flatMap((s) =>
      s.kind === Kind.FIELD ? [s.name.value] : [],
    ),
    requestedCost,
  };
  if (requestedCost > 1000) {
    return outcome(
      {
        errors: [
          {
            message: `Query cost is ${requestedCost}, which exceeds the single query max cost limit (1000).`,
            extensions: {
              code: "MAX_COST_EXCEEDED",
              cost: requestedCost,
              maxCost: 1000,
              documentation: "https://shopify.dev/api/usage/rate-limits",
            },
          },
        ],
      },
      meta,
    );
  }
  let throttleStatus = { maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100 };
  if (limiter) {
    const charged = limiter.charge(ctx.shop.domain, requestedCost);
    throttleStatus = charged.status;
    if (!charged.ok) {
      return outcome(
        {
          errors: [
            {
              message: "Throttled",
              extensions: {
                code: "THROTTLED",
                documentation: "https://shopify.dev/api/usage/rate-limits",
              },
            },
          ],
          extensions: {
            cost: { requestedQueryCost: requestedCost, actualQueryCost: null, throttleStatus },
          },
        },
        meta,
      );
    }
  }
  const result = execute({
    schema: adminSchema,
    document,
    rootValue: rootValue(ctx),
    contextValue: ctx,
    variableValues: variables,
    operationName: operation.name?.value,
  });
  if (result instanceof Promise)
    throw new Error("resolvers of the Shopify fake must be synchronous");
  const internalErrors: Error[] = [];
  const errors = result.errors?.map((e): ShopifyGraphqlError => {
    const variable = variableError(e, operation);
    if (variable) return variable;
    if (e.originalError && !(e.originalError instanceof GraphQLError)) {
      internalErrors.push(e.originalError);
      return {
        message: "Internal error. Looks like something went wrong on our end.",
        locations: locations(e),
        path: e.path ? [...e.path] : undefined,
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      };
    }
    return {
      message: e.message,
      locations: locations(e),
      ...(e.path ? { path: [...e.path] } : {}),
      ...(e.extensions && Object.keys(e.extensions).length ? { extensions: e.extensions } : {}),
    };
  });
  const isVariableFailure = !("data" in result) || result.data === undefined;
  return {
    body: {
      ...(errors?.length ? { errors } : {}),
      ...(isVariableFailure ? {} : { data: result.data ?? null }),
      extensions: {
        cost: { requestedQueryCost: requestedCost, actualQueryCost: requestedCost, throttleStatus },
      },
    },
    ...meta,
    internalErrors,
  };
}
