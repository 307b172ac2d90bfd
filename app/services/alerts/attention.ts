/**
 * Alerts for orders that need the merchant: every print order that stops is told once, by
 * e-mail, gathered: at most one e-mail per shop every ATTENTION_WINDOW_MS, listing the stops
 * made since the last one. A round queues the e-mail (services/mail sends it) and marks the
 * orders told in one transaction; the shop's window is taken by compare-and-set first, so two
 * workers running the round at once queue one e-mail.
 */
import { attentionEmail } from "./attention-email";
import type { AlertKind } from "./off-link";
import type { AttentionStore } from "./ports";
import { alertMail } from "./queue";

export const ATTENTION_WINDOW_MS = 15 * 60_000;
/** Orders listed in one e-mail; the rest are counted and linked. */
export const ATTENTION_LIST_MAX = 25;
const SHOPS_PER_ROUND = 100;

export interface AttentionAlertDeps {
  store: AttentionStore;
  now?: () => Date;
  /** The shop's name and e-mail address as Shopify has them; null when Shopify cannot say now. */
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  pageUrl: (shop: string, printOrderId: string) => string;
  ordersUrl: (shop: string) => string;
  offUrl: (shop: string, kind: AlertKind) => string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export async function queueAttentionAlerts(deps: AttentionAlertDeps): Promise<{ queued: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const windowStart = new Date(now.getTime() - ATTENTION_WINDOW_MS);
  const shops = await deps.store.shopsOutsideWindow(windowStart, SHOPS_PER_ROUND);
  let queued = 0;
  for (const shop of shops) {
    const { stops: orders, count: waiting } = await deps.store.untoldStops(
      shop.shop,
      ATTENTION_LIST_MAX,
    );
    if (orders.length === 0) continue;
    const info = await deps.shopInfo(shop.shop).catch(() => null);
    const to = shop.alertEmail ?? info?.email ?? null;
    if (!to) {
      deps.logger.warn({ shop: shop.shop }, "attention alert waits: no address to send it to");
      continue;
    }
    const email = attentionEmail({
      shopName: info?.name ?? shop.shop,
      lines: orders.map((o) => ({
        orderName: o.shopifyOrderName,
        reference: o.orderReference,
        message: o.lastErrorMessage ?? "This print order stopped.",
        action: o.lastErrorAction,
        pageUrl: deps.pageUrl(shop.shop, o.id),
      })),
      more: waiting - orders.length,
      offUrl: deps.offUrl(shop.shop, "attention"),
      ordersUrl: deps.ordersUrl(shop.shop),
    });
    const done = await deps.store.queueTakingWindow(
      { shop: shop.shop, previous: shop.lastAttentionAlertAt, to: now },
      alertMail("attention", now, to, email),
      orders.map((o) => o.id),
    );
    if (done) queued++;
  }
  return { queued };
}
