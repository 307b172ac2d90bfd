/**
 * REST-shaped webhook payloads, as Shopify sends them for each topic
 * (snake_case, numeric ids plus admin_graphql_api_id, money as decimal strings).
 */
import {
  fromCents,
  gid,
  toCents,
  type AddressRecord,
  type FakeState,
  type OrderRecord,
  type ShopRecord,
} from "./state";

export type JsonObject = Record<string, unknown>;

/** Shopify renders REST timestamps in the shop's time zone with an offset. */
export function restTime(ms: number | null, timeZone = "Europe/Amsterdam"): string | null {
  if (ms === null) return null;
  const date = new Date(ms);
  let offsetMinutes = 0;
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      timeZoneName: "longOffset",
    }).formatToParts(date);
    const tz = parts.find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(tz);
    if (m) offsetMinutes = (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  } catch {
    offsetMinutes = 0;
  }
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().replace(/\.\d{3}Z$/, "");
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function moneySet(amount: string, currency: string): JsonObject {
  const m = { amount, currency_code: currency };
  return { shop_money: m, presentment_money: m };
}

export function restAddress(a: AddressRecord | null): JsonObject | null {
  if (!a) return null;
  return {
    first_name: a.firstName,
    address1: a.address1,
    phone: a.phone,
    city: a.city,
    zip: a.zip,
    province: a.province,
    country: a.country,
    last_name: a.lastName,
    address2: a.address2,
    company: a.company,
    latitude: null,
    longitude: null,
    name: [a.firstName, a.lastName].filter(Boolean).join(" "),
    country_code: a.countryCode,
    province_code: a.provinceCode,
  };
}

