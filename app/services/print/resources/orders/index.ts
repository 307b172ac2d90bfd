/**
 * JSON orders: create (plus createIdempotent), details, address, payment, files, cancel, spine.
 * Parameters and answers are checked in schemas.ts and mapped in wire.ts; results are in types.ts.
 */
import { z } from "zod";
import { APIResource, defineOperation, validateInput } from "../../core";
import {
  PrintApiError,
  PrintResponseShapeError,
  isAlreadyPaid,
  isAmbiguous,
  isDuplicateOrder,
} from "../../errors";
import { backoffDelay, resolveRetryOptions } from "../../retry";
import { paymentSecret } from "../../signatures";
import type { RequestOptions } from "../../transport";
import { orderSpineOperation, type OrderSpineParams, type SpineSize } from "../spine";
import {
  cancelledSchema,
  orderAddressParamsSchema,
  orderCancelParamsSchema,
  orderCreateParamsSchema,
  orderDetailsParamsSchema,
  orderFilesParamsSchema,
  orderPayParamsSchema,
  paidSchema,
  type OrderAddressParams,
  type OrderCancelParams,
  type OrderCreateParams,
  type OrderDetailsParams,
  type OrderFilesParams,
  type OrderPayParams,
} from "./schemas";
import {
  PAID_OR_LATER_STATES,
  type FilesResult,
  type OrderCreateIdempotentResult,
  type OrderCreated,
  type OrderDetails,
  type PaymentResult,
} from "./types";
import {
  addressDetailsWire,
  orderCreateWire,
  orderCreatedSchema,
  orderDetailsResponseSchema,
} from "./wire";

export {
  SPINE_FONTS,
  type AddressDetailsInput,
  type AddressInput,
  type FileDetailsInput,
  type OrderAddressParams,
  type OrderCancelParams,
  type OrderCreateParams,
  type OrderDetailsParams,
  type OrderFilesParams,
  type OrderPayParams,
  type SpineInput,
} from "./schemas";
export {
  KNOWN_ITEM_STATES,
  KNOWN_ORDER_STATES,
  PAID_OR_LATER_STATES,
  type FilesResult,
  type KnownItemState,
  type KnownOrderState,
  type OrderAddress,
  type OrderCreateIdempotentResult,
  type OrderCreateOutcome,
  type OrderCreated,
  type OrderDetails,
  type OrderItemPrice,
  type OrderPrices,
  type OrderState,
  type PaymentResult,
  type Tax,
} from "./types";

const orderCreate = defineOperation({
  name: "order.create",
  api: "json",
  method: "POST",
  path: "/order/",
  request: orderCreateParamsSchema,
  json: (p, call) => orderCreateWire(p, call.merchantApiKey),
  response: orderCreatedSchema,
});

const orderDetails = defineOperation({
  name: "order.details",
  api: "json",
  method: "GET",
  path: "/order/details",
  request: orderDetailsParamsSchema,
  query: (p, call) => ({
    merchantApiKey: call.merchantApiKey,
    orderId: p.orderId,
    orderReference: p.orderReference,
  }),
  response: orderDetailsResponseSchema,
  result: (d, p, answer) => {
    if (p.orderId !== undefined && d.orderId !== p.orderId) {
      throw answer.fail(`asked for order ${p.orderId}, got ${d.orderId}`);
    }
    return d;
  },
});

const orderAddress = defineOperation({
  name: "order.address",
  api: "json",
  method: "POST",
  path: "/order/address",
  request: orderAddressParamsSchema,
  json: (p, call) => ({
    order_id: p.orderId,
    merchant_api_key: call.merchantApiKey,
    address_details: addressDetailsWire(p.address),
  }),
  // The answer carries nothing the caller needs.
  read: () => undefined,
  response: z.undefined(),
});

const orderPayment = defineOperation({
  name: "order.payment",
  api: "json",
  method: "POST",
  path: "/order/payment",
  request: orderPayParamsSchema,
  json: (p, call) => ({
    order_id: p.orderId,
    merchant_api_key: call.merchantApiKey,
    secret: paymentSecret(call.secretKey, p.orderId),
  }),
  response: paidSchema,
  result: (): PaymentResult => ({ status: "paid", orderState: "PAID" }),
});

const orderFiles = defineOperation({
  name: "order.files",
  api: "json",
  method: "POST",
  path: "/order/files",
  request: orderFilesParamsSchema,
  json: (p, call) => ({
    order_id: p.orderId,
    merchant_api_key: call.merchantApiKey,
    item_reference: p.itemReference,
    file_details: {
      content_url: p.files.contentUrl,
      content_width: p.files.contentWidth,
      content_height: p.files.contentHeight,
      number_of_pages: p.files.numberOfPages,
      cover_url: p.files.coverUrl,
    },
  }),
  // The text OK, or a JSON object kept as it came.
  read: (answer): FilesResult => {
    if (/^"?ok"?$/i.test(answer.text.trim())) return { status: "ok" };
    const body = answer.json();
    if (body === null || typeof body !== "object") {
      throw answer.fail("expected OK or a JSON object");
    }
    return { status: "ok", response: body };
  },
  response: z.custom<FilesResult>(),
});

