import { createHash } from "node:crypto";
import { Prisma, type PrintOrder, type PrismaClient } from "@prisma/client";
import { eventRow, type EventActor } from "./events";
import { orderVersion, storedOlderThan, versionColumns } from "./order-version";
import { filesForLine, mapShippingAddress, type MappingForPlan } from "./plan";
import { shopifyLineItemSchema, type ShopifyOrder } from "./shopify-order";
import { isPrintOrderStatus, isUnpaid, isUnpaidOrder, type PrintOrderStatus } from "./status";
import { leaseFree, NOT_SCHEDULED } from "./worker";

/**
 * Things that happen to print orders from outside the worker: Shopify order
 * changes, status callbacks, merchant actions. Each writes the print order and
 * its event in one transaction and leaves the outward calls to the worker.
 */

type Db = PrismaClient;

export type CommandResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

const statusOf = (s: string): PrintOrderStatus => (isPrintOrderStatus(s) ? s : "needs_attention");

/**
 * A worker is in the middle of a step for this print order (it holds the
 * lease). Changing the order under it would be overwritten or would race its
 * call to the print service, so the change waits: a webhook answers 503 and
 * Shopify delivers it again; a merchant is asked to try again.
 */
export class PrintOrderBusyError extends Error {
  readonly retryAfterSeconds = 10;
  constructor(readonly printOrderId: string) {
    super("A print order of this Shopify order is being worked on; try again shortly.");
    this.name = "PrintOrderBusyError";
  }
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Takes the row for this transaction if no worker holds it. A conditional
 * write, not a read: it locks the row (PostgreSQL) or runs inside the one
 * writer (SQLite), so a worker cannot claim it until this transaction ends.
 */
async function lockUnleased(
  tx: Tx,
  row: { id: string; shop: string; status: string },
  now: Date,
): Promise<void> {
  // The expected status too: the decision was made on it, outside this transaction.
  const { count } = await tx.printOrder.updateMany({
    where: { id: row.id, shop: row.shop, status: row.status, ...leaseFree(now) },
    data: { updatedAt: now },
  });
  if (count !== 1) throw new PrintOrderBusyError(row.id);
}

/** Runs a webhook's change again on fresh data while a worker's step finishes. */
async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (const waitMs of [50, 250]) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PrintOrderBusyError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  return run();
}

export type StatusCallbackResult =
  /** Recorded; the worker re-reads the order. */
  | { outcome: "noted"; message: string }
  /** The same callback was recorded before: nothing done. */
  | { outcome: "replay" }
  /** No print order of this shop has that print-service order id. */
  | { outcome: "unknown_order" }
  /** The body's order_reference is not the signed order's. */
  | { outcome: "reference_mismatch" };

/** The largest value of the 32-bit integer column print-service order ids are stored in. */
const MAX_STORED_PRINT_ORDER_ID = 2_147_483_647;

/** A print-service order id as stored (an integer column), or null when it cannot be one. */
function storedPrintOrderId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= MAX_STORED_PRINT_ORDER_ID ? n : null;
}

