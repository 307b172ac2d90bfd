/**
 * JSON orders: create (plus createIdempotent), details, address, payment, files, cancel, spine.
 * Parameters and answers are checked in schemas.ts and mapped in wire.ts; results are in types.ts.
 */
import { validateInput, type ClientContext, type RequestOptions } from "../../core";
import {
  PrintApiError,
  PrintResponseShapeError,
  isAlreadyPaid,
  isAmbiguous,
  isDuplicateOrder,
} from "../../errors";
import { backoffDelay, resolveRetryOptions } from "../../retry";
import { paymentSecret } from "../../signatures";
import { orderSpine, type OrderSpineParams, type SpineSize } from "../spine";
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

export class Orders {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * `POST /order/` -> 201 {order_id}. Never repeated after the service may have acted; use
   * createIdempotent to recover from a lost answer.
   */
  async create(params: OrderCreateParams, options?: RequestOptions): Promise<OrderCreated> {
    const p = validateInput(orderCreateParamsSchema, params, "order.create");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.create",
        api: "json",
        method: "POST",
        path: "/order/",
        json: orderCreateWire(p, this.ctx.merchantApiKey),
      },
      options,
    );
    return t.validate(orderCreatedSchema, t.parseJson(res, "order.create"), res, "order.create");
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
    const p = validateInput(orderCreateParamsSchema, params, "order.create");
    const retry = resolveRetryOptions(
      this.ctx.transport.config.retry,
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
          { operation: "order.details", rawBody: JSON.stringify({ order_id: d.orderId }) },
        );
      }
      return d.orderId;
    } catch (e) {
      if (e instanceof PrintApiError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** `GET /order/details` by id and/or reference. */
  async details(params: OrderDetailsParams, options?: RequestOptions): Promise<OrderDetails> {
    const p = validateInput(orderDetailsParamsSchema, params, "order.details");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.details",
        api: "json",
        method: "GET",
        path: "/order/details",
        query: {
          merchantApiKey: this.ctx.merchantApiKey,
          orderId: p.orderId,
          orderReference: p.orderReference,
        },
      },
      options,
    );
    const d = t.validate(
      orderDetailsResponseSchema,
      t.parseJson(res, "order.details"),
      res,
      "order.details",
    );
    if (p.orderId !== undefined && d.orderId !== p.orderId) {
      throw t.shapeError(res, `asked for order ${p.orderId}, got ${d.orderId}`, "order.details");
    }
    return d;
  }

  /** `POST /order/address`: shipping address / customer details of an unpaid order. */
  async address(params: OrderAddressParams, options?: RequestOptions): Promise<void> {
    const p = validateInput(orderAddressParamsSchema, params, "order.address");
    await this.ctx.transport.send(
      {
        operation: "order.address",
        api: "json",
        method: "POST",
        path: "/order/address",
        json: {
          order_id: p.orderId,
          merchant_api_key: this.ctx.merchantApiKey,
          address_details: addressDetailsWire(p.address),
        },
      },
      options,
    );
  }

  /**
   * `POST /order/payment` with the SHA-256 secret. 409 ORD_PAID_STATE is not a failure: after
   * reading the order back (state PAID or later) it resolves `{ status: "already_paid" }`.
   */
  async pay(params: OrderPayParams, options?: RequestOptions): Promise<PaymentResult> {
    const p = validateInput(orderPayParamsSchema, params, "order.payment");
    const t = this.ctx.transport;
    try {
      const res = await t.send(
        {
          operation: "order.payment",
          api: "json",
          method: "POST",
          path: "/order/payment",
          json: {
            order_id: p.orderId,
            merchant_api_key: this.ctx.merchantApiKey,
            secret: paymentSecret(this.ctx.secretKey, p.orderId),
          },
        },
        options,
      );
      t.validate(paidSchema, t.parseJson(res, "order.payment"), res, "order.payment");
      return { status: "paid", orderState: "PAID" };
    } catch (error) {
      if (!isAlreadyPaid(error)) throw error;
      if (p.confirmAlreadyPaid === false) return { status: "already_paid", orderState: undefined };
      const d = await this.details({ orderId: p.orderId }, options);
      if (!PAID_OR_LATER_STATES.has(d.orderState)) throw error;
      return { status: "already_paid", orderState: d.orderState };
    }
  }

  /** `POST /order/files`: files for items in PENDING_COMPLETION. Answers text OK (or JSON). */
  async files(params: OrderFilesParams, options?: RequestOptions): Promise<FilesResult> {
    const p = validateInput(orderFilesParamsSchema, params, "order.files");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.files",
        api: "json",
        method: "POST",
        path: "/order/files",
        json: {
          order_id: p.orderId,
          merchant_api_key: this.ctx.merchantApiKey,
          item_reference: p.itemReference,
          file_details: {
            content_url: p.files.contentUrl,
            content_width: p.files.contentWidth,
            content_height: p.files.contentHeight,
            number_of_pages: p.files.numberOfPages,
            cover_url: p.files.coverUrl,
          },
        },
      },
      options,
    );
    const text = res.text.trim();
    if (/^"?ok"?$/i.test(text)) return { status: "ok" };
    const body = t.parseJson(res, "order.files");
    if (body === null || typeof body !== "object") {
      throw t.shapeError(res, "expected OK or a JSON object", "order.files");
    }
    return { status: "ok", response: body };
  }

  /** `POST /order/cancel` (optional operation; 409 ORD_CANCEL_STATE when too late). */
  async cancel(
    params: OrderCancelParams,
    options?: RequestOptions,
  ): Promise<{ orderState: "CANCELLED" }> {
    const p = validateInput(orderCancelParamsSchema, params, "order.cancel");
    const t = this.ctx.transport;
    const res = await t.send(
      {
        operation: "order.cancel",
        api: "json",
        method: "POST",
        path: "/order/cancel",
        json: { order_id: p.orderId, merchant_api_key: this.ctx.merchantApiKey },
      },
      options,
    );
    t.validate(cancelledSchema, t.parseJson(res, "order.cancel"), res, "order.cancel");
    return { orderState: "CANCELLED" };
  }
  /**
   * `GET /order/spine`: spine width and cover size of one item of an order, as the service
   * will print it. 404 SPINE_ORDER_NOT_FOUND when the order or the item is unknown.
   */
  spine(params: OrderSpineParams, options?: RequestOptions): Promise<SpineSize> {
    return orderSpine(this.ctx, params, options);
  }
}
