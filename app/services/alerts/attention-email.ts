/**
 * The e-mail that tells a merchant which print orders wait for them: plain text and HTML, the
 * shop's name, each order with what is wrong, what to do and its page, and the link that turns
 * these e-mails off. The text is the merchant's own data and the app's sentences: escaped.
 */
import { alertEmailHtml, emailRow, escapeHtml } from "./email-layout";

export interface AttentionLine {
  orderName: string;
  reference: string;
  message: string;
  action: string | null;
  pageUrl: string;
}

export interface AttentionEmail {
  subject: string;
  text: string;
  html: string;
}

export function attentionEmail(input: {
  shopName: string;
  lines: AttentionLine[];
  /** Orders waiting beyond those listed (the e-mail lists at most a batch). */
  more: number;
  offUrl: string;
  ordersUrl: string;
}): AttentionEmail {
  const count = input.lines.length + input.more;
  const orders = count === 1 ? "1 print order needs" : `${count} print orders need`;
  const subject = `${orders} your attention – ${input.shopName}`;
  // Some stop before printing, some after shipping (tracking not yet in Shopify): true of all.
  const waits = `${count === 1 ? "It stays" : "Each stays"} where it stopped until you act.`;
  const intro = `${orders} your attention in ${input.shopName}. ${waits}`;
  const more = input.more > 0 ? `And ${input.more} more: ${input.ordersUrl}` : "";
  const text = [
    intro,
    "",
    ...input.lines.flatMap((l) => [
      `${l.orderName} (${l.reference})`,
      `  ${l.message}`,
      ...(l.action ? [`  What to do: ${l.action}`] : []),
      `  ${l.pageUrl}`,
      "",
    ]),
    ...(more ? [more, ""] : []),
    "—",
    `Print Connect for ${input.shopName}. You get at most one of these e-mails every 15 minutes.`,
    `Turn these e-mails off: ${input.offUrl}`,
  ].join("\n");
  const item = (l: AttentionLine) =>
    emailRow(`
      <p style="margin:0 0 4px"><a href="${escapeHtml(l.pageUrl)}" style="color:#005bd3;font-weight:600">${escapeHtml(l.orderName)}</a> <span style="color:#616161">${escapeHtml(l.reference)}</span></p>
      <p style="margin:0 0 4px">${escapeHtml(l.message)}</p>
      ${l.action ? `<p style="margin:0;color:#616161">What to do: ${escapeHtml(l.action)}</p>` : ""}`);
  const html = alertEmailHtml({
    subject,
    shopName: input.shopName,
    heading: `${orders} your attention`,
    intro: `<p style="margin:0 0 12px">${waits}</p>`,
    rows: [
      ...input.lines.map(item),
      ...(input.more > 0
        ? [
            emailRow(
              `<a href="${escapeHtml(input.ordersUrl)}" style="color:#005bd3">And ${input.more} more</a>`,
            ),
          ]
        : []),
    ],
    footer: "You get at most one of these e-mails every 15 minutes.",
    offUrl: input.offUrl,
  });
  return { subject, text, html };
}
