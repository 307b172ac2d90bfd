import { marginBps } from "../pricing/margin";
import type { MappingMargin } from "../pricing/mapping-margin";
import type { MoneyMinor } from "../print/money";

/**
 * What the mapping page says once a mapping is saved: that it is saved and, where the merchant
 * looks, whether its print file needs fixing and whether each sale of the variant loses money
 * or earns less than the target margin of a product created with the app. Pure: the page
 * passes its own money and percent formatting.
 */

export interface SavedMappingNotice {
  tone: "success" | "warning";
  /** Which banner: the page adds each its own action. */
  kind: "saved" | "file" | "loss" | "below_target";
  title: string;
  body: string;
}

export interface NoticeFormat {
  money: (m: MoneyMinor) => string;
  /** A share (0.25 for 25 %) as a percentage. */
  percent: (share: number) => string;
}

const BPS = 10_000;

/** The Shopify price per copy at which the quoted sale costs nothing. */
function breakEven(m: MappingMargin): MoneyMinor {
  return { amountMinor: Math.ceil(m.cost.amountMinor / m.quantity), currency: m.cost.currency };
}

/** What a sale of the variant earns, when it is a loss or below target; null when it is fine. */
function marginNotice(
  m: MappingMargin,
  targetBps: number | null,
  format: NoticeFormat,
): { kind: "loss" | "below_target"; headline: string; body: string } | null {
  if (!m.margin) return null;
  const sale = m.quantity > 1 ? `Each sale of ${m.quantity} copies` : "Each sale";
  if (m.margin.amountMinor < 0) {
    const loss = format.money({ ...m.margin, amountMinor: -m.margin.amountMinor });
    return {
      kind: "loss",
      headline: `this variant sells at a loss of ${loss}`,
      body:
        `${sale} to ${m.countryName} costs ${format.money(m.cost)} in printing, shipping and ` +
        `VAT, more than its Shopify price of ${format.money(m.price)}. Raise the price in ` +
        `Shopify to at least ${format.money(breakEven(m))}${m.quantity > 1 ? " per copy" : ""}, ` +
        `or choose a cheaper offering.`,
    };
  }
  const bps = marginBps(m.price.amountMinor, m.cost.amountMinor);
  if (targetBps === null || bps === null || bps >= targetBps) return null;
  return {
    kind: "below_target",
    headline: `this variant earns ${format.percent(bps / BPS)}, below your target margin of ${format.percent(targetBps / BPS)}`,
    body:
      `${sale} to ${m.countryName} earns ${format.money(m.margin)} on a Shopify price of ` +
      `${format.money(m.price)}.`,
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The banners after a save, most pressing first. `margin` is the smallest sale's margin to the
 * shop's main market (null when it could not be worked out); `targetBps` the target margin of
 * a created product, else null; `fileNeedsFixing` when the saved print file failed its check.
 */
export function savedMappingNotices({
  offeringName,
  margin,
  targetBps,
  fileNeedsFixing,
  format,
}: {
  offeringName: string;
  margin: MappingMargin | null;
  targetBps: number | null;
  fileNeedsFixing: boolean;
  format: NoticeFormat;
}): SavedMappingNotice[] {
  const goesToPrint = `New paid orders of this variant go to print as ${offeringName}.`;
  const notices: SavedMappingNotice[] = [];
  if (fileNeedsFixing)
    notices.push({
      tone: "warning",
      kind: "file",
      title: "Mapping saved, but its print file needs fixing",
      body: `The settings fit ${offeringName}; the PDF at the file URL does not. The print file check below says what to change.`,
    });
  const money = margin ? marginNotice(margin, targetBps, format) : null;
  if (money)
    notices.push({
      tone: "warning",
      kind: money.kind,
      title: fileNeedsFixing
        ? `${capitalised(money.headline)}`
        : `Mapping saved, but ${money.headline}`,
      body: fileNeedsFixing ? money.body : `${money.body} ${goesToPrint}`,
    });
  if (notices.length === 0)
    notices.push({ tone: "success", kind: "saved", title: "Mapping saved", body: goesToPrint });
  return notices;
}
