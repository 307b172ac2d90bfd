/**
 * The legacy XML interface under `/rest`. GET parameters in the query, POST parameters as
 * `application/x-www-form-urlencoded`; responses are XML or the plain text OK / ERROR.
 * Parameters and answers are checked in schemas.ts and mapped in wire.ts; results are in types.ts.
 */
import { z } from "zod";
import { PRINT_HINT } from "../../../merchant-text/errors";
import { APIResource, defineOperation, type Answer } from "../../core";
import { PrintApiError } from "../../errors";
import type { RequestOptions } from "../../transport";
import { xmlBool } from "../../xml";
import {
  legacyCreateFromCheckoutUrlParamsSchema,
  legacyOfferingDetailsParamsSchema,
  legacyOfferingListParamsSchema,
  legacyOrderCreateParamsSchema,
  legacyOrderDetailsParamsSchema,
  legacyOrderStatusParamsSchema,
  legacyQuoteParamsSchema,
  legacySetPaidParamsSchema,
  legacySetQuoteAndPaidParamsSchema,
  type LegacyCreateFromCheckoutUrlParams,
  type LegacyOfferingDetailsParams,
  type LegacyOfferingListParams,
  type LegacyOrderCreateParams,
  type LegacyOrderDetailsParams,
  type LegacyOrderStatusParams,
  type LegacyQuoteParams,
  type LegacySetPaidParams,
  type LegacySetQuoteAndPaidParams,
} from "./schemas";
import type {
  LegacyOffering,
  LegacyOfferingList,
  LegacyOrder,
  LegacyOrderStatus,
  LegacyQuote,
} from "./types";
import {
  buildQuoteXml,
  buildShippingAddressXml,
  legacyOfferingListSchema,
  legacyOfferingSchema,
  legacyOrderSchema,
  legacyOrderStatusSchema,
  legacyQuoteSchema,
} from "./wire";

export type {
  LegacyAddress,
  LegacyCreateFromCheckoutUrlParams,
  LegacyOfferingDetailsParams,
  LegacyOfferingListParams,
  LegacyOrderCreateParams,
  LegacyOrderDetailsParams,
  LegacyOrderStatusParams,
  LegacyQuoteParams,
  LegacySetPaidParams,
  LegacySetQuoteAndPaidParams,
} from "./schemas";
export type {
  LegacyOffering,
  LegacyOfferingElement,
  LegacyOfferingList,
  LegacyOrder,
  LegacyOrderStatus,
  LegacyQuote,
} from "./types";

const readXml = (answer: Answer) => answer.xml();

/** Plain-text OK; anything else is a shape error. */
function readOk(answer: Answer): undefined {
  if (answer.text.trim().toUpperCase() !== "OK") throw answer.fail("expected the text OK");
  return undefined;
}

/** A payment call: OK, or ERROR when the service refused it (customCode "ERROR"). */
function readPaid(answer: Answer): undefined {
  if (answer.text.trim().toUpperCase() === "ERROR") {
    const { res, operation } = answer;
    const error = new PrintApiError({
      status: res.status,
      customCode: "ERROR",
      details: `${operation} answered ERROR`,
      kind: "conflict",
      operation,
      requestId: res.requestId,
      url: res.url,
    });
    error.hint = PRINT_HINT.legacyPaymentRefused;
    throw error;
  }
  return readOk(answer);
}

const optionalXmlBool = (v: boolean | undefined) => (v === undefined ? undefined : xmlBool(v));

const offeringList = defineOperation({
  name: "legacy.offering.list",
  api: "legacy",
  method: "GET",
  path: "/offering/list",
  request: legacyOfferingListParamsSchema,
  query: (p, call) => ({
    applicationApiKey: call.requireKey("applicationApiKey"),
    merchantApiKey: call.merchantApiKey,
    currencies: p.currencies,
  }),
  read: readXml,
  response: legacyOfferingListSchema,
});

const offeringDetails = defineOperation({
  name: "legacy.offering.details",
  api: "legacy",
  method: "GET",
  path: "/offering/details",
  request: legacyOfferingDetailsParamsSchema,
  query: (p, call) => {
    const auth = p.auth ?? (call.buttonKey ? "buttonKey" : "keyPair");
    const keys =
      auth === "buttonKey"
        ? { buttonKey: call.requireKey("buttonKey") }
        : {
            applicationApiKey: call.requireKey("applicationApiKey"),
            merchantApiKey: call.merchantApiKey,
          };
    return { ...keys, offeringId: p.offeringId, currencies: p.currencies };
  },
  read: readXml,
  response: z.object({ offering: legacyOfferingSchema }).transform((d) => d.offering),
});

const quote = defineOperation({
  name: "legacy.quote",
  api: "legacy",
  method: "GET",
  path: "/offering/quote",
  request: legacyQuoteParamsSchema,
  query: (p, call) => ({
    applicationApiKey: call.requireKey("applicationApiKey"),
    merchantApiKey: call.merchantApiKey,
    offeringId: p.offeringId,
    currency: p.currency,
    countryCode: p.countryCode,
    numberOfPages: p.numberOfPages,
    quantity: p.quantity,
    useMerchantSecret: optionalXmlBool(p.useMerchantSecret),
  }),
  read: readXml,
  response: legacyQuoteSchema,
});

