/**
 * Handoff time: how long a paid Shopify order takes to be paid at the print
 * service, from stored timestamps (ShopOrder.shopifyPaidAt and
 * PrintOrder.servicePaidAt). Pure arithmetic; the rows come from
 * app/data/handoff.server.ts.
 */

/** One print order's handoff: when Shopify says it was paid, when the print service was paid. */
export interface HandoffSample {
  shopifyPaidAt: Date;
  servicePaidAt: Date;
  /** Held by the shop's hold period or waiting for the merchant's approval on the way. */
  waited: boolean;
}

export interface HandoffStats {
  /** Print orders measured. */
  count: number;
  medianMs: number | null;
  p95Ms: number | null;
}

export interface HandoffSummary {
  /** Print orders that went straight to print: the app's own speed. */
  immediate: HandoffStats;
  /** Print orders held or approved on the way: mostly the merchant's own choice of delay. */
  waited: HandoffStats;
}

/**
 * The p-th percentile (0–100) of ascending values, interpolated between the two
 * nearest ranks (as spreadsheets' PERCENTILE and numpy's default), so the
 * median of an even count is the mean of its middle two.
 */
export function percentile(ascending: readonly number[], p: number): number | null {
  const n = ascending.length;
  if (n === 0) return null;
  const clamped = Math.min(100, Math.max(0, p));
  const rank = (clamped / 100) * (n - 1);
  const below = Math.floor(rank);
  const above = Math.min(n - 1, below + 1);
  const low = ascending[below] as number;
  const high = ascending[above] as number;
  return Math.round(low + (high - low) * (rank - below));
}

export function handoffStats(durationsMs: readonly number[]): HandoffStats {
  const ascending = [...durationsMs].sort((a, b) => a - b);
  return {
    count: ascending.length,
    medianMs: percentile(ascending, 50),
    p95Ms: percentile(ascending, 95),
  };
}

/**
 * A sample's handoff time. Never negative: the two clocks (Shopify's and this
 * server's) can disagree by a little, and "paid at print before Shopify" means 0.
 */
export function handoffMs(sample: Pick<HandoffSample, "shopifyPaidAt" | "servicePaidAt">): number {
  return Math.max(0, sample.servicePaidAt.getTime() - sample.shopifyPaidAt.getTime());
}

export function summariseHandoff(samples: readonly HandoffSample[]): HandoffSummary {
  const immediate: number[] = [];
  const waited: number[] = [];
  for (const sample of samples) (sample.waited ? waited : immediate).push(handoffMs(sample));
  return { immediate: handoffStats(immediate), waited: handoffStats(waited) };
}

/** The regular check's and the import page's own receipt ids: not webhooks from Shopify. */
export const NOT_A_WEBHOOK = ["reconcile:", "import:"] as const;
/** orders/paid as receipts store it: the Shopify library's enum form, or the header's. */
export const PAID_TOPICS = ["ORDERS_PAID", "orders/paid"] as const;

/** Receipts of orders/paid webhooks Shopify delivered (not the check's or an import's). */
export const PAID_WEBHOOK_RECEIPTS = {
  topic: { in: [...PAID_TOPICS] },
  NOT: NOT_A_WEBHOOK.map((prefix) => ({ webhookId: { startsWith: prefix } })),
};

/**
 * Webhooks have stopped while Shopify has new paid orders: the regular check
 * found an order paid after the last orders/paid webhook arrived (or none ever
 * arrived). A webhook arriving after that order clears it.
 */
export function webhooksStopped(facts: {
  lastWebhookAt: Date | null;
  /** The latest payment time among orders the regular check found, in the period looked at. */
  latestFoundPaidAt: Date | null;
}): boolean {
  if (!facts.latestFoundPaidAt) return false;
  if (!facts.lastWebhookAt) return true;
  return facts.latestFoundPaidAt.getTime() > facts.lastWebhookAt.getTime();
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in short merchant words: "0 s", "42 s", "3 min 5 s", "2 h 5 min", "1 d 3 h". */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "—";
  const t = Math.max(0, Math.round(ms));
  if (t < MINUTE) return `${Math.floor(t / SECOND)} s`;
  if (t < HOUR) {
    const min = Math.floor(t / MINUTE);
    const s = Math.floor((t % MINUTE) / SECOND);
    return s === 0 ? `${min} min` : `${min} min ${s} s`;
  }
  if (t < DAY) {
    const h = Math.floor(t / HOUR);
    const min = Math.floor((t % HOUR) / MINUTE);
    return min === 0 ? `${h} h` : `${h} h ${min} min`;
  }
  const d = Math.floor(t / DAY);
  const h = Math.floor((t % DAY) / HOUR);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}