/** What makes two status callbacks the same one: everything they say. */
function statusCallbackKey(orderRowId: string, input: StatusCallbackInput): string {
  const content = JSON.stringify([
    input.printOrderId,
    input.oldStatus ?? null,
    input.newStatus,
    input.trackingCode ?? null,
    input.trackingUrl ?? null,
  ]);
  return `status_callback:${orderRowId}:${createHash("sha256").update(content).digest("hex")}`;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export interface StatusCallbackInput {
  shop: string;
  /** The order id the signature covers (a string, as received). */
  printOrderId: string;
  orderReference?: string;
  oldStatus?: string;
  newStatus: string;
  trackingCode?: string;
  trackingUrl?: string;
  now?: Date;
}

/**
 * A status callback is a hint: schedule an immediate re-read of the order.
 * Its signature covers only `order_id`, so that alone picks the order (the
 * body's `order_reference` must agree when given), and the callback carries
 * no timestamp or nonce, so one whose content was recorded for this order
 * before is a replay: recorded once (a unique key on its event), then dropped.
 */
export async function noteStatusCallback(
  db: Db,
  input: StatusCallbackInput,
): Promise<StatusCallbackResult> {
  const now = input.now ?? new Date();
  const printOrderId = storedPrintOrderId(input.printOrderId);
  if (printOrderId === null) return { outcome: "unknown_order" };
  const order = await db.printOrder.findFirst({ where: { shop: input.shop, printOrderId } });
  if (!order) return { outcome: "unknown_order" };
  if (input.orderReference !== undefined && input.orderReference !== order.orderReference) {
    return { outcome: "reference_mismatch" };
  }
  const resting = order.status === "cancelled" || order.status === "needs_attention";
  try {
    await db.$transaction([
      db.orderEvent.create({
        data: {
          ...eventRow({
            shop: input.shop,
            shopOrderId: order.shopOrderId,
            printOrderId: order.id,
            actor: "callback",
            type: "status_callback",
            message: `Status update from the print service: ${input.oldStatus ?? "?"} to ${input.newStatus}.`,
            data: { old: input.oldStatus ?? null, new: input.newStatus },
            at: now,
          }),
          dedupeKey: statusCallbackKey(order.id, input),
        },
      }),
      db.printOrder.updateMany({
        where: {
          id: order.id,
          shop: input.shop,
          status: { notIn: ["cancelled", "needs_attention"] },
        },
        data: { nextAttemptAt: now },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "replay" };
    throw error;
  }
  return { outcome: "noted", message: resting ? "noted" : "re-read scheduled" };
}

async function mappingsFor(db: Db, shop: string, variantIds: string[]) {
  const rows = await db.variantMapping.findMany({ where: { shop, variantId: { in: variantIds } } });
  return new Map<string, MappingForPlan>(rows.map((r) => [r.variantId, r]));
}

interface OrderUpdateInput {
  shop: string;
  order: ShopifyOrder;
  topic: string;
  /** The delivery's X-Shopify-Triggered-At. */
  triggeredAt?: string | undefined;
  now?: Date;
}

/**
 * orders/updated: keep the snapshot current; send a changed address while
 * unpaid, flag a changed country or state after payment; pick up personalised
 * files that arrived as line item properties. A delivery older than the
 * stored order (a replay, or one that arrived late) changes nothing and is
 * answered `outdated`.
 */
export function applyOrderUpdate(
  db: Db,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  return retryWhileBusy(() => applyOrderUpdateOnce(db, input));
}

async function applyOrderUpdateOnce(
  db: Db,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  const { shop, order } = input;
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await db.shopOrder.findUnique({
    where: { shop_shopifyOrderId: { shop, shopifyOrderId: order.id } },
    include: { printOrders: { include: { items: true } } },
  });
  // Unknown, or erased on the customer's request: nothing personal is written back.
  if (!stored || stored.redactedAt) return { changed: [] };
  const changed: string[] = [];
  const oldAddress = stored.shippingAddress
    ? (JSON.parse(stored.shippingAddress) as ShopifyOrder["shipping_address"])
    : null;
  const newAddress = order.shipping_address ?? null;
  const addressChanged = JSON.stringify(oldAddress ?? null) !== JSON.stringify(newAddress);
  const regionChanged =
    (oldAddress?.country_code ?? null) !== (newAddress?.country_code ?? null) ||
    (oldAddress?.province_code ?? null) !== (newAddress?.province_code ?? null);
  const mappings = await mappingsFor(
    db,
    shop,
    stored.printOrders.flatMap((p) => p.items.map((i) => i.variantId)),
  );
  const version = orderVersion(order.updated_at, input.triggeredAt);

  const applied = await db.$transaction(async (tx) => {
    // First and conditional: an older delivery writes nothing at all.
    const { count } = await tx.shopOrder.updateMany({
      where: { id: stored.id, shop, ...storedOlderThan(version) },
      data: {
        email: order.email ?? order.contact_email ?? stored.email,
        shippingAddress: newAddress ? JSON.stringify(newAddress) : null,
        lineItems: JSON.stringify(order.line_items),
        ...versionColumns(version),
      },
    });
    if (count === 0) return false;
    for (const printOrder of stored.printOrders) {
      const status = statusOf(printOrder.status);
      let locked = false;
      const lock = async () => {
        if (!locked) await lockUnleased(tx, printOrder, now);
        locked = true;
      };
      const event = (type: string, message: string) =>
        tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId: stored.id,
            printOrderId: printOrder.id,
            actor,
            type,
            message,
            at: now,
          }),
        });
      if (addressChanged && status !== "cancelled") {
        const valid = mapShippingAddress(order);
        if (
          isUnpaid(status) ||
          (status === "needs_attention" &&
            printOrder.resumeStatus &&
            isUnpaid(statusOf(printOrder.resumeStatus)))
        ) {
          const atService = printOrder.printOrderId !== null;
          await lock();
          await tx.printOrder.update({
            where: { id: printOrder.id },
            data: {
              addressPending: atService && valid.ok,
              ...(atService ? { nextAttemptAt: now } : {}),
            },
          });
          await event(
            "address_changed",
            valid.ok
              ? atService
                ? "Shipping address changed; sending it to the print service."
                : "Shipping address changed; the new one will be used."
              : `Shipping address changed but is incomplete: ${valid.reason}`,
          );
          changed.push(`address:${printOrder.id}`);
        } else if (regionChanged) {
          await lock();
          await tx.printOrder.update({
            where: { id: printOrder.id },
            data: {
              status: "needs_attention",
              resumeStatus: status === "needs_attention" ? printOrder.resumeStatus : status,
              nextAttemptAt: NOT_SCHEDULED,
              lastErrorCode: "ADDRESS_CHANGED_AFTER_PAYMENT",
              lastErrorMessage:
                "The shipping country or state changed after the print order was paid; the print service ships to the old address.",
              lastErrorAction:
                "Contact the customer or the print service; retry to keep following this order.",
            },
          });
          await event(
            "needs_attention",
            "Shipping country or state changed after payment: the print order still goes to the old address.",
          );
          changed.push(`attention:${printOrder.id}`);
        } else {
          await event(
            "address_changed_after_payment",
            "Shipping address changed after payment; the print service keeps the address it has.",
          );
        }
      }

      // Personalised files that arrived as line item properties.
      for (const item of printOrder.items) {
        if (item.fileDetails || !item.fileProperty) continue;
        const line = order.line_items.find((l) => l.id === item.shopifyLineItemId);
        const mapping = mappings.get(item.variantId);
        if (!line || !mapping) continue;
        const files = filesForLine(mapping, line);
        if (!files) continue;
        await lock();
        await tx.printOrderItem.update({
          where: { id: item.id },
          data: { fileDetails: JSON.stringify(files) },
        });
        await tx.printOrder.updateMany({
          where: {
            id: printOrder.id,
            shop,
            status: { in: ["awaiting_files", "pending", "held", "ready", "created"] },
          },
          data: { nextAttemptAt: printOrder.status === "awaiting_files" ? now : undefined },
        });
        await event("file_received", `Print file received for "${item.title}".`);
        changed.push(`file:${item.id}`);
      }
    }
    return true;
  });
  return applied ? { changed } : { changed: [], outdated: true };
}

