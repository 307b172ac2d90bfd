/**
 * Which orders one look asks Shopify for: those updated since a little before the last look
 * (or, on a shop's first look, since it was installed), never further back than `read_orders`
 * reaches (60 days; a day's margin keeps the search inside it).
 */
export const READ_ORDERS_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
export const OLDEST_READABLE_MS = (READ_ORDERS_DAYS - 1) * DAY_MS;
export const DEFAULT_OVERLAP_MS = 10 * 60 * 1000;

export function lookWindowStart(input: {
  checkedThrough: Date | null;
  installedAt: Date;
  now: Date;
  overlapMs: number;
}): Date {
  const oldest = input.now.getTime() - OLDEST_READABLE_MS;
  const from = input.checkedThrough
    ? input.checkedThrough.getTime() - input.overlapMs
    : input.installedAt.getTime();
  return new Date(Math.min(input.now.getTime(), Math.max(oldest, from)));
}

/**
 * How far a look has read. A whole read: up to when it started. A read cut short by its page
 * budget (orders come oldest update first): the last order's update plus the overlap, so the
 * next look, which starts an overlap before this, goes on from that order instead of reading
 * the same pages again; never past the look's start.
 */
export function checkedThroughAfter(input: {
  lookStartedAt: Date;
  complete: boolean;
  lastUpdatedAt: Date | null;
  overlapMs: number;
}): Date | null {
  if (input.complete) return input.lookStartedAt;
  if (!input.lastUpdatedAt) return null;
  return new Date(
    Math.min(input.lookStartedAt.getTime(), input.lastUpdatedAt.getTime() + input.overlapMs),
  );
}
