/**
 * Reading a shop's orders from the Admin API (2026-10): the regular check with Shopify
 * and the import of past orders read the same fields the orders/paid webhook
 * carries, so both can be turned into the webhook's payload and go the webhook's way.
 *
 * `read_orders` reaches the last 60 days of orders (older ones need `read_all_orders`).
 */
import type { PageInfo } from "./products";

/**
 * Orders per page and line items per order. Shopify charges each object 1 and a connection
 * 2 + first × (the cost of one node), and refuses a query above 1,000: at these sizes one page
 * is {@link ORDERS_PAGE_COST} points, so a full bucket (1,000 points, refilled at 100 a second
 * on standard plans) holds one page with room to spare. An order with more line items reads
 * the rest with ORDER_LINE_ITEMS_QUERY.
 */
export const ORDERS_PER_PAGE = 15;
export const LINE_ITEMS_PER_ORDER = 8;
/**
 * What one page of ORDERS_QUERY costs: per order 1, its customer and address 1 each, and its
 * line-item connection 2 + 8 × 5 (per line 1, its variant 1, the price set and its money 2,
 * the attributes 1): 677 points. test/regular-check/orders-search.test.ts checks it against
 * the stand-in's cost rules.
 */
export const ORDERS_PAGE_COST = 2 + ORDERS_PER_PAGE * (1 + 1 + 1 + 2 + LINE_ITEMS_PER_ORDER * 5);
/** What one ORDER_LINE_ITEMS_QUERY of 50 further line items costs. */
export const LINE_ITEMS_PAGE_COST = 1 + 2 + 50 * 5;

// The documents are written out whole (the line-item fields twice) so that
// test/shopify-fake/app-documents.test.ts can validate them against the Admin schema.
export const ORDERS_QUERY = `#graphql
  query PrintConnectOrders($first: Int!, $after: String, $query: String, $sortKey: OrderSortKeys, $reverse: Boolean) {
    orders(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      nodes {
        id
        legacyResourceId
        name
        email
        currencyCode
        processedAt
        createdAt
        updatedAt
        cancelledAt
        displayFinancialStatus
        displayFulfillmentStatus
        customer { id }
        shippingAddress {
          firstName lastName name company address1 address2 city province provinceCode
          country countryCodeV2 zip phone
        }
        lineItems(first: ${LINE_ITEMS_PER_ORDER}) {
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          nodes {
            id title variantTitle sku quantity
            variant { id }
            originalUnitPriceSet { shopMoney { amount currencyCode } }
            customAttributes { key value }
          }
        }
      }
    }
  }`;

/** The rest of one order's line items, for an order with more than one page of them. */
export const ORDER_LINE_ITEMS_QUERY = `#graphql
  query PrintConnectOrderLineItems($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      id
      lineItems(first: $first, after: $after) {
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        nodes {
          id title variantTitle sku quantity
          variant { id }
          originalUnitPriceSet { shopMoney { amount currencyCode } }
          customAttributes { key value }
        }
      }
    }
  }`;

export interface AdminMoney {
  amount: string;
  currencyCode: string;
}

export interface AdminLineItem {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  variant: { id: string } | null;
  originalUnitPriceSet: { shopMoney: AdminMoney };
  customAttributes: { key: string; value: string | null }[];
}

export interface AdminAddress {
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCodeV2: string | null;
  zip: string | null;
  phone: string | null;
}

export interface AdminLineItemPage {
  pageInfo: PageInfo;
  nodes: AdminLineItem[];
}

export interface AdminOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  currencyCode: string;
  processedAt: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  customer: { id: string } | null;
  shippingAddress: AdminAddress | null;
  lineItems: AdminLineItemPage;
}

export interface OrdersData {
  orders: { pageInfo: PageInfo; nodes: AdminOrder[] };
}

export interface OrderLineItemsData {
  order: { id: string; lineItems: AdminLineItemPage } | null;
}

/** An ISO time as Shopify's search syntax takes it (quoted, whole seconds, UTC). */
function searchTime(at: Date): string {
  return `'${at.toISOString().replace(/\.\d{3}Z$/, "Z")}'`;
}

/**
 * The `query` text for paid orders in a window. `field` is the time the window is on:
 * updated_at for the regular check (a payment updates the order), created_at for an import
 * of a period. `from` is inclusive, `to` exclusive.
 */
export function paidOrdersSearch(window: {
  field: "updated_at" | "created_at";
  from: Date;
  to?: Date | undefined;
}): string {
  const terms = ["financial_status:paid", `${window.field}:>=${searchTime(window.from)}`];
  if (window.to) terms.push(`${window.field}:<${searchTime(window.to)}`);
  return terms.join(" ");
}
