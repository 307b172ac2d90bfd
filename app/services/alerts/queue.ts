/**
 * What every alert kind does once it knows what to say: find where the e-mail goes, then queue
 * it in the same transaction that moves the shop's mark for that kind (compare-and-set from the
 * value the round read), so two rounds at once queue one e-mail.
 */
import type { AlertKind } from "./off-link";
import type { AlertMail, AlertMark, AlertQueue } from "./ports";

export interface AlertRecipientDeps {
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  logger: { warn(o: object, m: string): void };
}

/**
 * The address set in Settings, else the shop's own as Shopify has it, with the shop's name;
 * null (and a warning) when there is none yet: the alert waits for the next round.
 */
export async function alertRecipient(
  deps: AlertRecipientDeps,
  shop: string,
  alertEmail: string | null,
  kind: AlertKind,
): Promise<{ to: string; shopName: string } | null> {
  const info = await deps.shopInfo(shop).catch(() => null);
  const to = alertEmail ?? info?.email ?? null;
  if (!to) {
    deps.logger.warn({ shop, kind }, "alert waits: no address to send it to");
    return null;
  }
  return { to, shopName: info?.name ?? shop };
}

/**
 * Queues the e-mail if the shop's mark still holds `previous`, moving it to `markTo` (else
 * `now`); answers whether it did.
 */
export function queueTakingMark(
  queue: AlertQueue,
  input: {
    shop: string;
    kind: AlertKind;
    mark: AlertMark;
    previous: Date | null;
    now: Date;
    markTo?: Date;
    to: string;
    email: { subject: string; text: string; html: string };
  },
): Promise<boolean> {
  const { shop, kind, mark, previous, now, to, email } = input;
  return queue.queueTakingMark(
    mark,
    { shop, previous, to: input.markTo ?? now },
    alertMail(kind, now, to, email),
  );
}

/** The alert e-mail queued at `now`, due at once; one per kind and time. */
export function alertMail(
  kind: AlertKind,
  now: Date,
  to: string,
  email: { subject: string; text: string; html: string },
): AlertMail {
  return { kind, dedupeKey: `${kind}:${now.toISOString()}`, to, ...email, dueAt: now };
}
