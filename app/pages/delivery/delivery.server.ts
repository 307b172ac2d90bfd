import {
  daysBefore,
  HEALTH_PERIOD_DAYS,
  listFoundByCheck,
  loadDeliveryHealth,
} from "../../data/handoff.server";
import { listNotTakenIn, tryNotTakenInNow } from "../../data/order-deliveries.server";
import { signalWorkAvailable } from "../../lib/worker-signal.server";
import { NOT_TAKEN_IN_TEXT } from "../../services/merchant-text/delivery";

/**
 * Delivery health's own page: handoff time for 7 and 30 days, immediate orders
 * apart from held and approved ones, the orders the regular check with Shopify
 * found, the last orders/paid webhook and the check's last look, and the orders received
 * that could not be taken in yet, each with "Try now".
 */

export async function loadDeliveryPage({ shop, now = new Date() }: { shop: string; now?: Date }) {
  const [health, found, notTakenIn] = await Promise.all([
    loadDeliveryHealth({ shop, now }),
    listFoundByCheck({ shop, since: daysBefore(now, HEALTH_PERIOD_DAYS) }),
    listNotTakenIn({ shop }),
  ]);
  return { health, found, notTakenIn };
}

export type DeliveryActionResult = { ok: boolean; message: string };

/** "Try now" on a waiting order: due at once for the worker's next round. */
export async function runDeliveryAction({
  shop,
  form,
}: {
  shop: string;
  form: FormData;
}): Promise<{ status: number; body: DeliveryActionResult }> {
  const intent = form.get("intent");
  const webhookId = form.get("webhookId");
  if (
    intent !== "tryNow" ||
    typeof webhookId !== "string" ||
    !webhookId ||
    webhookId.length > 300
  ) {
    return { status: 400, body: { ok: false, message: "Unknown action." } };
  }
  const tried = await tryNotTakenInNow({ shop, webhookId });
  // The worker in this process takes it at once instead of at its next poll.
  if (tried) signalWorkAvailable();
  return tried
    ? {
        status: 200,
        body: { ok: true, message: NOT_TAKEN_IN_TEXT.retried(tried.label ?? "The order") },
      }
    : { status: 409, body: { ok: false, message: NOT_TAKEN_IN_TEXT.retryGone } };
}

/** What the delivery page's view reads. */
export type DeliveryPageView = Awaited<ReturnType<typeof loadDeliveryPage>>;
