import type { PrintProblem } from "../merchant-text/print-problem";
import { PROOF_TEXT } from "../merchant-text/proof-order";
import type { ProofAddressValues } from "./address";
import type { ProofItem, ProofPorts, ProofQuote } from "./ports";

export type ProofQuoteResult =
  | { ok: true; quote: ProofQuote }
  | { ok: false; problem: string }
  | { ok: false; printProblem: PrintProblem };

/**
 * The print service's quote for the proof's item to this address, in the shop's currency:
 * what the worker asks again before it creates the order (steps/prepare.ts), the same items.
 */
export async function quoteProof(
  ports: ProofPorts,
  item: ProofItem,
  address: Pick<ProofAddressValues, "countryCode" | "province">,
  currency: string,
): Promise<ProofQuoteResult> {
  const answer = await ports.quote({
    countryCode: address.countryCode,
    ...(address.province ? { state: address.province } : {}),
    currency,
    item: {
      label: item.title,
      offeringId: item.offeringId,
      numberOfPages: item.files.numberOfPages ?? 0,
      quantity: item.quantity,
    },
  });
  if (answer.status === "ok") return { ok: true, quote: answer.quote };
  if (answer.status === "no_credentials") return { ok: false, problem: PROOF_TEXT.noCredentials };
  return { ok: false, printProblem: answer.problem };
}

/** The total the page showed, as posted back with "Place": `<minor>:<currency>`. */
export function quotedTotalField(quote: ProofQuote): string {
  return `${quote.total.amountMinor}:${quote.total.currency}`;
}

/** Whether the total the merchant saw is the service's total now. */
export function sameTotal(posted: string | null, quote: ProofQuote): boolean {
  return posted === quotedTotalField(quote);
}
