/**
 * What the alerts are given of the database, as ports: each kind's reads, and the queue that
 * takes a shop's mark by compare-and-set with the e-mail queued in the same transaction.
 * data/alerts.server.ts implements them; lib/mail.server.ts wires them in. Every read and write
 * is keyed by shop, except the reads that pick a round's shops.
 */
import type { NewMail } from "../mail/ports";
import type { AlertKind } from "./off-link";

/** The Shop column that records when each once-per-stop kind was last queued. */
export type AlertMark = "webhooksAlertAt" | "paymentAlertAt" | "pricesAlertAt" | "weeklySummaryAt";

/** An alert e-mail to queue, sent in the app's name. */
export type AlertMail = NewMail & { kind: AlertKind };

/** A shop's mark to move by compare-and-set: only while it still holds `previous`. */
export interface MarkMove {
  shop: string;
  previous: Date | null;
  to: Date;
}

export interface AlertQueue {
  /** In one transaction: moves the mark and, only if it did, queues the e-mail; whether it did. */
  queueTakingMark(mark: AlertMark, move: MarkMove, mail: AlertMail): Promise<boolean>;
  /** Moves the mark with no e-mail; whether it moved. */
  moveMark(mark: AlertMark, move: MarkMove): Promise<boolean>;
}

/** A print order that stopped and whose merchant was not told yet. */
export interface UntoldStop {
  id: string;
  shopifyOrderName: string;
  orderReference: string;
  lastErrorMessage: string | null;
  lastErrorAction: string | null;
}

export interface AttentionStore {
  /** Shops with attention alerts on, installed, last told at or before `windowStart` (or never). */
  shopsOutsideWindow(
    windowStart: Date,
    take: number,
  ): Promise<{ shop: string; alertEmail: string | null; lastAttentionAlertAt: Date | null }[]>;
  /** The shop's first `take` stops not told yet, oldest first, and how many there are. */
  untoldStops(shop: string, take: number): Promise<{ stops: UntoldStop[]; count: number }>;
  /**
   * In one transaction: takes the shop's window (compare-and-set of `lastAttentionAlertAt` to
   * `move.to`) and, only if it did, queues the e-mail and marks these stops told at `move.to`.
   */
  queueTakingWindow(move: MarkMove, mail: AlertMail, stopIds: string[]): Promise<boolean>;
}

/** What each once-per-stop kind reads of the shop: on or off, installed, address, its mark. */
export interface ShopAlertState {
  on: boolean;
  uninstalledAt: Date | null;
  alertEmail: string | null;
  markAt: Date | null;
}

export interface PaymentRefusedStore extends AlertQueue {
  /** Shops with print orders stopped for this error code, by shop name. */
  shopsStoppedFor(errorCode: string, take: number): Promise<string[]>;
  paymentAlertState(shop: string): Promise<ShopAlertState | null>;
  /** Whether the print service took payment for any of the shop's print orders after `since`. */
  paidSince(shop: string, since: Date): Promise<boolean>;
  /** How many of the shop's print orders stopped for this code, and the amounts of up to `take`. */
  stoppedFor(
    shop: string,
    errorCode: string,
    take: number,
  ): Promise<{
    count: number;
    amounts: { wholesaleTotalMinor: number | null; currency: string }[];
  }>;
}

export interface PricesAlertStore extends AlertQueue {
  /** Shops with a change of print prices after their prices mark, oldest change first. */
  shopsWithUntoldChange(take: number): Promise<
    {
      shop: string;
      alertsPrices: boolean;
      uninstalledAt: Date | null;
      alertEmail: string | null;
      pricesChangedAt: Date | null;
      pricesAlertAt: Date | null;
    }[]
  >;
}

export interface WebhooksStoppedStore extends AlertQueue {
  /** Shops the regular check found a paid order for since `since`, by shop name. */
  shopsFoundSince(since: Date, take: number): Promise<string[]>;
  webhooksAlertState(shop: string): Promise<ShopAlertState | null>;
  /** When the shop's last orders/paid webhook arrived. */
  lastPaidWebhookAt(shop: string): Promise<Date | null>;
  /** The latest Shopify payment time of the orders the check found since `since`. */
  latestFoundPaidAt(shop: string, since: Date): Promise<Date | null>;
  /** The orders the check found that were paid after `after` (all of them when null). */
  foundPaidAfter(shop: string, after: Date | null): Promise<number>;
}

/** A print order's first "shipped" event, with what the time to print is measured from. */
export interface Shipment {
  printOrderId: string | null;
  at: Date;
  printOrder: {
    kind: string;
    shopifyOrderName: string;
    shopOrder: { shopifyPaidAt: Date | null };
  } | null;
}

export interface WeeklyStore extends AlertQueue {
  /** Shops with the weekly summary on, installed, whose last week (or install) is a week old. */
  shopsDue(
    weekAgo: Date,
    take: number,
  ): Promise<{ shop: string; alertEmail: string | null; weeklySummaryAt: Date | null }[]>;
  /** The shop's print orders that need the merchant now. */
  attentionCount(shop: string): Promise<number>;
  /** The "shipped" events of the shop's print orders in [start, end), oldest first. */
  shipments(shop: string, start: Date, end: Date, take: number): Promise<Shipment[]>;
}

/** The shop's alert settings as kept. */
export interface AlertSettingsRow {
  alertEmail: string | null;
  alertsAttention: boolean;
  alertsWebhooks: boolean;
  alertsPayment: boolean;
  alertsPrices: boolean;
  alertsWeekly: boolean;
}

export interface AlertSettingsStore {
  settings(shop: string): Promise<AlertSettingsRow | null>;
  saveSettings(shop: string, settings: Partial<AlertSettingsRow>): Promise<void>;
  /** The shop's newest e-mail. */
  lastMail(shop: string): Promise<{
    to: string;
    subject: string;
    createdAt: Date;
    sentAt: Date | null;
    dueAt: Date | null;
    error: string | null;
  } | null>;
  /** The shop's newest e-mail given up on. */
  lastFailedMail(
    shop: string,
  ): Promise<{ subject: string; createdAt: Date; error: string | null } | null>;
}

export type AlertsStore = AttentionStore &
  PaymentRefusedStore &
  PricesAlertStore &
  WebhooksStoppedStore &
  WeeklyStore &
  AlertSettingsStore;
