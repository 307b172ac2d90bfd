/** Public surface of the print-service SDK. */
export { PrintClient, createPrintClient, type PrintClientOptions } from "./client";
export type { RequestOptions } from "./transport";
export {
  ENVIRONMENTS,
  baseUrlsFromOrigin,
  type PrintBaseUrls,
  type PrintEnvironment,
} from "./environments";
export {
  FacilityConflictError,
  PrintApiError,
  PrintConnectionError,
  PrintInputError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
  classify,
  errorFromResponse,
  isAlreadyPaid,
  isAmbiguous,
  isDuplicateOrder,
  isFacilityConflict,
  isInsufficientBalance,
  isNotFound,
  isPrintApiError,
  parseFacilityConflict,
  type PrintApiErrorKind,
} from "./errors";
export { noopLogger, type PrintLogger } from "./logger";
export {
  MoneyError,
  addMoney,
  currencyExponent,
  formatMajor,
  fromMinor,
  moneyEquals,
  multiplyMoney,
  parseMajor,
  parsePricingAmount,
  subtractMoney,
  sumMoney,
  type MoneyMinor,
} from "./money";
export {
  DEFAULT_RETRY_OPTIONS,
  RETRY_CLASS,
  backoffDelay,
  decideRetry,
  type OperationId,
  type RetryClass,
  type RetryDecision,
  type RetryOptions,
} from "./retry";
export {
  concatLegacySecretJoin,
  legacySecret,
  paymentSecret,
  statusCallbackSchema,
  verifyCallbackSignature,
  verifyStatusCallback,
  type LegacySecretJoin,
  type StatusCallback,
  type StatusCallbackVerification,
} from "./signatures";
export type { BillingEntity, BillingEntityCreateParams } from "./resources/billing-entities";
export type { Category, SubCategory } from "./resources/categories";
export type {
  LegacyAddress,
  LegacyCreateFromCheckoutUrlParams,
  LegacyOffering,
  LegacyOfferingDetailsParams,
  LegacyOfferingElement,
  LegacyOfferingList,
  LegacyOfferingListParams,
  LegacyOrder,
  LegacyOrderCreateParams,
  LegacyOrderDetailsParams,
  LegacyOrderStatus,
  LegacyOrderStatusParams,
  LegacyQuote,
  LegacyQuoteParams,
  LegacySetPaidParams,
  LegacySetQuoteAndPaidParams,
} from "./resources/legacy";
export type {
  Offering,
  OfferingList,
  OfferingListParams,
  OfferingPricing,
  OfferingWithCategory,
} from "./resources/offerings";
export {
  KNOWN_ITEM_STATES,
  KNOWN_ORDER_STATES,
  SPINE_FONTS,
  type AddressDetailsInput,
  type AddressInput,
  type FileDetailsInput,
  type FilesResult,
  type KnownItemState,
  type KnownOrderState,
  type OrderAddress,
  type OrderAddressParams,
  type OrderCancelParams,
  type OrderCreateIdempotentResult,
  type OrderCreateOutcome,
  type OrderCreateParams,
  type OrderCreated,
  type OrderDetails,
  type OrderDetailsParams,
  type OrderFilesParams,
  type OrderItemPrice,
  type OrderPayParams,
  type OrderPrices,
  type OrderState,
  type PaymentResult,
  type SpineInput,
  type Tax,
} from "./resources/orders";
export {
  productPublicationSelection,
  type PublicationCreateParams,
  type PublicationCreated,
  type PublicationRequestBody,
  type PublicationSelection,
  type PublicationSelectionWire,
} from "./resources/publications";
export type { Quote, QuoteParams, QuotedItem } from "./resources/quotes";
export {
  isNoSpine,
  type OfferingSpineParams,
  type OrderSpineParams,
  type SpineSize,
} from "./resources/spine";
