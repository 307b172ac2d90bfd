import type { PrintOrderItem } from "@prisma/client";
import { FacilityConflictError, type FileDetailsInput } from "../../print";
import { isHttpUrl } from "../../safe-url";
import { AttentionError } from "../failures";
import { offeringLimitProblems } from "../limits";
import { fileProperty } from "../print-plan";
import type { StepContext } from "../step-support/context";
import { addressWarningsOf, filesOf, orderOf, shippingDetailsOf } from "../step-support/order-data";
import { preflightItems } from "./prepare-preflight";
import { withItemChanges, type Loaded, type StepResult } from "../step-support/result";
import { route } from "./route";
import { split } from "./prepare-split";

type PrintSpec = Pick<FileDetailsInput, "numberOfPages" | "contentWidth" | "contentHeight">;

/**
 * A customer's file property that is present but not an http(s) URL (say
 * `javascript:...`) was not taken as the file; waiting would never end, so
 * the merchant is asked to attach one.
 */
function checkCustomerFile(order: Loaded, item: PrintOrderItem) {
  const line = orderOf(order).line_items.find((l) => l.id === item.shopifyLineItemId);
  const given = line && item.fileProperty ? fileProperty(item.fileProperty, line) : undefined;
  if (given === undefined || given.trim() === "" || isHttpUrl(given)) return;
  throw new AttentionError({
    code: "FILE_URL_INVALID",
    message: `The customer's "${item.fileProperty}" for "${item.title}" is not a web address (http or https), so it cannot be printed.`,
    action: "Attach the print file's URL below, or ask the customer for a new link, then retry.",
  });
}

/**
 * Pages and size per item: from its file details, or for a personalised item
 * whose file is still awaited, from its mapping.
 */
async function printSpecs(order: Loaded, ctx: StepContext): Promise<Map<string, PrintSpec>> {
  const specs = new Map<string, PrintSpec>();
  const awaiting = order.items.filter((i) => !i.fileDetails);
  const mappings = awaiting.length
    ? await ctx.reads.mappings(
        order.shop,
        awaiting.map((i) => i.variantId),
      )
    : [];
  for (const item of order.items) {
    const files = filesOf(item);
    const mapping = mappings.find((m) => m.variantId === item.variantId);
    if (files) specs.set(item.id, files);
    else if (mapping) {
      specs.set(item.id, {
        numberOfPages: mapping.numberOfPages ?? 0,
        contentWidth: mapping.contentWidth ?? 0,
        contentHeight: mapping.contentHeight ?? 0,
      });
    }
  }
  return specs;
}

/**
 * The address warnings go into the timeline once, when the order has been quoted and routed
 * (prepare succeeds once per print order; a retried prepare records nothing).
 */
function withAddressWarnings(order: Loaded, result: StepResult): StepResult {
  const warnings = addressWarningsOf(order).map((message) => ({
    actor: "worker" as const,
    type: "address_warning",
    message,
  }));
  return { ...result, events: [...warnings, ...result.events] };
}

/**
 * Checks (the mapping against the offering, then the print files), quotes and
 * (when the service asks) splits a new print order, then routes it.
 */
export async function prepare(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const address = await shippingDetailsOf(order, ctx);
  const offerings = await ctx.offerings.get(order.shop, ctx.client);
  const specs = await printSpecs(order, ctx);
  const problems: string[] = [];
  for (const item of order.items) {
    const offering = offerings.get(item.offeringId);
    if (!offering) {
      throw new AttentionError({
        code: "OFF_NOT_FOUND",
        message: `"${item.title}" is mapped to offering ${item.offeringId}, which the print service no longer offers.`,
        action: "Map the product to a current offering, then retry.",
      });
    }
    const files = specs.get(item.id) ?? null;
    if (!item.fileDetails && !item.fileProperty) {
      throw new AttentionError({
        code: "FILE_MISSING",
        message: `"${item.title}" has no print file in its product mapping.`,
        action: "Add a file URL to the product mapping, then retry.",
      });
    }
    if (!item.fileDetails && item.fileProperty) checkCustomerFile(order, item);
    for (const p of offeringLimitProblems(offering, {
      quantity: item.quantity,
      numberOfPages: files?.numberOfPages ?? null,
      contentWidth: files?.contentWidth ?? null,
      contentHeight: files?.contentHeight ?? null,
    })) {
      problems.push(`"${item.title}": ${p}`);
    }
  }
  if (problems.length) {
    throw new AttentionError({
      code: "OFFERING_LIMITS",
      message: `This order cannot be printed as mapped: ${problems.join("; ")}.`,
      action: "Fix the product mapping, then retry.",
    });
  }
  // The files already known are checked before anything is quoted, created or paid.
  const reused = await preflightItems(order, ctx, order.items);

  const quoteItems = order.items.map((item) => ({
    offeringId: item.offeringId,
    numberOfPages: specs.get(item.id)?.numberOfPages ?? 0,
    quantity: item.quantity,
  }));
  try {
    const quote = await ctx.client.quotes.create({
      countryCode: address.shippingAddress.countryCode,
      ...(address.shippingAddress.state ? { state: address.shippingAddress.state } : {}),
      currency: order.currency,
      items: quoteItems,
    });
    // The service's own totals: productPrice is before the quantity discount, so adding it
    // up by hand would overstate what the order costs. VAT comes per rate; one figure is
    // their sum.
    const vat = quote.summary.vatSummary.reduce((sum, v) => sum + v.vat.amountMinor, 0);
    const routed = route(order, ctx, {
      wholesaleShippingMinor: quote.summary.totalShippingPrice.amountMinor,
      wholesaleTaxMinor: vat,
      wholesaleTotalMinor: quote.summary.totalWholesalePrice.amountMinor,
    });
    // Nothing was written at the print service: when the order goes on to be created, this
    // is committed with create's result (create finds an order an earlier attempt created).
    const prepared = { ...withAddressWarnings(order, routed), commitWithNext: routed.continue };
    return withItemChanges(prepared, reused);
  } catch (error) {
    if (error instanceof FacilityConflictError && order.items.length > 1) {
      return withItemChanges(split(order, ctx, error), reused);
    }
    throw error;
  }
}
