import type { PrintOrder } from "@prisma/client";
import { PREFLIGHT_TEXT } from "../../merchant-text/errors";
import { orderStatusPhrase } from "../../merchant-text/orders";
import { shownStatusOf } from "../../merchant-text/proofs";
import { parsePreflight, preflightSummary } from "../../preflight";
import {
  canApprove,
  canCancelBeforePrint,
  canPrintAnyway,
  canRetry,
  isUnpaidOrder,
  NOT_SCHEDULED,
  PREFLIGHT_FAILED,
  resumedWhereStopped,
  statusOf,
  type PrintOrderStatus,
} from "../machine";
import { filesForLine } from "../print-plan";
import { shopifyLineItemSchema } from "../shopify-order";
import { mappingsFor } from "./lock";
import type { CommandStore, PrintOrderChange } from "./ports";

export type CommandResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/**
 * A merchant's change, when the state machine allows it in the order's status
 * and no worker holds the order (ADR 0006): otherwise 409, and nothing written.
 */
async function merchantChange(
  store: CommandStore,
  input: { shop: string; id: string; now?: Date },
  allowed: (status: PrintOrderStatus, order: PrintOrder) => boolean,
  change: (order: { status: PrintOrderStatus; resumeStatus: string | null }) => {
    data: PrintOrderChange;
    type: string;
    message: string;
  },
): Promise<CommandResult> {
  const now = input.now ?? new Date();
  const order = await store.printOrder(input.shop, input.id);
  if (!order) return { ok: false, status: 404, message: "Print order not found" };
  const status = statusOf(order.status);
  if (!allowed(status, order))
    return {
      ok: false,
      status: 409,
      // A finished proof reads "shipped": it was never fulfilled in Shopify.
      message: `Not possible while the order is ${orderStatusPhrase(shownStatusOf({ kind: order.kind, status }))}`,
    };
  const { data, type, message } = change({ status, resumeStatus: order.resumeStatus });
  const changed = await store.changeIfUnleased(
    input.shop,
    order.id,
    { status: order.status },
    now,
    data,
  );
  if (!changed) {
    const current = await store.printOrderStatus(input.shop, order.id);
    return {
      ok: false,
      status: 409,
      message:
        current === order.status
          ? "The order is being sent to the print service right now; try again in a moment."
          : "The order changed meanwhile; reload and try again",
    };
  }
  await store.addEvent(input.shop, {
    shopOrderId: order.shopOrderId,
    printOrderId: order.id,
    actor: "merchant",
    type,
    message,
    at: now,
  });
  return { ok: true, message };
}

