/**
 * The legacy XML interface under `/rest`. GET parameters in the query, POST parameters as
 * `application/x-www-form-urlencoded`; responses are XML or the plain text OK / ERROR.
 * Parameters and answers are checked in schemas.ts and mapped in wire.ts; results are in types.ts.
 */
import { z } from "zod";
import { PRINT_HINT } from "../../../merchant-text/errors";
import {
  validateInput,
  type ClientContext,
  type QueryValue,
  type RawResponse,
  type RequestOptions,
} from "../../core";
import { PrintApiError, PrintInputError } from "../../errors";
import type { OperationId } from "../../retry";
import { legacySecret } from "../../signatures";
import { parseXml, xmlBool, type XmlNode } from "../../xml";
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

export class Legacy {
  constructor(private readonly ctx: ClientContext) {}

  private applicationApiKey(operation: string): string {
    if (!this.ctx.applicationApiKey) {
      throw new PrintInputError(operation, ["applicationApiKey is not configured on the client"]);
    }
    return this.ctx.applicationApiKey;
  }

  private send(
    operation: OperationId,
    method: "GET" | "POST",
    path: string,
    params: Record<string, QueryValue>,
    options: RequestOptions | undefined,
  ): Promise<RawResponse> {
    return this.ctx.transport.send(
      method === "GET"
        ? { operation, api: "legacy", method, path, query: params }
        : { operation, api: "legacy", method, path, form: params },
      options,
    );
  }

  private xml<S extends z.ZodType>(schema: S, res: RawResponse, operation: string): z.output<S> {
    const t = this.ctx.transport;
    let doc: XmlNode;
    try {
      doc = parseXml(res.text);
    } catch {
      throw t.shapeError(res, "body is not XML", operation);
    }
    return t.validate(schema, doc, res, operation);
  }

  /** Plain-text OK; anything else is a shape error (ERROR handled by the caller). */
  private expectOk(res: RawResponse, operation: string): void {
    if (res.text.trim().toUpperCase() !== "OK") {
      throw this.ctx.transport.shapeError(res, "expected the text OK", operation);
    }
  }

  /** `GET /rest/offering/list` (with `*ByCurrency` groups when `currencies` is given). */
  async listOfferings(
    params: LegacyOfferingListParams = {},
    options?: RequestOptions,
  ): Promise<LegacyOfferingList> {
    const op = "legacy.offering.list";
    const p = validateInput(legacyOfferingListParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/offering/list",
      {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
        currencies: p.currencies,
      },
      options,
    );
    return this.xml(legacyOfferingListSchema, res, op);
  }

  /** `GET /rest/offering/details` by buttonKey or by the key pair. */
  async offeringDetails(
    params: LegacyOfferingDetailsParams,
    options?: RequestOptions,
  ): Promise<LegacyOffering> {
    const op = "legacy.offering.details";
    const p = validateInput(legacyOfferingDetailsParamsSchema, params, op);
    const auth = p.auth ?? (this.ctx.buttonKey ? "buttonKey" : "keyPair");
    let keys: Record<string, QueryValue>;
    if (auth === "buttonKey") {
      if (!this.ctx.buttonKey)
        throw new PrintInputError(op, ["buttonKey is not configured on the client"]);
      keys = { buttonKey: this.ctx.buttonKey };
    } else {
      keys = {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
      };
    }
    const res = await this.send(
      op,
      "GET",
      "/offering/details",
      { ...keys, offeringId: p.offeringId, currencies: p.currencies },
      options,
    );
    return this.xml(
      z.object({ offering: legacyOfferingSchema }).transform((d) => d.offering),
      res,
      op,
    );
  }

  /** `GET /rest/offering/quote`. */
  async quote(params: LegacyQuoteParams, options?: RequestOptions): Promise<LegacyQuote> {
    const op = "legacy.quote";
    const p = validateInput(legacyQuoteParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/offering/quote",
      {
        applicationApiKey: this.applicationApiKey(op),
        merchantApiKey: this.ctx.merchantApiKey,
        offeringId: p.offeringId,
        currency: p.currency,
        countryCode: p.countryCode,
        numberOfPages: p.numberOfPages,
        quantity: p.quantity,
        useMerchantSecret:
          p.useMerchantSecret === undefined ? undefined : xmlBool(p.useMerchantSecret),
      },
      options,
    );
    return this.xml(legacyQuoteSchema, res, op);
  }

