/**
 * The print-service client. One instance per merchant (shop); no globals, all configuration
 * passed in.
 *
 *   const print = createPrintClient({ environment: "sandbox", baseUrl: "http://127.0.0.1:4010",
 *     merchantApiKey, secretKey });
 *   const { orderId } = await print.orders.createIdempotent({ orderReference: "shop-1001", ... });
 */
import type { Dispatcher } from "undici";
import { PrintCore } from "./core";
import { resolveBaseUrls, type PrintBaseUrls, type PrintEnvironment } from "./environments";
import { noopLogger, type PrintLogger } from "./logger";
import type { RetryOptions } from "./retry";
import { concatLegacySecretJoin, type LegacySecretJoin } from "./signatures";
import { Transport, defaultRequestId, type RequestOptions } from "./transport";
import { BillingEntities } from "./resources/billing-entities";
import { Categories } from "./resources/categories";
import { Legacy } from "./resources/legacy";
import { Offerings } from "./resources/offerings";
import {
  Orders,
  type OrderCreateIdempotentResult,
  type OrderCreateParams,
} from "./resources/orders";
import {
  Publications,
  productPublicationSelection,
  type PublicationSelectionWire,
} from "./resources/publications";
import { Quotes } from "./resources/quotes";

export interface PrintClientOptions {
  /** "sandbox" and "custom" need baseUrl (or baseUrls); "test" and "production" have defaults. */
  environment: PrintEnvironment;
  /** Origin of the service; the JSON root is `{baseUrl}/rest/v3`, legacy `{baseUrl}/rest`. */
  baseUrl?: string;
  /** Override any of the three roots. */
  baseUrls?: Partial<PrintBaseUrls>;
  merchantApiKey: string;
  /** Signs payments (SHA-256) and legacy set_paid (HMAC-SHA1). */
  secretKey: string;
  /** Needed by the legacy offering list, details (key pair) and quote. */
  applicationApiKey?: string;
  /** Alternative identification for legacy offering details. */
  buttonKey?: string;
  /** Per-attempt timeout. Default 15 000 ms. */
  timeoutMs?: number;
  /** Retry options (see retry.ts); sleep, random and now are injectable. */
  retry?: Partial<RetryOptions>;
  /** undici dispatcher (Agent, MockAgent, proxy); default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
  /** pino-compatible logger; default no-op. */
  logger?: PrintLogger;
  /** X-Request-Id generator; default crypto.randomUUID. */
  requestId?: () => string;
  /** How legacy secrets join merchantApiKey and externalOrderId; default concatenation. */
  legacySecretJoin?: LegacySecretJoin;
  /** How a publication request names its offering or category; default `order.product` fields. */
  publicationSelection?: PublicationSelectionWire;
  userAgent?: string;
}

export class PrintClient {
  readonly baseUrls: PrintBaseUrls;
  readonly environment: PrintEnvironment;
  readonly offerings: Offerings;
  readonly categories: Categories;
  readonly quotes: Quotes;
  readonly orders: Orders;
  readonly publications: Publications;
  readonly billingEntities: BillingEntities;
  /** The legacy XML interface. */
  readonly legacy: Legacy;

  constructor(options: PrintClientOptions) {
    if (!options.merchantApiKey) throw new TypeError("merchantApiKey is required");
    if (!options.secretKey) throw new TypeError("secretKey is required");
    const timeoutMs = options.timeoutMs ?? 15_000;
    if (!(timeoutMs > 0)) throw new TypeError("timeoutMs must be positive");
    this.environment = options.environment;
    this.baseUrls = resolveBaseUrls(options.environment, options.baseUrl, options.baseUrls);
    const knownSecrets = [
      options.merchantApiKey,
      options.secretKey,
      options.applicationApiKey,
      options.buttonKey,
    ].filter((s): s is string => typeof s === "string" && s.length > 0);
    const transport = new Transport({
      baseUrls: this.baseUrls,
      timeoutMs,
      retry: options.retry,
      dispatcher: options.dispatcher,
      logger: options.logger ?? noopLogger,
      requestIdFactory: options.requestId ?? defaultRequestId,
      knownSecrets,
      userAgent: options.userAgent ?? "print-connect-print-client/1",
    });
    const core = new PrintCore(
      transport,
      {
        merchantApiKey: options.merchantApiKey,
        secretKey: options.secretKey,
        applicationApiKey: options.applicationApiKey,
        buttonKey: options.buttonKey,
      },
      this.baseUrls,
      options.legacySecretJoin ?? concatLegacySecretJoin,
    );
    this.offerings = new Offerings(core);
    this.categories = new Categories(core);
    this.quotes = new Quotes(core);
    this.orders = new Orders(core);
    this.publications = new Publications(
      core,
      options.publicationSelection ?? productPublicationSelection,
    );
    this.billingEntities = new BillingEntities(core);
    this.legacy = new Legacy(core);
  }

  /** Same as orders.createIdempotent. */
  createOrderIdempotent(
    params: OrderCreateParams,
    options?: RequestOptions,
  ): Promise<OrderCreateIdempotentResult> {
    return this.orders.createIdempotent(params, options);
  }

  /** Hosted checkout page of a (public) publication. */
  checkoutUrl(publicationId: number): string {
    return `${this.baseUrls.checkout}/print/${publicationId}`;
  }
}

export function createPrintClient(options: PrintClientOptions): PrintClient {
  return new PrintClient(options);
}
