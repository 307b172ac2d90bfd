/**
 * The e-mail that tells a merchant which print orders wait for them: plain text and HTML, the
 * shop's name, each order with what is wrong, what to do and its page, and the link that turns
 * these e-mails off. The text is the merchant's own data and the app's sentences: escaped.
 */
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

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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
  const intro = `${orders} your attention in ${input.shopName}. Nothing is printed for ${count === 1 ? "it" : "them"} until you act.`;
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
  const item = (l: AttentionLine) => `
    <tr><td style="padding:12px 0;border-top:1px solid #e3e3e3">
      <p style="margin:0 0 4px"><a href="${escape(l.pageUrl)}" style="color:#005bd3;font-weight:600">${escape(l.orderName)}</a> <span style="color:#616161">${escape(l.reference)}</span></p>
      <p style="margin:0 0 4px">${escape(l.message)}</p>
      ${l.action ? `<p style="margin:0;color:#616161">What to do: ${escape(l.action)}</p>` : ""}
    </td></tr>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f1f1;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;font-size:14px;line-height:20px;color:#303030">
  <table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:20px">
    <tr><td>
      <p style="margin:0 0 4px;color:#616161">${escape(input.shopName)}</p>
      <h1 style="margin:0 0 8px;font-size:20px;line-height:28px">${escape(orders)} your attention</h1>
      <p style="margin:0 0 12px">Nothing is printed for ${count === 1 ? "it" : "them"} until you act.</p>
    </td></tr>
    ${input.lines.map(item).join("")}
    ${input.more > 0 ? `<tr><td style="padding:12px 0;border-top:1px solid #e3e3e3"><a href="${escape(input.ordersUrl)}" style="color:#005bd3">And ${input.more} more</a></td></tr>` : ""}
  </table>
  <p style="max-width:600px;margin:16px auto 0;color:#616161;font-size:12px;line-height:16px">Print Connect for ${escape(input.shopName)}. You get at most one of these e-mails every 15 minutes. <a href="${escape(input.offUrl)}" style="color:#616161">Turn these e-mails off</a>.</p>
</body></html>`;
  return { subject, text, html };
}
