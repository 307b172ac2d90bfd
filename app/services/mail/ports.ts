/**
 * What the sender is given of the queue (MailMessage), as a port: data/mail.server.ts
 * implements it, lib/mail.server.ts wires it in. A message is written by its id and shop.
 */

/** A message to queue: sent by the next round at or after `dueAt`. */
export interface NewMail {
  /** What it is about, for Settings. */
  kind: string;
  /** One message per key and shop. */
  dedupeKey: string;
  to: string;
  /** The name it is sent in; none: the app's. */
  fromName?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  dueAt: Date;
}

/** A queued message as the sender reads it. */
export interface QueuedMail {
  id: number;
  shop: string;
  kind: string;
  to: string;
  /** The name it is sent in; null: the app's. */
  fromName: string | null;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  dueAt: Date | null;
  attempts: number;
}

export interface MailQueue {
  /**
   * Gives up (with `error`) the unsent messages a sender has held since `before` or earlier;
   * how many.
   */
  giveUpHeldSince(before: Date, error: string): Promise<number>;
  /** Messages due at `now`, earliest first. */
  due(now: Date, take: number): Promise<QueuedMail[]>;
  /**
   * Takes the message for sending at `now` if it is still due as read (compare-and-set), one
   * attempt more; whether it did.
   */
  claim(message: QueuedMail, now: Date): Promise<boolean>;
  markSent(message: QueuedMail, sentAt: Date): Promise<void>;
  /** Due again at `dueAt`, with the server's reason. */
  retryAt(message: QueuedMail, dueAt: Date, error: string): Promise<void>;
  /** Given up, with the reason. */
  giveUp(message: QueuedMail, error: string): Promise<void>;
  /** Deletes the messages sent before `before`. */
  deleteSentBefore(before: Date): Promise<void>;
}
