/**
 * Sends the Shopify Flow triggers that print-order events made due (fulfilment/events.ts
 * writes an event due in the same transaction as the change it records). A round claims a
 * batch by moving each one's due time past the claim (compare-and-set, so two senders never
 * take the same event), calls `flowTriggerReceive`, and marks it sent. Shopify unavailable or
 * throttled, or its access to the store lost (the merchant's next visit gives it back): tried
 * again with backoff, at most MAX_ATTEMPTS times. Refused (the shop took the
 * app away, the payload does not fit): given up at once with the reason. A sender that dies
 * after Shopify answered and before the mark sends that trigger once more after the claim runs
 * out: Flow has no idempotency key, and a trigger lost is worse than one doubled.
 */
import type { ShopifyAdmin } from "../fulfilment/shopify-port";
import { ShopifyAdminError } from "../shopify-admin";
import type { DueTrigger, FlowTriggerStore } from "./ports";
import { FLOW_TRIGGER_FIELDS, triggerPayload, type FlowTriggerHandle } from "./triggers";

export const FLOW_TRIGGER_RECEIVE = `#graphql
  mutation PrintConnectFlowTrigger($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors { field message }
    }
  }`;

interface FlowTriggerReceiveData {
  flowTriggerReceive: { userErrors: { field: string[] | null; message: string }[] };
}

/** Events claimed per round; the next round takes the rest. */
export const FLOW_BATCH = 50;
/** How long a claim holds an event: longer than one call to Shopify may take. */
export const FLOW_CLAIM_MS = 60_000;
export const FLOW_MAX_ATTEMPTS = 8;
const FLOW_BACKOFF_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export interface FlowSenderDeps {
  triggers: FlowTriggerStore;
  shopify: ShopifyAdmin;
  now?: () => Date;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** The print order's page in the shop's admin. */
  pageUrl: (shop: string, printOrderId: string) => string;
}

export interface FlowRound {
  sent: number;
  retried: number;
  givenUp: number;
  skipped: number;
}

/** One round: every due trigger of the batch sent, retried later or given up. */
export async function sendDueFlowTriggers(deps: FlowSenderDeps): Promise<FlowRound> {
  const now = deps.now ?? (() => new Date());
  const round: FlowRound = { sent: 0, retried: 0, givenUp: 0, skipped: 0 };
  const due = await deps.triggers.due(now(), FLOW_BATCH);
  for (const event of due) {
    if (!(await deps.triggers.claim(event, new Date(now().getTime() + FLOW_CLAIM_MS)))) continue;
    const outcome = await sendOne(deps, now, event);
    round[outcome]++;
  }
  return round;
}

type Outcome = keyof FlowRound;

async function sendOne(deps: FlowSenderDeps, now: () => Date, event: DueTrigger): Promise<Outcome> {
  const finish = (result: { flowSentAt?: Date; flowError?: string }) =>
    deps.triggers.finish(event, result);
  const handle = event.flowTrigger as FlowTriggerHandle | null;
  const printOrder = event.printOrderId
    ? await deps.triggers.printOrder(event.shop, event.printOrderId)
    : null;
  // A proof has no Shopify order for Flow's order reference.
  if (
    !handle ||
    !(handle in FLOW_TRIGGER_FIELDS) ||
    !printOrder ||
    printOrder.kind === "proof" ||
    !/^\d+$/.test(printOrder.shopifyOrderId)
  ) {
    await finish({ flowError: "Not sent: no Shopify order to refer to." });
    return "skipped";
  }
  // Flow takes the order as a JSON number: one past 2^53 would name another order.
  if (!Number.isSafeInteger(Number(printOrder.shopifyOrderId))) {
    deps.logger.warn(
      { shop: event.shop, printOrder: event.printOrderId },
      "Flow trigger not sent: order id beyond exact JSON numbers",
    );
    await finish({
      flowError: "Not sent: the order's id is too large for Flow's order reference.",
    });
    return "givenUp";
  }
  const payload = triggerPayload({
    handle,
    shopifyOrderId: printOrder.shopifyOrderId,
    orderReference: printOrder.orderReference,
    eventMessage: event.message,
    eventData: event.data,
    trackingCode: printOrder.trackingCode,
    trackingUrl: printOrder.trackingUrl,
    pageUrl: deps.pageUrl(event.shop, event.printOrderId!),
  });
  const log = { shop: event.shop, printOrder: event.printOrderId, trigger: handle };
  try {
    const result = await deps.shopify.graphql<FlowTriggerReceiveData>(
      event.shop,
      FLOW_TRIGGER_RECEIVE,
      { handle, payload },
    );
    const errors = result.flowTriggerReceive.userErrors;
    if (errors.length) {
      const reason = errors.map((e) => e.message).join("; ");
      deps.logger.warn({ ...log, reason }, "Flow trigger refused");
      await finish({ flowError: `Refused by Shopify: ${reason}`.slice(0, 500) });
      return "givenUp";
    }
    await finish({ flowSentAt: now() });
    return "sent";
  } catch (error) {
    const attempts = event.flowAttempts + 1;
    // Without access to the store, the merchant's next visit gives it back: tried again meanwhile.
    const retryable =
      error instanceof ShopifyAdminError && (error.transient || error.kind === "not_connected")
        ? error
        : null;
    const reason = error instanceof Error ? error.message : String(error);
    if (!retryable || attempts >= FLOW_MAX_ATTEMPTS) {
      deps.logger.warn({ ...log, attempts, reason }, "Flow trigger given up");
      await finish({ flowError: reason.slice(0, 500) });
      return "givenUp";
    }
    const wait =
      retryable.retryAfterMs ??
      FLOW_BACKOFF_MS[Math.min(attempts - 1, FLOW_BACKOFF_MS.length - 1)]!;
    await deps.triggers.retryAt(event, {
      attempts,
      dueAt: new Date(now().getTime() + wait),
      error: reason.slice(0, 500),
    });
    return "retried";
  }
}
