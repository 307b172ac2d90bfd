/**
 * The regular check with Shopify: for each installed shop, the paid orders
 * Shopify has that no webhook brought, sent down the orders/paid path. One look per shop:
 * lease → window → read pages → skip known → ingest each → move checkedThrough and release.
 * One shop's failure is written to its row and never stops the others.
 */
import { checkedThroughAfter, DEFAULT_OVERLAP_MS, lookWindowStart } from "./window";
import { ingestEach, lookProblem, readWindow, unrecorded } from "./steps";
import type { RegularCheckOptions, RegularCheckPorts, ShopToCheck } from "./ports";

const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_MAX_PAGES = 20;
const DEFAULT_MAX_SHOPS = 10_000;

export type ShopLook =
  | { shop: string; outcome: "busy" }
  | { shop: string; outcome: "checked"; found: number; pages: number; complete: boolean }
  | { shop: string; outcome: "failed"; problem: string };

export interface RegularCheckRound {
  looks: ShopLook[];
  found: number;
}

/** One look at one shop, under its lease. */
export async function checkShop(
  ports: RegularCheckPorts,
  options: RegularCheckOptions,
  target: ShopToCheck,
): Promise<ShopLook> {
  const now = ports.now ?? (() => new Date());
  const { shop } = target;
  const overlapMs = options.overlapMs ?? DEFAULT_OVERLAP_MS;
  const lookStartedAt = now();
  const lease = await ports.store.claim({
    shop,
    owner: options.owner,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    now: lookStartedAt,
  });
  if (!lease) return { shop, outcome: "busy" };
  try {
    const from = lookWindowStart({
      checkedThrough: lease.checkedThrough,
      installedAt: target.installedAt,
      now: lookStartedAt,
      overlapMs,
    });
    const graphql = await ports.adminFor(shop);
    const read = await readWindow(ports, graphql, from, options.maxPages ?? DEFAULT_MAX_PAGES);
    const tally = await ingestEach(ports, shop, await unrecorded(ports, shop, read.orders));
    for (const { orderName, problem } of tally.unreadable)
      ports.logger?.warn({ shop, orderName, problem }, "order from Shopify not understood");
    const last = read.orders.at(-1)?.order.updatedAt;
    await ports.store.finish({
      shop,
      owner: options.owner,
      now: now(),
      checkedThrough: checkedThroughAfter({
        lookStartedAt,
        complete: read.complete,
        lastUpdatedAt: last ? new Date(last) : null,
        overlapMs,
      }),
      found: tally.found,
      problem: null,
    });
    return {
      shop,
      outcome: "checked",
      found: tally.found,
      pages: read.pages,
      complete: read.complete,
    };
  } catch (error) {
    const problem = lookProblem(error);
    // What was recorded stays recorded; the window does not move, so the next look reads it
    // again and finds those orders known.
    await ports.store.finish({
      shop,
      owner: options.owner,
      now: now(),
      checkedThrough: null,
      found: 0,
      problem,
    });
    return { shop, outcome: "failed", problem };
  }
}

/** One round: a look at every installed shop, one after another. */
export async function runRegularCheckRound(
  ports: RegularCheckPorts,
  options: RegularCheckOptions,
): Promise<RegularCheckRound> {
  const shops = await ports.store.installedShops(options.maxShops ?? DEFAULT_MAX_SHOPS);
  const looks: ShopLook[] = [];
  for (const target of shops) {
    let look: ShopLook;
    try {
      look = await checkShop(ports, options, target);
    } catch (error) {
      // The store itself failed (the database, say): this shop waits for the next round.
      look = { shop: target.shop, outcome: "failed", problem: lookProblem(error) };
    }
    looks.push(look);
    if (look.outcome === "failed")
      ports.logger?.warn({ shop: target.shop, problem: look.problem }, "regular check failed");
    else if (look.outcome === "checked" && look.found > 0)
      ports.logger?.info(
        { shop: target.shop, found: look.found },
        "regular check found orders no webhook brought",
      );
  }
  const found = looks.reduce((n, l) => n + (l.outcome === "checked" ? l.found : 0), 0);
  return { looks, found };
}