/** orders/cancelled: unpaid print orders are cancelled here; paid ones are flagged. */
export function applyOrderCancelled(
  db: Db,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  return retryWhileBusy(() => applyOrderCancelledOnce(db, input));
}

async function applyOrderCancelledOnce(
  db: Db,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await db.shopOrder.findUnique({
    where: { shop_shopifyOrderId: { shop: input.shop, shopifyOrderId: input.shopifyOrderId } },
    include: { printOrders: true },
  });
  if (!stored) return { cancelled: 0, flagged: 0 };
  let cancelled = 0;
  let flagged = 0;
  await db.$transaction(async (tx) => {
    await tx.shopOrder.update({
      where: { id: stored.id },
      data: { cancelledAt: stored.cancelledAt ?? now },
    });
    for (const p of stored.printOrders) {
      const status = statusOf(p.status);
      const unpaid = isUnpaidOrder(p);
      if (status === "cancelled") continue;
      if (!unpaid && p.lastErrorCode === "SHOP_ORDER_CANCELLED") continue; // flagged already
      await lockUnleased(tx, p, now);
      if (unpaid) {
        await tx.printOrder.update({
          where: { id: p.id },
          data: { status: "cancelled", nextAttemptAt: NOT_SCHEDULED },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop: input.shop,
            shopOrderId: stored.id,
            printOrderId: p.id,
            actor,
            type: "cancelled",
            message:
              "Shopify order cancelled before payment: the print order is cancelled and will not be printed.",
            at: now,
          }),
        });
        cancelled++;
      } else {
        await tx.printOrder.update({
          where: { id: p.id },
          data: {
            status: "needs_attention",
            resumeStatus: status === "needs_attention" ? p.resumeStatus : status,
            nextAttemptAt: NOT_SCHEDULED,
            lastErrorCode: "SHOP_ORDER_CANCELLED",
            lastErrorMessage:
              "The Shopify order was cancelled after the print order was paid; it is being printed.",
            lastErrorAction:
              "Ask the print service to cancel it if it is not yet in the print queue; retry to keep following it.",
          },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop: input.shop,
            shopOrderId: stored.id,
            printOrderId: p.id,
            actor,
            type: "needs_attention",
            message: "Shopify order cancelled after payment: the print order is already paid.",
            at: now,
          }),
        });
        flagged++;
      }
    }
  });
  return { cancelled, flagged };
}

