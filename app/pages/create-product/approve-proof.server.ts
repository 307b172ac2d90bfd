import { findCreation, markCreationProofApproved } from "../../data/product-creation.server";
import {
  approveProof,
  type ProofApprovalOutcome,
} from "../../services/product-creation/approve-proof";
import { adminGraphql, pageFailure, type AdminApi } from "../../services/shopify-admin";
import {
  PRODUCT_ACTIVATE_MUTATION,
  productActivateVariables,
  type ProductActivateData,
} from "../../services/shopify-admin/documents/created-product";

/** The created product page's "Mark the proof approved": the workflow with its ports. */
export function approveCreationProof({
  shop,
  admin,
  id,
}: {
  shop: string;
  admin: AdminApi;
  id: string;
}): Promise<ProofApprovalOutcome> {
  return approveProof({
    find: () => findCreation({ shop, id }),
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
    markApproved: (at) => markCreationProofApproved({ shop, id, at }),
    now: () => new Date(),
  });
}
