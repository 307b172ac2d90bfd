/**
 * Admin schema subset: the schema roots, scalars, interfaces, PageInfo, every
 * enum (kept together so the joined SDL keeps its order), counts and images.
 */
import { connection, COUNTRY_CODES, CURRENCY_CODES, LEGACY_STATUS } from "./helpers";

export const BASE_SDL = `
schema {
  query: QueryRoot
  mutation: Mutation
}

scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar UnsignedInt64
scalar HTML
scalar JSON

interface Node {
  id: ID!
}

interface LegacyInteroperability {
  legacyResourceId: UnsignedInt64!
}

interface DisplayableError {
  field: [String!]
  message: String!
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

enum CountryCode { ${COUNTRY_CODES} }
enum CurrencyCode { ${CURRENCY_CODES} }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
enum CountPrecision { AT_LEAST EXACT }
enum ProductStatus { ACTIVE ARCHIVED DRAFT UNLISTED }
enum ProductVariantInventoryPolicy { CONTINUE DENY }
enum ProductMediaSortKeys { ID POSITION }
enum ProductOperationStatus { ACTIVE COMPLETE CREATED }
enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE PUBLISHED_AT RELEVANCE TITLE UPDATED_AT VENDOR }
enum ProductVariantSortKeys { FULL_TITLE ID INVENTORY_LEVELS_AVAILABLE INVENTORY_MANAGEMENT INVENTORY_POLICY INVENTORY_QUANTITY NAME POPULAR POSITION RELEVANCE SKU TITLE }
enum OrderSortKeys { CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PO_NUMBER PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT }
enum LocationSortKeys { ID NAME RELEVANCE }
enum CarrierServiceSortKeys { CREATED_AT ID UPDATED_AT }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY OTHER STAFF }
enum FulfillmentOrderStatus { CANCELLED CLOSED INCOMPLETE IN_PROGRESS ON_HOLD OPEN SCHEDULED }
enum FulfillmentOrderRequestStatus { ACCEPTED CANCELLATION_ACCEPTED CANCELLATION_REJECTED CANCELLATION_REQUESTED CLOSED REJECTED SUBMITTED UNSUBMITTED }
enum FulfillmentOrderAssignmentStatus { CANCELLATION_REQUESTED FULFILLMENT_ACCEPTED FULFILLMENT_REQUESTED FULFILLMENT_UNSUBMITTED }
enum FulfillmentOrderSortKeys { ID UPDATED_AT }
enum FulfillmentOrderRejectionReason { INCORRECT_ADDRESS INCORRECT_PRODUCT_INFO INELIGIBLE_PRODUCT INTERNATIONAL_SHIPPING_UNAVAILABLE INVALID_CONTACT_INFORMATION INVALID_SKU INVENTORY_OUT_OF_STOCK MERCHANT_BLOCKED_OR_SUSPENDED MISSING_CUSTOMS_INFO ORDER_TOO_LARGE OTHER PACKAGE_PREFERENCE_NOT_SET PAYMENT_DECLINED UNDELIVERABLE_DESTINATION }
enum FulfillmentOrderMerchantRequestKind { CANCELLATION_REQUEST FULFILLMENT_REQUEST }
enum FulfillmentHoldReason { AWAITING_PAYMENT AWAITING_RETURN_ITEMS HIGH_RISK_OF_FRAUD INCORRECT_ADDRESS INVENTORY_OUT_OF_STOCK ONLINE_STORE_POST_PURCHASE_CROSS_SELL OTHER UNKNOWN_DELIVERY_DATE }
enum FulfillmentOrderHoldUserErrorCode { DUPLICATED_FULFILLMENT_ORDER_LINE_ITEMS DUPLICATE_FULFILLMENT_HOLD_HANDLE FULFILLMENT_ORDER_HOLD_LIMIT_REACHED FULFILLMENT_ORDER_NOT_FOUND FULFILLMENT_ORDER_NOT_SPLITTABLE GREATER_THAN_ZERO INVALID_LINE_ITEM_QUANTITY TAKEN }
enum FulfillmentOrderReleaseHoldUserErrorCode { FULFILLMENT_ORDER_NOT_FOUND INVALID_ACCESS }
enum FulfillmentServiceType { GIFT_CARD MANUAL THIRD_PARTY }
enum FulfillmentServiceDeleteInventoryAction { DELETE KEEP TRANSFER }
enum FulfillmentOrderAction { CANCEL_FULFILLMENT_ORDER CREATE_FULFILLMENT EXTERNAL HOLD MARK_AS_OPEN MERGE MOVE RELEASE_HOLD REQUEST_CANCELLATION REQUEST_FULFILLMENT SPLIT }
enum FulfillmentStatus { CANCELLED ERROR FAILURE OPEN ${LEGACY_STATUS} PENDING ${LEGACY_STATUS} SUCCESS }
enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
enum MediaStatus { FAILED PROCESSING READY UPLOADED }
enum MediaPreviewImageStatus { FAILED PROCESSING READY UPLOADED }
enum MediaErrorCode { GENERIC_FILE_DOWNLOAD_FAILURE IMAGE_DOWNLOAD_FAILURE IMAGE_PROCESSING_FAILURE INVALID_IMAGE_FILE_SIZE INVALID_SIGNED_URL MEDIA_TIMEOUT_ERROR UNKNOWN UNSUPPORTED_IMAGE_FILE_TYPE }
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CANCELED CONFIRMED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED LABEL_VOIDED MARKED_AS_FULFILLED NOT_DELIVERED OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP SUBMITTED }
enum CarrierServiceCreateUserErrorCode { CARRIER_SERVICE_CREATE_FAILED }
enum CarrierServiceUpdateUserErrorCode { CARRIER_SERVICE_UPDATE_FAILED }
enum CarrierServiceDeleteUserErrorCode { CARRIER_SERVICE_DELETE_FAILED }

type Count {
  count: Int!
  precision: CountPrecision!
}

input ImageTransformInput {
  maxWidth: Int
  maxHeight: Int
  scale: Int = 1
}

type Image {
  id: ID
  altText: String
  url(transform: ImageTransformInput): URL!
  width: Int
  height: Int
}

type MediaPreviewImage {
  image: Image
  status: MediaPreviewImageStatus!
}

type MediaError {
  code: MediaErrorCode!
  details: String
  message: String!
}

interface Media {
  alt: String
  id: ID!
  mediaContentType: MediaContentType!
  mediaErrors: [MediaError!]!
  preview: MediaPreviewImage
  status: MediaStatus!
}

type MediaImage implements Media & Node {
  id: ID!
  alt: String
  mediaContentType: MediaContentType!
  mediaErrors: [MediaError!]!
  preview: MediaPreviewImage
  status: MediaStatus!
  image: Image
  mimeType: String
  createdAt: DateTime!
}
${connection("Media")}`;