const orderCreate = defineOperation({
  name: "legacy.order.create",
  api: "legacy",
  method: "POST",
  path: "/order",
  request: legacyOrderCreateParamsSchema,
  form: (p, call) => ({ merchantApiKey: call.merchantApiKey, ...p }),
  read: readXml,
  response: legacyOrderSchema,
});

const orderCreateFromCheckoutUrl = defineOperation({
  name: "legacy.order.createFromCheckoutUrl",
  api: "legacy",
  method: "POST",
  path: "/order/create_from_checkout_url",
  request: legacyCreateFromCheckoutUrlParamsSchema,
  form: (p, call) => ({ merchantApiKey: call.merchantApiKey, ...p }),
  read: readXml,
  response: legacyOrderSchema,
});

const orderDetails = defineOperation({
  name: "legacy.order.details",
  api: "legacy",
  method: "POST",
  path: "/order/details",
  request: legacyOrderDetailsParamsSchema,
  form: (p) => ({
    externalOrderId: p.externalOrderId,
    customerName: p.customerName,
    shippingAddressXml: buildShippingAddressXml(p.shippingAddress),
    emailAddress: p.emailAddress,
    quantity: p.quantity,
  }),
  read: readOk,
  response: z.undefined(),
});

const setPaid = defineOperation({
  name: "legacy.order.setPaid",
  api: "legacy",
  method: "GET",
  path: "/order/set_paid",
  request: legacySetPaidParamsSchema,
  query: (p, call) => ({
    externalOrderId: p.externalOrderId,
    merchantApiKey: call.merchantApiKey,
    secret: call.legacySecret(p.externalOrderId),
  }),
  read: readPaid,
  response: z.undefined(),
  result: () => ({ status: "paid" as const }),
});

const setQuoteAndPaid = defineOperation({
  name: "legacy.order.setQuoteAndPaid",
  api: "legacy",
  method: "POST",
  path: "/order/set_quote_and_paid",
  request: legacySetQuoteAndPaidParamsSchema,
  form: (p, call) => ({
    externalOrderId: p.externalOrderId,
    merchantApiKey: call.merchantApiKey,
    secret: call.legacySecret(p.externalOrderId),
    quoteXml: typeof p.quote === "string" ? p.quote : buildQuoteXml(p.quote),
    useMerchantSecret: optionalXmlBool(p.useMerchantSecret),
  }),
  read: readPaid,
  response: z.undefined(),
  result: () => ({ status: "paid" as const }),
});

const orderStatus = defineOperation({
  name: "legacy.order.status",
  api: "legacy",
  method: "GET",
  path: "/order/status",
  request: legacyOrderStatusParamsSchema,
  query: (p, call) => ({
    paymentReference: p.paymentReference,
    merchantApiKey: call.merchantApiKey,
  }),
  read: readXml,
  response: legacyOrderStatusSchema,
});

export class Legacy extends APIResource {
  /** `GET /rest/offering/list` (with `*ByCurrency` groups when `currencies` is given). */
  listOfferings(
    params: LegacyOfferingListParams = {},
    options?: RequestOptions,
  ): Promise<LegacyOfferingList> {
    return this.core.request(offeringList, params, options);
  }

  /** `GET /rest/offering/details` by buttonKey or by the key pair. */
  offeringDetails(
    params: LegacyOfferingDetailsParams,
    options?: RequestOptions,
  ): Promise<LegacyOffering> {
    return this.core.request(offeringDetails, params, options);
  }

  /** `GET /rest/offering/quote`. */
  quote(params: LegacyQuoteParams, options?: RequestOptions): Promise<LegacyQuote> {
    return this.core.request(quote, params, options);
  }

  /** `POST /rest/order`: an OPEN order plus its upload policy. */
  createOrder(params: LegacyOrderCreateParams, options?: RequestOptions): Promise<LegacyOrder> {
    return this.core.request(orderCreate, params, options);
  }

  /** `POST /rest/order/create_from_checkout_url`: an order from a source document URL. */
  createOrderFromCheckoutUrl(
    params: LegacyCreateFromCheckoutUrlParams,
    options?: RequestOptions,
  ): Promise<LegacyOrder> {
    return this.core.request(orderCreateFromCheckoutUrl, params, options);
  }

  /** `POST /rest/order/details`: shipping and customer details (sends `shippingAddressXml`). */
  async setOrderDetails(params: LegacyOrderDetailsParams, options?: RequestOptions): Promise<void> {
    await this.core.request(orderDetails, params, options);
  }

  /** `GET /rest/order/set_paid`: OK -> paid; ERROR -> PrintApiError (customCode "ERROR"). */
  setPaid(params: LegacySetPaidParams, options?: RequestOptions): Promise<{ status: "paid" }> {
    return this.core.request(setPaid, params, options);
  }

  /** `POST /rest/order/set_quote_and_paid` (sends `quoteXml`). */
  setQuoteAndPaid(
    params: LegacySetQuoteAndPaidParams,
    options?: RequestOptions,
  ): Promise<{ status: "paid" }> {
    return this.core.request(setQuoteAndPaid, params, options);
  }

  /** `GET /rest/order/status` by payment reference. */
  orderStatus(
    params: LegacyOrderStatusParams,
    options?: RequestOptions,
  ): Promise<LegacyOrderStatus> {
    return this.core.request(orderStatus, params, options);
  }
}
