/**
 * The shop's alert settings: where the e-mails go and which kinds are on, saved from Settings
 * or turned off from an e-mail's own link; and what Settings shows of the last e-mails.
 */
import { isEmail } from "../print/input-rules";
import type { AlertKind } from "./off-link";
import type { AlertSettingsStore } from "./ports";

export const ALERT_EMAIL_MAX = 254;

export interface AlertSettingsInput {
  alertEmail: string;
  attention: boolean;
  webhooks: boolean;
  payment: boolean;
  prices: boolean;
  weekly: boolean;
}

export type AlertSettingsResult =
  { ok: true } | { ok: false; fieldErrors: Partial<Record<"alertEmail", string>> };

export async function saveAlertSettings(
  store: AlertSettingsStore,
  shop: string,
  input: AlertSettingsInput,
): Promise<AlertSettingsResult> {
  const email = input.alertEmail.trim();
  if (email && (email.length > ALERT_EMAIL_MAX || !isEmail(email)))
    return {
      ok: false,
      fieldErrors: { alertEmail: "Enter an e-mail address such as orders@yourshop.com" },
    };
  await store.saveSettings(shop, {
    alertEmail: email || null,
    alertsAttention: input.attention,
    alertsWebhooks: input.webhooks,
    alertsPayment: input.payment,
    alertsPrices: input.prices,
    alertsWeekly: input.weekly,
  });
  return { ok: true };
}

/** The Shop column that turns each kind on. */
const KIND_COLUMN = {
  attention: "alertsAttention",
  webhooks: "alertsWebhooks",
  payment: "alertsPayment",
  prices: "alertsPrices",
  weekly: "alertsWeekly",
} as const;

/** From an e-mail's own link: that kind off for the shop. */
export async function turnAlertOff(store: AlertSettingsStore, shop: string, kind: AlertKind) {
  await store.saveSettings(shop, { [KIND_COLUMN[kind]]: false });
}

/** What Settings shows: the settings and the newest e-mail's fate. */
export async function readAlertSettings(store: AlertSettingsStore, shop: string) {
  const [row, last, lastFailed] = await Promise.all([
    store.settings(shop),
    store.lastMail(shop),
    store.lastFailedMail(shop),
  ]);
  return {
    alertEmail: row?.alertEmail ?? "",
    attention: row?.alertsAttention ?? true,
    webhooks: row?.alertsWebhooks ?? true,
    payment: row?.alertsPayment ?? true,
    prices: row?.alertsPrices ?? true,
    weekly: row?.alertsWeekly ?? true,
    last: last
      ? {
          to: last.to,
          subject: last.subject,
          queuedAt: last.createdAt.toISOString(),
          sentAt: last.sentAt?.toISOString() ?? null,
          waiting: last.sentAt === null && last.dueAt !== null,
          error: last.error,
        }
      : null,
    lastFailed: lastFailed
      ? {
          subject: lastFailed.subject,
          queuedAt: lastFailed.createdAt.toISOString(),
          error: lastFailed.error!,
        }
      : null,
  };
}
