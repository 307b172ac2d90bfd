import { z } from "zod";
import { readPrintOrderDetail } from "../../data/print-order-detail.server";
import { orderAddressLinkOf } from "../../data/address-links.server";
import type { OrderLinkState } from "../../services/address-links/state";
import { ordersVersion } from "../../data/print-orders.server";
import { listOfferings } from "../../lib/catalogue.server";
import { collapseTimeline } from "../../services/fulfilment/events";
import { shopifyRequestState } from "../../services/merchant-text/fulfillment-service";
import { merchantActionsFor, type PrintOrderStatus } from "../../services/fulfilment/machine";
import { itemStateShownLabel, serviceStateLabel } from "../../services/fulfilment/service-states";
import { splitOf } from "../../services/fulfilment/split-place";
import { printOrderKindOf, type PrintOrderKind } from "../../services/fulfilment/order-kind";
import { shownStatusOf } from "../../services/merchant-text/proofs";
import { eventActorLabel } from "../../services/merchant-text/orders";
import {
  itemsPrice,
  orderMargin,
  printCostOf,
  type OrderMargin,
} from "../../services/pricing/order-margin";
import type { MoneyMinor, OrderPrices } from "../../services/print";
import { shownEventMessage } from "../../services/merchant-text/errors";
import { legacyIdOf } from "../../services/shopify-admin/ids";
import { fileCheckOf, type ItemFileCheck } from "./file-check";
import {
  addressLines,
  money,
  parseJson,
  shopPriceOf,
  type StoredAddress,
  type StoredLine,
} from "./stored";

/** One print order for the admin: its detail with the timeline, keyed by shop. */

export interface OrderDetailView {
  id: string;
  /** The Shopify order's name, or a proof's own ("Proof P1001"). */
  shopifyOrderName: string;
  kind: PrintOrderKind;
  /** A proof copy's cost (the wholesale total, once quoted) and copies; null for a sale. */
  proof: { cost: MoneyMinor | null; copies: number } | null;
  shopifyOrderId: string;
  orderReference: string;
  printOrderId: number | null;
  status: string;
  /** The status as the page shows it (a finished proof reads "Shipped", not "Fulfilled"). */
  shownStatus: string;
  resumeStatus: string | null;
  serviceState: string | null;
  /** The service state in plain words (as sent when the app does not know it). */
  serviceStateLabel: string | null;
  currency: string;
  createdAt: string;
  holdUntil: string | null;
  approvedAt: string | null;
  lastSyncedAt: string | null;
  lastError: { code: string | null; message: string | null; action: string | null } | null;
  tracking: { code: string | null; url: string | null; company: string | null } | null;
  wholesale: { total: MoneyMinor | null; shipping: MoneyMinor | null; tax: MoneyMinor | null };
  retailTotal: MoneyMinor | null;
  prices: OrderPrices | null;
  fulfilmentLocation: { countryCode?: string; labCode?: string } | null;
  email: string | null;
  shippingAddress: string[] | null;
  redacted: boolean;
  /** Copies to print: the sum of the items' quantities. */
  copies: number;
  /** The other print orders of the same Shopify order, when it was split. */
  split: {
    index: number;
    of: number;
    orders: { id: string; index: number; status: string; current: boolean }[];
  } | null;
  margin: OrderMargin;
  items: {
    id: string;
    title: string;
    quantity: number;
    offeringId: number;
    /** The offering's name at the print service; null when it could not be read. */
    offeringName: string | null;
    variantId: string;
    fileUrl: string | null;
    numberOfPages: number | null;
    awaitingFile: boolean;
    filesSent: boolean;
    shopPrice: MoneyMinor | null;
    /** The service's item state as sent, and in plain words (the order's once it is past it). */
    serviceState: string | null;
    serviceStateLabel: string | null;
    /** The print-file check of the item's current file, in plain words; null when not checked. */
    fileCheck: ItemFileCheck | null;
    /**
     * Where a corrected file goes: the product's mapping (its page), or the Shopify order's
     * line item property (a personalised file); null for a proof of a catalogue offering.
     */
    fileSource: { kind: "mapping"; url: string } | { kind: "order"; property: string } | null;
  }[];
  /**
   * What may be wrong with the shipping address without stopping the order (no house number),
   * shown until the parcel is on its way; the timeline keeps them after.
   */
  addressWarnings: string[];
  /** The customer's link to correct the address: can one be sent, the last one; null for a proof. */
  addressLink: OrderLinkState | null;
  /** What Shopify's order page shows of the app's answer to its last request (a moved shop). */
  shopifyRequest: { label: string; hint: string | null; at: string } | null;
  /** One entry per change, newest first; `by` is who did it, in words. */
  events: { id: number; at: string; by: string; type: string; message: string }[];
  actions: {
    approve: boolean;
    retry: boolean;
    cancel: boolean;
    attach: boolean;
    printAnyway: boolean;
  };
}

/** Offering names by id, from the cached catalogue; an empty map if it does not answer soon. */
async function offeringNames(shop: string): Promise<Map<number, string>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 1500);
  });
  try {
    const result = await Promise.race([listOfferings({ shop, filters: {} }), late]);
    return new Map(result?.status === "ok" ? result.data.map((o) => [o.id, o.name]) : []);
  } catch {
    return new Map();
  } finally {
    clearTimeout(timer);
  }
}

