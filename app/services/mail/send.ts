/**
 * Sends the queued e-mails (MailMessage), each at most once. A round first reports messages a
 * sender stopped in the middle of (it died in the SMTP transaction: the message may have gone
 * out, so it is not sent again), then claims due ones by compare-and-set (two senders never
 * take the same one) and sends them: a server's "later" (4xx, no connection) is tried again
 * with backoff, a "no" (5xx) or a sixth failure is given up, each with the reason, which
 * Settings shows. Sent messages are kept 30 days, for Settings, then deleted.
 */
import type { MailQueue } from "./ports";
import type { MailTransport } from "./transport";

export const MAIL_BATCH = 20;
export const MAIL_MAX_ATTEMPTS = 6;
/** Longer than one SMTP transaction may take (nodemailer's own limits are 2 and 10 minutes). */
export const MAIL_SENDING_MAX_MS = 15 * 60_000;
const MAIL_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];
const KEPT_MS = 30 * 24 * 3_600_000;

export const STOPPED_WHILE_SENDING =
  "The sender stopped while handing this e-mail to the mail server; it may have gone out, so it is not sent again.";

export interface MailSenderDeps {
  queue: MailQueue;
  transport: MailTransport;
  from: string;
  now?: () => Date;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export interface MailRound {
  sent: number;
  retried: number;
  failed: number;
  stopped: number;
}

export async function sendDueMail(deps: MailSenderDeps): Promise<MailRound> {
  const now = deps.now ?? (() => new Date());
  const round: MailRound = { sent: 0, retried: 0, failed: 0, stopped: 0 };
  round.stopped = await deps.queue.giveUpHeldSince(
    new Date(now().getTime() - MAIL_SENDING_MAX_MS),
    STOPPED_WHILE_SENDING,
  );
  const due = await deps.queue.due(now(), MAIL_BATCH);
  for (const message of due) {
    if (!(await deps.queue.claim(message, now()))) continue;
    const attempts = message.attempts + 1;
    const outcome = await deps.transport
      .send({
        from: message.fromName ? fromInTheNameOf(deps.from, message.fromName) : deps.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<mail-${message.id}-${message.createdAt.getTime()}@print-connect>`,
      })
      .catch((error: unknown) => ({
        kind: "unknown" as const,
        reason: error instanceof Error ? error.message : String(error),
      }));
    const log = { shop: message.shop, mail: message.id, kind: message.kind, attempts };
    if (outcome.kind === "sent") {
      await deps.queue.markSent(message, now());
      round.sent++;
    } else if (outcome.kind === "refused" && !outcome.permanent && attempts < MAIL_MAX_ATTEMPTS) {
      const wait = MAIL_BACKOFF_MS[Math.min(attempts - 1, MAIL_BACKOFF_MS.length - 1)]!;
      deps.logger.warn({ ...log, reason: outcome.reason }, "e-mail will be tried again");
      await deps.queue.retryAt(message, new Date(now().getTime() + wait), outcome.reason);
      round.retried++;
    } else {
      const reason =
        outcome.kind === "unknown"
          ? `The mail server did not confirm it: ${outcome.reason}. It may have gone out, so it is not sent again.`
          : outcome.reason;
      deps.logger.warn({ ...log, reason }, "e-mail not sent");
      await deps.queue.giveUp(message, reason.slice(0, 500));
      round.failed++;
    }
  }
  await deps.queue.deleteSentBefore(new Date(now().getTime() - KEPT_MS));
  return round;
}

/**
 * The app's sender address with another display name ("Shop name" <alerts@app>): a customer's
 * e-mail goes in the shop's name, from the address the app may send from.
 */
export function fromInTheNameOf(from: string, name: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const quoted = name
    .replace(/[\r\n]+/g, " ")
    .replace(/(["\\])/g, "\\$1")
    .slice(0, 100);
  return `"${quoted}" <${address}>`;
}
