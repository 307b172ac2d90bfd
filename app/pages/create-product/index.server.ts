/** The create-product page ("/app/products/new") and the page of what it made. */
export { loadCreateProductPage, type CreateProductPageData } from "./loader.server";
export { previewProduct, type PreviewResult, type PreviewVariant } from "./preview.server";
export { createProduct, type CreateProductResult, type CreationDeps } from "./create.server";
export { grantWriteProducts } from "./grant-access.server";
export {
  getCreation,
  type CreationView,
  type CreationVariantView,
  type ProofApprovalView,
} from "./created.server";
