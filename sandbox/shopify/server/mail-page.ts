/**
 * The sandbox's mailbox, under the Shopify stand-in's control address: every e-mail the app
 * sent to the local mail server, newest first, as a page (/__fake/mail, each message's HTML in
 * a sandboxed frame) and as JSON (/__fake/mail.json).
 */
import type { FakeServerState } from "./context";
import { HttpReply } from "./reply";

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function mailRoute(fake: FakeServerState, method: string, path: string): HttpReply | null {
  if (method !== "GET" || (path !== "mail" && path !== "mail.json")) return null;
  const messages = (fake.mail?.messages() ?? []).reverse();
  if (path === "mail.json") return new HttpReply(200, messages);
  const items = messages
    .map(
      (m) => `<section>
  <p class="meta">${escape(m.receivedAt)} · to ${escape(m.to.join(", "))} · from ${escape(m.from)}</p>
  <h2>${escape(m.subject)}</h2>
  ${
    m.html
      ? `<iframe title="${escape(m.subject)}" sandbox srcdoc="${escape(m.html)}"></iframe>`
      : `<pre>${escape(m.text)}</pre>`
  }
  <details><summary>Plain text</summary><pre>${escape(m.text)}</pre></details>
</section>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox</title>
<style>
body{font-family:Inter,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f1f1f1;color:#303030}
header{background:#1a1a1a;color:#fff;padding:10px 16px;font-size:13px}
main{max-width:760px;margin:16px auto;padding:0 16px}
section{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px}
h2{font-size:16px;margin:0 0 8px}.meta{font-size:12px;color:#616161;margin:0 0 4px}
iframe{width:100%;height:420px;border:1px solid #ebebeb;border-radius:8px}
pre{white-space:pre-wrap;font-size:12px}
</style></head><body>
<header>Sandbox mailbox: the e-mails Print Connect sent to the local mail server${fake.mail ? ` (${escape(fake.mail.url)})` : ""}</header>
<main>${items || "<section><p>No e-mail yet. Alerts go out within a minute of an order that needs attention.</p></section>"}</main>
</body></html>`;
  return new HttpReply(200, Buffer.from(html, "utf8"), {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
}
