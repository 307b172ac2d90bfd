import {
  FacilityConflictError,
  PrintApiError,
  PrintServiceError,
  sumMoney,
  type MoneyMinor,
  type PrintClient,
} from "../print";
import type { PrintItem } from "./rate-request";

/** What one upstream quote came to. Never thrown: every error is an outcome. */
export type QuoteOutcome =
  | { kind: "quoted"; shipping: MoneyMinor; parcels: number }
  | { kind: "unshippable"; reason: string }
  | { kind: "failed"; reason: string };

export const QUOTE_TTL_MS = 10 * 60_000;
export const UNSHIPPABLE_TTL_MS = 10 * 60_000;
/** A failure is remembered briefly, so an outage answers backup rates at once. */
export const FAILURE_TTL_MS = 15_000;

export function outcomeTtlMs(outcome: QuoteOutcome): number {
  if (outcome.kind === "quoted") return QUOTE_TTL_MS;
  if (outcome.kind === "unshippable") return UNSHIPPABLE_TTL_MS;
  return FAILURE_TTL_MS;
}

export interface QuoteInput {
  countryCode: string;
  state?: string | undefined;
  currency: string;
  items: PrintItem[];
}

/**
 * One quick retry for a dropped connection or a 5xx; a Retry-After longer
 * than the checkout can wait is not waited for (the caller answers backup rates).
 */
const UPSTREAM = {
  timeoutMs: 4_000,
  retry: {
    maxAttempts: 2,
    baseDelayMs: 50,
    maxDelayMs: 200,
    maxElapsedMs: 5_000,
    maxRetryAfterMs: 500,
  },
} as const;

function describe(error: unknown): string {
  if (error instanceof PrintApiError) {
    return `${error.status}${error.customCode ? ` ${error.customCode}` : ""}${error.details ? `: ${error.details}` : ""}`;
  }
  if (error instanceof PrintServiceError) return `${error.name}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function isNoProductionFacility(error: unknown): boolean {
  return error instanceof PrintApiError && error.customCode === "NO_PF";
}

/**
 * Quotes the print items for a destination and returns the shipping part.
 * Items the service cannot produce at one facility are quoted per group and
 * their shipping added up (one parcel per group); an item that cannot be
 * produced for the destination at all makes the cart unshippable.
 */
export async function quoteShipping(client: PrintClient, input: QuoteInput): Promise<QuoteOutcome> {
  const ask = (items: PrintItem[]) =>
    client.quotes.create(
      {
        countryCode: input.countryCode,
        ...(input.state ? { state: input.state } : {}),
        currency: input.currency,
        items,
      },
      UPSTREAM,
    );
  try {
    const quote = await ask(input.items);
    return { kind: "quoted", shipping: quote.summary.totalShippingPrice, parcels: 1 };
  } catch (error) {
    if (isNoProductionFacility(error)) {
      return {
        kind: "unshippable",
        reason: `the print service cannot deliver offering ${input.items.map((i) => i.offeringId).join(", ")} to ${input.countryCode} (NO_PF)`,
      };
    }
    if (!(error instanceof FacilityConflictError)) {
      return { kind: "failed", reason: describe(error) };
    }
    if (error.unproducible.length) {
      return {
        kind: "unshippable",
        reason: `the print service cannot produce offering ${error.unproducible.join(", ")} for ${input.countryCode}`,
      };
    }
    const groups = error.groups.map((ids) => input.items.filter((i) => ids.includes(i.offeringId)));
    try {
      const quotes = await Promise.all(groups.filter((g) => g.length).map(ask));
      return {
        kind: "quoted",
        shipping: sumMoney(
          quotes.map((q) => q.summary.totalShippingPrice),
          input.currency,
        ),
        parcels: quotes.length,
      };
    } catch (inner) {
      if (isNoProductionFacility(inner)) {
        return {
          kind: "unshippable",
          reason: `part of the cart cannot be delivered to ${input.countryCode}`,
        };
      }
      return { kind: "failed", reason: describe(inner) };
    }
  }
}
