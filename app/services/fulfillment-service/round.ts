/**
 * The worker's look at one shop's fulfillment service (docs/decisions/0023): stock the mapped
 * variants at the service's location and take back the unmapped ones, then answer the
 * fulfillment and cancellation requests Shopify holds for the location. A shop is looked at
 * when it is due: Shopify's ping makes it due at once, a look with a request whose answer is
 * a moment away makes it due again in seconds, any other look in a minute (pings carry nothing
 * and may pause, so the minute is the guarantee). Every step is bounded; what is left is the
 * next look's.
 */
import { retryWhileBusy } from "../fulfilment/commands/lock";
import type { ShopifyAdmin } from "../fulfilment/shopify-port";
import { ShopifyAdminError, userErrorsFailure } from "../shopify-admin";
import { lineItemGid } from "../shopify-admin/ids";
import { alreadyPrinting, answerFulfillmentRequest, planCancellation } from "./answers";
import {
  ACCEPT_CANCELLATION_REQUEST_MUTATION,
  ACCEPT_FULFILLMENT_REQUEST_MUTATION,
  ASSIGNED_FULFILLMENT_ORDERS_QUERY,
  answerOf,
  FULFILLMENT_ORDER_LINES_QUERY,
  type FulfillmentOrderLinesData,
  REJECT_CANCELLATION_REQUEST_MUTATION,
  REJECT_FULFILLMENT_REQUEST_MUTATION,
  type AnswerData,
  type AssignedFulfillmentOrder,
  type AssignedFulfillmentOrdersData,
  type AssignmentStatus,
} from "./documents";
import { syncServiceHolds } from "./holds";
import type { RecordedOrder, ServiceStore } from "./ports";
import { stockMappedVariants } from "./stocking";

