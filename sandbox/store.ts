// The whole sandbox state: plain data so it serialises to the state file as is.

import { z } from "zod";

export const PUBLICATION_RESPONSES = ["id", "number", "secure"] as const;
export type PublicationResponse = (typeof PUBLICATION_RESPONSES)[number];

export interface Merchant {
  name: string;
  merchantApiKey: string;
  secretKey: string;
  applicationApiKey: string;
  buttonKey: string;
  /** Account credit in minor units of creditCurrency. */
  credit: number;
  creditCurrency: string;
  /** Profit markup used for retail prices, basis points. */
  markupBp: number;
  homeCountry: string;
  callbackUrl: string | null;
  publicationResponse: PublicationResponse;
  /** Operation ids this merchant's key may not use (401 APP_FORBIDDEN). */
  forbiddenOperations: string[];
}

export const DEFAULT_MERCHANT: Merchant = {
  name: "Sandbox Merchant",
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
  applicationApiKey: "sandbox-application-key",
  buttonKey: "sandbox-button-key",
  credit: 10_000_000,
  creditCurrency: "EUR",
  markupBp: 3000,
  homeCountry: "NL",
  callbackUrl: null,
  publicationResponse: "id",
  forbiddenOperations: [],
};

export const ORDER_STATES = [
  "NO_PRINT_FACILITY_ERROR",
  "OPEN",
  "PAID",
  "PAYMENT_ERROR",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
  "CANCELLED",
  "REFUNDED",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type ItemState =
  | "AWAITING_PAYMENT"
  | "PENDING_COMPLETION"
  | "PING_BACK_ERROR"
  | "QUEUED_FOR_PROCESSING"
  | "CHECK_PROCESSING_ERROR"
  | "PROCESSING"
  | "PROCESSED"
  | "CHECK_ITEM"
  | "HOLD_ITEM_CHECK"
  | "PRINT_READY";

export interface ItemFiles {
  contentUrl: string;
  width: number;
  height: number;
  pages: number;
  coverUrl: string;
  customSpineUrl: string;
}

export interface OrderItem {
  itemId: number;
  reference: string;
  offeringId: number;
  quantity: number;
  title: string;
  files: ItemFiles | null;
  state: ItemState;
}

export interface Address {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  city: string;
  countryCode: string;
  state: string;
  phoneNumber: string;
  companyName: string;
  vatNumber: string;
  cpfCnpj: string;
  neighbourhood: string;
}

export interface HistoryEntry {
  from: OrderState | null;
  to: OrderState;
  at: string;
}

export interface LegacyInfo {
  externalOrderId: string;
  paymentReference: string;
  merchantReference: string;
  locale: string;
  apiVersion: number;
  customerName: string;
}

export interface Order {
  id: number;
  merchantApiKey: string;
  reference: string;
  purchaseOrder: string;
  currency: string;
  billingEntityId: number | null;
  costCentre: string;
  email: string;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  items: OrderItem[];
  state: OrderState;
  history: HistoryEntry[];
  createdAt: string;
  trackingCode: string;
  trackingUrl: string;
  /** Amount taken from the merchant credit at payment (minor units of paidCurrency). */
  paidAmount: number;
  paidCurrency: string;
  /** Destination used for prices once paid (prices freeze at payment). */
  pricedCountry: string | null;
  legacy: LegacyInfo | null;
}

export interface Publication {
  id: number;
  merchantApiKey: string;
  currency: string;
  locale: string;
  reference: string;
  title: string;
  sourceUrl: string;
  pages: number;
  width: number;
  height: number;
  thumbnailUrl: string;
  /** The offering the checkout shows; for a category listing, the first that fits. */
  offeringId: number;
  /** Set for a category listing (several products of one category). */
  categoryCode?: string | null;
  secureId: string | null;
  token: string | null;
  createdAt: string;
}

export interface BillingEntity {
  id: number;
  merchantApiKey: string;
  parentId: number | null;
  companyName: string;
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  city: string;
  state: string;
  countryCode: string;
  vatNumber: string;
  chamberOfCommerce: string;
  emailAddresses: string[];
  phoneNumber: string;
}

export interface Counters {
  order: number;
  item: number;
  publication: number;
  billingEntity: number;
}

const INITIAL_COUNTERS: Counters = {
  order: 1_000_000,
  item: 5_000_000,
  publication: 300_000,
  billingEntity: 400_000,
};

export class Store {
  merchants = new Map<string, Merchant>();
  orders = new Map<number, Order>();
  publications = new Map<number, Publication>();
  billingEntities = new Map<number, BillingEntity>();
  counters: Counters = { ...INITIAL_COUNTERS };
  private byReference = new Map<string, number>();
  private byExternalId = new Map<string, number>();
  private bySecurePublication = new Map<string, number>();

  constructor(private readonly initialMerchants: readonly Merchant[]) {
    this.reset();
  }

  reset(): void {
    this.merchants = new Map(
      this.initialMerchants.map((m) => [m.merchantApiKey, structuredClone(m)]),
    );
    this.orders.clear();
    this.publications.clear();
    this.billingEntities.clear();
    this.byReference.clear();
    this.byExternalId.clear();
    this.bySecurePublication.clear();
    this.counters = { ...INITIAL_COUNTERS };
  }

  nextId(kind: keyof Counters): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  addOrder(o: Order): void {
    this.orders.set(o.id, o);
    if (o.reference) this.byReference.set(`${o.merchantApiKey}\u0000${o.reference}`, o.id);
    if (o.legacy) this.byExternalId.set(o.legacy.externalOrderId, o.id);
  }

  orderByReference(merchantApiKey: string, reference: string): Order | undefined {
    const id = this.byReference.get(`${merchantApiKey}\u0000${reference}`);
    return id === undefined ? undefined : this.orders.get(id);
  }

  orderByExternalId(externalOrderId: string): Order | undefined {
    const id = this.byExternalId.get(externalOrderId);
    return id === undefined ? undefined : this.orders.get(id);
  }

  addPublication(p: Publication): void {
    this.publications.set(p.id, p);
    if (p.secureId) this.bySecurePublication.set(p.secureId, p.id);
  }

  publicationBySecureId(secureId: string): Publication | undefined {
    const id = this.bySecurePublication.get(secureId);
    return id === undefined ? undefined : this.publications.get(id);
  }

  toJSON(): PersistedState {
    return {
      version: 1,
      counters: this.counters,
      merchants: [...this.merchants.values()],
      orders: [...this.orders.values()],
      publications: [...this.publications.values()],
      billingEntities: [...this.billingEntities.values()],
    };
  }

  load(state: PersistedState): void {
    this.reset();
    for (const m of state.merchants) this.merchants.set(m.merchantApiKey, m);
    for (const o of state.orders) this.addOrder(o);
    for (const p of state.publications) this.addPublication(p);
    for (const b of state.billingEntities) this.billingEntities.set(b.id, b);
    this.counters = { ...this.counters, ...state.counters };
  }
}

export interface PersistedState {
  version: 1;
  counters: Counters;
  merchants: Merchant[];
  orders: Order[];
  publications: Publication[];
  billingEntities: BillingEntity[];
}

/** Shallow check only: the file is our own output; a wrong version starts empty. */
export const persistedStateSchema = z.looseObject({
  version: z.literal(1),
  counters: z.record(z.string(), z.number()),
  merchants: z.array(z.looseObject({ merchantApiKey: z.string() })),
  orders: z.array(z.looseObject({ id: z.number() })),
  publications: z.array(z.looseObject({ id: z.number() })),
  billingEntities: z.array(z.looseObject({ id: z.number() })),
});
