/**
 * In-memory state of the Shopify fake: shops, catalogue, orders, fulfillment
 * orders, fulfillments, carrier services, tokens. Pure data + operations; the
 * HTTP server, GraphQL schema and control API sit on top.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  COUNTRY_NAMES,
  DEFAULT_LOCATIONS,
  DEFAULT_PRINT_PRODUCT_TYPES,
  DEMO_PRODUCTS,
  DEMO_SHOP,
  ID_BASES,
  type GidType,
  type ShopSeed,
} from "./seed";

export interface ShopRecord {
  id: number;
  domain: string;
  name: string;
  email: string;
  contactEmail: string;
  currencyCode: string;
  ianaTimezone: string;
  countryCode: string;
  printProductTypes: string[];
  /** false after app/uninstalled until the next token exchange. */
  installed: boolean;
  nextOrderNumber: number;
}

export interface LocationRecord {
  id: number;
  shop: string;
  name: string;
  role: "print" | "warehouse";
  address1: string;
  city: string;
  zip: string;
  countryCode: string;
}

export interface ProductRecord {
  id: number;
  shop: string;
  title: string;
  handle: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT";
  vendor: string;
  productType: string;
  description: string;
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  print: boolean;
  variantIds: number[];
  createdAt: number;
  updatedAt: number;
}

export interface VariantRecord {
  id: number;
  shop: string;
  productId: number;
  title: string;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  position: number;
  options: Array<{ name: string; value: string }>;
  grams: number;
  inventoryQuantity: number;
  imageUrl: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AddressRecord {
  id: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
}

export type AddressInput = Partial<Omit<AddressRecord, "id">>;

export interface CustomerRecord {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  createdAt: number;
}

export type FinancialStatus =
  | "AUTHORIZED"
  | "EXPIRED"
  | "PAID"
  | "PARTIALLY_PAID"
  | "PARTIALLY_REFUNDED"
  | "PENDING"
  | "REFUNDED"
  | "VOIDED";

export interface Property {
  name: string;
  value: string;
}

export interface LineItemRecord {
  id: number;
  orderId: number;
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  price: string;
  grams: number;
  properties: Property[];
  print: boolean;
  requiresShipping: boolean;
}

export type FulfillmentOrderStatus =
  "CANCELLED" | "CLOSED" | "INCOMPLETE" | "IN_PROGRESS" | "ON_HOLD" | "OPEN" | "SCHEDULED";

export interface FulfillmentOrderLineItemRecord {
  id: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
}

export interface FulfillmentOrderRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  status: FulfillmentOrderStatus;
  requestStatus: string;
  lineItems: FulfillmentOrderLineItemRecord[];
  createdAt: number;
  updatedAt: number;
}

export interface TrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FulfillmentLineItemRecord {
  id: number;
  lineItemId: number;
  fulfillmentOrderId: number;
  fulfillmentOrderLineItemId: number;
  quantity: number;
}

export interface FulfillmentRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE" | "OPEN" | "PENDING";
  trackingInfo: TrackingInfo[];
  lineItems: FulfillmentLineItemRecord[];
  notifyCustomer: boolean;
  message: string | null;
  originAddress: Record<string, unknown> | null;
  /** Every tracking state this fulfillment had, with whether the customer was notified. */
  trackingHistory: Array<{ at: string; trackingInfo: TrackingInfo[]; notifyCustomer: boolean }>;
  createdAt: number;
  updatedAt: number;
}

export interface OrderRecord {
  id: number;
  shop: string;
  number: number;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  currencyCode: string;
  financialStatus: FinancialStatus;
  shippingAddress: AddressRecord | null;
  billingAddress: AddressRecord | null;
  customerId: number | null;
  lineItemIds: number[];
  shippingPrice: string;
  shippingTitle: string;
  cancelledAt: number | null;
  cancelReason: string | null;
  closedAt: number | null;
  test: boolean;
  confirmationNumber: string;
  createdAt: number;
  updatedAt: number;
}

export interface CarrierServiceRecord {
  id: number;
  shop: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
  createdAt: number;
}

export interface AccessTokenRecord {
  token: string;
  shop: string;
  mode: "offline" | "online";
  userId: string | null;
  scope: string;
  issuedAt: number;
  /** ms epoch, null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  refreshToken: string | null;
}

export interface RefreshTokenRecord {
  token: string;
  shop: string;
  accessToken: string;
  expiresAt: number;
  /** A refresh token stays usable until its successor is used (Shopify, 2026). */
  retired: boolean;
  predecessor: string | null;
}

export interface Clock {
  now(): number;
}

