import type { PrintOrderItem, Shop } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { AttentionError } from "~/services/fulfilment/failures";
import { NOT_SCHEDULED } from "~/services/fulfilment/machine";
import { failedStep } from "~/services/fulfilment/step-failure";
import type { StepContext } from "~/services/fulfilment/step-support/context";
import type { Loaded } from "~/services/fulfilment/step-support/result";
import { fulfil } from "~/services/fulfilment/steps/fulfil";
import { route } from "~/services/fulfilment/steps/route";
import { split } from "~/services/fulfilment/steps/prepare-split";
import {
  backoffDelay,
  DEFAULT_RETRY_OPTIONS,
  FacilityConflictError,
  PrintApiError,
} from "~/services/print";

const NOW = new Date("2026-03-01T12:00:00Z");

const item = (id: string, offeringId: number): PrintOrderItem => ({
  id,
  shop: "shop.example",
  printOrderRowId: "po1",
  itemReference: id,
  shopifyLineItemId: id,
  variantId: `gid://shopify/ProductVariant/${offeringId}`,
  offeringId,
  quantity: 1,
  title: `Item ${id}`,
  fileDetails: null,
  fileProperty: null,
  filesSentAt: null,
  serviceState: null,
  preflight: null,
  preflightOverride: null,
  revenueMinor: null,
  revenueCurrency: null,
});

const printOrder = (over: Partial<Loaded> = {}): Loaded =>
  ({
    id: "po1",
    shop: "shop.example",
    shopOrderId: "so1",
    shopifyOrderId: "1001",
    shopifyOrderName: "#1001",
    groupIndex: 0,
    orderReference: "PC-1001-1",
    status: "pending",
    resumeStatus: null,
    serviceState: null,
    currency: "EUR",
    attempts: 0,
    approvedAt: null,
    createdAt: new Date("2026-03-01T11:00:00Z"),
    items: [],
    ...over,
  }) as Loaded;

/** A context without a database or clients: a step that tried to write would throw. */
const context = (shop: Partial<Shop> = {}): StepContext =>
  ({ now: () => NOW, shop: { routingMode: "immediate", holdHours: 0, ...shop } }) as StepContext;

describe("splitting an order the service cannot produce at one facility", () => {
  const conflict = new FacilityConflictError({
    status: 400,
    details:
      "Possible combinations: [1, 2] && [3]. Unfortunately we cannot produce yet offering: 4",
  });
  const order = printOrder({ items: [item("a", 1), item("b", 2), item("c", 3), item("d", 4)] });

  it("returns the print orders to create instead of writing them", () => {
    const result = split(order, context(), conflict);
    expect(result.continue).toBe(true);
    expect(result.data).toEqual({ nextAttemptAt: NOW });
    expect(result.splits).toEqual([
      {
        data: expect.objectContaining({
          groupIndex: 1,
          orderReference: "PC-1001-2",
          status: "pending",
          resumeStatus: null,
          nextAttemptAt: NOW,
        }),
        itemIds: ["c"],
        event: expect.objectContaining({ type: "split", at: NOW }),
      },
      {
        data: expect.objectContaining({
          groupIndex: 2,
          orderReference: "PC-1001-3",
          status: "needs_attention",
          resumeStatus: "pending",
          nextAttemptAt: NOT_SCHEDULED,
          lastErrorCode: "NO_PF",
        }),
        itemIds: ["d"],
        event: expect.objectContaining({ type: "needs_attention", at: NOW }),
      },
    ]);
    expect(result.events[0]).toMatchObject({
      message: "The items cannot all be produced at one facility; split into 3 print orders.",
      data: { references: ["PC-1001-1", "PC-1001-2", "PC-1001-3"] },
    });
  });

  it("asks the merchant when the answer names nothing to split", () => {
    const one = new FacilityConflictError({
      status: 400,
      details: "Possible combinations: [1, 2]",
    });
    expect(() =>
      split(printOrder({ items: [item("a", 1), item("b", 2)] }), context(), one),
    ).toThrow(AttentionError);
  });
});

describe("routing a checked and quoted order", () => {
  const prices = { wholesaleTotalMinor: 1_250 };

  it("sends it to print at once by default", () => {
    const result = route(printOrder(), context(), prices);
    expect(result.data).toMatchObject({ status: "ready", nextAttemptAt: NOW, ...prices });
    expect(result.continue).toBe(true);
  });

  it("waits for the merchant in manual mode, unless approved already", () => {
    const waiting = route(printOrder(), context({ routingMode: "manual" }), prices);
    expect(waiting.data).toMatchObject({
      status: "awaiting_approval",
      nextAttemptAt: NOT_SCHEDULED,
    });
    const approved = route(
      printOrder({ approvedAt: NOW }),
      context({ routingMode: "manual" }),
      prices,
    );
    expect(approved.data.status).toBe("ready");
  });

  it("holds it for the shop's hours from when it was planned", () => {
    const result = route(printOrder(), context({ routingMode: "hold", holdHours: 2 }), prices);
    const until = new Date("2026-03-01T13:00:00Z");
    expect(result.data).toMatchObject({ status: "held", holdUntil: until, nextAttemptAt: until });
  });
});

