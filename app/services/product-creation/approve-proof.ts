/**
 * "Mark the proof approved" for a product kept a draft until its proof copy was seen: the
 * product is made active in Shopify, then the approval is recorded. Repeating it (a double
 * click, a reload) changes nothing: an approved creation answers its approval again, and making
 * an active product active is harmless, so a lost answer is safe to retry.
 */
import { PROOF_APPROVAL_TEXT } from "../merchant-text/proof-order";

export interface ProofApprovalRow {
  state: string;
  productId: string | null;
  draftUntilProof: boolean;
  proofApprovedAt: Date | null;
}

export interface ProofApprovalPorts {
  find(): Promise<ProofApprovalRow | null>;
  /** Sets the product ACTIVE in Shopify; the refusal in Shopify's words, or null. */
  activate(productId: string): Promise<{ refused: string } | null>;
  /** Records the approval unless one is recorded; the time that stands. */
  markApproved(at: Date): Promise<Date>;
  now(): Date;
}

export type ProofApprovalOutcome =
  | { status: "approved"; approvedAt: Date }
  | { status: "not_found" }
  | { status: "refused"; message: string };

export async function approveProof(ports: ProofApprovalPorts): Promise<ProofApprovalOutcome> {
  const row = await ports.find();
  if (!row) return { status: "not_found" };
  if (row.proofApprovedAt) return { status: "approved", approvedAt: row.proofApprovedAt };
  if (!row.draftUntilProof) return { status: "refused", message: PROOF_APPROVAL_TEXT.notKept };
  if (row.state !== "done" || !row.productId)
    return { status: "refused", message: PROOF_APPROVAL_TEXT.notCreated };
  // Shopify first: an approval is only recorded once the product is for sale.
  const refusal = await ports.activate(row.productId);
  if (refusal)
    return { status: "refused", message: PROOF_APPROVAL_TEXT.shopifyRefused(refusal.refused) };
  return { status: "approved", approvedAt: await ports.markApproved(ports.now()) };
}