async function merchantChange(
  db: Db,
  input: { shop: string; id: string; now?: Date },
  allowed: (status: PrintOrderStatus, order: PrintOrder) => boolean,
  change: (order: { status: PrintOrderStatus; resumeStatus: string | null }) => {
    data: Record<string, unknown>;
    type: string;
    message: string;
  },
): Promise<CommandResult> {
  const now = input.now ?? new Date();
  const order = await db.printOrder.findFirst({ where: { id: input.id, shop: input.shop } });
  if (!order) return { ok: false, status: 404, message: "Print order not found" };
  const status = statusOf(order.status);
  if (!allowed(status, order))
    return {
      ok: false,
      status: 409,
      message: `Not possible while the order is ${status.replaceAll("_", " ")}`,
    };
  const { data, type, message } = change({ status, resumeStatus: order.resumeStatus });
  const { count } = await db.printOrder.updateMany({
    where: { id: order.id, shop: input.shop, status: order.status, ...leaseFree(now) },
    data,
  });
  if (count !== 1) {
    const current = await db.printOrder.findFirst({
      where: { id: order.id, shop: input.shop },
      select: { status: true },
    });
    return {
      ok: false,
      status: 409,
      message:
        current?.status === order.status
          ? "The order is being sent to the print service right now; try again in a moment."
          : "The order changed meanwhile; reload and try again",
    };
  }
  await db.orderEvent.create({
    data: eventRow({
      shop: input.shop,
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      actor: "merchant",
      type,
      message,
      at: now,
    }),
  });
  return { ok: true, message };
}

/** Send a held or awaiting-approval order to print now. */
export function approvePrintOrder(db: Db, input: { shop: string; id: string; now?: Date }) {
  const now = input.now ?? new Date();
  return merchantChange(
    db,
    input,
    (s) => s === "held" || s === "awaiting_approval",
    () => ({
      data: { status: "ready", approvedAt: now, nextAttemptAt: now },
      type: "approved",
      message: "Approved: sending to print.",
    }),
  );
}

/**
 * Try again after the merchant fixed what was wrong. An order the print
 * service has not been paid for is rebuilt from the current product mappings
 * first: the advice for a mapping or file problem is "fix it, then retry", so
 * the retry must use the fixed mapping, not the copy taken at payment.
 */
export async function retryPrintOrder(db: Db, input: { shop: string; id: string; now?: Date }) {
  const now = input.now ?? new Date();
  const refreshed = await refreshItemsFromMappings(db, input);
  return merchantChange(
    db,
    input,
    (s) => s === "needs_attention",
    (o) => {
      const resume =
        o.resumeStatus && isPrintOrderStatus(o.resumeStatus) ? o.resumeStatus : "pending";
      return {
        data: {
          // A new offering needs a new quote (and perhaps another facility split).
          status: refreshed.offeringChanged ? "pending" : resume,
          resumeStatus: null,
          attempts: 0,
          nextAttemptAt: now,
          lastErrorCode: null,
          lastErrorMessage: null,
          lastErrorAction: null,
        },
        type: "retried",
        message: refreshed.titles.length
          ? `Retry requested, with the current product mapping for ${refreshed.titles.map((t) => `"${t}"`).join(", ")}.`
          : "Retry requested.",
      };
    },
  );
}

/**
 * Copies the current mappings into the items of an unpaid order. Before the
 * order exists at the print service everything may change; once it exists
 * (OPEN), only files may, and a changed file is sent again.
 */
