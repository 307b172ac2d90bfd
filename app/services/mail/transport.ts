/** What the mail sender needs of an SMTP client: the app wires nodemailer (lib/mail.server.ts). */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per queued message, so a receiving system can tell a copy. */
  messageId: string;
  headers?: Record<string, string>;
  replyTo?: string;
}

/**
 * How a try went. "refused" is the server's answer before it took the message (a 4xx may pass,
 * a 5xx will not; no connection at all is like a 4xx); "unknown" is a failure after the
 * message's content was handed over, when it may have been delivered.
 */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "refused"; permanent: boolean; reason: string }
  | { kind: "unknown"; reason: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
}

/**
 * Sorts a failure of an SMTP client (nodemailer's errors carry the command it failed on and
 * the server's code) into an outcome.
 */
export function outcomeOfSmtpError(error: unknown): SendOutcome {
  const e = (error ?? {}) as { responseCode?: unknown; command?: unknown; message?: unknown };
  const reason = typeof e.message === "string" ? e.message.slice(0, 300) : String(error);
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  if (code !== null) return { kind: "refused", permanent: code >= 500, reason };
  // No answer after the content went: the server may have taken it.
  if (e.command === "DATA" || e.command === "BDAT") return { kind: "unknown", reason };
  return { kind: "refused", permanent: false, reason };
}
