/**
 * The maps of the fake's state with their lookups and id counters. FakeState
 * (../state.ts) adds the operations on top; the files beside this one hold them.
 */
import type { FlowTriggerRun } from "./flow-triggers";
import { APP_FUNCTIONS, ID_BASES, type GidType, type ShopSeed } from "../seed";
import { IdSpace, type LargeIdType } from "./ids";
import type {
  MediaRecord,
  MetafieldRecord,
  ProductRecord,
  StagedUploadRecord,
  VariantRecord,
} from "./catalogue-records";
import type {
  FulfillmentOrderRecord,
  FulfillmentRecord,
  FulfillmentServiceRecord,
  InventoryLevelRecord,
} from "./fulfillment-records";
import type {
  AccessTokenRecord,
  CarrierServiceRecord,
  Clock,
  CustomerRecord,
  LineItemRecord,
  LocationRecord,
  OrderRecord,
  RefreshTokenRecord,
  ShopifyFunctionRecord,
  ShopRecord,
  ThemeRecord,
  ValidationRecord,
} from "./records";

export interface FakeStateOptions {
  shops?: ShopSeed[];
  clock: Clock;
  scopes: string;
  /** Where shown order, line item and customer ids start (decimal text, may exceed 2^53). */
  idBases?: Partial<Record<LargeIdType, string>>;
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

export class FakeStore {
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
  readonly fulfillmentServices = new Map<number, FulfillmentServiceRecord>();
  readonly inventoryLevels = new Map<number, InventoryLevelRecord>();
  readonly metafields = new Map<number, MetafieldRecord>();
  readonly media = new Map<number, MediaRecord>();
  /** The app's deployed functions by id (app-wide, not per shop). */
  readonly shopifyFunctions = new Map<string, ShopifyFunctionRecord>(
    APP_FUNCTIONS.map((f) => [f.id, { ...f }]),
  );
  readonly validations = new Map<number, ValidationRecord>();
  readonly themes = new Map<number, ThemeRecord>();
  /** The Flow trigger runs the app started (flowTriggerReceive), oldest first. */
  readonly flowTriggerRuns: FlowTriggerRun[] = [];
  /** By object key (tmp/<shop id>/products/<uuid>/<filename>). */
  readonly stagedUploads = new Map<string, StagedUploadRecord>();
  /** Granted scopes per shop domain set by control.setScopes (default: options.scopes). */
  readonly grantedScopes = new Map<string, string>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  private readonly counters = new Map<GidType, number>();
  readonly ids: IdSpace;

  constructor(
    readonly options: FakeStateOptions,
    readonly clock: Clock,
  ) {
    this.ids = new IdSpace(options.idBases);
  }

  nextId(type: GidType): number {
    const next = this.counters.get(type) ?? ID_BASES[type];
    this.counters.set(type, next + 1);
    return next;
  }

  now(): number {
    return this.clock.now();
  }

  /** The scopes a token issued now for this shop carries. */
  scopesFor(shop: string): string {
    return this.grantedScopes.get(shop) ?? this.options.scopes;
  }

  shop(domain: string): ShopRecord | undefined {
    return this.shops.get(domain.toLowerCase());
  }

  requireShop(domain: string): ShopRecord {
    const shop = this.shop(domain);
    if (!shop) throw new FakeError(404, `Unknown shop ${domain}`);
    return shop;
  }

  /**
   * A new variant is stocked at one of the shop's own locations, as Shopify stocks a new product
   * at the default location: an item is never stocked nowhere.
   */
  stockAtHome(shop: string, variantId: number, print: boolean): void {
    const id = this.nextId("InventoryLevel");
    this.inventoryLevels.set(id, {
      id,
      shop,
      inventoryItemId: variantId,
      locationId: this.locationFor(shop, print ? "print" : "warehouse").id,
      createdAt: this.now(),
    });
  }

  /** The shop's own location for this role (never a fulfillment service's). */
  locationFor(shop: string, role: "print" | "warehouse"): LocationRecord {
    const all = [...this.locations.values()].filter(
      (l) => l.shop === shop && !l.fulfillmentServiceId,
    );
    const found = all.find((l) => l.role === role) ?? all[0];
    if (!found) throw new FakeError(500, `Shop ${shop} has no locations`);
    return found;
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
}
