/** productSet's payload: the product (synchronous) or a finished ProductSetOperation, or the user errors. */
import { gid, type ProductRecord } from "../../../state";
import type { GraphqlContext, View } from "../../context";
import { productView } from "../../views/catalogue";
import type { SetUserError } from "./types";

export function setFailed(errors: SetUserError[]): View {
  return { product: null, productSetOperation: null, userErrors: errors };
}

export function setDone(ctx: GraphqlContext, product: ProductRecord, synchronous: unknown): View {
  const view = productView(ctx, product);
  if (synchronous === false) {
    return {
      product: null,
      productSetOperation: {
        __typename: "ProductSetOperation",
        id: gid("ProductSetOperation", product.id),
        product: view,
        status: "COMPLETE",
        userErrors: [],
      },
      userErrors: [],
    };
  }
  return { product: view, productSetOperation: null, userErrors: [] };
}
