/**
 * The e-mail that sends a customer their address link, in the shop's name. Plain text and
 * HTML; inline styles only (mail clients drop style sheets); every text escaped.
 */
import { escapeHtml } from "../alerts/email-layout";

export interface LinkEmailInput {
  shopName: string;
  orderName: string;
  firstName: string | null;
  url: string;
  /** Until when the link works. */
  expiresAt: Date;
  /** Why the address needs the customer: the stop's sentence, or when the order is printed. */
  why:
    | { kind: "stopped"; problem: string }
    | { kind: "held"; printsAt: Date | null }
    | { kind: "check" };
}

const day = (d: Date) =>
  new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(d);

export function addressLinkEmail(input: LinkEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const subject =
    input.why.kind === "stopped"
      ? `Your order ${input.orderName} needs a correct shipping address`
      : `Please check the shipping address of your order ${input.orderName}`;
  const lines = [
    `${input.firstName ? `Hello ${input.firstName},` : "Hello,"}`,
    input.why.kind === "stopped"
      ? `Thank you for your order ${input.orderName} at ${input.shopName}. Before it is printed and sent, its shipping address needs a correction: ${input.why.problem}`
      : input.why.kind === "held" && input.why.printsAt
        ? `Thank you for your order ${input.orderName} at ${input.shopName}. It goes to print on ${day(input.why.printsAt)}; if its shipping address needs a change, you can make it until then.`
        : `Thank you for your order ${input.orderName} at ${input.shopName}. Please check its shipping address before it is printed, and correct it if needed.`,
    `Correct the address here (the link works once, until ${day(input.expiresAt)}):`,
  ];
  const closing = `If the address is right as it is, reply to this e-mail. — ${input.shopName}`;
  const text = [...lines.slice(0, 2), "", lines[2], input.url, "", closing].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:22px;color:#202020">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
    <tr><td>
      <p style="margin:0 0 16px;font-weight:600;font-size:17px">${escapeHtml(input.shopName)}</p>
      <p style="margin:0 0 12px">${escapeHtml(lines[0]!)}</p>
      <p style="margin:0 0 20px">${escapeHtml(lines[1]!)}</p>
      <p style="margin:0 0 20px"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#202020;color:#ffffff;text-decoration:none;border-radius:8px;padding:12px 18px;font-weight:600">Correct the shipping address</a></p>
      <p style="margin:0 0 12px;color:#616161;font-size:13px">The link works once, until ${escapeHtml(day(input.expiresAt))}. If the address is right as it is, reply to this e-mail.</p>
    </td></tr>
  </table>
  <p style="max-width:560px;margin:16px auto 0;color:#616161;font-size:12px">${escapeHtml(input.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}
