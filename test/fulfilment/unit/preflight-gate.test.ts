/**
 * The print-file gate of the pipeline (steps/prepare-preflight.ts) with its check
 * replaced: when it downloads, what it keeps, what it notes, when it stops.
 * The real path (sandbox PDFs, the worker, the database) is in
 * test/fulfilment/preflight.test.ts.
 */
import type { PrintOrderItem, VariantMapping } from "@prisma/client";
import { describe, expect, it } from "vitest";
import {
  AttentionError,
  classifyFailure,
  PrintFileCheckBusyError,
} from "~/services/fulfilment/failures";
import type { PreflightCheck, StepContext } from "~/services/fulfilment/step-support/context";
import type { StepStore } from "~/services/fulfilment/ports";
import { preflightItems } from "~/services/fulfilment/steps/prepare-preflight";
import type { Loaded } from "~/services/fulfilment/step-support/result";
import {
  expectationFor,
  type PreflightExpectation,
  type PreflightResult,
} from "~/services/preflight";
import type { Offering } from "~/services/print";
import { ATTENTION_TEXT } from "~/services/merchant-text/errors";

const BOOK = {
  id: 228478,
  name: "Hardcover book A4 portrait",
  minNumberOfPages: 24,
  maxNumberOfPages: 800,
};
const URL_A = "https://files.example.com/a.pdf";
const SPEC = { numberOfPages: 24, contentWidth: 210, contentHeight: 297 };
const EXPECT = expectationFor(BOOK, SPEC);

const result = (
  status: PreflightResult["status"],
  over: Partial<PreflightResult> = {},
): PreflightResult => ({
  url: URL_A,
  status,
  checkedAt: "2026-03-01T12:00:00.000Z",
  problems:
    status === "passed"
      ? []
      : [
          status === "failed"
            ? { code: "PAGE_COUNT", message: "Your PDF has 23 pages.", fix: "Export 24." }
            : { code: "UNREACHABLE", message: "The file could not be checked.", fix: "Check it." },
        ],
  ...(status === "unreachable" ? { reason: "the address could not be reached" } : {}),
  expectation: EXPECT,
  ...over,
});

const item = (over: Partial<PrintOrderItem> = {}): PrintOrderItem => ({
  id: "i1",
  shop: "shop.example",
  printOrderRowId: "po1",
  itemReference: "i1",
  shopifyLineItemId: "1",
  variantId: "gid://shopify/ProductVariant/1",
  offeringId: BOOK.id,
  quantity: 1,
  title: "Photo book",
  revenueMinor: null,
  revenueCurrency: null,
  fileDetails: JSON.stringify({ contentUrl: URL_A, ...SPEC }),
  fileProperty: null,
  filesSentAt: null,
  serviceState: null,
  preflight: null,
  preflightOverride: null,
  ...over,
});

const order = { id: "po1", shop: "shop.example", shopOrderId: "so1" } as Loaded;

/** A step context whose database records writes and whose check answers `answer`. */
function context(answer: PreflightResult, mappings: Partial<VariantMapping>[] = []) {
  const checked: { url: string; expect: PreflightExpectation }[] = [];
  const itemWrites: { id: string; preflight: string }[] = [];
  const mappingWrites: unknown[] = [];
  const events: { type: string; message: string }[] = [];
  const preflight: PreflightCheck = async (url, expect) => {
    checked.push({ url, expect });
    return { ...answer, url, expectation: expect };
  };
  const store: StepStore = {
    markAddressSent: async () => {},
    markFilesSent: async () => {},
    storeMappingPreflight: async (...args: unknown[]) => {
      mappingWrites.push(args);
      return true;
    },
    storeItemPreflight: async (_shop, id, preflight, note) => {
      itemWrites.push({ id, preflight });
      if (note) events.push({ type: note.type, message: note.message });
    },
  };
  const offerings = new Map([[BOOK.id, BOOK as unknown as Offering]]);
  const ctx = {
    store,
    preflight,
    reads: { mappings: async () => mappings, notePreflight() {} },
    offerings: { get: async () => offerings },
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    now: () => new Date("2026-03-01T12:00:00Z"),
  } as unknown as StepContext;
  return { ctx, checked, itemWrites, mappingWrites, events };
}

