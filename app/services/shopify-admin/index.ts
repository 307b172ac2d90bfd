export { adminGraphql, type AdminApi, type AdminGraphql } from "./client";
export {
  graphqlErrorsFailure,
  ShopifyAdminError,
  transportFailure,
  userErrorsFailure,
  type ShopifyAdminErrorKind,
  type ShopifyUserError,
} from "./errors";
