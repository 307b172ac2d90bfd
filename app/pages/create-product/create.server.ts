import { creationPorts, type CreationDeps } from "../../lib/product-creation.server";
import { createProduct as runCreation } from "../../services/product-creation/create";
import type { AdminApi } from "../../services/shopify-admin";
import { previewOf, type PreviewResult } from "./preview.server";

export type { CreationDeps };

export type CreateProductResult =
  | { status: "done"; creationId: string; productId: string }
  | { status: "invalid"; fieldErrors: Record<string, string>; preview?: PreviewResult }
  | { status: "failed"; creationId: string | null; message: string };

/**
 * "Create product" (services/product-creation/create.ts). Idempotent per request key: a
 * double click, a retry or a repeat after a lost answer gives the one product. A submission
 * that sells below cost comes back with its preview, to confirm.
 */
export async function createProduct({
  shop,
  admin,
  form,
  deps,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  deps?: Partial<CreationDeps>;
}): Promise<CreateProductResult> {
  const outcome = await runCreation(creationPorts({ shop, admin, deps }), form);
  if (outcome.status !== "invalid") return outcome;
  const { prepared, ...invalid } = outcome;
  return prepared ? { ...invalid, preview: previewOf(prepared) } : invalid;
}
