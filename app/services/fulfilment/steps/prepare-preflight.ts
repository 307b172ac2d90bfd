import type { PrintOrderItem, VariantMapping } from "@prisma/client";
import { PREFLIGHT_TEXT, ATTENTION_TEXT } from "../../merchant-text/errors";
import {
  expectationFor,
  isBusyResult,
  parsePreflight,
  preflightMatches,
  preflightSummary,
  type PreflightExpectation,
  type PreflightResult,
} from "../../preflight";
import type { Offering } from "../../print";
import { eventRow } from "../events";
import { AttentionError, PrintFileCheckBusyError } from "../failures";
import { PREFLIGHT_FAILED } from "../machine";
import type { StepContext } from "../step-support/context";
import { filesOf } from "../step-support/order-data";
import type { ItemChange, Loaded } from "../step-support/result";

/**
 * The item's stored result for this file and these numbers. One that could not
 * download the file is kept for the order's later steps too: the print
 * service fetches the file itself, so trying again at every step would only
 * slow the order (up to the download timeout each time) and repeat its note.
 * A merchant's retry clears it (commands/merchant-actions.ts).
 */
function ownResult(
  item: PrintOrderItem,
  url: string,
  expect: PreflightExpectation,
): PreflightResult | null {
  const own = parsePreflight(item.preflight);
  if (!own) return null;
  // preflightMatches never reuses "unreachable"; the same comparison is asked as for a verdict.
  const comparable = own.status === "unreachable" ? { ...own, status: "passed" as const } : own;
  return preflightMatches(comparable, url, expect) ? own : null;
}

/**
 * The mapping's stored result, when the file is the mapping's own and it was
 * checked there for the same numbers: a download that did not happen is no
 * verdict to reuse.
 */
function mappingResult(
  mapping: VariantMapping | undefined,
  url: string,
  expect: PreflightExpectation,
): PreflightResult | null {
  if (mapping?.contentUrl !== url) return null;
  const mapped = parsePreflight(mapping.preflight);
  return mapped && mapped.status !== "unreachable" && preflightMatches(mapped, url, expect)
    ? mapped
    : null;
}

/** Whether a result checked for an item also answers for its mapping's own file and numbers. */
function answersForMapping(
  result: PreflightResult,
  mapping: VariantMapping | undefined,
  offering: Offering | undefined,
): mapping is VariantMapping {
  if (!mapping?.contentUrl || !offering || result.status === "unreachable") return false;
  const expect = expectationFor(offering, {
    numberOfPages: mapping.numberOfPages ?? 0,
    contentWidth: mapping.contentWidth ?? 0,
    contentHeight: mapping.contentHeight ?? 0,
  });
  return preflightMatches(result, mapping.contentUrl, expect);
}

/**
 * Checks the print file of each item against its product before the print
 * service gets it: page count and page size, with the offering's limits.
 *
 * Cheap when nothing changed: a result stored on the item (or on the mapping,
 * for the mapping's own file) for the same file and numbers is used without a
 * download; one taken over from the mapping is returned, for the step's commit
 * to keep with the item. A fresh result is stored before anything else
 * happens, so a failed file is not downloaded again until the merchant retries.
 *
 * A file that fails stops the order with PREFLIGHT_FAILED (every failing item
 * named); the merchant may fix it or print anyway (preflightOverride). A file
 * that could not be downloaded does not stop it: the print service fetches
 * files itself and says when it cannot. That is noted once in the timeline.
 * A check the PDF threads were too busy to make is neither: nothing is
 * stored, and the step is tried again later.
 */
export async function preflightItems(
  order: Loaded,
  ctx: StepContext,
  items: readonly PrintOrderItem[],
): Promise<ItemChange[]> {
  const toCheck = items.filter((i) => i.fileDetails && !i.preflightOverride);
  if (toCheck.length === 0) return [];
  const offerings = await ctx.offerings.get(order.shop, ctx.client);
  const checks = toCheck.flatMap((item) => {
    const files = filesOf(item)!;
    const offering = offerings.get(item.offeringId);
    // An offering the service no longer has is prepare's to report, not the file's.
    if (!offering) return [];
    const expect = expectationFor(offering, files);
    return [
      {
        item,
        url: files.contentUrl,
        offering,
        expect,
        own: ownResult(item, files.contentUrl, expect),
      },
    ];
  });
  // Mappings are read only when some file has no result of its own yet.
  const mappings = checks.some((c) => !c.own)
    ? await ctx.reads.mappings(
        order.shop,
        checks.map((c) => c.item.variantId),
      )
    : [];
  const failed: { title: string; summary: string }[] = [];
  const reused: ItemChange[] = [];
  for (const { item, url, offering, expect, own } of checks) {
    const mapping = mappings.find((m) => m.variantId === item.variantId);
    let result = own ?? mappingResult(mapping, url, expect);
    if (result && !own) {
      // Kept with the item by the step's commit; no download happened, so nothing is lost
      // if the step fails first: the next attempt takes it from the mapping again.
      reused.push({ id: item.id, preflight: JSON.stringify(result) });
    }
    if (!result) {
      result = await ctx.preflight(url, expect);
      if (isBusyResult(result)) throw new PrintFileCheckBusyError();
      await store(order, ctx, item, result);
      if (answersForMapping(result, mapping, offering)) {
        // Only while the mapping is still what was checked: it may have been edited meanwhile.
        const stored = JSON.stringify(result);
        if (await ctx.store.storeMappingPreflight(order.shop, mapping, stored))
          ctx.reads.notePreflight(mapping, stored);
      }
      ctx.logger.debug(
        { shop: order.shop, printOrder: order.id, item: item.id, preflight: result.status },
        "print file checked",
      );
    }
    if (result.status === "failed") {
      failed.push({ title: item.title, summary: preflightSummary(result) });
    }
  }
  if (failed.length) {
    throw new AttentionError({
      code: PREFLIGHT_FAILED,
      message: ATTENTION_TEXT.preflightFailed.message(failed),
      action: ATTENTION_TEXT.preflightFailed.action,
    });
  }
  return reused;
}

/** A fresh result on the item; a file that could not be downloaded is noted in the timeline with it. */
async function store(
  order: Loaded,
  ctx: StepContext,
  item: PrintOrderItem,
  result: PreflightResult,
) {
  const stored = JSON.stringify(result);
  const note =
    result.status === "unreachable"
      ? eventRow({
          shop: order.shop,
          shopOrderId: order.shopOrderId,
          printOrderId: order.id,
          actor: "worker",
          type: "preflight_unreachable",
          message: PREFLIGHT_TEXT.unreachableEvent(
            item.title,
            result.reason ?? "the file could not be downloaded",
          ),
          data: { itemId: item.id },
          at: ctx.now(),
        })
      : undefined;
  await ctx.store.storeItemPreflight(order.shop, item.id, stored, note);
  item.preflight = stored;
}