const orderCancel = defineOperation({
  name: "order.cancel",
  api: "json",
  method: "POST",
  path: "/order/cancel",
  request: orderCancelParamsSchema,
  json: (p, call) => ({ order_id: p.orderId, merchant_api_key: call.merchantApiKey }),
  response: cancelledSchema,
  result: () => ({ orderState: "CANCELLED" as const }),
});

export class Orders extends APIResource {
  /**
   * `POST /order/` -> 201 {order_id}. Never repeated after the service may have acted; use
   * createIdempotent to recover from a lost answer.
   */
  create(params: OrderCreateParams, options?: RequestOptions): Promise<OrderCreated> {
    return this.core.request(orderCreate, params, options);
  }

  /**
   * Creates the order at most once per `orderReference`:
   * - on an ambiguous failure (connection reset, timeout, 5xx) it looks the order up by reference
   *   and returns it; if the lookup says 404 the order does not exist and create is tried again
   *   (safe: a second create with the same reference can only answer ORD_DUPLICATE);
   * - on ORD_DUPLICATE it returns the existing order for that reference.
   * Bounded by the retry options (maxAttempts, maxElapsedMs); waits use the injected sleep.
   */
  async createIdempotent(
    params: OrderCreateParams,
    options?: RequestOptions,
  ): Promise<OrderCreateIdempotentResult> {
    const p = validateInput(orderCreate.request, params, orderCreate.name);
    const retry = resolveRetryOptions(
      this.core.transport.config.retry,
      options?.retry === false ? { maxAttempts: 1 } : options?.retry,
    );
    const started = retry.now();
    let lastError: unknown;
    for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
      try {
        const created = await this.create(params, options);
        return { orderId: created.orderId, outcome: "created", attempts: attempt };
      } catch (error) {
        lastError = error;
        if (isDuplicateOrder(error)) {
          const found = await this.findByReference(p.orderReference, options);
          if (found === undefined) throw error;
          return { orderId: found, outcome: "found_existing_reference", attempts: attempt };
        }
        if (!isAmbiguous(error)) throw error;
        // The order may exist: look it up before anything else.
        let found: number | undefined;
        try {
          found = await this.findByReference(p.orderReference, options);
        } catch (lookupError) {
          // The lookup failed too; the next create attempt is still safe (ORD_DUPLICATE at worst).
          if (!isAmbiguous(lookupError)) throw lookupError;
        }
        if (found !== undefined) {
          return { orderId: found, outcome: "found_after_lost_response", attempts: attempt };
        }
      }
      const delay = backoffDelay(attempt, retry);
      if (attempt >= retry.maxAttempts || retry.now() - started + delay > retry.maxElapsedMs) break;
      await retry.sleep(delay);
    }
    throw lastError;
  }

  /** Order id for a reference, or undefined when the service answers 404. */
  async findByReference(
    orderReference: string,
    options?: RequestOptions,
  ): Promise<number | undefined> {
    try {
      const d = await this.details({ orderReference }, options);
      if (d.merchantOrderReference !== undefined && d.merchantOrderReference !== orderReference) {
        throw new PrintResponseShapeError(
          `lookup by reference returned an order with reference ${JSON.stringify(d.merchantOrderReference)}`,
          { operation: orderDetails.name, rawBody: JSON.stringify({ order_id: d.orderId }) },
        );
      }
      return d.orderId;
    } catch (e) {
      if (e instanceof PrintApiError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** `GET /order/details` by id and/or reference. */
  details(params: OrderDetailsParams, options?: RequestOptions): Promise<OrderDetails> {
    return this.core.request(orderDetails, params, options);
  }

  /** `POST /order/address`: shipping address / customer details of an unpaid order. */
  async address(params: OrderAddressParams, options?: RequestOptions): Promise<void> {
    await this.core.request(orderAddress, params, options);
  }

  /**
   * `POST /order/payment` with the SHA-256 secret. 409 ORD_PAID_STATE is not a failure: after
   * reading the order back (state PAID or later) it resolves `{ status: "already_paid" }`.
   */
  async pay(params: OrderPayParams, options?: RequestOptions): Promise<PaymentResult> {
    const p = validateInput(orderPayment.request, params, orderPayment.name);
    try {
      return await this.core.request(orderPayment, params, options);
    } catch (error) {
      if (!isAlreadyPaid(error)) throw error;
      if (p.confirmAlreadyPaid === false) return { status: "already_paid", orderState: undefined };
      const d = await this.details({ orderId: p.orderId }, options);
      if (!PAID_OR_LATER_STATES.has(d.orderState)) throw error;
      return { status: "already_paid", orderState: d.orderState };
    }
  }

  /** `POST /order/files`: files for items in PENDING_COMPLETION. Answers text OK (or JSON). */
  files(params: OrderFilesParams, options?: RequestOptions): Promise<FilesResult> {
    return this.core.request(orderFiles, params, options);
  }

  /** `POST /order/cancel` (optional operation; 409 ORD_CANCEL_STATE when too late). */
  cancel(
    params: OrderCancelParams,
    options?: RequestOptions,
  ): Promise<{ orderState: "CANCELLED" }> {
    return this.core.request(orderCancel, params, options);
  }

  /**
   * `GET /order/spine`: spine width and cover size of one item of an order, as the service
   * will print it. 404 SPINE_ORDER_NOT_FOUND when the order or the item is unknown.
   */
  spine(params: OrderSpineParams, options?: RequestOptions): Promise<SpineSize> {
    return this.core.request(orderSpineOperation, params, options);
  }
}
