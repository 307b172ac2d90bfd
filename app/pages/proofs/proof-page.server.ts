import { randomBytes } from "node:crypto";
import { proofPorts } from "../../lib/proofs.server";
import {
  proofSourceFields,
  quotedTotalField,
  REQUEST_KEY_PATTERN,
  runProofForm,
  startProof,
  type ProofOutcome,
} from "../../services/proofs";
import type { AdminApi } from "../../services/shopify-admin";

/**
 * "Order a proof copy" (/app/proofs/new): the page as it opens, and its two answers (a quote
 * for the address, or the placed proof). The workflow is services/proofs.
 */

const newRequestKey = () => randomBytes(16).toString("base64url");

export async function loadProofPage({
  shop,
  admin,
  searchParams,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
}) {
  const start = await startProof(proofPorts({ shop, admin }), searchParams);
  const key = searchParams.get("key") ?? "";
  // A reload keeps the key it was first given (it is in the page address): placing again
  // after a lost answer finds the proof instead of making another.
  const requestKey = REQUEST_KEY_PATTERN.test(key) ? key : newRequestKey();
  if (!start.ok) return { ...start, requestKey };
  const { source, quote, ...rest } = start;
  return {
    ...rest,
    requestKey,
    sourceFields: proofSourceFields(source),
    fromMapping: source.kind === "mapping",
    quote,
    quotedTotal: quote?.ok ? quotedTotalField(quote.quote) : null,
  };
}

export type ProofPageData = Awaited<ReturnType<typeof loadProofPage>>;

/** The page's answer to "Get quote" or a refused "Place" (a placed proof redirects). */
export type ProofActionAnswer = Exclude<ProofOutcome, { status: "placed" }> & {
  /** The total the answer's quote was for, to post back with "Place". */
  quotedTotal: string | null;
};

export async function runProofPageAction({
  shop,
  admin,
  form,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
}): Promise<{ redirectTo: string } | { answer: ProofActionAnswer }> {
  const intent = form.get("intent") === "place" ? "place" : "quote";
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : null;
  };
  const outcome = await runProofForm(proofPorts({ shop, admin }), { get }, intent);
  // The proof's own page: /app/orders/<print order id>, like any print order's.
  if (outcome.status === "placed")
    return { redirectTo: `/app/orders/${outcome.proof.printOrderId}` };
  const quote = "quote" in outcome ? outcome.quote : null;
  return { answer: { ...outcome, quotedTotal: quote ? quotedTotalField(quote) : null } };
}
