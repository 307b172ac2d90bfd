import { describe, expect, it } from "vitest";
import { orderLabelOfBody, orderPartiesOfBody } from "~/services/fulfilment/shopify-order";
import {
  NOT_TAKEN_IN_TEXT,
  notTakenInDetail,
  notTakenInReason,
} from "~/services/merchant-text/delivery";

/** How a kept order the planner could not take in is named and explained to the merchant. */
describe("an order kept but not taken in", () => {
  it("is named by its order name, else its id, else not at all", () => {
    expect(orderLabelOfBody('{"id":5550001,"name":"#5501","line_items":"x"}')).toBe("#5501");
    // An id beyond 2^53 is kept exactly.
    expect(orderLabelOfBody('{"id":820982911946154508123,"line_items":[]}')).toBe(
      "Order 820982911946154508123",
    );
    expect(orderLabelOfBody('{"admin_graphql_api_id":"gid://shopify/Order/77","name":" "}')).toBe(
      "Order 77",
    );
    expect(orderLabelOfBody("not json")).toBeNull();
    expect(orderLabelOfBody('{"name":"' + "x".repeat(100) + '"}')).toBeNull();
    expect(orderLabelOfBody(`{"name":"#1","pad":"${"x".repeat(2_000_001)}"}`)).toBeNull();
  });

  it("says why in a sentence, and keeps the first line of the reason for support", () => {
    const unreadable = "not an order: line_items: Expected array, received string";
    expect(notTakenInReason(unreadable)).toBe(
      "Shopify sent this order in a form Print Connect could not read.",
    );
    expect(notTakenInDetail(unreadable)).toBe("line_items: Expected array, received string");
    expect(notTakenInReason("Timed out fetching a new connection\nat stack")).toBe(
      "Print Connect could not prepare this order for print.",
    );
    expect(notTakenInDetail("Timed out fetching a new connection\nat stack")).toBe(
      "Timed out fetching a new connection",
    );
    expect(notTakenInDetail(null)).toBeNull();
    expect(NOT_TAKEN_IN_TEXT.bannerTitle(1)).toBe("1 order from Shopify has not reached print yet");
    expect(NOT_TAKEN_IN_TEXT.bannerTitle(3)).toBe(
      "3 orders from Shopify have not reached print yet",
    );
  });

  it("names its order and customer for the compliance webhooks, however broken the rest", () => {
    expect(
      orderPartiesOfBody(
        '{"id":9006,"email":"cora@example.com","contact_email":"cora@example.com","customer":{"admin_graphql_api_id":"gid://shopify/Customer/7003","email":"c.other@example.com"},"line_items":"x"}',
      ),
    ).toEqual({
      orderId: "9006",
      customerId: "7003",
      emails: ["cora@example.com", "c.other@example.com"],
    });
    // A customer that does not parse is left out; the email still counts.
    expect(orderPartiesOfBody('{"id":1,"email":"a@example.com","customer":"??"}')).toEqual({
      orderId: "1",
      customerId: null,
      emails: ["a@example.com"],
    });
    expect(orderPartiesOfBody("[]")).toBeNull();
    expect(orderPartiesOfBody("{")).toBeNull();
  });
});
