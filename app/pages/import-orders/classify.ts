import {
  mapShippingAddress,
  planPrintItems,
  type MappingForPlan,
  type PlannedItem,
  type SkippedLine,
} from "../../services/fulfilment/print-plan";
import { PRINT_ORDER_STATUSES } from "../../services/fulfilment/machine";
import type { ShopifyOrder } from "../../services/fulfilment/shopify-order";
import { variantGid } from "../../services/shopify-admin/ids";

/**
 * Which past orders Import would print, and why the others would not: the same plan an
 * orders/paid webhook makes (services/fulfilment/print-plan.ts), plus what Shopify says of the
 * order's payment and fulfilment and what the app already holds of it.
 */

/** A print order of a Shopify order the app already holds (as data/import-orders reads it). */
export interface HeldPrintOrder {
  id: string;
  status: string;
  lastErrorMessage: string | null;
  holdUntil: Date | null;
}

/**
 * How the app already holds a Shopify order: handled (its print orders, none yet while it is
 * being planned) or only recorded (it had nothing to print then).
 */
export type KnownOrder = { kind: "handled"; printOrders: HeldPrintOrder[] } | { kind: "recorded" };

/** Why a past order is left out, in the merchant's words. */
export type SkipReason =
  | "already_recorded"
  | "cancelled"
  | "fulfilled"
  | "partly_fulfilled"
  | "not_paid"
  | "no_print_products"
  | "unreadable";

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  already_recorded: "Already received by Print Connect",
  cancelled: "Cancelled in Shopify",
  fulfilled: "Already fulfilled in Shopify",
  partly_fulfilled: "Partly fulfilled in Shopify",
  not_paid: "Not fully paid",
  no_print_products: "No print products",
  unreadable: "Shopify's order could not be read",
};

/** A past order as read from Shopify, before it is judged. */
export interface PastOrder {
  /** Numeric id as exact text. */
  id: string;
  name: string;
  createdAt: string | null;
  /** When Shopify processed (for a paid checkout: took the payment of) the order. */
  paidAt: string | null;
  /** Shopify's displayFinancialStatus / displayFulfillmentStatus (PAID, UNFULFILLED...). */
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  /** The order in the webhook's shape, or why it could not be read. */
  order: ShopifyOrder | { problem: string };
}

export interface PrintableOrder {
  id: string;
  name: string;
  createdAt: string | null;
  paidAt: string | null;
  order: ShopifyOrder;
  items: PlannedItem[];
  skippedLines: SkippedLine[];
  /** What will stop the order for the merchant once imported (address, file), in plain words. */
  warnings: string[];
}

export interface LeftOutOrder {
  id: string;
  name: string;
  createdAt: string | null;
  reason: SkipReason;
  detail: string | null;
}

/**
 * An order Print Connect already handles (a webhook, the regular check or an earlier import
 * brought it): not "not printed", but where its print order stands.
 */
export interface HandledOrder {
  id: string;
  name: string;
  createdAt: string | null;
  /** The print order that says where the order stands; null while it is being planned. */
  printOrderId: string | null;
  /** Its status (services/fulfilment/machine.ts). */
  status: string;
  /** Why it needs the merchant, or until when it is held; null otherwise. */
  detail: string | null;
  holdUntil: string | null;
}

export type Verdict =
  | { kind: "print"; order: PrintableOrder }
  | { kind: "left_out"; order: LeftOutOrder }
  | { kind: "handled"; order: HandledOrder };

const FIRST_FOR_THE_MERCHANT = ["needs_attention", "awaiting_approval", "held"];

/**
 * Where an order's print orders stand, as one: the one that needs the merchant first (attention,
 * approval, a hold), else the one furthest behind (a split order ships when its last part does).
 */
export function standingOf(printOrders: readonly HeldPrintOrder[]): HeldPrintOrder | null {
  const live = printOrders.filter((p) => p.status !== "cancelled");
  const pool = live.length ? live : printOrders;
  for (const status of FIRST_FOR_THE_MERCHANT) {
    const found = pool.find((p) => p.status === status);
    if (found) return found;
  }
  const rank = (status: string) => {
    const i = (PRINT_ORDER_STATUSES as readonly string[]).indexOf(status);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...pool].sort((a, b) => rank(a.status) - rank(b.status))[0] ?? null;
}

/** Fulfilment states in which part or all of the order has left the shop another way. */
const FULFILLED = new Set(["FULFILLED", "RESTOCKED"]);
const PARTLY_FULFILLED = new Set(["PARTIALLY_FULFILLED"]);

export function variantIdsOf(orders: readonly PastOrder[]): string[] {
  const ids = new Set<string>();
  for (const past of orders) {
    if ("problem" in past.order) continue;
    for (const line of past.order.line_items)
      if (line.variant_id) ids.add(variantGid(line.variant_id));
  }
  return [...ids];
}

export function judgePastOrder(
  past: PastOrder,
  known: KnownOrder | undefined,
  mappings: ReadonlyMap<string, MappingForPlan>,
): Verdict {
  const base = { id: past.id, name: past.name, createdAt: past.createdAt };
  const leftOut = (reason: SkipReason, detail: string | null = null): Verdict => ({
    kind: "left_out",
    order: { ...base, reason, detail },
  });
  // What the app already holds comes first: an order it handles is never offered again.
  if (known?.kind === "handled") {
    const standing = standingOf(known.printOrders);
    return {
      kind: "handled",
      order: {
        ...base,
        printOrderId: standing?.id ?? null,
        status: standing?.status ?? "pending",
        detail: standing?.status === "needs_attention" ? standing.lastErrorMessage : null,
        holdUntil: standing?.status === "held" ? (standing.holdUntil?.toISOString() ?? null) : null,
      },
    };
  }
  if (known?.kind === "recorded")
    return leftOut("already_recorded", "It had nothing to print then.");
  if ("problem" in past.order) return leftOut("unreadable", past.order.problem);
  const order = past.order;
  if (order.cancelled_at) return leftOut("cancelled");
  if (past.fulfillmentStatus && FULFILLED.has(past.fulfillmentStatus)) return leftOut("fulfilled");
  if (past.fulfillmentStatus && PARTLY_FULFILLED.has(past.fulfillmentStatus))
    return leftOut(
      "partly_fulfilled",
      "Part of it was shipped another way; print it by hand if need be.",
    );
  if (past.financialStatus && past.financialStatus !== "PAID")
    return leftOut(
      "not_paid",
      `Shopify says: ${past.financialStatus.toLowerCase().replaceAll("_", " ")}.`,
    );
  const plan = planPrintItems(order, mappings);
  if (plan.items.length === 0)
    return leftOut(
      "no_print_products",
      plan.skipped.length ? plan.skipped.map((s) => s.title).join(", ") : null,
    );
  const warnings: string[] = [];
  const address = mapShippingAddress(order);
  if (!address.ok) warnings.push(address.reason);
  const awaiting = plan.items.filter((i) => i.files === null).length;
  if (awaiting > 0)
    warnings.push(
      awaiting === 1
        ? "One item waits for the customer's print file."
        : `${awaiting} items wait for the customer's print file.`,
    );
  return {
    kind: "print",
    order: {
      ...base,
      paidAt: past.paidAt,
      order,
      items: plan.items,
      skippedLines: plan.skipped,
      warnings,
    },
  };
}