  /** `POST /rest/order`: an OPEN order plus its upload policy. */
  async createOrder(
    params: LegacyOrderCreateParams,
    options?: RequestOptions,
  ): Promise<LegacyOrder> {
    const op = "legacy.order.create";
    const p = validateInput(legacyOrderCreateParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order",
      { merchantApiKey: this.ctx.merchantApiKey, ...p },
      options,
    );
    return this.xml(legacyOrderSchema, res, op);
  }

  /** `POST /rest/order/create_from_checkout_url`: an order from a source document URL. */
  async createOrderFromCheckoutUrl(
    params: LegacyCreateFromCheckoutUrlParams,
    options?: RequestOptions,
  ): Promise<LegacyOrder> {
    const op = "legacy.order.createFromCheckoutUrl";
    const p = validateInput(legacyCreateFromCheckoutUrlParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/create_from_checkout_url",
      { merchantApiKey: this.ctx.merchantApiKey, ...p },
      options,
    );
    return this.xml(legacyOrderSchema, res, op);
  }

  /** `POST /rest/order/details`: shipping and customer details (sends `shippingAddressXml`). */
  async setOrderDetails(params: LegacyOrderDetailsParams, options?: RequestOptions): Promise<void> {
    const op = "legacy.order.details";
    const p = validateInput(legacyOrderDetailsParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/details",
      {
        externalOrderId: p.externalOrderId,
        customerName: p.customerName,
        shippingAddressXml: buildShippingAddressXml(p.shippingAddress),
        emailAddress: p.emailAddress,
        quantity: p.quantity,
      },
      options,
    );
    this.expectOk(res, op);
  }

  private secret(externalOrderId: string): string {
    return legacySecret(
      this.ctx.secretKey,
      this.ctx.merchantApiKey,
      externalOrderId,
      this.ctx.legacySecretJoin,
    );
  }

  private refused(res: RawResponse, operation: string): PrintApiError {
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
    return error;
  }

  /** `GET /rest/order/set_paid`: OK -> paid; ERROR -> PrintApiError (customCode "ERROR"). */
  async setPaid(
    params: LegacySetPaidParams,
    options?: RequestOptions,
  ): Promise<{ status: "paid" }> {
    const op = "legacy.order.setPaid";
    const p = validateInput(legacySetPaidParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/order/set_paid",
      {
        externalOrderId: p.externalOrderId,
        merchantApiKey: this.ctx.merchantApiKey,
        secret: this.secret(p.externalOrderId),
      },
      options,
    );
    if (res.text.trim().toUpperCase() === "ERROR") throw this.refused(res, op);
    this.expectOk(res, op);
    return { status: "paid" };
  }

  /** `POST /rest/order/set_quote_and_paid` (sends `quoteXml`). */
  async setQuoteAndPaid(
    params: LegacySetQuoteAndPaidParams,
    options?: RequestOptions,
  ): Promise<{ status: "paid" }> {
    const op = "legacy.order.setQuoteAndPaid";
    const p = validateInput(legacySetQuoteAndPaidParamsSchema, params, op);
    const res = await this.send(
      op,
      "POST",
      "/order/set_quote_and_paid",
      {
        externalOrderId: p.externalOrderId,
        merchantApiKey: this.ctx.merchantApiKey,
        secret: this.secret(p.externalOrderId),
        quoteXml: typeof p.quote === "string" ? p.quote : buildQuoteXml(p.quote),
        useMerchantSecret:
          p.useMerchantSecret === undefined ? undefined : xmlBool(p.useMerchantSecret),
      },
      options,
    );
    if (res.text.trim().toUpperCase() === "ERROR") throw this.refused(res, op);
    this.expectOk(res, op);
    return { status: "paid" };
  }

  /** `GET /rest/order/status` by payment reference. */
  async orderStatus(
    params: LegacyOrderStatusParams,
    options?: RequestOptions,
  ): Promise<LegacyOrderStatus> {
    const op = "legacy.order.status";
    const p = validateInput(legacyOrderStatusParamsSchema, params, op);
    const res = await this.send(
      op,
      "GET",
      "/order/status",
      { paymentReference: p.paymentReference, merchantApiKey: this.ctx.merchantApiKey },
      options,
    );
    return this.xml(legacyOrderStatusSchema, res, op);
  }
}
