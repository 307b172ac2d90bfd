/**
 * The frame every alert e-mail's HTML shares: the shop's name, a heading, the kind's own rows,
 * and the footer with the link that turns that kind off. Inline styles only (mail clients drop
 * style sheets); every text from the shop or the app is escaped by the caller with escapeHtml.
 */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A row of the e-mail's table, set off from the one before by a rule. */
export const emailRow = (html: string) =>
  `<tr><td style="padding:12px 0;border-top:1px solid #e3e3e3">${html}</td></tr>`;

export function alertEmailHtml(input: {
  subject: string;
  shopName: string;
  heading: string;
  /** HTML under the heading, inside its cell (escaped by the caller). */
  intro?: string;
  /** Further rows (emailRow), escaped by the caller. */
  rows?: string[];
  /** Plain text: why the merchant gets this e-mail (how often). */
  footer: string;
  offUrl: string;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f1f1;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;font-size:14px;line-height:20px;color:#303030">
  <table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:20px">
    <tr><td>
      <p style="margin:0 0 4px;color:#616161">${escapeHtml(input.shopName)}</p>
      <h1 style="margin:0 0 8px;font-size:20px;line-height:28px">${escapeHtml(input.heading)}</h1>
      ${input.intro ?? ""}
    </td></tr>
    ${(input.rows ?? []).join("")}
  </table>
  <p style="max-width:600px;margin:16px auto 0;color:#616161;font-size:12px;line-height:16px">Print Connect for ${escapeHtml(input.shopName)}. ${escapeHtml(input.footer)} <a href="${escapeHtml(input.offUrl)}" style="color:#616161">Turn these e-mails off</a>.</p>
</body></html>`;
}

/** The plain-text body: the kind's lines and its link, then the footer with the off link. */
export function alertEmailText(input: {
  lines: string[];
  link: string;
  shopName: string;
  footer: string;
  offUrl: string;
}): string {
  return [
    ...input.lines,
    input.link,
    "",
    "—",
    `Print Connect for ${input.shopName}. ${input.footer}`,
    `Turn these e-mails off: ${input.offUrl}`,
  ].join("\n");
}
