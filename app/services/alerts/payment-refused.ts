/**
 * The alert that the print service refused payment because the merchant's account lacks credit
 * (MERCH_INSUFFICIENT_BALANCE). Unlike other stops it is the whole account's, not one order's:
 * every paid order waits until the merchant tops up, so it is told at once, not gathered, and
 * once per refusal: a payment that goes through after the e-mail ends it, and the next refusal
 * is told again. The shop's mark is taken by compare-and-set with the e-mail queued, so two
 * workers queue one e-mail. (The orders are also listed by the attention e-mail, each once.)
 */
import { formatMajor } from "../print/money";
import { alertEmailHtml, alertEmailText, emailRow, escapeHtml } from "./email-layout";
import { alertRecipient, queueTakingMark } from "./queue";
import type { AlertKind } from "./off-link";
import type { PaymentRefusedStore } from "./ports";

export const INSUFFICIENT_CREDIT = "MERCH_INSUFFICIENT_BALANCE";
const SHOPS_PER_ROUND = 100;
/** Waiting orders whose amounts are added up in the e-mail; the rest are counted. */
const SUMMED_MAX = 500;

export interface PaymentRefusedAlertDeps {
  store: PaymentRefusedStore;
  now?: () => Date;
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  /** The app's list of orders that need attention, in the shop's admin. */
  ordersUrl: (shop: string) => string;
  offUrl: (shop: string, kind: AlertKind) => string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export async function queuePaymentRefusedAlerts(
  deps: PaymentRefusedAlertDeps,
): Promise<{ queued: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const shops = await deps.store.shopsStoppedFor(INSUFFICIENT_CREDIT, SHOPS_PER_ROUND);
  let queued = 0;
  for (const shop of shops) {
    const row = await deps.store.paymentAlertState(shop);
    if (!row?.on || row.uninstalledAt) continue;
    // Told already, and nothing was paid since: the same refusal.
    if (row.markAt && !(await deps.store.paidSince(shop, row.markAt))) continue;
    const { count: waiting, amounts } = await deps.store.stoppedFor(
      shop,
      INSUFFICIENT_CREDIT,
      SUMMED_MAX,
    );
    const totals = new Map<string, number>();
    for (const a of amounts)
      totals.set(a.currency, (totals.get(a.currency) ?? 0) + (a.wholesaleTotalMinor ?? 0));
    const recipient = await alertRecipient(deps, shop, row.alertEmail, "payment");
    if (!recipient) continue;
    const email = paymentRefusedEmail({
      shopName: recipient.shopName,
      waiting,
      needed: [...totals].map(([currency, amountMinor]) => ({ currency, amountMinor })),
      summedAll: amounts.length === waiting,
      ordersUrl: deps.ordersUrl(shop),
      offUrl: deps.offUrl(shop, "payment"),
    });
    const done = await queueTakingMark(deps.store, {
      shop,
      kind: "payment",
      mark: "paymentAlertAt",
      previous: row.markAt,
      now,
      to: recipient.to,
      email,
    });
    if (done) queued++;
  }
  return { queued };
}

export function paymentRefusedEmail(input: {
  shopName: string;
  waiting: number;
  /** What the waiting orders cost at the print service, per currency. */
  needed: { currency: string; amountMinor: number }[];
  /** Whether `needed` covers every waiting order. */
  summedAll: boolean;
  ordersUrl: string;
  offUrl: string;
}): { subject: string; text: string; html: string } {
  const subject = `The print service refused payment: not enough credit – ${input.shopName}`;
  const orders = input.waiting === 1 ? "1 print order" : `${input.waiting} print orders`;
  const amounts = input.needed.map((m) => `${formatMajor(m, 2)} ${m.currency}`).join(" and ");
  const lines = [
    `Print Connect could not pay the print service for ${orders}: your print-service account does not have enough credit.`,
    `Nothing is printed for ${input.waiting === 1 ? "it" : "them"}, nor for any other paid order, until the account has credit again.${
      amounts ? ` ${input.summedAll ? "They" : "Those priced so far"} need ${amounts}.` : ""
    }`,
    "What to do: top up your print-service account, then choose Retry on the orders in Print Connect:",
  ];
  const footer =
    "You get this e-mail once each time payment is refused; a payment that goes through ends it.";
  const text = alertEmailText({
    lines,
    link: input.ordersUrl,
    shopName: input.shopName,
    footer,
    offUrl: input.offUrl,
  });
  const html = alertEmailHtml({
    subject,
    shopName: input.shopName,
    heading: "The print service refused payment",
    intro: lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join(""),
    rows: [
      emailRow(
        `<a href="${escapeHtml(input.ordersUrl)}" style="color:#005bd3;font-weight:600">Open the orders that wait</a>`,
      ),
    ],
    footer,
    offUrl: input.offUrl,
  });
  return { subject, text, html };
}
