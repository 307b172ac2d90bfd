import { describe, expect, it } from "vitest";
import {
  judgePastOrder,
  type HeldPrintOrder,
  type PastOrder,
} from "~/pages/import-orders/classify";
import { parsePeriod } from "~/pages/import-orders/period";
import type { MappingForPlan } from "~/services/fulfilment/print-plan";
import { shopifyOrderSchema } from "~/services/fulfilment/shopify-order";

/** How Import judges one past order, and the period it may ask Shopify for. */

const BOOK = "gid://shopify/ProductVariant/20001";
const mappings = new Map<string, MappingForPlan>([
  [
    BOOK,
    {
      variantId: BOOK,
      offeringId: 228478,
      contentUrl: "https://files.example.com/book.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
      coverUrl: null,
      spineCustomUrl: null,
      spineText: null,
      fileProperty: null,
    },
  ],
]);

function past(overrides: Partial<PastOrder> = {}, order: Record<string, unknown> = {}): PastOrder {
  return {
    id: "1001",
    name: "#1001",
    createdAt: "2026-11-01T10:00:00Z",
    paidAt: "2026-11-01T10:00:00Z",
    financialStatus: "PAID",
    fulfillmentStatus: "UNFULFILLED",
    order: shopifyOrderSchema.parse({
      id: "1001",
      name: "#1001",
      email: "anna@example.com",
      currency: "EUR",
      shipping_address: {
        first_name: "Anna",
        last_name: "Jansen",
        address1: "Keizersgracht 1",
        city: "Amsterdam",
        zip: "1015 CJ",
        country_code: "NL",
      },
      line_items: [
        { id: "1", variant_id: "20001", title: "Photo book", quantity: 2, price: "30.00" },
        { id: "2", variant_id: "29999", title: "Gift card", quantity: 1, price: "10.00" },
      ],
      ...order,
    }),
    ...overrides,
  };
}

describe("judging a past order", () => {
  it("prints a paid, unfulfilled order's mapped lines and names the others", () => {
    const verdict = judgePastOrder(past(), undefined, mappings);
    expect(verdict.kind).toBe("print");
    if (verdict.kind !== "print") return;
    expect(verdict.order.items.map((i) => [i.title, i.quantity])).toEqual([["Photo book", 2]]);
    expect(verdict.order.skippedLines).toEqual([
      { lineItemId: "2", title: "Gift card", reason: "not a print product" },
    ]);
    expect(verdict.order.warnings).toEqual([]);
  });

  it.each([
    ["already_recorded", past(), { kind: "recorded" }],
    ["cancelled", past({}, { cancelled_at: "2026-11-02T10:00:00Z" }), undefined],
    ["fulfilled", past({ fulfillmentStatus: "FULFILLED" }), undefined],
    ["partly_fulfilled", past({ fulfillmentStatus: "PARTIALLY_FULFILLED" }), undefined],
    ["not_paid", past({ financialStatus: "PARTIALLY_REFUNDED" }), undefined],
    ["unreadable", past({ order: { problem: "line_items: Required" } }), undefined],
    [
      "no_print_products",
      past({}, { line_items: [{ id: "2", variant_id: "29999", title: "Gift card", quantity: 1 }] }),
      undefined,
    ],
  ] as const)("leaves out an order: %s", (reason, order, known) => {
    const verdict = judgePastOrder(order, known, mappings);
    expect(verdict.kind).toBe("left_out");
    expect(verdict.kind === "left_out" && verdict.order.reason).toBe(reason);
  });

  const held = (status: string, extra: Partial<HeldPrintOrder> = {}): HeldPrintOrder => ({
    id: `po-${status}`,
    status,
    lastErrorMessage: null,
    holdUntil: null,
    ...extra,
  });

  it.each([
    ["shipped", [held("fulfilled")], "fulfilled", null],
    [
      "needing the merchant, before the part that shipped",
      [held("fulfilled"), held("needs_attention", { lastErrorMessage: "No house number." })],
      "needs_attention",
      "No house number.",
    ],
    ["held", [held("paid"), held("held")], "held", null],
    ["the part furthest behind of a split order", [held("shipped"), held("paid")], "paid", null],
    ["being planned", [], "pending", null],
    ["cancelled, counting only what is left", [held("cancelled"), held("paid")], "paid", null],
  ] as const)(
    "says where an order Print Connect handles stands: %s",
    (_, printOrders, status, detail) => {
      const verdict = judgePastOrder(
        past(),
        { kind: "handled", printOrders: [...printOrders] },
        mappings,
      );
      expect(verdict.kind).toBe("handled");
      if (verdict.kind !== "handled") return;
      expect(verdict.order).toMatchObject({ status, detail });
      expect(verdict.order.printOrderId).toBe(printOrders.length ? `po-${status}` : null);
    },
  );

  it("warns of what will stop an imported order: no shipping address", () => {
    const verdict = judgePastOrder(past({}, { shipping_address: null }), undefined, mappings);
    expect(verdict.kind === "print" && verdict.order.warnings).toEqual([
      "The order has no shipping address.",
    ]);
  });
});

describe("the period", () => {
  const now = new Date("2026-11-27T16:00:00Z");

  it("is the last 30 days when none is asked, up to the end of today", () => {
    const r = parsePeriod({}, now);
    expect(r.ok && [r.period.from, r.period.to, r.period.end.toISOString()]).toEqual([
      "2026-10-28",
      "2026-11-27",
      "2026-11-28T00:00:00.000Z",
    ]);
  });

  it("starts no earlier than Shopify's 60 days", () => {
    const r = parsePeriod({ from: "2026-01-01", to: "2026-11-01" }, now);
    expect(r.ok && r.period.start.toISOString()).toBe("2026-09-28T16:00:00.000Z");
    expect(r.ok && r.period.from).toBe("2026-09-28");
  });

  it("refuses a future end, a reversed period and a day that does not exist", () => {
    expect(parsePeriod({ from: "2026-11-01", to: "2026-12-01" }, now)).toMatchObject({ ok: false });
    expect(parsePeriod({ from: "2026-11-20", to: "2026-11-01" }, now)).toMatchObject({ ok: false });
    expect(parsePeriod({ from: "2026-02-30", to: "2026-11-01" }, now)).toMatchObject({ ok: false });
  });
});
