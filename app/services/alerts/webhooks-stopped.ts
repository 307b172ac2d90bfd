/**
 * The alert that Shopify's order webhooks stopped reaching the app while Shopify has new paid
 * orders: the regular check found an order paid after the last orders/paid webhook arrived
 * (fulfilment/handoff.ts `webhooksStopped`, what Home's banner says). Orders are still printed,
 * found by the check, but later than they should be, and only the merchant can fix what stops
 * the webhooks. Told once per stop: a webhook arriving after the e-mail ends the stop, and the
 * next stop is told again. The shop's mark is taken by compare-and-set with the e-mail queued,
 * so two workers queue one e-mail.
 */
import { durationText, webhooksStopped } from "../fulfilment/handoff";
import { alertEmailHtml, alertEmailText, emailRow, escapeHtml } from "./email-layout";
import { alertRecipient, queueTakingMark } from "./queue";
import type { AlertKind } from "./off-link";
import type { WebhooksStoppedStore } from "./ports";

/** Shops whose check found an order within this long are looked at. */
const FOUND_WITHIN_MS = 24 * 60 * 60_000;
const SHOPS_PER_ROUND = 100;

export interface WebhooksStoppedAlertDeps {
  store: WebhooksStoppedStore;
  now?: () => Date;
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  /** The app's delivery page in the shop's admin. */
  deliveryUrl: (shop: string) => string;
  offUrl: (shop: string, kind: AlertKind) => string;
  /** How often the regular check looks at each shop. */
  checkEverySeconds: number;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export async function queueWebhooksStoppedAlerts(
  deps: WebhooksStoppedAlertDeps,
): Promise<{ queued: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const foundSince = new Date(now.getTime() - FOUND_WITHIN_MS);
  // Shops the check found an order for lately: the only ones whose webhooks can have stopped.
  const candidates = await deps.store.shopsFoundSince(foundSince, SHOPS_PER_ROUND);
  let queued = 0;
  for (const shop of candidates) {
    const row = await deps.store.webhooksAlertState(shop);
    if (!row?.on || row.uninstalledAt) continue;
    const [lastWebhookAt, latestFoundPaidAt] = await Promise.all([
      deps.store.lastPaidWebhookAt(shop),
      deps.store.latestFoundPaidAt(shop, foundSince),
    ]);
    if (!webhooksStopped({ lastWebhookAt, latestFoundPaidAt })) continue;
    // Told already, and no webhook came since: the same stop.
    if (row.markAt && (!lastWebhookAt || lastWebhookAt <= row.markAt)) continue;
    const missed = await deps.store.foundPaidAfter(shop, lastWebhookAt);
    const recipient = await alertRecipient(deps, shop, row.alertEmail, "webhooks");
    if (!recipient) continue;
    const email = webhooksStoppedEmail({
      shopName: recipient.shopName,
      missed,
      lastWebhookAt,
      now,
      checkEverySeconds: deps.checkEverySeconds,
      deliveryUrl: deps.deliveryUrl(shop),
      offUrl: deps.offUrl(shop, "webhooks"),
    });
    const done = await queueTakingMark(deps.store, {
      shop,
      kind: "webhooks",
      mark: "webhooksAlertAt",
      previous: row.markAt,
      now,
      to: recipient.to,
      email,
    });
    if (done) queued++;
  }
  return { queued };
}

export function webhooksStoppedEmail(input: {
  shopName: string;
  missed: number;
  lastWebhookAt: Date | null;
  now: Date;
  checkEverySeconds: number;
  deliveryUrl: string;
  offUrl: string;
}): { subject: string; text: string; html: string } {
  // The merchant's words, as Home's banner says it: "order notifications", not webhooks.
  const subject = `Shopify's order notifications have stopped arriving – ${input.shopName}`;
  const orders =
    input.missed === 1
      ? "1 paid order that Shopify sent no notification for"
      : `${input.missed} paid orders that Shopify sent no notification for`;
  const since = input.lastWebhookAt
    ? `Shopify has sent Print Connect no order notification for ${durationText(input.now.getTime() - input.lastWebhookAt.getTime())}`
    : "Shopify has sent Print Connect no order notification since the app was installed";
  const every = durationText(input.checkEverySeconds * 1000);
  const lines = [
    `${since}, but the regular check with Shopify found ${orders} after that.`,
    `None is lost: they are on their way to print, but until notifications arrive again new orders wait for the next check (every ${every}) instead of going to print at once.`,
    "What to do: if this lasts more than an hour, check Shopify's status page (status.shopify.com), then contact the app's support with the times on the delivery page:",
  ];
  const footer = "You get this e-mail once each time the notifications stop.";
  const text = alertEmailText({
    lines,
    link: input.deliveryUrl,
    shopName: input.shopName,
    footer,
    offUrl: input.offUrl,
  });
  const html = alertEmailHtml({
    subject,
    shopName: input.shopName,
    heading: "Shopify's order notifications have stopped arriving",
    intro: lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join(""),
    rows: [
      emailRow(
        `<a href="${escapeHtml(input.deliveryUrl)}" style="color:#005bd3;font-weight:600">Open the delivery page</a>`,
      ),
    ],
    footer,
    offUrl: input.offUrl,
  });
  return { subject, text, html };
}