describe("a failed step", () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const ctx = {
    logger,
    now: () => NOW,
    random: () => 0.5,
    baseBackoffMs: 1_000,
    maxBackoffMs: 60_000,
  };

  it("is tried again after the SDK's backoff, noting the first attempt in the timeline", () => {
    const result = failedStep(printOrder(), new PrintApiError({ status: 503 }), ctx);
    const delay = backoffDelay(1, {
      ...DEFAULT_RETRY_OPTIONS,
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      random: () => 0.5,
    });
    expect(delay).toBe(750);
    expect(result.data).toMatchObject({
      attempts: 1,
      nextAttemptAt: new Date(NOW.getTime() + delay),
      lastErrorCode: "HTTP_503",
    });
    expect(result.events.map((e) => e.type)).toEqual(["retry_scheduled"]);
    expect(result.continue).toBe(false);
    const second = failedStep(printOrder({ attempts: 1 }), new PrintApiError({ status: 503 }), ctx);
    expect(second.events).toEqual([]);
  });

  it("waits as long as the service asks, within the cap", () => {
    const result = failedStep(
      printOrder(),
      new PrintApiError({ status: 429, retryAfterMs: 2_000 }),
      { ...ctx, random: () => 0 },
    );
    expect(result.data.nextAttemptAt).toEqual(new Date(NOW.getTime() + 2_000));
  });

  it("sets the order aside when the merchant must act", () => {
    const result = failedStep(
      printOrder({ status: "ready" }),
      new AttentionError({ code: "FILE_MISSING", message: "No file.", action: "Add one." }),
      ctx,
    );
    expect(result.data).toMatchObject({
      status: "needs_attention",
      resumeStatus: "ready",
      nextAttemptAt: NOT_SCHEDULED,
      lastErrorCode: "FILE_MISSING",
    });
    expect(result.events).toEqual([
      expect.objectContaining({ type: "needs_attention", message: "No file. Add one." }),
    ]);
  });
});

describe("creating the Shopify fulfillment of a shipped print order", () => {
  const ORDER_GID = "gid://shopify/Order/1001";
  const openOrder = (fulfillments: { id: string; number: string }[]) => ({
    order: {
      id: ORDER_GID,
      fulfillmentOrders: {
        nodes: [
          {
            id: "gid://shopify/FulfillmentOrder/7",
            status: fulfillments.length ? "CLOSED" : "OPEN",
            assignedLocation: { location: { id: "gid://shopify/Location/1" } },
            merchantRequests: { nodes: [] },
            lineItems: {
              nodes: [
                {
                  id: "gid://shopify/FulfillmentOrderLineItem/71",
                  remainingQuantity: fulfillments.length ? 0 : 1,
                  totalQuantity: 1,
                  lineItem: { id: "gid://shopify/LineItem/a" },
                },
              ],
              pageInfo: { hasNextPage: false },
            },
          },
        ],
        pageInfo: { hasNextPage: false },
      },
      fulfillments: fulfillments.map((f) => ({
        id: f.id,
        trackingInfo: [{ number: f.number, url: null, company: null }],
      })),
    },
  });
  const refused = {
    fulfillmentCreate: {
      fulfillment: null,
      userErrors: [
        { field: null, message: "Fulfillment order 7 has an unfulfillable status= closed." },
      ],
    },
  };
  /** A Shopify that answers each call with the next of `answers`, and records the calls. */
  const scripted = (answers: unknown[]) => {
    const calls: string[] = [];
    const ctx = {
      ...context({ notifyCustomer: true }),
      shopify: {
        async graphql<T>(_shop: string, query: string): Promise<T> {
          calls.push(/(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "?");
          return answers.shift() as T;
        },
      },
    } as StepContext;
    return { ctx, calls };
  };
  const shipped = printOrder({
    status: "shipped",
    trackingCode: "TRACK-1",
    trackingUrl: null,
    items: [item("a", 1)],
  });

  it("counts as fulfilled when Shopify refuses because another attempt got through meanwhile", async () => {
    const { ctx, calls } = scripted([
      openOrder([]),
      refused,
      openOrder([{ id: "gid://shopify/Fulfillment/9", number: "TRACK-1" }]),
    ]);
    const result = await fulfil(shipped, ctx);
    expect(calls).toEqual([
      "PrintConnectOrderFulfilment",
      "PrintConnectFulfil",
      "PrintConnectOrderFulfilment",
    ]);
    expect(result.data).toMatchObject({
      status: "fulfilled",
      fulfillmentId: "gid://shopify/Fulfillment/9",
      nextAttemptAt: NOT_SCHEDULED,
    });
  });

  it("asks the merchant when Shopify refuses and has no fulfillment with this tracking", async () => {
    const { ctx } = scripted([
      openOrder([]),
      refused,
      openOrder([{ id: "gid://shopify/Fulfillment/9", number: "SOMEONE-ELSE" }]),
    ]);
    const failure = await fulfil(shipped, ctx).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AttentionError);
    expect((failure as AttentionError).reason.code).toBe("SHOPIFY_FULFILLMENT_REFUSED");
  });
});
