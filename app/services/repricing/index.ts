/**
 * Keeping the prices of products created through the app honest.
 *
 * Which variants: those of products created here (ProductCreation in state "done") that are
 * still mapped to that product. Each keeps the target and the rule of its creation: the margin
 * share under which it is listed, and how its new price is worked out (priceFor on the print
 * cost of one copy, rounded the merchant's way).
 *
 * The print cost is the kept quote (MappingQuote) of the variant's smallest sale to the shop's
 * main market, divided per copy. It is checked again when the merchant asks (check.ts), when
 * the Prices page opens and a kept quote has run out (below-target.ts, due.ts), and every hour
 * in the background (watch.ts). The Shopify price is read live for the page; the count for
 * other pages asks no one: it uses the kept quotes and the last Shopify price the app knows
 * (the store's knownPrices). Repricing is one price update per product (reprice.ts).
 *
 * Each step takes its ports (ports.ts); app/lib/repricing.server.ts wires them.
 */
export {
  countBelowTarget,
  countPriceProblems,
  listBelowTarget,
  type BelowTargetList,
  type RecheckSummary,
} from "./below-target";
export { belowTargetAfterChange } from "./changed";
export { checkPrintPrices, type CheckResult } from "./check";
export { QUOTE_MAX_AGE_MS, quoteExpired, variantsDueForCheck } from "./due";
export type {
  CostAnswer,
  CostItem,
  LiveVariant,
  PriceUpdateAnswer,
  PrintCosts,
  QuotedCost,
  RepricingStore,
  SeenPrice,
  ShopifyPrices,
  WatchedVariant,
} from "./ports";
export { repriceVariants, type RepriceResult } from "./reprice";
export type { RepriceRow } from "./rows";
export { recheckExpiredPrices, type PriceWatchRun } from "./watch";
