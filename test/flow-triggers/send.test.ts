/**
 * Shopify Flow triggers through the real path: a paid order through the signed webhook, the
 * worker and the print sandbox; the event written due with the change; the sender's round
 * calling flowTriggerReceive on the Shopify stand-in, which checks the payload against the
 * app's own extension declarations (extensions/print-order-*).
 */
import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { flowTriggerStore } from "~/data/flow-triggers.server";
import { cancelHeldPrintOrder } from "~/services/fulfilment/commands";
import { printOrderCommandStore } from "~/data/print-order-commands.server";
import { sendDueFlowTriggers, type FlowSenderDeps } from "~/services/flow-triggers/send";
import { shopifyAdmin } from "~/lib/admin-client.server";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => h.shopify.control.clearFaults());

const silent = { info() {}, warn() {} };
const PAGE = (shop: string, id: string) => `https://${shop}/admin/apps/test-key/app/orders/${id}`;
const sender = (overrides: Partial<FlowSenderDeps> = {}): FlowSenderDeps => ({
  triggers: flowTriggerStore,
  shopify: shopifyAdmin,
  logger: silent,
  pageUrl: PAGE,
  ...overrides,
});

const runsFor = (handle: string) => h.shopify.control.flowTriggerRuns({ shop: SHOP, handle });
const dueTriggers = () => prisma.orderEvent.count({ where: { flowDueAt: { not: null } } });

async function stoppedOrder() {
  const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }], {
    shippingAddress: { zip: "10115" },
  });
  await settle(h.worker());
  const [printOrder] = await printOrdersOf(order.legacyId);
  expect(printOrder!.status).toBe("needs_attention");
  return { order, printOrder: printOrder! };
}

describe("Shopify Flow triggers", () => {
  it("a print order that needs attention starts its trigger once, with the order, the reason and the page", async () => {
    const before = runsFor("print-order-needs-attention").length;
    const { order, printOrder } = await stoppedOrder();
    const event = await prisma.orderEvent.findFirstOrThrow({
      where: { printOrderId: printOrder.id, type: "needs_attention" },
    });
    expect(event.flowTrigger).toBe("print-order-needs-attention");
    expect(event.flowDueAt).not.toBeNull();

    const round = await sendDueFlowTriggers(sender());
    expect(round.sent).toBeGreaterThanOrEqual(1);
    const runs = runsFor("print-order-needs-attention").slice(before);
    expect(runs.map((r) => r.payload)).toEqual([
      {
        order_id: Number(order.legacyId),
        "Print order": printOrder.orderReference,
        Reason: `The postal code "10115" does not have the format of postal codes in Netherlands. Correct the shipping address in the Shopify order, then retry.`,
        "Problem code": "ADDRESS_INVALID",
        "Print order page": PAGE(SHOP, printOrder.id),
      },
    ]);
    const sent = await prisma.orderEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(sent.flowSentAt).not.toBeNull();
    expect(sent.flowDueAt).toBeNull();
    // Once: the next round has nothing to send.
    expect(await sendDueFlowTriggers(sender())).toEqual({
      sent: 0,
      retried: 0,
      givenUp: 0,
      skipped: 0,
    });
    expect(runsFor("print-order-needs-attention").slice(before)).toHaveLength(1);
  });

  it("a shipped print order starts its trigger with the tracking, a cancelled one with who cancelled it", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    await settle(h.worker());
    const [paid] = await printOrdersOf(order.legacyId);
    expect(paid!.status).toBe("paid");
    h.sandbox.control.advance({ orderId: paid!.printOrderId!, to: "SHIPPED" });
    await h.sandbox.control.waitForCallbacks();
    await settle(h.worker());
    const [shipped] = await printOrdersOf(order.legacyId);
    expect(shipped!.trackingCode).toBeTruthy();

    const { printOrder: stopped } = await stoppedOrder();
    await cancelHeldPrintOrder(printOrderCommandStore, { shop: SHOP, id: stopped.id });

    const shippedBefore = runsFor("print-order-shipped").length;
    const cancelledBefore = runsFor("print-order-cancelled").length;
    await sendDueFlowTriggers(sender());
    expect(
      runsFor("print-order-shipped")
        .slice(shippedBefore)
        .map((r) => r.payload),
    ).toEqual([
      {
        order_id: Number(order.legacyId),
        "Print order": shipped!.orderReference,
        "Tracking number": shipped!.trackingCode,
        "Tracking URL": shipped!.trackingUrl ?? "",
        "Print order page": PAGE(SHOP, shipped!.id),
      },
    ]);
    expect(
      runsFor("print-order-cancelled")
        .slice(cancelledBefore)
        .map((r) => r.payload),
    ).toEqual([
      {
        order_id: Number(stopped.shopifyOrderId),
        "Print order": stopped.orderReference,
        Reason: "Cancelled by the merchant.",
        "Print order page": PAGE(SHOP, stopped.id),
      },
    ]);
    expect(await dueTriggers()).toBe(0);
  });

  it("two senders at once send each trigger once", async () => {
    await stoppedOrder();
    await stoppedOrder();
    const before = runsFor("print-order-needs-attention").length;
    const rounds = await Promise.all([
      sendDueFlowTriggers(sender()),
      sendDueFlowTriggers(sender()),
    ]);
    expect(rounds[0].sent + rounds[1].sent).toBe(2);
    expect(runsFor("print-order-needs-attention").slice(before)).toHaveLength(2);
  });

  it("Shopify unavailable: tried again later; refused: given up with Shopify's reason", async () => {
    const { printOrder } = await stoppedOrder();
    h.shopify.control.injectFault({ target: "graphql", status: 503, times: 10 });
    const failed = await sendDueFlowTriggers(sender());
    expect(failed).toMatchObject({ sent: 0, retried: 1 });
    const waiting = await prisma.orderEvent.findFirstOrThrow({
      where: { printOrderId: printOrder.id, type: "needs_attention" },
    });
    expect(waiting.flowAttempts).toBe(1);
    expect(waiting.flowDueAt!.getTime()).toBeGreaterThan(Date.now());
    h.shopify.control.clearFaults();
    // Later (the sender's clock past the backoff): sent.
    const later = () => new Date(Date.now() + 60 * 60_000);
    expect(await sendDueFlowTriggers(sender({ now: later }))).toMatchObject({ sent: 1 });

    // A payload Flow refuses (a page address that is not a URL) is not tried again.
    await stoppedOrder();
    const refused = await sendDueFlowTriggers(sender({ pageUrl: () => "not a page" }));
    expect(refused).toMatchObject({ sent: 0, givenUp: 1 });
    const given = await prisma.orderEvent.findFirstOrThrow({
      where: { flowError: { startsWith: "Refused by Shopify" } },
    });
    expect(given.flowError).toBe("Refused by Shopify: Field 'Print order page' is not a valid url");
    expect(given.flowDueAt).toBeNull();
  });
});
