/**
 * Words for merchants about proof copies (print orders of kind "proof"): copies the merchant
 * ordered at cost, with no Shopify order behind them. They follow the same states as any
 * print order, but are never revenue and never fulfilled in Shopify. Pure: no I/O, no
 * framework.
 */
import { countOf } from "./orders";

/** The badge next to a proof's name in lists (Orders, Home). */
export const PROOF_BADGE = "Proof";

/** The badge on a proof's own page. */
export const PROOF_PAGE_BADGE = "Proof copy";

/** The Orders list's choice of kind: its value in the page address, and its label. */
export const ORDER_KIND_CHOICES = [
  { value: "", label: "Sales and proofs" },
  { value: "sale", label: "Sales only" },
  { value: "proof", label: "Proofs only" },
] as const;

/**
 * The status a proof shows. Its last step ends the order without Shopify, so "fulfilled"
 * (which elsewhere means "fulfilled in Shopify") reads as "shipped" for a proof.
 */
export function shownStatusOf(order: { kind: string; status: string }): string {
  return order.kind === "proof" && order.status === "fulfilled" ? "shipped" : order.status;
}

/** On a proof's page, above its tracking. */
export const PROOF_TRACKING_NOTE =
  "Proof copies are not fulfilled in Shopify: the tracking below is for you.";

/** On a proof's page, in place of the revenue and margin of a sale. */
export const PROOF_COST_NOTE =
  "A proof is not a sale: it adds nothing to revenue. Its cost shows as Proofs on the Profit page and is taken off the profit of the period.";

/** Asked before cancelling a proof (a sale's words speak of its Shopify order). */
export function proofCancelText(name: string): string {
  return `Nothing will be printed for ${name} and nothing is charged for it. No Shopify order is involved.`;
}

/** "Proofs: €23.40 for 2 copies" (the amount already formatted). */
export function proofsLine(cost: string, copies: number): string {
  return `Proofs: ${cost} for ${countOf(copies, "copy", "copies")}`;
}

/**
 * Under the Profit page's figures when the period has proofs: what they are and how the
 * profit of the period is reached (amounts already formatted).
 */
export function proofsProfitText(parts: {
  margin: string;
  proofs: string;
  profit: string;
  printOrders: number;
}): string {
  return `${countOf(parts.printOrders, "proof")} ordered at cost. Proof copies are not sales: they add nothing to revenue and are not in the print cost above. Their cost is taken off the margin: ${parts.margin} margin − ${parts.proofs} proofs = ${parts.profit} profit for the period.`;
}

/** The Profit page's closing explanation, the sentence about proofs. */
export const PROOFS_EXPLAINED =
  "Proof copies you order at cost are kept apart: never revenue nor print cost of a sale, their cost shows as Proofs and is taken off the margin to give the profit of the period.";