export function orderPayload(state: FakeState, order: OrderRecord): JsonObject {
  const shop = state.shop(order.shop);
  const tz = shop?.ianaTimezone ?? "Europe/Amsterdam";
  const t = (ms: number | null) => restTime(ms, tz);
  const currency = order.currencyCode;
  const lines = state.orderLineItems(order);
  const totals = state.orderTotals(order);
  const fulfillments = state.orderFulfillments(order);
  const fulfilledQty = (lineItemId: number) =>
    fulfillments
      .filter((f) => f.status === "SUCCESS")
      .flatMap((f) => f.lineItems)
      .filter((l) => l.lineItemId === lineItemId)
      .reduce((n, l) => n + l.quantity, 0);
  const displayStatus = state.displayFulfillmentStatus(order);
  const customer = order.customerId === null ? undefined : state.customers.get(order.customerId);
  const totalWeight = lines.reduce((n, l) => n + l.grams * l.quantity, 0);
  const ids = state.ids;
  return {
    id: ids.rest("Order", order.id),
    admin_graphql_api_id: ids.gid("Order", order.id),
    app_id: 580111,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: order.cancelReason ? order.cancelReason.toLowerCase() : null,
    cancelled_at: t(order.cancelledAt),
    cart_token: null,
    checkout_id: null,
    checkout_token: null,
    client_details: null,
    closed_at: t(order.closedAt),
    confirmation_number: order.confirmationNumber,
    confirmed: true,
    contact_email: order.email,
    created_at: t(order.createdAt),
    currency,
    current_subtotal_price: order.cancelledAt ? "0.00" : totals.subtotal,
    current_subtotal_price_set: moneySet(order.cancelledAt ? "0.00" : totals.subtotal, currency),
    current_total_discounts: "0.00",
    current_total_price: order.cancelledAt ? "0.00" : totals.total,
    current_total_price_set: moneySet(order.cancelledAt ? "0.00" : totals.total, currency),
    current_total_tax: "0.00",
    customer_locale: "en",
    discount_codes: [],
    email: order.email,
    estimated_taxes: false,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status:
      displayStatus === "FULFILLED"
        ? "fulfilled"
        : displayStatus === "PARTIALLY_FULFILLED"
          ? "partial"
          : null,
    landing_site: null,
    name: order.name,
    note: order.note,
    note_attributes: [],
    number: order.number - 1000,
    order_number: order.number,
    order_status_url: `https://${order.shop}/${shop?.id ?? 0}/orders/${order.confirmationNumber.toLowerCase()}/authenticate`,
    payment_gateway_names: ["manual"],
    phone: order.phone,
    presentment_currency: currency,
    processed_at: t(order.createdAt),
    source_name: "web",
    subtotal_price: totals.subtotal,
    subtotal_price_set: moneySet(totals.subtotal, currency),
    tags: order.tags.join(", "),
    taxes_included: true,
    test: order.test,
    token: order.confirmationNumber.toLowerCase(),
    total_discounts: "0.00",
    total_discounts_set: moneySet("0.00", currency),
    total_line_items_price: totals.subtotal,
    total_line_items_price_set: moneySet(totals.subtotal, currency),
    total_outstanding:
      order.financialStatus === "PAID" || order.cancelledAt ? "0.00" : totals.total,
    total_price: totals.total,
    total_price_set: moneySet(totals.total, currency),
    total_shipping_price_set: moneySet(totals.shipping, currency),
    total_tax: "0.00",
    total_tax_set: moneySet("0.00", currency),
    total_weight: totalWeight,
    updated_at: t(order.updatedAt),
    user_id: null,
    billing_address: restAddress(order.billingAddress),
    customer: customer
      ? {
          id: ids.rest("Customer", customer.id),
          email: customer.email,
          created_at: t(customer.createdAt),
          updated_at: t(customer.createdAt),
          first_name: customer.firstName,
          last_name: customer.lastName,
          state: "disabled",
          note: null,
          verified_email: true,
          multipass_identifier: null,
          tax_exempt: false,
          phone: customer.phone,
          currency,
          tax_exemptions: [],
          admin_graphql_api_id: ids.gid("Customer", customer.id),
          default_address: order.shippingAddress
            ? {
                id: order.shippingAddress.id,
                customer_id: ids.rest("Customer", customer.id),
                default: true,
                ...restAddress(order.shippingAddress),
              }
            : null,
        }
      : null,
    discount_applications: [],
    fulfillments: fulfillments.map((f) => ({
      id: f.id,
      admin_graphql_api_id: gid("Fulfillment", f.id),
      created_at: t(f.createdAt),
      location_id: f.locationId,
      name: f.name,
      order_id: ids.rest("Order", order.id),
      origin_address: f.originAddress ?? {},
      receipt: {},
      service: "manual",
      shipment_status: null,
      status: f.status.toLowerCase(),
      tracking_company: f.trackingInfo[0]?.company ?? null,
      tracking_number: f.trackingInfo[0]?.number ?? null,
      tracking_numbers: f.trackingInfo.map((i) => i.number).filter((n): n is string => !!n),
      tracking_url: f.trackingInfo[0]?.url ?? null,
      tracking_urls: f.trackingInfo.map((i) => i.url).filter((u): u is string => !!u),
      updated_at: t(f.updatedAt),
      line_items: f.lineItems.map((fl) => {
        const line = state.lineItems.get(fl.lineItemId);
        return {
          id: ids.rest("LineItem", fl.lineItemId),
          admin_graphql_api_id: ids.gid("LineItem", fl.lineItemId),
          quantity: fl.quantity,
          sku: line?.sku ?? null,
          title: line?.title ?? "",
        };
      }),
    })),
    line_items: lines.map((l) => {
      const done = fulfilledQty(l.id);
      return {
        id: ids.rest("LineItem", l.id),
        admin_graphql_api_id: ids.gid("LineItem", l.id),
        attributed_staffs: [],
        current_quantity: order.cancelledAt ? 0 : l.quantity,
        fulfillable_quantity: order.cancelledAt ? 0 : l.quantity - done,
        fulfillment_service: "manual",
        fulfillment_status: done === 0 ? null : done >= l.quantity ? "fulfilled" : "partial",
        gift_card: false,
        grams: l.grams,
        name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
        price: l.price,
        price_set: moneySet(l.price, currency),
        product_exists: l.productId !== null,
        product_id: l.productId,
        properties: l.properties.map((p) => ({ name: p.name, value: p.value })),
        quantity: l.quantity,
        requires_shipping: l.requiresShipping,
        sku: l.sku,
        taxable: true,
        title: l.title,
        total_discount: "0.00",
        total_discount_set: moneySet("0.00", currency),
        variant_id: l.variantId,
        variant_inventory_management: l.variantId ? "shopify" : null,
        variant_title: l.variantTitle,
        vendor: l.vendor,
        tax_lines: [],
        duties: [],
        discount_allocations: [],
      };
    }),
    payment_terms: null,
    refunds: [],
    shipping_address: restAddress(order.shippingAddress),
    shipping_lines: [
      {
        id: order.id + 900000,
        carrier_identifier: null,
        code: order.shippingTitle,
        discounted_price: order.shippingPrice,
        is_removed: false,
        phone: null,
        price: order.shippingPrice,
        price_set: moneySet(order.shippingPrice, currency),
        source: "shopify",
        title: order.shippingTitle,
        tax_lines: [],
        discount_allocations: [],
      },
    ],
  };
}

