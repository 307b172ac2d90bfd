/**
 * Stateful stand-in for Shopify ("the Shopify fake"): OAuth token endpoint,
 * Admin GraphQL subset, webhook delivery and a control API. See README.md.
 */
export {
  startShopifyFake,
  DEFAULT_APP_ID,
  DEFAULT_SCOPES,
  DEFAULT_SUBSCRIPTIONS,
  type ShopifyFake,
  type ShopifyFakeOptions,
  type ShopifyFakeControl,
  type DeliveryOptions,
  type WebhookDeliveryRecord,
  type WebhookAttempt,
  type RequestLogEntry,
  type FaultSpec,
  type OrderSnapshot,
  type ProductSnapshot,
  type MetafieldSnapshot,
  type StagedUploadSummary,
  type ChangeResult,
  type ShippingRatesRequest,
  type ShippingRatesResult,
} from "./server";
export {
  installShopifyRedirect,
  createShopifyRedirectDispatcher,
  SHOP_DOMAIN_HEADER,
  type ShopifyRedirectOptions,
  type UninstallShopifyRedirect,
} from "./redirect";
export {
  signWebhook,
  webhookHeaders,
  sendWebhook,
  DEFAULT_WEBHOOK_API_VERSION,
  type WebhookHeaders,
  type WebhookHeadersOptions,
  type SendWebhookOptions,
  type SendWebhookResult,
} from "./webhooks";
export {
  mintSessionToken,
  verifySessionToken,
  signHs256Jwt,
  type MintSessionTokenOptions,
  type SessionTokenPayload,
} from "./session-token";
export {
  DEMO_SHOP_DOMAIN,
  DEMO_IDS,
  DEMO_PRODUCTS,
  DEFAULT_LOCATIONS,
  DEFAULT_PRINT_PRODUCT_TYPES,
  APP_FUNCTIONS,
  DEFAULT_PRODUCT_TEMPLATE,
  type ShopSeed,
  type ProductSeed,
  type VariantSeed,
  type LocationSeed,
} from "./seed";
export {
  FakeState,
  gid,
  parseId,
  type CreateOrderSpec,
  type CreateOrderLineSpec,
  type AddressInput,
} from "./state";
export { adminSchema } from "./graphql";
