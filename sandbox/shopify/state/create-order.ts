/** Creating an order: its line items, customer, addresses and one fulfillment order per location. */
import { randomBytes } from "node:crypto";
import { COUNTRY_NAMES, DEMO_SHOP } from "../seed";
import { serviceLocationStocking } from "./fulfillment-service";
import { parseId } from "./ids";
import type {
  AddressInput,
  AddressRecord,
  FinancialStatus,
  LineItemRecord,
  LocalizedFieldRecord,
  OrderRecord,
  Property,
} from "./records";
import { FakeError, type FakeStore } from "./store";

export const DEFAULT_SHIPPING_ADDRESS: AddressInput = {
  firstName: "Anna",
  lastName: "de Vries",
  address1: "Keizersgracht 123",
  address2: null,
  city: "Amsterdam",
  province: null,
  provinceCode: null,
  countryCode: "NL",
  zip: "1015 CJ",
  phone: "+31 20 123 4567",
  company: null,
};

export interface CreateOrderLineSpec {
  /** GID or numeric id of a variant of the shop; omit for a custom line (then give title/price). */
  variantId?: string | number;
  quantity?: number;
  /** Line item properties, e.g. `{ "Print file": "https://..." }`. */
  properties?: Record<string, string> | Property[];
  /** Is this a print item (assigned to the "Print Connect" location)? Default: by product type. */
  print?: boolean;
  title?: string;
  price?: string;
  sku?: string;
}

export interface CreateOrderSpec {
  /** Default: the demo shop. */
  shop?: string;
  lineItems: CreateOrderLineSpec[];
  email?: string;
  phone?: string;
  /** Merged over a default Amsterdam address. */
  shippingAddress?: AddressInput;
  /** null = guest checkout without customer. */
  customer?: { firstName?: string; lastName?: string; email?: string; phone?: string } | null;
  /** Alternative to per-line `print`: the variants that are print items. */
  printVariantIds?: Array<string | number>;
  financialStatus?: FinancialStatus;
  name?: string;
  note?: string;
  tags?: string[];
  shippingPrice?: string;
  shippingTitle?: string;
  test?: boolean;
  /** What checkout asked the buyer for, e.g. `[{ key: "TAX_CREDENTIAL_BR", value: "..." }]`. */
  localizedFields?: LocalizedFieldRecord[];
}

export const LOCALIZED_FIELD_KEY = /^(SHIPPING|TAX)_(CREDENTIAL(_TYPE|_USE)?|EMAIL)_[A-Z]{2}$/;

function localizedFieldsOf(input: LocalizedFieldRecord[] | undefined): LocalizedFieldRecord[] {
  return (input ?? []).map((f) => {
    if (!LOCALIZED_FIELD_KEY.test(String(f.key)))
      throw new FakeError(422, `Unknown localized field key ${String(f.key)}`);
    return { key: String(f.key), value: String(f.value) };
  });
}

export function normalizeProperties(
  input: Record<string, string> | Property[] | undefined,
): Property[] {
  if (!input) return [];
  if (Array.isArray(input))
    return input.map((p) => ({ name: String(p.name), value: String(p.value) }));
  return Object.entries(input).map(([name, value]) => ({ name, value: String(value) }));
}

