/**
 * The alert that a change of the print service's prices left variants below their target
 * margin. A check of print prices (the hourly price watch, the Prices page, the merchant's
 * button) stamps each changed cost and the shop (`Shop.pricesChangedAt`) with its time; the
 * alerts round lists the variants whose cost changed since the last change told and that are
 * now under their target, and moves `Shop.pricesAlertAt` to that change's time by
 * compare-and-set with the e-mail queued. So each change is told once, whatever the number of
 * rounds or workers, and the price watch never waits for mail. A change that left nothing below
 * target, or came while the kind was off, is passed over (the mark moves, no e-mail).
 */
import { formatMajor } from "../print/money";
import type { RepriceRow } from "../repricing";
import { alertEmailHtml, alertEmailText, emailRow, escapeHtml } from "./email-layout";
import { alertRecipient, queueTakingMark } from "./queue";
import type { AlertKind } from "./off-link";
import type { PricesAlertStore } from "./ports";

const SHOPS_PER_ROUND = 100;
/** Variants listed in the e-mail; the rest are counted. */
export const PRICES_LISTED_MAX = 25;

export interface PricesAlertDeps {
  store: PricesAlertStore;
  now?: () => Date;
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  /** The variants whose print cost changed within (after, upTo] and are now below target. */
  belowTarget: (shop: string, window: { after: Date | null; upTo: Date }) => Promise<RepriceRow[]>;
  /** The app's Prices page in the shop's admin. */
  pricesUrl: (shop: string) => string;
  offUrl: (shop: string, kind: AlertKind) => string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export async function queuePricesAlerts(deps: PricesAlertDeps): Promise<{ queued: number }> {
  const now = (deps.now ?? (() => new Date()))();
  // Shops with a change not yet told (or passed over).
  const shops = await deps.store.shopsWithUntoldChange(SHOPS_PER_ROUND);
  let queued = 0;
  for (const row of shops) {
    const { shop, pricesAlertAt: previous } = row;
    const upTo = row.pricesChangedAt!;
    const rows =
      row.alertsPrices && !row.uninstalledAt
        ? await deps.belowTarget(shop, { after: previous, upTo })
        : [];
    if (rows.length === 0) {
      // Nothing to tell of this change: passed over, so it is never told later.
      await deps.store.moveMark("pricesAlertAt", { shop, previous, to: upTo });
      continue;
    }
    const recipient = await alertRecipient(deps, shop, row.alertEmail, "prices");
    if (!recipient) continue;
    const email = pricesEmail({
      shopName: recipient.shopName,
      rows,
      pricesUrl: deps.pricesUrl(shop),
      offUrl: deps.offUrl(shop, "prices"),
    });
    const done = await queueTakingMark(deps.store, {
      shop,
      kind: "prices",
      mark: "pricesAlertAt",
      previous,
      now,
      markTo: upTo,
      to: recipient.to,
      email,
    });
    if (done) queued++;
  }
  return { queued };
}

const money = (amountMinor: number, currency: string) =>
  `${formatMajor({ amountMinor, currency }, 2)} ${currency}`;
const share = (bps: number | null) =>
  bps === null ? "—" : `${Number((bps / 100).toFixed(1)).toString()}%`;

/** One variant in the merchant's words: cost now, price, margin against target, the rule's price. */
export function priceRowText(r: RepriceRow): string {
  return `${r.variantTitle || r.productTitle}: print cost now ${money(r.costMinor, r.currency)}, your price ${money(r.priceMinor, r.currency)}, margin ${share(r.marginBps)} (target ${share(r.targetBps)}); your pricing rule gives ${money(r.newPriceMinor, r.currency)}.`;
}

export function pricesEmail(input: {
  shopName: string;
  rows: RepriceRow[];
  pricesUrl: string;
  offUrl: string;
}): { subject: string; text: string; html: string } {
  const n = input.rows.length;
  const variants = n === 1 ? "1 variant is" : `${n} variants are`;
  const subject = `${variants} below your target margin after a print price change – ${input.shopName}`;
  const intro = `The print service changed its prices, and ${n === 1 ? "1 variant" : `${n} variants`} of products you created with Print Connect now ${n === 1 ? "sells" : "sell"} below ${n === 1 ? "its" : "their"} target margin. Prices are per copy; print cost includes shipping and VAT to your main market.`;
  const listed = input.rows.slice(0, PRICES_LISTED_MAX);
  const rest = n - listed.length;
  const more = rest > 0 ? `…and ${rest} more on the Prices page.` : null;
  const todo =
    "What to do: open the Prices page to see them all and set the prices your rule gives in one step:";
  const footer = "You get this e-mail once for each change of the print service's prices.";
  const text = alertEmailText({
    lines: [
      intro,
      "",
      ...listed.map((r) => `- ${priceRowText(r)}`),
      ...(more ? [more] : []),
      "",
      todo,
    ],
    link: input.pricesUrl,
    shopName: input.shopName,
    footer,
    offUrl: input.offUrl,
  });
  const html = alertEmailHtml({
    subject,
    shopName: input.shopName,
    heading: "Prices below your target margin",
    intro: `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
    rows: [
      ...listed.map((r) => emailRow(escapeHtml(priceRowText(r)))),
      ...(more ? [emailRow(escapeHtml(more))] : []),
      emailRow(
        `<p style="margin:0 0 8px">${escapeHtml(todo)}</p><a href="${escapeHtml(input.pricesUrl)}" style="color:#005bd3;font-weight:600">Open the Prices page</a>`,
      ),
    ],
    footer,
    offUrl: input.offUrl,
  });
  return { subject, text, html };
}
