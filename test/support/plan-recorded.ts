import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { planRecordedDeliveries, type PlannedDelivery } from "~/services/fulfilment/planner";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * What the worker does first in every round: plans the orders the webhook route (or the
 * regular check, or an import) recorded. For tests that call a route and then look at the
 * print orders without running a worker. Answers each delivery's planning outcome.
 */
export async function planRecordedOrders(now = new Date()): Promise<PlannedDelivery[]> {
  const outcomes: PlannedDelivery[] = [];
  for (let round = 0; round < 100; round++) {
    const planned = await planRecordedDeliveries(fulfilmentStore(prisma), {
      workerId: "test-planner",
      now,
      leaseMs: 60_000,
      batchSize: 100,
      logger: silent,
    });
    if (planned.length === 0) break;
    outcomes.push(...planned);
  }
  return outcomes;
}