async function refreshItemsFromMappings(
  db: Db,
  input: { shop: string; id: string },
): Promise<{ titles: string[]; offeringChanged: boolean }> {
  const order = await db.printOrder.findFirst({
    where: { id: input.id, shop: input.shop, status: "needs_attention" },
    include: { items: true, shopOrder: { select: { lineItems: true } } },
  });
  if (!order || !isUnpaidOrder(order)) return { titles: [], offeringChanged: false };
  const atService = order.printOrderId !== null;
  const mappings = await mappingsFor(
    db,
    input.shop,
    order.items.map((i) => i.variantId),
  );
  const lines = new Map(
    (JSON.parse(order.shopOrder.lineItems) as unknown[]).flatMap((raw) => {
      const line = shopifyLineItemSchema.safeParse(raw);
      return line.success ? [[line.data.id, line.data] as const] : [];
    }),
  );
  const titles: string[] = [];
  let offeringChanged = false;
  for (const item of order.items) {
    const mapping = mappings.get(item.variantId);
    if (!mapping) continue; // unmapped since: the retry says so again
    if (atService && mapping.offeringId !== item.offeringId) continue; // fixed at the service
    const files = filesForLine(mapping, lines.get(item.shopifyLineItemId) ?? { properties: [] });
    // A personalised file the merchant attached by hand stays when the order carries none.
    const fileDetails = files
      ? JSON.stringify(files)
      : mapping.fileProperty
        ? item.fileDetails
        : null;
    const offering = item.offeringId !== mapping.offeringId;
    const fileChanged = item.fileDetails !== fileDetails;
    if (!offering && !fileChanged && item.fileProperty === mapping.fileProperty) continue;
    if (offering) offeringChanged = true;
    await db.printOrderItem.updateMany({
      where: { id: item.id, shop: input.shop },
      data: {
        offeringId: mapping.offeringId,
        fileDetails,
        fileProperty: mapping.fileProperty,
        ...(fileChanged ? { filesSentAt: null } : {}),
      },
    });
    titles.push(item.title);
  }
  return { titles, offeringChanged };
}

/** Whether the merchant may cancel it here: only while the print service has not been paid. */
export function canCancelBeforePrint(order: {
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
}): boolean {
  const s = order.status;
  if (s === "held" || s === "awaiting_approval" || s === "pending") return true;
  return s === "needs_attention" && isUnpaidOrder(order);
}

/** Cancel an order that has not gone to print yet. */
export function cancelHeldPrintOrder(db: Db, input: { shop: string; id: string; now?: Date }) {
  return merchantChange(
    db,
    input,
    (_status, order) => canCancelBeforePrint(order),
    (o) => ({
      data: { status: "cancelled", nextAttemptAt: NOT_SCHEDULED },
      type: "cancelled",
      message:
        o.status === "needs_attention"
          ? "Cancelled by the merchant."
          : "Cancelled by the merchant before printing.",
    }),
  );
}

/** Attach a personalised file to an item still waiting for one. */
export async function attachItemFile(
  db: Db,
  input: { shop: string; printOrderId: string; itemId: string; fileUrl: string; now?: Date },
): Promise<CommandResult> {
  const now = input.now ?? new Date();
  const item = await db.printOrderItem.findFirst({
    where: { id: input.itemId, shop: input.shop, printOrderRowId: input.printOrderId },
    include: { printOrder: true },
  });
  if (!item) return { ok: false, status: 404, message: "Item not found" };
  if (item.filesSentAt)
    return { ok: false, status: 409, message: "The print service already has this item's file" };
  const mapping = await db.variantMapping.findUnique({
    where: { shop_variantId: { shop: input.shop, variantId: item.variantId } },
  });
  if (!mapping) return { ok: false, status: 409, message: "The product is no longer mapped" };
  const files = filesForLine(
    { ...mapping, fileProperty: null, contentUrl: input.fileUrl },
    { properties: [] },
  );
  await db.$transaction([
    db.printOrderItem.update({
      where: { id: item.id },
      data: { fileDetails: JSON.stringify(files) },
    }),
    db.printOrder.updateMany({
      where: { id: item.printOrderRowId, shop: input.shop, status: "awaiting_files" },
      data: { nextAttemptAt: now },
    }),
    db.orderEvent.create({
      data: eventRow({
        shop: input.shop,
        shopOrderId: item.printOrder.shopOrderId,
        printOrderId: item.printOrderRowId,
        actor: "merchant",
        type: "file_received",
        message: `Print file attached for "${item.title}".`,
        at: now,
      }),
    }),
  ]);
  return { ok: true, message: "File attached" };
}