describe("the print-file gate", () => {
  it("downloads a file it has no result for, and keeps the result with the item and its mapping", async () => {
    const t = context(result("passed"), [
      {
        variantId: "gid://shopify/ProductVariant/1",
        offeringId: BOOK.id,
        contentUrl: URL_A,
        ...SPEC,
      },
    ]);
    await preflightItems(order, t.ctx, [item()]);
    expect(t.checked).toEqual([{ url: URL_A, expect: EXPECT }]);
    expect(JSON.parse(t.itemWrites[0]!.preflight)).toMatchObject({ status: "passed" });
    expect(t.mappingWrites).toHaveLength(1);
    expect(t.events).toEqual([]);
  });

  it("uses a stored result for the same file and numbers without a download", async () => {
    const t = context(result("failed"));
    await preflightItems(order, t.ctx, [item({ preflight: JSON.stringify(result("passed")) })]);
    expect(t.checked).toEqual([]);
    expect(t.itemWrites).toEqual([]);
  });

  it("checks again when the numbers changed for the same file", async () => {
    const t = context(result("passed"));
    const before = result("passed", { expectation: { ...EXPECT, numberOfPages: 48 } });
    await preflightItems(order, t.ctx, [item({ preflight: JSON.stringify(before) })]);
    expect(t.checked).toHaveLength(1);
  });

  it("uses the mapping's verdict on its own file, but not a download that did not happen there", async () => {
    const mapping = { variantId: "gid://shopify/ProductVariant/1", contentUrl: URL_A };
    const passed = context(result("failed"), [
      { ...mapping, preflight: JSON.stringify(result("passed")) },
    ]);
    const reused = await preflightItems(order, passed.ctx, [item()]);
    expect(passed.checked).toEqual([]);
    // Handed to the step's commit, not written on its own.
    expect(passed.itemWrites).toEqual([]);
    expect(reused).toHaveLength(1);
    expect(reused[0]!.id).toBe(item().id);
    expect(JSON.parse(reused[0]!.preflight!)).toMatchObject({ status: "passed" });

    const unreachable = context(result("passed"), [
      { ...mapping, preflight: JSON.stringify(result("unreachable")) },
    ]);
    await preflightItems(order, unreachable.ctx, [item()]);
    expect(unreachable.checked).toHaveLength(1);
  });

  it("stores a failed result, then stops the order naming each failing item", async () => {
    const t = context(result("failed"));
    const error = await preflightItems(order, t.ctx, [
      item(),
      item({ id: "i2", title: "Second book" }),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttentionError);
    expect((error as AttentionError).reason).toEqual({
      code: "PREFLIGHT_FAILED",
      message: '"Photo book": Your PDF has 23 pages. "Second book": Your PDF has 23 pages.',
      action: ATTENTION_TEXT.preflightFailed.action,
    });
    expect(t.itemWrites.map((w) => w.id)).toEqual(["i1", "i2"]);
  });

  it("lets a file that could not be downloaded through, noted once, and does not try again", async () => {
    const t = context(result("unreachable"));
    await preflightItems(order, t.ctx, [item()]);
    expect(t.events).toEqual([
      {
        type: "preflight_unreachable",
        message:
          'Could not download the print file for "Photo book" to check it (the address could not be reached); the print service will fetch it itself.',
      },
    ]);
    // The next step of the same order sees the stored result.
    await preflightItems(order, t.ctx, [item({ preflight: t.itemWrites[0]!.preflight })]);
    expect(t.checked).toHaveLength(1);
    expect(t.events).toHaveLength(1);
  });

  it("stores nothing and tries the step again later when every PDF thread was busy", async () => {
    const busy = result("unreachable", {
      problems: [
        {
          code: "BUSY",
          message: "The file could not be checked just now: the app was busy checking other PDFs.",
          fix: "Check the file again in a minute.",
        },
      ],
      reason: "the app was busy checking other PDFs",
    });
    const t = context(busy);
    const error = await preflightItems(order, t.ctx, [item()]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintFileCheckBusyError);
    expect(classifyFailure(error)).toMatchObject({
      kind: "transient",
      code: "PRINT_FILE_CHECK_BUSY",
    });
    // No verdict kept and no note: the next attempt checks the file again.
    expect(t.itemWrites).toEqual([]);
    expect(t.events).toEqual([]);
  });

  it("skips items the merchant chose to print anyway, and items without a file yet", async () => {
    const t = context(result("failed"));
    await preflightItems(order, t.ctx, [
      item({ preflightOverride: JSON.stringify({ at: "2026-03-01T12:00:00Z", problems: [] }) }),
      item({ id: "i2", fileDetails: null }),
    ]);
    expect(t.checked).toEqual([]);
  });
});
