import nodemailer from "nodemailer";
import { getEnv } from "../env.server";
import { queueAttentionAlerts, type AttentionAlertDeps } from "../services/alerts/attention";
import { alertOffUrl } from "../services/alerts/off-link";
import { queuePricesAlerts, type PricesAlertDeps } from "../services/alerts/prices";
import {
  queuePaymentRefusedAlerts,
  type PaymentRefusedAlertDeps,
} from "../services/alerts/payment-refused";
import {
  queueWebhooksStoppedAlerts,
  type WebhooksStoppedAlertDeps,
} from "../services/alerts/webhooks-stopped";
import { sendDueMail, type MailSenderDeps } from "../services/mail/send";
import {
  outcomeOfSmtpError,
  type MailTransport,
  type OutgoingMail,
} from "../services/mail/transport";
import { startPeriodicJob } from "../services/periodic-job";
import { shopContact } from "./shop-info.server";
import { alertsStore } from "../data/alerts.server";
import { mailQueue } from "../data/mail.server";
import { aggregate } from "../data/profit.server";
import { repricingStore } from "../data/repricing.server";
import { queueWeeklySummaries, type WeeklySummaryDeps } from "../services/alerts/weekly";
import { belowTargetAfterChange } from "../services/repricing";
import { getLogger } from "./logger.server";
import { addressLinkDeps } from "./address-links.server";
import { queueAutomaticAddressLinks } from "../services/address-links/send";
import { sandboxSmtpUrl } from "./sandbox-mail.server";

/**
 * E-mail, wired: nodemailer over SMTP_URL (sandbox mode: the stand-ins' local mail server),
 * the queue in the database, and the alerts that fill it. Started by the worker
 * (app/worker.server.ts); no request ever waits for a mail server.
 */

/** An SMTP client for `url`, with bounded waits: a dead server costs a try, not a hung round. */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === "smtps:" ? 465 : 587)),
    secure: parsed.protocol === "smtps:",
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail: OutgoingMail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
        return { kind: "sent" };
      } catch (error) {
        return outcomeOfSmtpError(error);
      }
    },
  };
}

/** The print order's page and the orders list inside the shop's admin (the embedded app). */
export function adminAppUrl(shop: string, path: string): string {
  return `https://${shop}/admin/apps/${getEnv().shopifyApiKey}${path}`;
}

/**
 * Where e-mail goes: SMTP_URL, or in sandbox mode the stand-ins' local mail server; null when
 * e-mail is not set up.
 */
export async function smtpUrl(): Promise<string | null> {
  const env = getEnv();
  if (env.smtpUrl) return env.smtpUrl;
  if (env.mode !== "sandbox") return null;
  return sandboxSmtpUrl();
}

export function mailSenderDeps(
  transport: MailTransport,
  overrides: Partial<MailSenderDeps> = {},
): MailSenderDeps {
  return {
    queue: mailQueue,
    transport,
    from: getEnv().mailFrom,
    logger: getLogger().child({ component: "mail" }),
    ...overrides,
  };
}

export function attentionAlertDeps(
  overrides: Partial<AttentionAlertDeps> = {},
): AttentionAlertDeps {
  const env = getEnv();
  return {
    store: alertsStore,
    shopInfo: shopContact,
    pageUrl: (shop, id) => adminAppUrl(shop, `/app/orders/${encodeURIComponent(id)}`),
    ordersUrl: (shop) => adminAppUrl(shop, "/app/orders?view=attention"),
    offUrl: (shop, kind) => alertOffUrl(env.shopifyAppUrl, env.shopifyApiSecret, shop, kind),
    logger: getLogger().child({ component: "alerts" }),
    ...overrides,
  };
}

export function webhooksStoppedAlertDeps(
  overrides: Partial<WebhooksStoppedAlertDeps> = {},
): WebhooksStoppedAlertDeps {
  const { shopInfo, offUrl, logger } = attentionAlertDeps();
  return {
    store: alertsStore,
    shopInfo,
    offUrl,
    logger,
    deliveryUrl: (shop) => adminAppUrl(shop, "/app/delivery"),
    checkEverySeconds: Math.round(getEnv().regularCheckIntervalMs / 1000),
    ...overrides,
  };
}

export function paymentRefusedAlertDeps(
  overrides: Partial<PaymentRefusedAlertDeps> = {},
): PaymentRefusedAlertDeps {
  const { shopInfo, offUrl, logger, ordersUrl } = attentionAlertDeps();
  return { store: alertsStore, shopInfo, offUrl, logger, ordersUrl, ...overrides };
}

export function pricesAlertDeps(overrides: Partial<PricesAlertDeps> = {}): PricesAlertDeps {
  const { shopInfo, offUrl, logger } = attentionAlertDeps();
  return {
    store: alertsStore,
    shopInfo,
    offUrl,
    logger,
    belowTarget: (shop, window) => belowTargetAfterChange(repricingStore, { shop, ...window }),
    pricesUrl: (shop) => adminAppUrl(shop, "/app/products/prices"),
    ...overrides,
  };
}

export function weeklySummaryDeps(overrides: Partial<WeeklySummaryDeps> = {}): WeeklySummaryDeps {
  const { shopInfo, offUrl, logger, ordersUrl } = attentionAlertDeps();
  return {
    store: alertsStore,
    shopInfo,
    offUrl,
    logger,
    ordersUrl,
    // The Profit page's own sums, in UTC hours (the e-mail adds them up per currency).
    profit: (shop, start, end) => aggregate(shop, { start, end, shift: 0 }, false),
    profitUrl: (shop) => adminAppUrl(shop, "/app/profit"),
    ...overrides,
  };
}

export const MAIL_INTERVAL_MS = 5_000;

/** The sender every few seconds, the alerts round every ALERTS_INTERVAL_SECONDS; returns the stop. */
export function startMail(): () => Promise<void> {
  const log = getLogger().child({ component: "mail" });
  let sender: MailSenderDeps | null = null;
  let toldNotSetUp = false;
  const stops = [
    startPeriodicJob({
      firstMs: getEnv().alertsIntervalMs,
      everyMs: getEnv().alertsIntervalMs,
      run: async () => {
        await queueAttentionAlerts(attentionAlertDeps());
        await queueWebhooksStoppedAlerts(webhooksStoppedAlertDeps());
        await queuePaymentRefusedAlerts(paymentRefusedAlertDeps());
        await queuePricesAlerts(pricesAlertDeps());
        await queueWeeklySummaries(weeklySummaryDeps());
        // Not an alert, but the same kind of round: customers told to correct their address.
        await queueAutomaticAddressLinks(addressLinkDeps());
      },
      onError: (error) => log.warn({ err: error }, "alerts round failed"),
    }),
    startPeriodicJob({
      firstMs: MAIL_INTERVAL_MS,
      everyMs: MAIL_INTERVAL_MS,
      run: async () => {
        if (!sender) {
          const url = await smtpUrl();
          if (!url) {
            if (!toldNotSetUp) log.info({}, "e-mail is not set up (SMTP_URL): alerts wait");
            toldNotSetUp = true;
            return;
          }
          sender = mailSenderDeps(smtpTransport(url));
        }
        const round = await sendDueMail(sender);
        if (round.sent || round.failed || round.stopped) log.info(round, "e-mail round");
      },
      onError: (error) => log.warn({ err: error }, "e-mail round failed"),
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
