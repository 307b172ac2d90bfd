import { findCreation, markCreationProofApproved } from "../../data/product-creation.server";
import { proofsOfVariants } from "../../data/proofs.server";
import { parseCreationRequest } from "../../services/product-creation/request-codec";
import {
  approveProof,
  type ProofApprovalChoice,
  type ProofApprovalOutcome,
} from "../../services/product-creation/approve-proof";
import { adminGraphql, pageFailure, type AdminApi } from "../../services/shopify-admin";
import {
  PRODUCT_ACTIVATE_MUTATION,
  productActivateVariables,
  type ProductActivateData,
} from "../../services/shopify-admin/documents/created-product";

/** The variants a creation made (their proofs are the ones it can be approved with). */
export function creationVariantIds(request: string): string[] {
  return parseCreationRequest(request).variants.flatMap((v) => (v.variantId ? [v.variantId] : []));
}

/** What the created product page's approval form posted. */
export function approvalChoiceOf(form: FormData): ProofApprovalChoice {
  const proofId = form.get("proofId");
  if (typeof proofId === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(proofId)) return { proofId };
  if (form.get("withoutProof") === "confirmed") return { withoutProof: true };
  return { none: true };
}

/** The created product page's approval: the workflow with its ports. */
export function approveCreationProof({
  shop,
  admin,
  id,
  choice,
}: {
  shop: string;
  admin: AdminApi;
  id: string;
  choice: ProofApprovalChoice;
}): Promise<ProofApprovalOutcome> {
  let variantIds: string[] = [];
  return approveProof(
    {
      async find() {
        const row = await findCreation({ shop, id });
        if (row) variantIds = creationVariantIds(row.request);
        return row;
      },
      proofs: () => proofsOfVariants({ shop, variantIds }),
      async activate(productId) {
        try {
          const data = await adminGraphql(admin)<ProductActivateData>(
            PRODUCT_ACTIVATE_MUTATION,
            productActivateVariables(productId),
          );
          const errors = data.productSet.userErrors;
          return errors.length ? { refused: errors.map((e) => e.message).join("; ") } : null;
        } catch (error) {
          const failure = pageFailure(error);
          if (!failure) throw error;
          return { refused: failure.message };
        }
      },
      markApproved: (at, proofId) => markCreationProofApproved({ shop, id, at, proofId }),
      now: () => new Date(),
    },
    choice,
  );
}
