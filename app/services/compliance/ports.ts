import type { OrderEvent, PrintOrder, PrintOrderItem, ShopOrder } from "@prisma/client";
import type { ComplianceTopic } from "./payloads";

/**
 * What compliance handling is given: the store of the shop's rows (data/compliance.server.ts),
 * read and changed inside one transaction per request.
 */

export interface CustomerRef {
  customerId?: string | undefined;
  email?: string | undefined;
  orderIds: string[];
}

/** A customer's shop order with its print orders, their items and its history. */
export type CustomerOrderHistory = ShopOrder & {
  printOrders: (PrintOrder & { items: PrintOrderItem[] })[];
  events: OrderEvent[];
};

/** An order recorded at the door and not yet planned: the body is the order as Shopify sent it. */
export interface WaitingOrder {
  webhookId: string;
  body: string;
  receivedAt: Date;
}

/** What the store counted while deleting a shop's rows, per table. */
export type ShopRowsDeleted = Record<string, number>;

/** The record of a handled request, as kept: ids only, no email or phone. */
export interface ComplianceRecord {
  shop: string;
  topic: ComplianceTopic;
  webhookId: string;
  customerId: string | null;
  payload: unknown;
  result: unknown;
  now: Date;
}

/** The reads and writes of one request, all inside its one transaction; every one keyed by shop. */
export interface ComplianceTransaction {
  /** The shop orders that belong to the customer, with their print orders and history. */
  customerOrderHistories(shop: string, who: CustomerRef): Promise<CustomerOrderHistory[]>;
  /** The shop orders that belong to the customer. */
  customerOrders(shop: string, who: CustomerRef): Promise<ShopOrder[]>;
  /** The shop's orders recorded and not yet planned, oldest first, at most `take`. */
  waitingOrders(shop: string, take: number): Promise<WaitingOrder[]>;
  deleteWaitingOrders(shop: string, webhookIds: string[]): Promise<number>;
  /** The order's links to correct its address, and the link e-mails sent to `email`. */
  deleteAddressLinks(shop: string, shopOrderId: string, email: string | null): Promise<void>;
  /** Clears the order's customer fields, keeping `lineItems` in their place. */
  eraseOrderCustomer(
    shop: string,
    shopOrderId: string,
    change: { lineItems: string; redactedAt: Date },
  ): Promise<void>;
  /** Clears the tracking and last error of the order's print orders; how many. */
  erasePrintOrdersTracking(shop: string, shopOrderId: string): Promise<number>;
  /** The order's items printed from a customer's file. */
  personalisedItems(
    shop: string,
    shopOrderId: string,
  ): Promise<{ id: string; fileDetails: string | null }[]>;
  setItemFileDetails(shop: string, itemId: string, fileDetails: string | null): Promise<void>;
  orderEventMessages(shop: string, shopOrderId: string): Promise<{ id: number; message: string }[]>;
  /** Replaces the event's message and drops its data. */
  setEventMessage(shop: string, eventId: number, message: string): Promise<void>;
  /** Replaces the result of the customer's earlier data-request reports; how many. */
  replaceCustomerReports(shop: string, customerId: string, result: unknown): Promise<number>;
  /** Every row the app holds for the shop, counted per table. */
  deleteShopRows(shop: string): Promise<ShopRowsDeleted>;
  /** Records the handled request; its id. */
  recordRequest(record: ComplianceRecord): Promise<string>;
}

export interface ComplianceStore {
  /** The request recorded for this delivery, if any. */
  findRequest(
    shop: string,
    webhookId: string,
  ): Promise<{ id: string; completedAt: Date | null } | null>;
  /** Runs `work` in one database transaction. */
  transaction<T>(work: (tx: ComplianceTransaction) => Promise<T>): Promise<T>;
}