export function createOrder(store: FakeStore, spec: CreateOrderSpec): OrderRecord {
  const shop = store.requireShop(spec.shop ?? DEMO_SHOP.domain);
  if (!spec.lineItems?.length) throw new FakeError(422, "lineItems must not be empty");
  const now = store.now();
  const printVariantIds = spec.printVariantIds?.map((v) => parseId(v, "ProductVariant"));
  const orderId = store.nextId("Order");
  const lineItems: LineItemRecord[] = spec.lineItems.map((line) => {
    const variantId =
      line.variantId === undefined ? undefined : parseId(line.variantId, "ProductVariant");
    const variant = variantId === undefined ? undefined : store.variants.get(variantId);
    if (line.variantId !== undefined && (!variant || variant.shop !== shop.domain)) {
      throw new FakeError(422, `Unknown variant ${String(line.variantId)} in ${shop.domain}`);
    }
    const product = variant ? store.products.get(variant.productId) : undefined;
    const print =
      line.print ??
      (printVariantIds && variant ? printVariantIds.includes(variant.id) : undefined) ??
      product?.print ??
      false;
    const quantity = line.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new FakeError(422, "quantity must be a positive integer");
    return {
      id: store.nextId("LineItem"),
      orderId,
      variantId: variant?.id ?? null,
      productId: product?.id ?? null,
      title: line.title ?? product?.title ?? "Custom item",
      variantTitle: variant && variant.title !== "Default Title" ? variant.title : null,
      sku: line.sku ?? variant?.sku ?? null,
      vendor: product?.vendor ?? null,
      quantity,
      price: line.price ?? variant?.price ?? "0.00",
      grams: variant?.grams ?? 0,
      properties: normalizeProperties(line.properties),
      print,
      requiresShipping: true,
    };
  });
  let customerId: number | null = null;
  const email = spec.email ?? spec.customer?.email ?? "anna.devries@example.com";
  const address = makeAddress(store, { ...DEFAULT_SHIPPING_ADDRESS, ...spec.shippingAddress });
  if (spec.customer !== null) {
    customerId = store.nextId("Customer");
    store.customers.set(customerId, {
      id: customerId,
      email,
      firstName: spec.customer?.firstName ?? address.firstName,
      lastName: spec.customer?.lastName ?? address.lastName,
      phone: spec.customer?.phone ?? null,
      createdAt: now,
    });
  }
  const number = shop.nextOrderNumber++;
  const order: OrderRecord = {
    id: orderId,
    shop: shop.domain,
    number,
    name: spec.name ?? `#${number}`,
    email,
    phone: spec.phone ?? null,
    note: spec.note ?? null,
    tags: spec.tags ?? [],
    currencyCode: shop.currencyCode,
    financialStatus: spec.financialStatus ?? "PENDING",
    shippingAddress: address,
    billingAddress: makeAddress(store, { ...address, id: undefined } as AddressInput),
    customerId,
    lineItemIds: lineItems.map((l) => l.id),
    shippingPrice: spec.shippingPrice ?? "4.95",
    shippingTitle: spec.shippingTitle ?? "Standard",
    cancelledAt: null,
    cancelReason: null,
    closedAt: null,
    test: spec.test ?? false,
    confirmationNumber: randomBytes(5).toString("hex").toUpperCase().slice(0, 9),
    localizedFields: localizedFieldsOf(spec.localizedFields),
    createdAt: now,
    updatedAt: now,
  };
  store.orders.set(orderId, order);
  for (const line of lineItems) store.lineItems.set(line.id, line);
  // One fulfillment order per assigned location: a variant stocked at a fulfillment service's
  // location goes there (how Shopify routes to a service); the rest by kind.
  const groups = new Map<number, LineItemRecord[]>();
  for (const line of lineItems) {
    const stocked =
      line.variantId === null
        ? undefined
        : serviceLocationStocking(store, shop.domain, line.variantId);
    const location = stocked ?? store.locationFor(shop.domain, line.print ? "print" : "warehouse");
    groups.set(location.id, [...(groups.get(location.id) ?? []), line]);
  }
  for (const [locationId, lines] of groups) {
    const id = store.nextId("FulfillmentOrder");
    store.fulfillmentOrders.set(id, {
      id,
      shop: shop.domain,
      orderId,
      locationId,
      status: "OPEN",
      requestStatus: "UNSUBMITTED",
      holds: [],
      merchantRequests: [],
      lineItems: lines.map((l) => ({
        id: store.nextId("FulfillmentOrderLineItem"),
        lineItemId: l.id,
        totalQuantity: l.quantity,
        remainingQuantity: l.quantity,
      })),
      createdAt: now,
      updatedAt: now,
    });
  }
  return order;
}

export function makeAddress(store: FakeStore, input: AddressInput): AddressRecord {
  const countryCode = input.countryCode ? input.countryCode.toUpperCase() : null;
  return {
    id: store.nextId("MailingAddress"),
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    company: input.company ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    provinceCode: input.provinceCode ?? null,
    country: input.country ?? (countryCode ? (COUNTRY_NAMES[countryCode] ?? countryCode) : null),
    countryCode,
    zip: input.zip ?? null,
    phone: input.phone ?? null,
  };
}
