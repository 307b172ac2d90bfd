/**
 * The weekly summary: once a week per shop, the last 7 days (weekly-figures.ts) against the 7
 * before, and the orders that need the merchant now. The first week runs from the install
 * (every shop has that date; a week with nothing in it sends nothing anyway), the next from the
 * last summary: `Shop.weeklySummaryAt` is the end of the week last summed up, moved by
 * compare-and-set with the e-mail queued, so two workers queue one e-mail and a shop gets at
 * most one per 7 days. A week with nothing shipped, nothing placed and nothing waiting moves
 * the mark without an e-mail.
 */
import { alertRecipient, queueTakingMark } from "./queue";
import type { AlertKind } from "./off-link";
import type { WeeklyStore } from "./ports";
import { weekFigures, type ProfitSums } from "./weekly-figures";
import { weeklyEmail } from "./weekly-email";

export const WEEK_MS = 7 * 24 * 3600_000;
const SHOPS_PER_ROUND = 50;

export interface WeeklySummaryDeps {
  store: WeeklyStore;
  now?: () => Date;
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  /** The Profit page's sums of the print orders placed in [start, end). */
  profit: (shop: string, start: Date, end: Date) => Promise<ProfitSums>;
  ordersUrl: (shop: string) => string;
  profitUrl: (shop: string) => string;
  offUrl: (shop: string, kind: AlertKind) => string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export async function queueWeeklySummaries(
  deps: WeeklySummaryDeps,
): Promise<{ queued: number; quiet: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const shops = await deps.store.shopsDue(weekAgo, SHOPS_PER_ROUND);
  let queued = 0;
  let quiet = 0;
  for (const { shop, alertEmail, weeklySummaryAt: previous } of shops) {
    const [week, attention] = await Promise.all([
      weekFigures(deps.store, deps.profit, shop, weekAgo, now),
      deps.store.attentionCount(shop),
    ]);
    const placed = week.money.reduce((sum, m) => sum + m.printOrders, 0) + week.unpriced;
    if (week.shipped === 0 && placed === 0 && attention === 0) {
      // Nothing printed and nothing waiting: no e-mail; the next week starts now.
      if (await deps.store.moveMark("weeklySummaryAt", { shop, previous, to: now })) quiet++;
      continue;
    }
    const recipient = await alertRecipient(deps, shop, alertEmail, "weekly");
    if (!recipient) continue;
    const before = await weekFigures(
      deps.store,
      deps.profit,
      shop,
      new Date(weekAgo.getTime() - WEEK_MS),
      weekAgo,
    );
    const email = weeklyEmail({
      shopName: recipient.shopName,
      start: weekAgo,
      end: now,
      week,
      before,
      attention,
      ordersUrl: deps.ordersUrl(shop),
      profitUrl: deps.profitUrl(shop),
      offUrl: deps.offUrl(shop, "weekly"),
    });
    const done = await queueTakingMark(deps.store, {
      shop,
      kind: "weekly",
      mark: "weeklySummaryAt",
      previous,
      now,
      to: recipient.to,
      email,
    });
    if (done) queued++;
  }
  return { queued, quiet };
}
