import type { BackupRate } from "./backup";
import { addBusinessDays, estimateDeliveryDays, shopifyDate, type DeliveryDays } from "./delivery";
import type { CachedQuoter } from "./quoter";
import type { QuoteInput, QuoteOutcome } from "./print-quote";
import { printItemsOf, quoteKey, type MappedVariant, type RateRequest } from "./rate-request";

/** One rate as Shopify's carrier-service callback answers it. */
export interface ShopifyRate {
  service_name: string;
  service_code: string;
  /** Minor units of `currency`, as a string. */
  total_price: string;
  currency: string;
  description?: string;
  min_delivery_date?: string;
  max_delivery_date?: string;
}

export type RatesOutcome =
  "quoted" | "disabled" | "no_print_items" | "unshippable" | "backup" | "unavailable";

export interface RatesAnswer {
  /** 503 only when a quote failed and no backup rates are set: Shopify then uses its own. */
  status: 200 | 503;
  body: { rates: ShopifyRate[] };
  outcome: RatesOutcome;
  /** Why: for the log line. */
  reason?: string;
  /** Where the quote came from. */
  source?: "cache" | "upstream" | "timeout" | "error";
}

export interface RatesShopSettings {
  enabled: boolean;
  installed: boolean;
  /** Changes when the shop's print settings change (part of the cache key). */
  version: string;
  backupRates: BackupRate[];
}

export interface RatesDeps {
  quoter: CachedQuoter<QuoteOutcome>;
  upstream: (input: QuoteInput) => Promise<QuoteOutcome>;
  /** How long one checkout request may wait for the print service. */
  budgetMs: number;
  now: () => Date;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  };
}

export const PRINT_RATE = {
  serviceName: "Print shipping",
  serviceCode: "print-connect-standard",
} as const;

function withDates(rate: ShopifyRate, days: DeliveryDays | undefined, now: Date): ShopifyRate {
  if (!days) return rate;
  return {
    ...rate,
    min_delivery_date: shopifyDate(addBusinessDays(now, days.minDays)),
    max_delivery_date: shopifyDate(addBusinessDays(now, days.maxDays)),
  };
}

export function backupRatesAnswer(
  backups: BackupRate[],
  currency: string,
  now: Date,
): ShopifyRate[] {
  return backups.map((b) =>
    withDates(
      {
        service_name: b.name,
        service_code: b.code,
        total_price: String(b.amountMinor),
        currency,
      },
      b.minDays !== undefined || b.maxDays !== undefined
        ? { minDays: b.minDays ?? b.maxDays ?? 0, maxDays: b.maxDays ?? b.minDays ?? 0 }
        : undefined,
      now,
    ),
  );
}

/**
 * Answers one rate request: only the cart's print items are quoted, for the
 * destination, in the request's currency; the quote is cached, shared with
 * concurrent identical requests, and waited for within the budget. A quote
 * that fails or is late is answered with the shop's backup rates.
 */
export async function answerRateRequest(
  deps: RatesDeps,
  input: {
    shop: string;
    settings: RatesShopSettings;
    mappings: ReadonlyMap<string, MappedVariant>;
    request: RateRequest;
  },
): Promise<RatesAnswer> {
  const { shop, settings, request } = input;
  const none = (outcome: RatesOutcome, reason: string): RatesAnswer => ({
    status: 200,
    body: { rates: [] },
    outcome,
    reason,
  });
  if (!settings.installed || !settings.enabled) {
    return none("disabled", "checkout rates are turned off for this shop");
  }
  const { items } = printItemsOf(request.items, input.mappings);
  if (items.length === 0) return none("no_print_items", "the cart has no print items");

  const countryCode = request.destination.country;
  const quoteInput: QuoteInput = {
    countryCode,
    state: request.destination.province,
    currency: request.currency,
    items,
  };
  const key = quoteKey({ shop, settingsVersion: settings.version, ...quoteInput });
  const answer = await deps.quoter.get(key, () => deps.upstream(quoteInput), deps.budgetMs);
  const now = deps.now();

  const fallback = (source: RatesAnswer["source"], reason: string): RatesAnswer => {
    if (settings.backupRates.length === 0) {
      deps.log.warn(
        { shop, countryCode, source, reason },
        "print quote unavailable and no backup rates set: answering 503 so Shopify uses its own backup rates",
      );
      return { status: 503, body: { rates: [] }, outcome: "unavailable", reason, source };
    }
    deps.log.warn(
      { shop, countryCode, source, reason },
      "print quote unavailable: answering backup rates",
    );
    return {
      status: 200,
      body: { rates: backupRatesAnswer(settings.backupRates, request.currency, now) },
      outcome: "backup",
      reason,
      source,
    };
  };

  if (answer.source === "timeout") {
    return fallback("timeout", `no print quote within ${deps.budgetMs} ms`);
  }
  if (answer.source === "error") {
    return fallback("error", answer.error instanceof Error ? answer.error.message : "quote failed");
  }
  const outcome = answer.value;
  if (outcome.kind === "failed") return fallback(answer.source, outcome.reason);
  if (outcome.kind === "unshippable") {
    deps.log.info(
      { shop, countryCode, items: items.map((i) => i.offeringId), reason: outcome.reason },
      `no print rate: cart cannot be shipped to ${countryCode} because ${outcome.reason}`,
    );
    return { ...none("unshippable", outcome.reason), source: answer.source };
  }
  const days = estimateDeliveryDays(countryCode);
  const rate = withDates(
    {
      service_name: PRINT_RATE.serviceName,
      service_code: PRINT_RATE.serviceCode,
      total_price: String(outcome.shipping.amountMinor),
      currency: outcome.shipping.currency,
      description:
        outcome.parcels > 1
          ? `Printed to order, ships in ${outcome.parcels} parcels`
          : "Printed to order",
    },
    days,
    now,
  );
  return { status: 200, body: { rates: [rate] }, outcome: "quoted", source: answer.source };
}
