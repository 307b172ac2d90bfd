/**
 * Admin schema subset: the product mutations (productSet,
 * productVariantsBulkUpdate, productDelete) and staged uploads, with their
 * inputs, payloads and user error codes (2026-10 names).
 */
import { deprecated } from "./helpers";

export const PRODUCTS_SDL = `
enum ProductSetUserErrorCode { CANNOT_COMBINE_LINKED_AND_NONLINKED_OPTION_VALUES CAPABILITY_VIOLATION DUPLICATE_LINKED_OPTION DUPLICATED_METAFIELD_VALUE DUPLICATED_OPTION_NAME DUPLICATED_OPTION_VALUE DUPLICATED_VALUE GENERIC_ERROR GIFT_CARD_ATTRIBUTE_CANNOT_BE_CHANGED GIFT_CARDS_NOT_ACTIVATED HANDLE_NOT_UNIQUE ID_NOT_ALLOWED INPUT_MISMATCH INVALID_INPUT INVALID_METAFIELD INVALID_METAFIELD_VALUE_FOR_LINKED_OPTION INVALID_PRODUCT INVALID_VARIANT INVENTORY_QUANTITIES_LIMIT_EXCEEDED JOB_ERROR LINKED_METAFIELD_DEFINITION_NOT_FOUND LINKED_OPTIONS_NOT_SUPPORTED_FOR_SHOP METAFIELD_MISMATCH MISSING_FIELD_REQUIRED NOT_FOUND OPTION_DOES_NOT_EXIST OPTION_VALUE_DOES_NOT_EXIST OPTION_VALUES_MISSING OPTION_VALUES_OVER_LIMIT OPTIONS_OVER_LIMIT PRODUCT_DOES_NOT_EXIST PRODUCT_OPTIONS_INPUT_MISSING PRODUCT_SUSPENDED PRODUCT_VARIANT_DOES_NOT_EXIST VARIANTS_INPUT_MISSING VARIANTS_OVER_LIMIT }
enum ProductVariantsBulkUpdateUserErrorCode { BLANK CANNOT_SET_NAME_FOR_LINKED_OPTION_VALUE CANNOT_SPECIFY_BOTH GREATER_THAN_OR_EQUAL_TO INVALID_INPUT MUST_BE_FOR_THIS_PRODUCT MUST_SPECIFY_ONE_OF_PAIR NEED_TO_ADD_OPTION_VALUES NEGATIVE_PRICE_VALUE NO_INVENTORY_QUANTITIES_ON_VARIANTS_UPDATE OPTION_DOES_NOT_EXIST OPTION_VALUE_DOES_NOT_EXIST OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS PRODUCT_DOES_NOT_EXIST PRODUCT_SUSPENDED PRODUCT_VARIANT_DOES_NOT_EXIST PRODUCT_VARIANT_ID_MISSING SUBSCRIPTION_VIOLATION VARIANT_ALREADY_EXISTS }
enum FileContentType { EXTERNAL_VIDEO FILE IMAGE MODEL_3D VIDEO }
enum FileCreateInputDuplicateResolutionMode { APPEND_UUID RAISE_ERROR REPLACE }
enum StagedUploadHttpMethodType { POST PUT }
enum StagedUploadTargetGenerateUploadResource { BULK_MUTATION_VARIABLES COLLECTION_IMAGE DISPUTE_FILE_UPLOAD FILE IMAGE MODEL_3D PRODUCT_IMAGE ${deprecated("Use IMAGE instead. This resource type will be removed in a future version.")} RETURN_LABEL SHOP_IMAGE URL_REDIRECT_IMPORT VIDEO }

input UniqueMetafieldValueInput {
  namespace: String
  key: String!
  value: String!
}

input ProductSetIdentifiers {
  id: ID
  handle: String
  customId: UniqueMetafieldValueInput
}

input OptionValueSetInput {
  id: ID
  name: String
}

input OptionSetInput {
  id: ID
  name: String
  position: Int
  values: [OptionValueSetInput!]
}

input VariantOptionValueInput {
  id: ID
  name: String
  optionId: ID
  optionName: String
  linkedMetafieldValue: String
}

input WeightInput {
  value: Float!
  unit: WeightUnit!
}

input InventoryItemMeasurementInput {
  weight: WeightInput
}

input InventoryItemInput {
  sku: String
  cost: Decimal
  tracked: Boolean
  requiresShipping: Boolean
  countryCodeOfOrigin: CountryCode
  harmonizedSystemCode: String
  measurement: InventoryItemMeasurementInput
}

input MetafieldInput {
  id: ID
  namespace: String
  key: String
  value: String
  type: String
}

input FileSetInput {
  id: ID
  originalSource: String
  contentType: FileContentType
  alt: String
  filename: String
  duplicateResolutionMode: FileCreateInputDuplicateResolutionMode = APPEND_UUID
}

input ProductVariantSetInput {
  id: ID
  optionValues: [VariantOptionValueInput!]!
  price: Money
  compareAtPrice: Money
  sku: String
  barcode: String
  position: Int
  taxable: Boolean
  inventoryPolicy: ProductVariantInventoryPolicy
  inventoryItem: InventoryItemInput
  metafields: [MetafieldInput!]
  file: FileSetInput
}

input ProductSetInput {
  title: String
  descriptionHtml: String
  handle: String
  status: ProductStatus
  productType: String
  vendor: String
  tags: [String!]
  templateSuffix: String
  giftCard: Boolean
  productOptions: [OptionSetInput!]
  variants: [ProductVariantSetInput!]
  metafields: [MetafieldInput!]
  files: [FileSetInput!]
}

input ProductVariantsBulkInput {
  id: ID
  price: Money
  compareAtPrice: Money
  barcode: String
  taxable: Boolean
  inventoryPolicy: ProductVariantInventoryPolicy
  inventoryItem: InventoryItemInput
  metafields: [MetafieldInput!]
  optionValues: [VariantOptionValueInput!]
  mediaId: ID
  mediaSrc: [String!]
}

input ProductDeleteInput {
  id: ID!
}

input StagedUploadInput {
  resource: StagedUploadTargetGenerateUploadResource!
  filename: String!
  mimeType: String!
  httpMethod: StagedUploadHttpMethodType = PUT
  fileSize: UnsignedInt64
}

type ProductSetUserError implements DisplayableError {
  code: ProductSetUserErrorCode
  field: [String!]
  message: String!
}

type ProductSetOperation implements Node {
  id: ID!
  product: Product
  status: ProductOperationStatus!
  userErrors: [ProductSetUserError!]!
}

type ProductSetPayload {
  product: Product
  productSetOperation: ProductSetOperation
  userErrors: [ProductSetUserError!]!
}

type ProductVariantsBulkUpdateUserError implements DisplayableError {
  code: ProductVariantsBulkUpdateUserErrorCode
  field: [String!]
  message: String!
}

type ProductVariantsBulkUpdatePayload {
  product: Product
  productVariants: [ProductVariant!]
  userErrors: [ProductVariantsBulkUpdateUserError!]!
}

type ProductDeleteOperation implements Node {
  id: ID!
  deletedProductId: ID
  product: Product
  status: ProductOperationStatus!
  userErrors: [UserError!]!
}

type ProductDeletePayload {
  deletedProductId: ID
  productDeleteOperation: ProductDeleteOperation
  shop: Shop!
  userErrors: [UserError!]!
}

type StagedUploadParameter {
  name: String!
  value: String!
}

type StagedMediaUploadTarget {
  parameters: [StagedUploadParameter!]!
  resourceUrl: URL
  url: URL
}

type StagedUploadsCreatePayload {
  stagedTargets: [StagedMediaUploadTarget!]
  userErrors: [UserError!]!
}`;