export function gid(type: GidType | string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** The digits of a GID, a numeric id or a numeric string (optionally checking the GID's type). */
function idDigits(value: string | number, type?: string): string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : undefined;
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (m) return type && m[1] !== type ? undefined : m[2];
  return /^\d+$/.test(value) ? value : undefined;
}

/**
 * Accepts a GID, a numeric id or a numeric string; returns the numeric id
 * (optionally checking the type). An id beyond 2^53 is no record's here:
 * undefined, never a rounded neighbour.
 */
export function parseId(value: string | number, type?: string): number | undefined {
  const digits = idDigits(value, type);
  if (digits === undefined) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The types whose ids can be made to start beyond 2^53 (see FakeStateOptions.idBases). */
export type LargeIdType = "Order" | "LineItem" | "Customer";

/** JSON.rawJSON: serialises as the given digits, so REST payloads carry big ids exactly. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

type ReviverWithSource = (key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * JSON.parse for bodies sent to the stand-in: an integer beyond 2^53 stays
 * exact (as JSON.rawJSON), so a custom webhook payload is sent on digit for digit.
 */
export function parseJsonExact(text: string): unknown {
  const keep: ReviverWithSource = (_key, value, context) =>
    typeof value === "number" &&
    !Number.isSafeInteger(value) &&
    context?.source !== undefined &&
    /^-?\d+$/.test(context.source)
      ? rawJson(context.source)
      : value;
  return JSON.parse(text, keep as Parameters<typeof JSON.parse>[1]);
}

/**
 * How record ids are shown: by default as they are stored; with a base for a
 * type, moved into the range that starts there (exact decimal text, beyond
 * 2^53 if asked for), the way Shopify's documented payloads carry 18-digit
 * order, line item and customer ids.
 */
export class IdSpace {
  private readonly bases = new Map<GidType, bigint>();

  constructor(bases: Partial<Record<LargeIdType, string>> = {}) {
    for (const [type, base] of Object.entries(bases)) {
      if (!/^[1-9]\d*$/.test(base)) throw new Error(`idBases.${type} must be decimal digits`);
      this.bases.set(type as GidType, BigInt(base));
    }
  }

  /** The id Shopify shows for a stored record, as exact decimal text. */
  shown(type: GidType, id: number): string {
    const base = this.bases.get(type);
    return base === undefined ? String(id) : String(base + BigInt(id - ID_BASES[type]));
  }

  gid(type: GidType, id: number): string {
    return gid(type, this.shown(type, id));
  }

  /** The id as a REST payload number: every digit kept, also beyond 2^53. */
  rest(type: GidType, id: number): unknown {
    const shown = this.shown(type, id);
    return Number.isSafeInteger(Number(shown)) ? Number(shown) : rawJson(shown);
  }

  /** The stored id a shown id (GID, number or digits) stands for, or undefined. */
  stored(value: string | number, type: GidType): number | undefined {
    const base = this.bases.get(type);
    if (base === undefined) return parseId(value, type);
    const digits = idDigits(value, type);
    if (digits === undefined) return undefined;
    const offset = BigInt(digits) - base;
    return offset < 0n || offset > 1_000_000_000n ? undefined : ID_BASES[type] + Number(offset);
  }
}

/** Money as integer cents (all seeded currencies have 2 decimals). */
export function toCents(amount: string): number {
  const [whole = "0", frac = ""] = amount.trim().split(".");
  const sign = whole.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number((frac + "00").slice(0, 2)));
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export interface FakeStateOptions {
  shops?: ShopSeed[];
  clock: Clock;
  scopes: string;
  /** Where shown order, line item and customer ids start (decimal text, may exceed 2^53). */
  idBases?: Partial<Record<LargeIdType, string>>;
}

export class FakeState {
  readonly shops = new Map<string, ShopRecord>();
  readonly locations = new Map<number, LocationRecord>();
  readonly products = new Map<number, ProductRecord>();
  readonly variants = new Map<number, VariantRecord>();
  readonly customers = new Map<number, CustomerRecord>();
  readonly orders = new Map<number, OrderRecord>();
  readonly lineItems = new Map<number, LineItemRecord>();
  readonly fulfillmentOrders = new Map<number, FulfillmentOrderRecord>();
  readonly fulfillments = new Map<number, FulfillmentRecord>();
  readonly carrierServices = new Map<number, CarrierServiceRecord>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  private readonly counters = new Map<GidType, number>();
  readonly ids: IdSpace;

  constructor(
    readonly options: FakeStateOptions,
    readonly clock: Clock,
  ) {
    this.ids = new IdSpace(options.idBases);
    this.seedShop(DEMO_SHOP);
    for (const seed of options.shops ?? []) {
      if (seed.domain.toLowerCase() !== DEMO_SHOP.domain) this.seedShop(seed);
    }
  }

  nextId(type: GidType): number {
    const next = this.counters.get(type) ?? ID_BASES[type];
    this.counters.set(type, next + 1);
    return next;
  }

  now(): number {
    return this.clock.now();
  }

  seedShop(seed: ShopSeed): ShopRecord {
    const domain = seed.domain.toLowerCase();
    const existing = this.shops.get(domain);
    if (existing) return existing;
    const shop: ShopRecord = {
      id: this.nextId("Shop"),
      domain,
      name: seed.name ?? domain.replace(/\.myshopify\.com$/, ""),
      email: seed.email ?? `owner@${domain.replace(/\.myshopify\.com$/, "")}.example`,
      contactEmail:
        seed.contactEmail ??
        seed.email ??
        `hello@${domain.replace(/\.myshopify\.com$/, "")}.example`,
      currencyCode: seed.currencyCode ?? "EUR",
      ianaTimezone: seed.ianaTimezone ?? "Europe/Amsterdam",
      countryCode: seed.countryCode ?? "NL",
      printProductTypes: seed.printProductTypes ?? DEFAULT_PRINT_PRODUCT_TYPES,
      installed: true,
      nextOrderNumber: 1001,
    };
    this.shops.set(domain, shop);
    for (const loc of seed.locations ?? DEFAULT_LOCATIONS) {
      const id = this.nextId("Location");
      this.locations.set(id, {
        id,
        shop: domain,
        name: loc.name,
        role: loc.role,
        address1: loc.address1 ?? "",
        city: loc.city ?? "",
        zip: loc.zip ?? "",
        countryCode: loc.countryCode ?? shop.countryCode,
      });
    }
    const t0 = this.now() - 30 * 24 * 3600 * 1000;
    (seed.products ?? DEMO_PRODUCTS).forEach((p, index) => {
      const productId = this.nextId("Product");
      const createdAt = t0 + index * 3600 * 1000;
      const product: ProductRecord = {
        id: productId,
        shop: domain,
        title: p.title,
        handle: p.handle ?? slug(p.title),
        status: p.status ?? "ACTIVE",
        vendor: p.vendor ?? shop.name,
        productType: p.productType,
        description: p.description ?? "",
        tags: p.tags ?? [],
        imageUrl: p.imageUrl ?? null,
        imageAlt: p.imageAlt ?? null,
        print: p.print ?? shop.printProductTypes.includes(p.productType),
        variantIds: [],
        createdAt,
        updatedAt: createdAt,
      };
      this.products.set(productId, product);
      p.variants.forEach((v, position) => {
        const id = this.nextId("ProductVariant");
        product.variantIds.push(id);
        this.variants.set(id, {
          id,
          shop: domain,
          productId,
          title: v.title,
          sku: v.sku,
          price: v.price,
          compareAtPrice: v.compareAtPrice ?? null,
          barcode: v.barcode ?? null,
          position: position + 1,
          options: v.options ?? [{ name: "Title", value: v.title }],
          grams: v.grams ?? 500,
          inventoryQuantity: v.inventoryQuantity ?? 100,
          imageUrl: v.imageUrl ?? null,
          createdAt,
          updatedAt: createdAt,
        });
      });
    });
    return shop;
  }

  shop(domain: string): ShopRecord | undefined {
    return this.shops.get(domain.toLowerCase());
  }

  requireShop(domain: string): ShopRecord {
    const shop = this.shop(domain);
    if (!shop) throw new FakeError(404, `Unknown shop ${domain}`);
    return shop;
  }

  locationFor(shop: string, role: "print" | "warehouse"): LocationRecord {
    const all = [...this.locations.values()].filter((l) => l.shop === shop);
    const found = all.find((l) => l.role === role) ?? all[0];
    if (!found) throw new FakeError(500, `Shop ${shop} has no locations`);
    return found;
  }

  // ---------------------------------------------------------------- orders

  createOrder(spec: CreateOrderSpec): OrderRecord {
    const shop = this.requireShop(spec.shop ?? DEMO_SHOP.domain);
    if (!spec.lineItems?.length) throw new FakeError(422, "lineItems must not be empty");
    const now = this.now();
    const printVariantIds = spec.printVariantIds?.map((v) => parseId(v, "ProductVariant"));
    const orderId = this.nextId("Order");
    const lineItems: LineItemRecord[] = spec.lineItems.map((line) => {
      const variantId =
        line.variantId === undefined ? undefined : parseId(line.variantId, "ProductVariant");
      const variant = variantId === undefined ? undefined : this.variants.get(variantId);
      if (line.variantId !== undefined && (!variant || variant.shop !== shop.domain)) {
        throw new FakeError(422, `Unknown variant ${String(line.variantId)} in ${shop.domain}`);
      }
      const product = variant ? this.products.get(variant.productId) : undefined;
      const print =
        line.print ??
        (printVariantIds && variant ? printVariantIds.includes(variant.id) : undefined) ??
        product?.print ??
        false;
      const quantity = line.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new FakeError(422, "quantity must be a positive integer");
      return {
        id: this.nextId("LineItem"),
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
    const address = this.makeAddress({ ...DEFAULT_SHIPPING_ADDRESS, ...spec.shippingAddress });
    if (spec.customer !== null) {
      customerId = this.nextId("Customer");
      this.customers.set(customerId, {
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
      billingAddress: this.makeAddress({ ...address, id: undefined } as AddressInput),
      customerId,
      lineItemIds: lineItems.map((l) => l.id),
      shippingPrice: spec.shippingPrice ?? "4.95",
      shippingTitle: spec.shippingTitle ?? "Standard",
      cancelledAt: null,
      cancelReason: null,
      closedAt: null,
      test: spec.test ?? false,
      confirmationNumber: randomBytes(5).toString("hex").toUpperCase().slice(0, 9),
      createdAt: now,
      updatedAt: now,
    };
    this.orders.set(orderId, order);
    for (const line of lineItems) this.lineItems.set(line.id, line);
    // One fulfillment order per assigned location.
    const groups = new Map<number, LineItemRecord[]>();
    for (const line of lineItems) {
      const location = this.locationFor(shop.domain, line.print ? "print" : "warehouse");
      groups.set(location.id, [...(groups.get(location.id) ?? []), line]);
    }
    for (const [locationId, lines] of groups) {
      const id = this.nextId("FulfillmentOrder");
      this.fulfillmentOrders.set(id, {
        id,
        shop: shop.domain,
        orderId,
        locationId,
        status: "OPEN",
        requestStatus: "UNSUBMITTED",
        lineItems: lines.map((l) => ({
          id: this.nextId("FulfillmentOrderLineItem"),
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

  makeAddress(input: AddressInput): AddressRecord {
    const countryCode = input.countryCode ? input.countryCode.toUpperCase() : null;
    return {
      id: this.nextId("MailingAddress"),
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

  order(id: string | number): OrderRecord | undefined {
    const n = this.ids.stored(id, "Order");
    return n === undefined ? undefined : this.orders.get(n);
  }

  requireOrder(id: string | number): OrderRecord {
    const order = this.order(id);
    if (!order) throw new FakeError(404, `Unknown order ${String(id)}`);
    return order;
  }

  orderLineItems(order: OrderRecord): LineItemRecord[] {
    return order.lineItemIds
      .map((id) => this.lineItems.get(id))
      .filter((l): l is LineItemRecord => !!l);
  }

  orderFulfillmentOrders(order: OrderRecord): FulfillmentOrderRecord[] {
    return [...this.fulfillmentOrders.values()].filter((fo) => fo.orderId === order.id);
  }

  orderFulfillments(order: OrderRecord): FulfillmentRecord[] {
    return [...this.fulfillments.values()].filter((f) => f.orderId === order.id);
  }

  markPaid(order: OrderRecord): void {
    if (order.cancelledAt) throw new FakeError(422, `Order ${order.name} is cancelled`);
    order.financialStatus = "PAID";
    order.updatedAt = this.now();
  }

  updateShippingAddress(order: OrderRecord, address: AddressInput): void {
    const current = order.shippingAddress ?? this.makeAddress({});
    const merged = { ...current, ...address };
    if (address.countryCode && !address.country) merged.country = null;
    order.shippingAddress = { ...this.makeAddress(merged), id: current.id };
    order.updatedAt = this.now();
  }

  cancelOrder(order: OrderRecord, reason: string, refund: boolean): void {
    if (order.cancelledAt) return;
    const now = this.now();
    order.cancelledAt = now;
    order.closedAt = now;
    order.cancelReason = reason;
    order.financialStatus =
      order.financialStatus === "PAID"
        ? refund
          ? "REFUNDED"
          : "PAID"
        : order.financialStatus === "PENDING"
          ? "VOIDED"
          : order.financialStatus;
    for (const fo of this.orderFulfillmentOrders(order)) {
      if (fo.status !== "CLOSED") {
        fo.status = "CLOSED";
        fo.updatedAt = now;
      }
    }
    order.updatedAt = now;
  }

  setLineItemProperty(
    order: OrderRecord,
    lineItemId: string | number,
    name: string,
    value: string | null,
  ): LineItemRecord {
    const id = this.ids.stored(lineItemId, "LineItem");
    const line = id === undefined ? undefined : this.lineItems.get(id);
    if (!line || line.orderId !== order.id)
      throw new FakeError(404, `Unknown line item ${String(lineItemId)} on ${order.name}`);
    const index = line.properties.findIndex((p) => p.name === name);
    if (value === null) {
      if (index >= 0) line.properties.splice(index, 1);
    } else if (index >= 0) {
      line.properties[index] = { name, value };
    } else {
      line.properties.push({ name, value });
    }
    order.updatedAt = this.now();
    return line;
  }

  displayFulfillmentStatus(order: OrderRecord): string {
    const fos = this.orderFulfillmentOrders(order);
    const total = fos.reduce(
      (n, fo) => n + fo.lineItems.reduce((m, li) => m + li.totalQuantity, 0),
      0,
    );
    const remaining = fos.reduce(
      (n, fo) => n + fo.lineItems.reduce((m, li) => m + li.remainingQuantity, 0),
      0,
    );
    if (total > 0 && remaining === 0) return "FULFILLED";
    if (remaining < total) return "PARTIALLY_FULFILLED";
    return "UNFULFILLED";
  }

  orderTotals(order: OrderRecord): { subtotal: string; shipping: string; total: string } {
    const subtotal = this.orderLineItems(order).reduce(
      (n, l) => n + toCents(l.price) * l.quantity,
      0,
    );
    const shipping = toCents(order.shippingPrice);
    return {
      subtotal: fromCents(subtotal),
      shipping: fromCents(shipping),
      total: fromCents(subtotal + shipping),
    };
  }

  // ---------------------------------------------------------------- tokens

  issueAccessToken(params: {
    shop: string;
    mode: "offline" | "online";
    userId?: string | null;
    ttlSeconds?: number | null;
    withRefresh?: { ttlSeconds: number; predecessor?: string | null };
  }): { access: AccessTokenRecord; refresh: RefreshTokenRecord | null } {
    const now = this.now();
    const token = `shpua_${randomBytes(16).toString("hex")}`;
    const refreshToken = params.withRefresh ? `shprt_${randomBytes(16).toString("hex")}` : null;
    const access: AccessTokenRecord = {
      token,
      shop: params.shop,
      mode: params.mode,
      userId: params.userId ?? null,
      scope: this.options.scopes,
      issuedAt: now,
      expiresAt: params.ttlSeconds ? now + params.ttlSeconds * 1000 : null,
      revoked: false,
      refreshToken,
    };
    this.accessTokens.set(token, access);
    let refresh: RefreshTokenRecord | null = null;
    if (refreshToken && params.withRefresh) {
      refresh = {
        token: refreshToken,
        shop: params.shop,
        accessToken: token,
        expiresAt: now + params.withRefresh.ttlSeconds * 1000,
        retired: false,
        predecessor: params.withRefresh.predecessor ?? null,
      };
      this.refreshTokens.set(refreshToken, refresh);
    }
    const shop = this.shop(params.shop);
    if (shop) shop.installed = true;
    return { access, refresh };
  }

  /** The token record if it is usable now for this shop. */
  validAccessToken(token: string | undefined, shop: string): AccessTokenRecord | undefined {
    if (!token) return undefined;
    const record = this.accessTokens.get(token);
    if (!record || record.revoked || record.shop !== shop) return undefined;
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return undefined;
    return record;
  }

  revokeTokens(shop: string, filter: (t: AccessTokenRecord) => boolean = () => true): number {
    let n = 0;
    for (const t of this.accessTokens.values()) {
      if (t.shop === shop && !t.revoked && filter(t)) {
        t.revoked = true;
        n++;
      }
    }
    return n;
  }
}

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
}

export function normalizeProperties(
  input: Record<string, string> | Property[] | undefined,
): Property[] {
  if (!input) return [];
  if (Array.isArray(input))
    return input.map((p) => ({ name: String(p.name), value: String(p.value) }));
  return Object.entries(input).map(([name, value]) => ({ name, value: String(value) }));
}

/** An error of the control API (HTTP status + message). */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "FakeError";
  }
}

export function uuid(): string {
  return randomUUID();
}