export async function getPrintOrderDetail({
  shop,
  id,
}: {
  shop: string;
  id: string;
}): Promise<OrderDetailView | null> {
  const [read, names] = await Promise.all([
    readPrintOrderDetail({ shop, id }),
    offeringNames(shop),
  ]);
  if (!read) return null;
  const { order, items, events, siblings } = read;
  const addressLink =
    printOrderKindOf(order.kind) === "proof"
      ? null
      : await orderAddressLinkOf(shop, order.shopOrderId);
  const place = splitOf(order, siblings);
  const priceData = parseJson<{
    prices?: OrderPrices;
    fulfilmentLocation?: { countryCode?: string; labCode?: string } | null;
  }>(order.priceData);
  const lines = parseJson<StoredLine[]>(order.shopOrder.lineItems) ?? [];
  const status = order.status as PrintOrderStatus;
  const awaitingFiles = items.some((i) => !i.fileDetails && !i.filesSentAt);
  const linePrices = items.map((i) =>
    shopPriceOf(
      lines.find((l) => String(l.id) === i.shopifyLineItemId),
      order.shopOrder.currency,
    ),
  );
  const prices = priceData?.prices ?? null;
  const kind = printOrderKindOf(order.kind);
  const copies = items.reduce((sum, i) => sum + i.quantity, 0);
  return {
    id: order.id,
    shopifyOrderName: order.shopifyOrderName,
    kind,
    proof:
      kind === "proof" ? { cost: money(order.wholesaleTotalMinor, order.currency), copies } : null,
    shopifyOrderId: order.shopifyOrderId,
    orderReference: order.orderReference,
    printOrderId: order.printOrderId,
    status: order.status,
    shownStatus: shownStatusOf({ kind, status: order.status }),
    resumeStatus: order.resumeStatus,
    serviceState: order.serviceState,
    serviceStateLabel: order.serviceState ? serviceStateLabel(order.serviceState) : null,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    holdUntil: order.holdUntil?.toISOString() ?? null,
    approvedAt: order.approvedAt?.toISOString() ?? null,
    lastSyncedAt: order.lastSyncedAt?.toISOString() ?? null,
    lastError:
      order.lastErrorCode || order.lastErrorMessage
        ? {
            code: order.lastErrorCode,
            message: order.lastErrorMessage,
            action: order.lastErrorAction,
          }
        : null,
    tracking:
      order.trackingCode || order.trackingUrl
        ? { code: order.trackingCode, url: order.trackingUrl, company: order.trackingCompany }
        : null,
    wholesale: {
      total: money(order.wholesaleTotalMinor, order.currency),
      shipping: money(order.wholesaleShippingMinor, order.currency),
      tax: money(order.wholesaleTaxMinor, order.currency),
    },
    retailTotal: money(order.retailTotalMinor, order.currency),
    prices,
    copies,
    split: place
      ? {
          ...place,
          orders: siblings
            .map((o) => ({ o, at: splitOf(o, siblings)?.index ?? 1 }))
            .sort((a, b) => a.at - b.at)
            .map(({ o, at }) => ({
              id: o.id,
              index: at,
              status: o.status,
              current: o.id === order.id,
            })),
        }
      : null,
    margin: orderMargin(
      itemsPrice(items, linePrices, order.shopOrder.currency),
      printCostOf(prices, money(order.wholesaleTotalMinor, order.currency), order.currency),
    ),
    fulfilmentLocation: priceData?.fulfilmentLocation ?? null,
    email: order.shopOrder.email,
    shippingAddress: addressLines(parseJson<StoredAddress>(order.shopOrder.shippingAddress)),
    redacted: order.shopOrder.redactedAt !== null,
    items: items.map((i, index) => {
      const files = parseJson<{ contentUrl?: string; numberOfPages?: number }>(i.fileDetails);
      return {
        id: i.id,
        title: i.title,
        quantity: i.quantity,
        offeringId: i.offeringId,
        offeringName: names.get(i.offeringId) ?? null,
        variantId: i.variantId,
        fileUrl: files?.contentUrl ?? null,
        numberOfPages: files?.numberOfPages ?? null,
        awaitingFile: !i.fileDetails && !i.filesSentAt,
        filesSent: i.filesSentAt !== null,
        shopPrice: linePrices[index] ?? null,
        serviceState: i.serviceState,
        // Never behind its order: a shipped order's item does not read "Ready to print".
        serviceStateLabel: itemStateShownLabel(i.serviceState, order),
        fileCheck: fileCheckOf(i, files?.contentUrl ?? null),
        fileSource: i.fileProperty
          ? { kind: "order" as const, property: i.fileProperty }
          : i.variantId
            ? { kind: "mapping" as const, url: `/app/products/${legacyIdOf(i.variantId)}` }
            : null,
      };
    }),
    addressWarnings: ["shipped", "fulfilled", "cancelled"].includes(status)
      ? []
      : [...new Set(events.filter((e) => e.type === "address_warning").map((e) => e.message))],
    addressLink,
    shopifyRequest: shopifyRequestState(
      events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
    ),
    events: collapseTimeline(events).map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      by: eventActorLabel(e.actor),
      type: e.type,
      message: shownEventMessage(e),
    })),
    actions: {
      ...merchantActionsFor(order),
      attach: awaitingFiles && status !== "cancelled",
    },
  };
}

/**
 * The order page's loader: the print order and the change stamp the live page compares; null
 * when the id is not one of the shop's print orders.
 */
export async function loadOrderDetail({ shop, id }: { shop: string; id: string | undefined }) {
  const parsed = z.string().min(1).max(64).safeParse(id);
  if (!parsed.success) return null;
  // Read before the order: a change made while it is read shows as new on the next check.
  const version = await ordersVersion({ shop, printOrderId: parsed.data });
  const order = await getPrintOrderDetail({ shop, id: parsed.data });
  return order ? { order, version } : null;
}
