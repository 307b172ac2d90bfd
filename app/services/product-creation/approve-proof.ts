/**
 * "Approve" for a product kept a draft until its proof copy was seen: the product is made
 * active in Shopify, then the approval is recorded with the proof it names. Without a proof
 * ordered, only a confirmation that none was approves it: a product never goes live on a
 * click that looks like a proof's approval when no proof exists. Repeating it (a double
 * click, a reload) changes nothing: an approved creation answers its approval again, and
 * making an active product active is harmless, so a lost answer is safe to retry.
 */
import { PROOF_APPROVAL_TEXT } from "../merchant-text/proof-order";

export interface ProofApprovalRow {
  state: string;
  productId: string | null;
  draftUntilProof: boolean;
  proofApprovedAt: Date | null;
  approvedProofId: string | null;
}

/** A proof copy ordered of the product (cancelled ones are not offered). */
export interface ApprovableProof {
  id: string;
  name: string;
}

/** What the merchant approves: a proof they ordered, or the product without one. */
export type ProofApprovalChoice = { proofId: string } | { withoutProof: true } | { none: true };

export interface ProofApprovalPorts {
  find(): Promise<ProofApprovalRow | null>;
  /** The proofs ordered of the product's variants. */
  proofs(): Promise<ApprovableProof[]>;
  /** Sets the product ACTIVE in Shopify; the refusal in Shopify's words, or null. */
  activate(productId: string): Promise<{ refused: string } | null>;
  /** Records the approval unless one is recorded; the approval that stands. */
  markApproved(
    at: Date,
    proofId: string | null,
  ): Promise<{ approvedAt: Date; proofId: string | null }>;
  now(): Date;
}

export type ProofApprovalOutcome =
  | { status: "approved"; approvedAt: Date; proofId: string | null }
  | { status: "not_found" }
  | { status: "refused"; message: string };

export async function approveProof(
  ports: ProofApprovalPorts,
  choice: ProofApprovalChoice,
): Promise<ProofApprovalOutcome> {
  const row = await ports.find();
  if (!row) return { status: "not_found" };
  if (row.proofApprovedAt)
    return { status: "approved", approvedAt: row.proofApprovedAt, proofId: row.approvedProofId };
  if (!row.draftUntilProof) return { status: "refused", message: PROOF_APPROVAL_TEXT.notKept };
  if (row.state !== "done" || !row.productId)
    return { status: "refused", message: PROOF_APPROVAL_TEXT.notCreated };
  let proofId: string | null = null;
  if ("proofId" in choice) {
    const proof = (await ports.proofs()).find((p) => p.id === choice.proofId);
    if (!proof) return { status: "refused", message: PROOF_APPROVAL_TEXT.unknownProof };
    proofId = proof.id;
  } else {
    // "None was ordered" is only true when none was: with proofs ordered, one is chosen.
    const ordered = await ports.proofs();
    if (ordered.length) return { status: "refused", message: PROOF_APPROVAL_TEXT.chooseProof };
    if (!("withoutProof" in choice))
      return { status: "refused", message: PROOF_APPROVAL_TEXT.noProof };
  }
  // Shopify first: an approval is only recorded once the product is for sale.
  const refusal = await ports.activate(row.productId);
  if (refusal)
    return { status: "refused", message: PROOF_APPROVAL_TEXT.shopifyRefused(refusal.refused) };
  const approved = await ports.markApproved(ports.now(), proofId);
  return { status: "approved", ...approved };
}