/** Send a held or awaiting-approval order to print now. */
export function approvePrintOrder(
  store: CommandStore,
  input: { shop: string; id: string; now?: Date },
) {
  const now = input.now ?? new Date();
  return merchantChange(
    store,
    input,
    (status) => canApprove(status),
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
 * the retry must use the fixed mapping, not the copy taken at payment. An
 * order the file check stopped has its files checked again, even at the same
 * URL: the merchant may have replaced the file behind it.
 */
export async function retryPrintOrder(
  store: CommandStore,
  input: { shop: string; id: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const refreshed = await refreshItemsFromMappings(store, input);
  await forgetFileChecks(store, input);
  return merchantChange(
    store,
    input,
    (status) => canRetry(status),
    (o) => ({
      data: {
        ...resumedWhereStopped(o, now),
        // A new offering needs a new quote (and perhaps another facility split).
        ...(refreshed.offeringChanged ? { status: "pending" as const } : {}),
      },
      type: "retried",
      message: refreshed.titles.length
        ? `Retry requested, with the current product mapping for ${refreshed.titles.map((t) => `"${t}"`).join(", ")}.`
        : "Retry requested.",
    }),
  );
}

/**
 * Copies the current mappings into the items of an unpaid order. Before the
 * order exists at the print service everything may change; once it exists
 * (OPEN), only files may, and a changed file is sent again.
 */
async function refreshItemsFromMappings(
  store: CommandStore,
  input: { shop: string; id: string },
): Promise<{ titles: string[]; offeringChanged: boolean }> {
  const order = await store.stoppedPrintOrderWithLines(input.shop, input.id);
  if (!order || !isUnpaidOrder(order)) return { titles: [], offeringChanged: false };
  const atService = order.printOrderId !== null;
  const mappings = await mappingsFor(
    store,
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
    await store.updateItem(input.shop, item.id, {
      offeringId: mapping.offeringId,
      fileDetails,
      fileProperty: mapping.fileProperty,
      // A new file is sent again, checked again, and not printed on an old file's override.
      ...(fileChanged ? { filesSentAt: null, preflight: null, preflightOverride: null } : {}),
    });
    titles.push(item.title);
  }
  return { titles, offeringChanged };
}

/**
 * Before a retry, the file checks that are no answer any more are dropped, so
 * the files are downloaded and checked again: a download that did not happen
 * (the host may be up now), and, for an order the check stopped, the failed
 * results on its items and on the mappings whose own file it was (the
 * merchant may have replaced the file behind the same URL).
 */
async function forgetFileChecks(store: CommandStore, input: { shop: string; id: string }) {
  const order = await store.stoppedPrintOrder(input.shop, input.id);
  if (!order) return;
  const stoppedByCheck = order.lastErrorCode === PREFLIGHT_FAILED;
  const failedUrls = new Set<string>();
  for (const item of order.items) {
    const result = parsePreflight(item.preflight);
    const failed = stoppedByCheck && result?.status === "failed";
    if (!failed && result?.status !== "unreachable") continue;
    if (failed) failedUrls.add(result.url);
    await store.clearItemCheck(input.shop, item.id, item.preflight);
  }
  if (failedUrls.size === 0) return;
  const mappings = await store.mappingChecks(
    input.shop,
    order.items.map((i) => i.variantId),
    [...failedUrls],
  );
  for (const mapping of mappings) {
    if (parsePreflight(mapping.preflight)?.status !== "failed") continue;
    await store.clearMappingCheck(input.shop, mapping.variantId, mapping.preflight);
  }
}

/**
 * Print files the check found wrong, knowingly: the merchant's override is
 * written on each failing item with the problems it overrides, logged, and the
 * order goes on where it stopped. Only for an order the check stopped.
 */
export async function printAnywayPrintOrder(
  store: CommandStore,
  input: { shop: string; id: string; now?: Date },
): Promise<CommandResult> {
  const now = input.now ?? new Date();
  const order = await store.printOrderWithItems(input.shop, input.id);
  if (!order) return { ok: false, status: 404, message: "Print order not found" };
  // The failed checks of the files the items have now: those are what the merchant overrides.
  const failing = order.items.flatMap((item) => {
    const result = parsePreflight(item.preflight);
    const current = item.fileDetails
      ? (JSON.parse(item.fileDetails) as { contentUrl?: string }).contentUrl
      : undefined;
    return result?.status === "failed" && result.url === current && !item.preflightOverride
      ? [{ item, result }]
      : [];
  });
  if (!canPrintAnyway(order) || failing.length === 0) {
    return { ok: false, status: 409, message: PREFLIGHT_TEXT.overrideNotApplicable };
  }
  const problems = failing
    .map(({ item, result }) => `"${item.title}": ${preflightSummary(result)}`)
    .join(" ");
  const message = PREFLIGHT_TEXT.overrideEvent(problems);
  const resumed = await store.transaction(async (tx) => {
    // First and conditional: nothing is written for an order a worker holds or that changed.
    const changed = await tx.changeIfUnleased(
      input.shop,
      order.id,
      { status: order.status, lastErrorCode: PREFLIGHT_FAILED },
      now,
      resumedWhereStopped(order, now),
    );
    if (!changed) return false;
    for (const { item, result } of failing) {
      await tx.updateItem(input.shop, item.id, {
        preflightOverride: JSON.stringify({ at: now.toISOString(), problems: result.problems }),
      });
    }
    await tx.addEvent(input.shop, {
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      actor: "merchant",
      type: "preflight_overridden",
      message,
      data: { items: failing.map(({ item }) => item.id) },
      at: now,
    });
    return true;
  });
  if (!resumed) {
    return {
      ok: false,
      status: 409,
      message: "The order changed meanwhile, or is being worked on; reload and try again.",
    };
  }
  return { ok: true, message: "Printing despite the file check." };
}

/** Cancel an order that has not gone to print yet. */
export function cancelHeldPrintOrder(
  store: CommandStore,
  input: { shop: string; id: string; now?: Date },
) {
  return merchantChange(
    store,
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
  store: CommandStore,
  input: { shop: string; printOrderId: string; itemId: string; fileUrl: string; now?: Date },
): Promise<CommandResult> {
  const now = input.now ?? new Date();
  const item = await store.itemWithOrder(input.shop, input.printOrderId, input.itemId);
  if (!item) return { ok: false, status: 404, message: "Item not found" };
  if (item.filesSentAt)
    return { ok: false, status: 409, message: "The print service already has this item's file" };
  const mapping = await store.mapping(input.shop, item.variantId);
  if (!mapping) return { ok: false, status: 409, message: "The product is no longer mapped" };
  const files = filesForLine(
    { ...mapping, fileProperty: null, contentUrl: input.fileUrl },
    { properties: [] },
  );
  await store.attachFile(input.shop, {
    itemId: item.id,
    printOrderId: item.printOrderRowId,
    fileDetails: JSON.stringify(files),
    event: {
      shopOrderId: item.printOrder.shopOrderId,
      printOrderId: item.printOrderRowId,
      actor: "merchant",
      type: "file_received",
      message: `Print file attached for "${item.title}".`,
      at: now,
    },
    now,
  });
  return { ok: true, message: "File attached" };
}
