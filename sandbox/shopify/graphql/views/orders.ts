/**
 * Views of orders, their line items and customers, fulfillment orders and
 * fulfillments. They refer to each other (an order's fulfillments, a
 * fulfillment's order), so they live in one module.
 */
import {
  fromCents,
  gid,
  toCents,
  type AddressRecord,
  type FulfillmentOrderRecord,
  type FulfillmentRecord,
  type LineItemRecord,
  type LocalizedFieldRecord,
  type OrderRecord,
} from "../../state";
import { matchesQuery } from "../../search";
import { FO_READ, fulfillmentOrderAllowed, fulfillmentOrderKind, requireAccess } from "../access";
import { iso, money, type Args, type GraphqlContext, type View } from "../context";
import { connection, sortBy, type PagingArgs } from "../paging";
import { imageView, productView, variantView } from "./catalogue";
import { holdView, locationView, merchantRequestsView } from "./fulfillment-service";

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

export function lineItemView(ctx: GraphqlContext, l: LineItemRecord): View {
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
      ctx,
      variant?.imageUrl ?? product?.imageUrl ?? null,
      product?.imageAlt ?? null,
      l.id,
    ),
    originalUnitPriceSet: money(l.price, currency),
    originalTotalSet: money(fromCents(toCents(l.price) * l.quantity), currency),
  };
}

export function customerView(ctx: GraphqlContext, id: number | null): View | null {
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

export function orderView(ctx: GraphqlContext, o: OrderRecord): View {
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
      let list = sortBy(
        ctx.state
          .orderFulfillmentOrders(o)
          .filter((fo) => fulfillmentOrderAllowed(ctx, fo.locationId, "read")),
        (fo) => fo.id,
      );
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
    localizedFields: (
      args: PagingArgs & { countryCodes?: string[] | null; purposes?: string[] | null },
    ) => {
      // Cursors need an order: the fields' place on the order.
      const list = (o.localizedFields ?? [])
        .map((f, index) => ({ ...localizedFieldView(f), id: index + 1 }))
        .filter(
          (f) =>
            (!args.countryCodes || args.countryCodes.includes(f.countryCode)) &&
            (!args.purposes || args.purposes.includes(f.purpose)),
        );
      return connection(list, args, ({ id: _id, ...view }) => view);
    },
  };
}

/** The titles Shopify's checkout shows for the fields, in English. */
const LOCALIZED_FIELD_TITLES: Record<string, string> = {
  TAX_CREDENTIAL_BR: "CPF/CNPJ",
  SHIPPING_CREDENTIAL_BR: "CPF/CNPJ",
  TAX_CREDENTIAL_MX: "RFC",
  SHIPPING_CREDENTIAL_MX: "RFC",
};

function localizedFieldView(f: LocalizedFieldRecord) {
  // TAX_CREDENTIAL_BR: the purpose first, the country last.
  const purpose = f.key.startsWith("SHIPPING_") ? "SHIPPING" : "TAX";
  return {
    __typename: "LocalizedField",
    key: f.key,
    value: f.value,
    purpose,
    countryCode: f.key.slice(-2),
    title: LOCALIZED_FIELD_TITLES[f.key] ?? f.key,
  };
}

/** What the calling app may do with a fulfillment order now (Shopify's supportedActions). */
function supportedActions(ctx: GraphqlContext, fo: FulfillmentOrderRecord): string[] {
  const kind = fulfillmentOrderKind(ctx, fo.locationId);
  if (fo.status === "ON_HOLD") return ["RELEASE_HOLD"];
  if (fo.status !== "OPEN" && fo.status !== "IN_PROGRESS") return [];
  if (kind === "merchant_managed") return ["CREATE_FULFILLMENT", "HOLD", "MOVE"];
  // At a service's location: the merchant requests, the service answers and fulfils.
  switch (fo.requestStatus) {
    case "UNSUBMITTED":
    case "REJECTED":
      return ["REQUEST_FULFILLMENT", "HOLD", "MOVE"];
    case "SUBMITTED":
      return ["CANCEL_FULFILLMENT_ORDER"];
    case "ACCEPTED":
    case "CANCELLATION_REJECTED":
      return kind === "assigned" ? ["CREATE_FULFILLMENT"] : ["REQUEST_CANCELLATION"];
    default:
      return [];
  }
}

export function fulfillmentOrderView(ctx: GraphqlContext, fo: FulfillmentOrderRecord): View {
  const order = ctx.state.orders.get(fo.orderId);
  const location = ctx.state.locations.get(fo.locationId);
  const a = order?.shippingAddress ?? null;
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
      location: location ? locationView(ctx, location) : null,
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
    supportedActions: supportedActions(ctx, fo).map((action) => ({ action })),
    fulfillmentHolds: (fo.holds ?? []).map((h) => holdView(ctx, h)),
    merchantRequests: merchantRequestsView(ctx, fo, () => fulfillmentOrderView(ctx, fo)),
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

export function fulfillmentView(ctx: GraphqlContext, f: FulfillmentRecord): View {
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
    location: location ? locationView(ctx, location) : null,
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
