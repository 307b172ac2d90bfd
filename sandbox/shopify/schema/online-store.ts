/**
 * Admin schema subset: Shopify Functions, cart and checkout validations (the cart rule) and
 * online store themes with their files (read-only), as in Shopify's 2026-10 Admin schema.
 */
import { connection, deprecated } from "./helpers";

export const ONLINE_STORE_SDL = `
type ShopifyFunction {
  apiType: String!
  apiVersion: String!
  app: App!
  appKey: String!
  description: String
  handle: String!
  id: String!
  title: String!
  useCreationUi: Boolean!
}
${connection("ShopifyFunction")}

type FunctionsErrorHistory {
  errorsFirstOccurredAt: DateTime!
  firstOccurredAt: DateTime!
  hasBeenSharedSinceLastError: Boolean!
  hasSharedRecentErrors: Boolean!
}

type Validation implements Node {
  blockOnFailure: Boolean!
  enabled: Boolean!
  errorHistory: FunctionsErrorHistory
  id: ID!
  shopifyFunction: ShopifyFunction!
  title: String!
}
${connection("Validation")}

enum ValidationSortKeys {
  ID
}

input ValidationCreateInput {
  blockOnFailure: Boolean = false
  enable: Boolean = false
  functionHandle: String
  functionId: String ${deprecated("Use `functionHandle` instead.")}
  metafields: [MetafieldInput!] = []
  title: String
}

input ValidationUpdateInput {
  blockOnFailure: Boolean = false
  enable: Boolean = false
  metafields: [MetafieldInput!] = []
  title: String
}

enum ValidationUserErrorCode {
  APP_NOT_AUTHORIZED
  BLANK
  CAPABILITY_VIOLATION
  CUSTOM_APP_FUNCTION_NOT_ELIGIBLE
  DISALLOWED_OWNER_TYPE
  FUNCTION_DOES_NOT_IMPLEMENT
  FUNCTION_NOT_FOUND
  FUNCTION_PENDING_DELETION
  INCLUSION
  INTERNAL_ERROR
  INVALID
  INVALID_TYPE
  INVALID_VALUE
  MAX_VALIDATIONS_ACTIVATED
  MISSING_FUNCTION_IDENTIFIER
  MULTIPLE_FUNCTION_IDENTIFIERS
  NOT_FOUND
  PRESENT
  PUBLIC_APP_NOT_ALLOWED
  TAKEN
  TOO_LONG
  TOO_SHORT
  UNSTRUCTURED_RESERVED_NAMESPACE
}

type ValidationUserError implements DisplayableError {
  code: ValidationUserErrorCode
  field: [String!]
  message: String!
}

type ValidationCreatePayload {
  userErrors: [ValidationUserError!]!
  validation: Validation
}

type ValidationUpdatePayload {
  userErrors: [ValidationUserError!]!
  validation: Validation
}

enum ThemeRole {
  ARCHIVED
  DEMO
  DEVELOPMENT
  LOCKED
  MAIN
  MOBILE ${deprecated("The feature for this role has been deprecated.")}
  UNPUBLISHED
}

type OnlineStoreTheme implements Node {
  createdAt: DateTime!
  files(after: String, filenames: [String!], first: Int = 50): OnlineStoreThemeFileConnection
  id: ID!
  name: String!
  prefix: String!
  processing: Boolean!
  processingFailed: Boolean!
  role: ThemeRole!
  themeStoreId: Int
  updatedAt: DateTime!
}
${connection("OnlineStoreTheme")}

type OnlineStoreThemeFile {
  body: OnlineStoreThemeFileBody!
  checksumMd5: String
  contentType: String!
  createdAt: DateTime!
  filename: String!
  size: UnsignedInt64!
  updatedAt: DateTime!
}

union OnlineStoreThemeFileBody = OnlineStoreThemeFileBodyBase64 | OnlineStoreThemeFileBodyText | OnlineStoreThemeFileBodyUrl

type OnlineStoreThemeFileBodyBase64 {
  contentBase64: String!
}

type OnlineStoreThemeFileBodyText {
  content: String!
}

type OnlineStoreThemeFileBodyUrl {
  url: URL!
}

type OnlineStoreThemeFileConnection {
  edges: [OnlineStoreThemeFileEdge!]!
  nodes: [OnlineStoreThemeFile!]!
  pageInfo: PageInfo!
  userErrors: [OnlineStoreThemeFileReadResult!]!
}
type OnlineStoreThemeFileEdge {
  cursor: String!
  node: OnlineStoreThemeFile!
}

type OnlineStoreThemeFileReadResult {
  code: OnlineStoreThemeFileResultType!
  filename: String!
}

enum OnlineStoreThemeFileResultType {
  BAD_REQUEST
  CONFLICT
  ERROR
  NOT_FOUND
  SUCCESS
  TIMEOUT
  UNPROCESSABLE_ENTITY
}`;
