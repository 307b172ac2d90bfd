import type { PrintProblem } from "../merchant-text/print-problem";
import { PROOF_TEXT } from "../merchant-text/proof-order";
import {
  addressValuesOf,
  checkAddress,
  placeOf,
  shopAddressValues,
  type ProofAddressField,
  type ProofAddressValues,
} from "./address";
import type { PlacedProof, ProofItem, ProofPorts, ProofQuote } from "./ports";
import { quoteProof, sameTotal } from "./quote";
import { proofSourceOf, whatToPrint, type ProofSource } from "./what-to-print";

/**
 * Ordering a proof copy, as steps with ports: what to print (a mapping, or an offering with a
 * file), the address check, the quote, and the record, made once per request key. The worker
 * then checks, quotes, creates, pays and follows it like any print order.
 */

/** The key a loaded page posts "Place" with: a repeat of it places nothing new. */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;

/** The proof's print order as the shop's order list knows it (ShopOrder.shopifyOrderId). */
export const proofOrderKey = (requestKey: string) => `proof-${requestKey}`;

/** Its order_reference at the print service: fixed before any call, one per request key. */
export const proofOrderReference = (requestKey: string) => `PC-proof-${requestKey}`;

type Problem = { problem: string } | { printProblem: PrintProblem };

export type AddressErrors = Partial<Record<ProofAddressField, string>>;

/** The page as it opens: what it prints, the shop's address, and the quote to it. */
export type ProofStart =
  | ({ ok: false } & Problem)
  | {
      ok: true;
      source: ProofSource;
      item: ProofItem;
      currency: string;
      address: ProofAddressValues;
      /** What the shop's own address lacks (Shopify may have no street, say). */
      addressErrors: AddressErrors | null;
      quote: { ok: true; quote: ProofQuote } | ({ ok: false } & Problem) | null;
    };

export async function startProof(
  ports: ProofPorts,
  params: { get(name: string): string | null },
): Promise<ProofStart> {
  const source = proofSourceOf((name) => params.get(name));
  if (!source) return { ok: false, problem: PROOF_TEXT.noSource };
  const [what, info, currency] = await Promise.all([
    whatToPrint(ports, source),
    ports.shopAddress(),
    ports.currency(),
  ]);
  if (!what.ok) return what;
  const address = shopAddressValues(info);
  const checked = checkAddress(address);
  return {
    ok: true,
    source,
    item: what.item,
    currency,
    address,
    addressErrors: checked.ok ? null : checked.fieldErrors,
    quote: checked.ok ? await quoteProof(ports, what.item, address, currency) : null,
  };
}

export type ProofOutcome =
  | { status: "placed"; proof: PlacedProof }
  | { status: "invalid"; fieldErrors: AddressErrors }
  | { status: "quoted"; quote: ProofQuote }
  /** The service's total is not the one the merchant saw: nothing placed, the new quote shown. */
  | { status: "price_changed"; quote: ProofQuote }
  | ({ status: "refused" } & Problem);

const refusedBy = (p: Problem): ProofOutcome =>
  "problem" in p
    ? { status: "refused", problem: p.problem }
    : { status: "refused", printProblem: p.printProblem };

/**
 * "Get quote" (intent "quote") or "Place proof order" (intent "place") from the page's form.
 * Placing is idempotent per request key: a double click, a reload that posts again, or a
 * repeat after a lost answer returns the proof the key placed first. A proof is placed only
 * at the total the merchant saw.
 */
export async function runProofForm(
  ports: ProofPorts,
  form: { get(name: string): string | null },
  intent: "quote" | "place",
): Promise<ProofOutcome> {
  const requestKey = form.get("requestKey") ?? "";
  if (intent === "place") {
    if (!REQUEST_KEY_PATTERN.test(requestKey)) {
      return { status: "refused", problem: PROOF_TEXT.badRequestKey };
    }
    const placed = await ports.store.findByRequestKey(requestKey);
    if (placed) return { status: "placed", proof: placed };
  }
  const source = proofSourceOf((name) => form.get(name));
  if (!source) return { status: "refused", problem: PROOF_TEXT.noSource };
  const values = addressValuesOf((name) => form.get(name));
  const checked = checkAddress(values);
  // The address is told before anything is asked of the print service.
  if (!checked.ok) return { status: "invalid", fieldErrors: checked.fieldErrors };
  const [what, currency] = await Promise.all([whatToPrint(ports, source), ports.currency()]);
  if (!what.ok) return refusedBy(what);
  const quoted = await quoteProof(ports, what.item, values, currency);
  if (!quoted.ok) return refusedBy(quoted);
  if (intent === "quote") return { status: "quoted", quote: quoted.quote };
  if (!sameTotal(form.get("quotedTotal"), quoted.quote)) {
    return { status: "price_changed", quote: quoted.quote };
  }
  const proof = await ports.store.record({
    requestKey,
    item: what.item,
    shippingAddress: checked.shippingAddress,
    email: checked.email,
    currency,
    quote: quoted.quote,
    place: placeOf(values),
  });
  return { status: "placed", proof };
}
