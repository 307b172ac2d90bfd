import { describe, expect, it } from "vitest";
import { collapseTimeline, type TimelineEvent } from "~/services/fulfilment/events";
import {
  bulkSummary,
  countOf,
  eventActorLabel,
  orderStatusLabel,
  orderStatusPhrase,
} from "~/services/merchant-text/orders";

describe("words about print orders", () => {
  it("counts with the noun in the right number", () => {
    expect(countOf(0, "print order")).toBe("0 print orders");
    expect(countOf(1, "print order")).toBe("1 print order");
    expect(countOf(2, "copy", "copies")).toBe("2 copies");
    expect(countOf(1200, "order")).toBe("1,200 orders");
  });

  it("names who did something as the merchant knows them, never an internal name", () => {
    expect(eventActorLabel("merchant")).toBe("You");
    expect(eventActorLabel("poller")).toBe("Print service");
    expect(eventActorLabel("callback")).toBe("Print service");
    expect(eventActorLabel("webhook:orders/paid")).toBe("Shopify");
    expect(eventActorLabel("worker")).toBe("Print Connect");
    expect(eventActorLabel("system")).toBe("Print Connect");
  });

  it("says each status in words, an unknown one too", () => {
    expect(orderStatusLabel("needs_attention")).toBe("Needs attention");
    expect(orderStatusLabel("awaiting_customs")).toBe("Awaiting customs");
    expect(orderStatusPhrase("paid")).toBe("paid at the print service");
  });

  it("sums up an action on several orders, naming each one that could not be done", () => {
    expect(
      bulkSummary("approve", [
        { name: "#1001", ok: true, message: "Approved: sending to print." },
        { name: "#1002", ok: true, message: "Approved: sending to print." },
        { name: "#1003", ok: true, message: "Approved: sending to print." },
        { name: "#1004", ok: false, message: "Not possible while the order is shipped" },
      ]),
    ).toBe(
      "3 orders approved; 1 order could not be: #1004 (not possible while the order is shipped).",
    );
    expect(bulkSummary("cancel", [{ name: "#1", ok: true, message: "Cancelled." }])).toBe(
      "1 order cancelled.",
    );
    expect(
      bulkSummary("cancel", [
        { name: "#1", ok: false, message: "Print order not found" },
        { name: "#2", ok: false, message: "The order changed meanwhile; reload and try again" },
      ]),
    ).toBe(
      "No order cancelled; 2 orders could not be: #1 (print order not found), #2 (the order changed meanwhile; reload and try again).",
    );
  });
});

describe("the timeline", () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, s));
  const event = (id: number, s: number, actor: string, type: string, message: string) =>
    ({ id, at: at(s), actor, type, message, data: null }) satisfies TimelineEvent;

  it("keeps one entry per change: no callback notes, no second entry for a shipment, no repeats", () => {
    // Newest first, as the page reads them.
    const events = [
      event(7, 50, "poller", "shipped", "Shipped with tracking TR1."),
      event(6, 50, "poller", "service_state", "Print service: Shipped."),
      event(5, 49, "callback", "status_callback", "Status update from the print service: A to B."),
      event(4, 30, "poller", "service_state", "Print service: Being printed."),
      event(3, 29, "poller", "service_state", "Print service: Being printed."),
      event(2, 20, "merchant", "retried", "Retry requested."),
      event(1, 10, "merchant", "retried", "Retry requested."),
    ];
    expect(collapseTimeline(events).map((e) => e.id)).toEqual([7, 4, 2, 1]);
  });

  it("keeps a state the print service reported on its own", () => {
    const events = [
      event(2, 20, "poller", "service_state", "Print service: Being printed."),
      event(1, 10, "poller", "service_state", "Print service: Shipped."),
    ];
    expect(collapseTimeline(events)).toEqual(events);
  });
});
