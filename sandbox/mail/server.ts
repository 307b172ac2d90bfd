/**
 * The local mail server of sandbox mode and the tests: a real SMTP server (smtp-server) on
 * loopback that keeps what it receives, parsed (mailparser), the newest last. The app sends to
 * it as to any mail server (SMTP_URL); the Shopify stand-in shows the kept messages under its
 * control address (/__fake/mail, and /__fake/mail.json).
 *
 * It can be told to refuse (a 451 "try again later" or a 550 "no") the next messages, for the
 * app's retries.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
  text: string;
  html: string | null;
  /** Headers the tests look at (List-Unsubscribe, ...), by lower-case name. */
  headers: Record<string, string>;
}

export interface MailStandIn {
  port: number;
  url: string;
  messages(): ReceivedMail[];
  /** The next `times` messages are answered with this SMTP code (451: later; 550: never). */
  refuseNext(code: 451 | 550, times?: number): void;
  clear(): void;
  close(): Promise<void>;
}

/** Messages kept at most, oldest dropped first; each at most 1 MB. */
const KEPT = 500;
const MAX_BYTES = 1_000_000;

export async function startMailStandIn(
  options: { port?: number; host?: string } = {},
): Promise<MailStandIn> {
  const kept: ReceivedMail[] = [];
  let nextId = 1;
  let refusal: { code: number; times: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_BYTES,
    banner: "Print Connect sandbox mail",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusal && refusal.times > 0) {
          refusal.times--;
          const { code } = refusal;
          const error = Object.assign(
            new Error(code === 451 ? "Try again later" : "Mailbox unavailable"),
            { responseCode: code },
          );
          return callback(error);
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            kept.push({
              id: nextId++,
              receivedAt: new Date().toISOString(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? "",
              messageId: mail.messageId ?? null,
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : null,
              headers: Object.fromEntries(
                [...mail.headers].map(([k, v]) => [k.toLowerCase(), headerText(v)]),
              ),
            });
            if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    messages: () => kept.map((m) => structuredClone(m)),
    refuseNext(code, times = 1) {
      refusal = { code, times };
    },
    clear() {
      kept.length = 0;
      refusal = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headerText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "text" in value) return String(value.text);
  if (value && typeof value === "object" && "value" in value) return String(value.value);
  return JSON.stringify(value);
}
