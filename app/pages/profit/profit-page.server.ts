import type { AdminApi } from "../../services/shopify-admin";
import { firstMappedOffering, aggregate } from "../../data/profit.server";
import { quoteLines } from "../../lib/print-quotes.server";
import { getShopInfo } from "../../lib/shop-info.server";
import { hourShiftSeconds, periodFrom, type Period } from "../../components/profit/period";
import { rateSentence } from "../../services/pricing/margin";
import { shopCurrency } from "../../services/pricing/currency";
import { buildReport, type ProfitReport } from "./report.server";

/**
 * The print service's rate of each currency: a cached quote of one of the shop's mapped
 * offerings in that currency (the quote states its currency's rate). A currency the service
 * does not quote in, or a shop without mappings, has none.
 */
async function serviceRates(
  shop: string,
  currencies: string[],
  countryCode: string,
): Promise<Map<string, string>> {
  const rates = new Map<string, string>();
  if (currencies.length < 2) return rates;
  const sample = await firstMappedOffering(shop);
  if (!sample) return rates;
  // One quote per currency, asked together (each is cached by quoteLines).
  const quotes = await Promise.all(
    currencies.map((currency) =>
      quoteLines({
        shop,
        countryCode,
        currency,
        lines: [
          {
            label: "rate",
            offeringId: sample.offeringId,
            numberOfPages: sample.numberOfPages ?? 1,
            quantity: 1,
          },
        ],
      }),
    ),
  );
  quotes.forEach((result, i) => {
    if (result.status === "ok" && result.data.exchangeRate)
      rates.set(currencies[i]!, result.data.exchangeRate);
  });
  return rates;
}

/**
 * The shop's profit over a period, in its Shopify currency. `countryCode` is where a rate
 * quote is asked for (the shop's own country); rates are only asked when currencies differ.
 */
export async function profitReport({
  shop,
  period,
  currency,
  countryCode,
  withProducts = true,
}: {
  shop: string;
  period: Period;
  currency: string;
  countryCode: string;
  /** Whether to add up per product too (the page asks only when it shows them). */
  withProducts?: boolean;
}): Promise<ProfitReport> {
  const shift = hourShiftSeconds(period.timeZone, period.start.getTime());
  const raw = await aggregate(shop, { start: period.start, end: period.end, shift }, withProducts);
  const currencies = new Set<string>([currency]);
  for (const r of raw.days) currencies.add(r.currency);
  for (const r of raw.proofs) currencies.add(r.currency);
  for (const r of raw.revenue) if (r.currency) currencies.add(r.currency);
  const rates = await serviceRates(shop, [...currencies], countryCode);
  const conversions = [...currencies]
    .filter((c) => c !== currency && rates.has(c) && rates.has(currency))
    .map((c) =>
      rateSentence({ currency: c, rate: rates.get(c)! }, { currency, rate: rates.get(currency)! }),
    );
  return buildReport(raw, period, currency, rates, conversions);
}

/**
 * The Profit page's (and its export's) data: the period asked in the URL and its report, or
 * why that period is refused (nothing is added up then).
 */
export async function loadProfitPage({
  shop,
  admin,
  searchParams,
  now,
  withProducts,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
  now?: Date;
  withProducts: boolean;
}) {
  const info = await getShopInfo({ shop, admin });
  const answer = periodFrom(searchParams, info?.ianaTimezone, now);
  if (!answer.ok) {
    return { refusal: answer.refusal, period: answer.asked, limits: answer.limits, report: null };
  }
  const { period } = answer;
  const currency = shopCurrency(info?.currencyCode);
  const report = await profitReport({
    shop,
    period,
    currency,
    countryCode: info?.shopAddress?.countryCodeV2?.toUpperCase() ?? "NL",
    withProducts,
  });
  return {
    refusal: null,
    period: {
      range: period.range,
      from: period.from,
      to: period.to,
      timeZone: period.timeZone,
    },
    limits: answer.limits,
    report,
  };
}
