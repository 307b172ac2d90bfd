export { adminGraphql, type AdminApi, type AdminGraphql } from "./client";
export {
  graphqlErrorsFailure,
  isTemporaryStatus,
  pageFailure,
  SHOPIFY_FAILURE_TEXT,
  ShopifyAdminError,
  transportFailure,
  userErrorsFailure,
  type ShopifyAdminErrorKind,
  type ShopifyUserError,
} from "./errors";
