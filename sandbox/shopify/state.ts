/**
 * In-memory state of the Shopify fake: shops, catalogue, orders, fulfillment
 * orders, fulfillments, carrier services, tokens. Pure data + operations; the
 * HTTP server, GraphQL schema and control API sit on top.
 *
 * FakeState is the maps and lookups of state/store.ts with the operations of
 * the other files in state/ as methods; the records are in state/records.ts,
 * state/catalogue-records.ts and state/fulfillment-records.ts.
 */
import { DEMO_SHOP, type ShopSeed } from "./seed";
import { createOrder, makeAddress, type CreateOrderSpec } from "./state/create-order";
import {
  cancelOrder,
  displayFulfillmentStatus,
  markPaid,
  orderTotals,
  setLineItemProperty,
  updateShippingAddress,
} from "./state/orders";
import type {
  AccessTokenRecord,
  AddressInput,
  AddressRecord,
  Clock,
  LineItemRecord,
  OrderRecord,
  RefreshTokenRecord,
  ShopRecord,
} from "./state/records";
import type { FulfillmentOrderRecord } from "./state/fulfillment-records";
import { seedShop } from "./state/seed-shop";
import { FakeStore, type FakeStateOptions } from "./state/store";
import {
  issueAccessToken,
  revokeTokens,
  setGrantedScopes,
  validAccessToken,
  type IssueAccessTokenParams,
} from "./state/tokens";

export type * from "./state/records";
export type * from "./state/catalogue-records";
export type * from "./state/fulfillment-records";
export {
  DEFAULT_SHIPPING_ADDRESS,
  normalizeProperties,
  type CreateOrderLineSpec,
  type CreateOrderSpec,
} from "./state/create-order";
export { gid, IdSpace, parseId, parseJsonExact, uuid, type LargeIdType } from "./state/ids";
export { fromCents, toCents } from "./state/money";
export { FakeError, type FakeStateOptions } from "./state/store";

export class FakeState extends FakeStore {
  constructor(options: FakeStateOptions, clock: Clock) {
    super(options, clock);
    this.seedShop(DEMO_SHOP);
    for (const seed of options.shops ?? []) {
      if (seed.domain.toLowerCase() !== DEMO_SHOP.domain) this.seedShop(seed);
    }
  }

  seedShop(seed: ShopSeed): ShopRecord {
    return seedShop(this, seed);
  }

  // ---------------------------------------------------------------- orders

  createOrder(spec: CreateOrderSpec): OrderRecord {
    return createOrder(this, spec);
  }

  makeAddress(input: AddressInput): AddressRecord {
    return makeAddress(this, input);
  }

  markPaid(order: OrderRecord): void {
    markPaid(this, order);
  }

  updateShippingAddress(order: OrderRecord, address: AddressInput): void {
    updateShippingAddress(this, order, address);
  }

  /** Cancels the order; returns the fulfillment orders a service must now answer a cancellation for. */
  cancelOrder(order: OrderRecord, reason: string, refund: boolean): FulfillmentOrderRecord[] {
    return cancelOrder(this, order, reason, refund);
  }

  setLineItemProperty(
    order: OrderRecord,
    lineItemId: string | number,
    name: string,
    value: string | null,
  ): LineItemRecord {
    return setLineItemProperty(this, order, lineItemId, name, value);
  }

  displayFulfillmentStatus(order: OrderRecord): string {
    return displayFulfillmentStatus(this, order);
  }

  orderTotals(order: OrderRecord): { subtotal: string; shipping: string; total: string } {
    return orderTotals(this, order);
  }

  // ---------------------------------------------------------------- tokens

  issueAccessToken(params: IssueAccessTokenParams): {
    access: AccessTokenRecord;
    refresh: RefreshTokenRecord | null;
  } {
    return issueAccessToken(this, params);
  }

  /** The token record if it is usable now for this shop. */
  validAccessToken(token: string | undefined, shop: string): AccessTokenRecord | undefined {
    return validAccessToken(this, token, shop);
  }

  revokeTokens(shop: string, filter?: (t: AccessTokenRecord) => boolean): number {
    return revokeTokens(this, shop, filter);
  }

  /** The scopes the shop has granted from now on (its existing tokens too). */
  setGrantedScopes(shop: string, scopes: string[]): void {
    setGrantedScopes(this, shop, scopes);
  }
}