/** fulfillments/create and fulfillments/update payload. */
export function fulfillmentPayload(
  state: FakeState,
  order: OrderRecord,
  fulfillmentId: number,
): JsonObject | null {
  const full = orderPayload(state, order);
  const list = full.fulfillments as JsonObject[];
  const f = list.find((x) => x.id === fulfillmentId);
  if (!f) return null;
  return {
    ...f,
    email: order.email,
    destination: restAddress(order.shippingAddress),
    notify_customer: state.fulfillments.get(fulfillmentId)?.notifyCustomer ?? false,
  };
}

/** The REST `shop` resource (app/uninstalled payload). */
export function shopPayload(shop: ShopRecord): JsonObject {
  return {
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    province: null,
    country: shop.countryCode,
    address1: "Keizersgracht 1",
    zip: "1015 AA",
    city: "Amsterdam",
    source: null,
    phone: null,
    latitude: null,
    longitude: null,
    primary_locale: "en",
    address2: null,
    created_at: "2026-01-05T10:00:00+01:00",
    updated_at: "2026-01-05T10:00:00+01:00",
    country_code: shop.countryCode,
    country_name: shop.countryCode === "NL" ? "Netherlands" : shop.countryCode,
    currency: shop.currencyCode,
    customer_email: shop.contactEmail,
    timezone: `(GMT+01:00) ${shop.ianaTimezone}`,
    iana_timezone: shop.ianaTimezone,
    shop_owner: "Demo Owner",
    money_format: shop.currencyCode === "EUR" ? "€{{amount_with_comma_separator}}" : "{{amount}}",
    weight_unit: "kg",
    plan_display_name: "Basic",
    plan_name: "basic",
    myshopify_domain: shop.domain,
    has_storefront: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: [shop.currencyCode],
    password_enabled: false,
  };
}

/** Compliance payloads (customers/data_request, customers/redact, shop/redact). */
export function compliancePayload(
  state: FakeState,
  shop: ShopRecord,
  topic: string,
  customerId?: number,
): JsonObject {
  const orders = [...state.orders.values()].filter(
    (o) => o.shop === shop.domain && (customerId === undefined || o.customerId === customerId),
  );
  const customer =
    customerId !== undefined
      ? state.customers.get(customerId)
      : orders
          .map((o) => (o.customerId === null ? undefined : state.customers.get(o.customerId)))
          .find(Boolean);
  const customerJson = {
    id: customer ? state.ids.rest("Customer", customer.id) : 40999,
    email: customer?.email ?? "customer@example.com",
    phone: customer?.phone ?? null,
  };
  const orderIds = orders
    .filter((o) => !customer || o.customerId === customer.id)
    .map((o) => state.ids.rest("Order", o.id));
  switch (topic) {
    case "customers/data_request":
      return {
        shop_id: shop.id,
        shop_domain: shop.domain,
        orders_requested: orderIds,
        customer: customerJson,
        data_request: { id: 9999 },
      };
    case "customers/redact":
      return {
        shop_id: shop.id,
        shop_domain: shop.domain,
        customer: customerJson,
        orders_to_redact: orderIds,
      };
    case "shop/redact":
      return { shop_id: shop.id, shop_domain: shop.domain };
    default:
      return {};
  }
}

export function centsTotal(amounts: string[]): string {
  return fromCents(amounts.reduce((n, a) => n + toCents(a), 0));
}