export interface ServiceRoundDeps {
  store: ServiceStore;
  shopify: ShopifyAdmin;
  /** Cancels a paid print order at the print service; "too_late" once it is in the print queue. */
  cancelAtService(shop: string, printOrderId: number): Promise<"cancelled" | "too_late">;
  now?: () => Date;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** A look with a request whose answer is a moment away comes back this soon. */
export const WAITING_LOOK_MS = 5_000;
/** Every moved shop is looked at at least this often, pinged or not. */
export const REGULAR_LOOK_MS = 60_000;
/** How long a look holds its shop: two workers never look at one shop at once. */
const LOOK_CLAIM_MS = 2 * 60_000;
/**
 * Without access to the store only the merchant's next sign-in helps, and a sign-in that sends
 * stopped orders on makes the look due at once (lib/fulfilment-commands.server.ts).
 */
export const NOT_CONNECTED_LOOK_MS = 10 * 60_000;
/** Shops looked at per round. */
export const SHOPS_PER_ROUND = 20;

export interface ServiceLook {
  stocked: number;
  unstocked: number;
  held: number;
  released: number;
  accepted: number;
  rejected: number;
  /** Requests whose answer is a moment away: the next look comes soon. */
  waiting: number;
  /** Requests waiting for hours (a hold period, an approval, a customer's file). */
  parked: number;
  cancellationsAccepted: number;
  cancellationsRejected: number;
}

const emptyLook = (): ServiceLook => ({
  stocked: 0,
  unstocked: 0,
  held: 0,
  released: 0,
  accepted: 0,
  rejected: 0,
  waiting: 0,
  parked: 0,
  cancellationsAccepted: 0,
  cancellationsRejected: 0,
});

/** Whether a look changed anything (only such a look is logged): one that only waited did not. */
export function didSomething(look: ServiceLook): boolean {
  return Object.entries(look).some(([key, n]) => key !== "waiting" && key !== "parked" && n > 0);
}

/** One round: every due shop looked at (at most SHOPS_PER_ROUND); answers how many. */
export async function runDueServiceLooks(deps: ServiceRoundDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.store.dueShops(now, SHOPS_PER_ROUND);
  let looked = 0;
  for (const { shop, serviceRoundDueAt } of due) {
    // Compare-and-set: the shop is this round's only if nobody moved its due time meanwhile.
    const claimed = await deps.store.claimShop(
      shop,
      serviceRoundDueAt,
      new Date(now.getTime() + LOOK_CLAIM_MS),
    );
    if (!claimed) continue;
    let next: number;
    try {
      const look = await lookAtShop(deps, shop);
      next = look.waiting > 0 || look.stocked > 0 ? WAITING_LOOK_MS : REGULAR_LOOK_MS;
      if (didSomething(look)) deps.logger.info({ shop, ...look }, "service look");
    } catch (error) {
      if (error instanceof ShopifyAdminError && error.kind === "not_connected") {
        // Said in one line: the stack of a known state is noise, every round.
        deps.logger.warn(
          { shop, reason: error.message },
          "fulfillment service look waits for the app's access to the store",
        );
        next = NOT_CONNECTED_LOOK_MS;
      } else {
        deps.logger.warn({ err: error, shop }, "fulfillment service look failed");
        next = 30_000;
      }
    }
    // A ping that came during the look made the shop due now: that stays.
    const after = deps.now?.() ?? new Date();
    await deps.store.scheduleLook(shop, after, new Date(after.getTime() + next));
    looked++;
  }
  return looked;
}

/** One look at one shop. */
export async function lookAtShop(deps: ServiceRoundDeps, shop: string): Promise<ServiceLook> {
  const look = emptyLook();
  const row = await deps.store.serviceSetup(shop);
  if (!row?.fulfillmentLocationId || !row.serviceMoveAt) return look;
  const locationId = row.fulfillmentLocationId;
  const stocking = await stockMappedVariants(deps, shop, locationId);
  look.stocked = stocking.stocked;
  look.unstocked = stocking.unstocked;
  if (!row.serviceModelSince && stocking.allStocked) {
    await deps.store.markServiceModel(shop, deps.now?.() ?? new Date());
  }
  // Before the requests: a hold released now lets a request waiting for payment be accepted.
  const holds = await syncServiceHolds(deps, shop, locationId);
  look.held = holds.held;
  look.released = holds.released;
  for (const fo of await assigned(deps, shop, locationId, "FULFILLMENT_REQUESTED")) {
    const outcome = await answerRequest(deps, shop, fo);
    look[outcome]++;
  }
  for (const fo of await assigned(deps, shop, locationId, "CANCELLATION_REQUESTED")) {
    const outcome = await answerCancellation(deps, shop, fo);
    look[outcome]++;
  }
  return look;
}

async function assigned(
  deps: ServiceRoundDeps,
  shop: string,
  locationId: string,
  status: AssignmentStatus,
): Promise<AssignedFulfillmentOrder[]> {
  const data = await deps.shopify.graphql<AssignedFulfillmentOrdersData>(
    shop,
    ASSIGNED_FULFILLMENT_ORDERS_QUERY,
    { status, locationIds: [locationId] },
  );
  return data.assignedFulfillmentOrders.nodes;
}

/** The Shopify order as the app recorded it, with its print orders (proofs have none). */
const recordedOrder = (deps: ServiceRoundDeps, shop: string, fo: AssignedFulfillmentOrder) =>
  deps.store.recordedOrder(shop, fo.order.legacyResourceId);

/**
 * Answers Shopify on the fulfillment order, then writes the answer as a timeline entry on each
 * print order of the Shopify order (or on the order itself if it has none; nothing when the app
 * never recorded the order).
 */
async function answerShopify(
  deps: ServiceRoundDeps,
  shop: string,
  order: RecordedOrder | null,
  mutation: string,
  variables: Record<string, unknown>,
  event: { type: string; message: string },
): Promise<void> {
  const data = await deps.shopify.graphql<AnswerData>(shop, mutation, variables);
  const { userErrors } = answerOf(data);
  if (userErrors.length) throw userErrorsFailure(userErrors);
  if (!order) return;
  const targets = order.printOrders.length ? order.printOrders.map((p) => p.id) : [null];
  const at = deps.now?.() ?? new Date();
  await deps.store.addEvents(shop, order.id, targets, { actor: "shopify", ...event, at });
}

async function answerRequest(
  deps: ServiceRoundDeps,
  shop: string,
  fo: AssignedFulfillmentOrder,
): Promise<"accepted" | "rejected" | "waiting" | "parked"> {
  const order = await recordedOrder(deps, shop, fo);
  const answer = answerFulfillmentRequest(order !== null, order?.printOrders ?? []);
  if (answer.kind === "wait") return answer.soon ? "waiting" : "parked";
  if (answer.kind === "accept") {
    await answerShopify(
      deps,
      shop,
      order,
      ACCEPT_FULFILLMENT_REQUEST_MUTATION,
      { id: fo.id, message: answer.message },
      {
        type: "request_accepted",
        message: `Shopify's fulfillment request accepted: ${answer.message}`,
      },
    );
    if (order) await resumeUnrequested(deps, shop, order.printOrders);
    return "accepted";
  }
  const lineItems = answer.lines
    ? await declinedLines(deps, shop, fo.id, answer.lines, answer.message)
    : undefined;
  await answerShopify(
    deps,
    shop,
    order,
    REJECT_FULFILLMENT_REQUEST_MUTATION,
    { id: fo.id, reason: answer.reason, message: answer.message, lineItems },
    {
      type: "request_declined",
      message: `Shopify's fulfillment request declined (${answer.reason}): ${answer.message} Fix it here, then choose "Request fulfillment" in Shopify again.`,
    },
  );
  return "rejected";
}

/**
 * A partial decline names the fulfillment order's lines that cannot be printed (those of the
 * stopped print orders), each with why; Shopify shows them with the declined request.
 */
async function declinedLines(
  deps: ServiceRoundDeps,
  shop: string,
  fulfillmentOrderId: string,
  stopped: readonly { items: { shopifyLineItemId: string }[]; lastErrorMessage: string | null }[],
  fallback: string,
): Promise<{ fulfillmentOrderLineItemId: string; message: string }[] | undefined> {
  const data = await deps.shopify.graphql<FulfillmentOrderLinesData>(
    shop,
    FULFILLMENT_ORDER_LINES_QUERY,
    { id: fulfillmentOrderId },
  );
  const why = new Map<string, string>();
  for (const p of stopped)
    for (const item of p.items)
      why.set(lineItemGid(item.shopifyLineItemId), p.lastErrorMessage ?? fallback);
  const lines = (data.fulfillmentOrder?.lineItems.nodes ?? [])
    .filter((l) => why.has(l.lineItem.id))
    .map((l) => ({ fulfillmentOrderLineItemId: l.id, message: why.get(l.lineItem.id)! }));
  // None found (lines moved meanwhile): the whole request is declined, as without names.
  return lines.length ? lines : undefined;
}

/**
 * A print order that shipped before Shopify asked for its lines waits (FULFILLMENT_NOT_REQUESTED,
 * steps/fulfil.ts); now that the request is accepted, its tracking goes out at once.
 */
async function resumeUnrequested(
  deps: ServiceRoundDeps,
  shop: string,
  printOrders: readonly { id: string }[],
): Promise<void> {
  await deps.store.resumeUnrequested(
    shop,
    printOrders.map((p) => p.id),
    deps.now?.() ?? new Date(),
  );
}

async function answerCancellation(
  deps: ServiceRoundDeps,
  shop: string,
  fo: AssignedFulfillmentOrder,
): Promise<"cancellationsAccepted" | "cancellationsRejected" | "waiting"> {
  const order = await recordedOrder(deps, shop, fo);
  const printOrders = order?.printOrders ?? [];
  const plan = planCancellation(printOrders);
  let refusal = plan.kind === "reject" ? plan.message : null;
  const cancelled: typeof printOrders = [];
  if (plan.kind === "cancel") {
    for (const p of plan.atService) {
      if ((await deps.cancelAtService(shop, p.printOrderId!)) === "too_late") {
        refusal = alreadyPrinting({ ...p, serviceState: "IN_PRINT_QUEUE" });
        break;
      }
      cancelled.push(p);
    }
    if (!refusal) cancelled.push(...plan.unpaid);
  }
  if (order && cancelled.length) await markCancelled(deps, shop, order.id, cancelled);
  if (refusal) {
    await answerShopify(
      deps,
      shop,
      order,
      REJECT_CANCELLATION_REQUEST_MUTATION,
      { id: fo.id, message: refusal },
      {
        type: "cancellation_declined",
        message: `Cancellation requested in Shopify and declined: ${refusal}`,
      },
    );
    return "cancellationsRejected";
  }
  // Said of every print order of the Shopify order: a look that died after cancelling them and
  // before answering finds them cancelled already.
  const message = printOrders.length
    ? "Cancelled before printing; nothing will be printed or charged for these items."
    : "Nothing was sent to print for these items.";
  await answerShopify(
    deps,
    shop,
    order,
    ACCEPT_CANCELLATION_REQUEST_MUTATION,
    { id: fo.id, message },
    {
      type: "cancellation_accepted",
      message: `Cancellation requested in Shopify and accepted: ${message}`,
    },
  );
  return "cancellationsAccepted";
}

/** The print orders end as cancelled (they never move again, and are never paid). */
async function markCancelled(
  deps: ServiceRoundDeps,
  shop: string,
  shopOrderId: string,
  orders: readonly { id: string; printOrderId: number | null }[],
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const cancellations = orders.map((p) => ({
    id: p.id,
    printOrderId: p.printOrderId,
    message: p.printOrderId
      ? `Cancelled at the print service (order ${p.printOrderId}) on the merchant's request in Shopify.`
      : "Cancelled on the merchant's request in Shopify, before it was sent to print.",
  }));
  await retryWhileBusy(() => deps.store.cancelPrintOrders(shop, shopOrderId, cancellations, now));
}
