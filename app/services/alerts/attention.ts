/**
 * Alerts for orders that need the merchant: every print order that stops is told once, by
 * e-mail, gathered: at most one e-mail per shop every ATTENTION_WINDOW_MS, listing the stops
 * made since the last one. A round queues the e-mail (services/mail sends it) and marks the
 * orders told in one transaction; the shop's window is taken by compare-and-set first, so two
 * workers running the round at once queue one e-mail.
 */
import type { PrismaClient } from "@prisma/client";
import { attentionEmail } from "./attention-email";
import type { AlertKind } from "./off-link";

export const ATTENTION_WINDOW_MS = 15 * 60_000;
/** Orders listed in one e-mail; the rest are counted and linked. */
export const ATTENTION_LIST_MAX = 25;
const SHOPS_PER_ROUND = 100;

export interface AttentionAlertDeps {
  db: PrismaClient;
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
  const shops = await deps.db.shop.findMany({
    where: {
      alertsAttention: true,
      uninstalledAt: null,
      OR: [{ lastAttentionAlertAt: null }, { lastAttentionAlertAt: { lte: windowStart } }],
    },
    select: { shop: true, alertEmail: true, lastAttentionAlertAt: true },
    orderBy: { shop: "asc" },
    take: SHOPS_PER_ROUND,
  });
  let queued = 0;
  for (const shop of shops) {
    const where = {
      shop: shop.shop,
      status: "needs_attention",
      attentionAlertedAt: null,
    } as const;
    const [orders, waiting] = await Promise.all([
      deps.db.printOrder.findMany({
        where,
        orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
        take: ATTENTION_LIST_MAX,
        select: {
          id: true,
          shopifyOrderName: true,
          orderReference: true,
          lastErrorMessage: true,
          lastErrorAction: true,
        },
      }),
      deps.db.printOrder.count({ where }),
    ]);
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
    const done = await deps.db.$transaction(async (tx) => {
      const taken = await tx.shop.updateMany({
        where: { shop: shop.shop, lastAttentionAlertAt: shop.lastAttentionAlertAt },
        data: { lastAttentionAlertAt: now },
      });
      if (taken.count !== 1) return false;
      await tx.mailMessage.create({
        data: {
          shop: shop.shop,
          kind: "attention",
          dedupeKey: `attention:${now.toISOString()}`,
          to,
          ...email,
          dueAt: now,
        },
      });
      await tx.printOrder.updateMany({
        where: { ...where, id: { in: orders.map((o) => o.id) } },
        data: { attentionAlertedAt: now },
      });
      return true;
    });
    if (done) queued++;
  }
  return { queued };
}
