import { countryName } from "../country-names";
import { subtractMoney, type MoneyMinor } from "../print/money";

/**
 * What one sale of a print product costs the merchant, before the product exists: the print
 * service's quote for the smallest sale (one copy, or the offering's minimum quantity) shipped
 * to the shop's main market (the country of its Shopify address), with VAT, in the shop's
 * currency. It is the same quote as the Quote page's and the mapping page's margin, so a price
 * set from it shows the same margin once the variant is mapped.
 */

export interface CostItem {
  offeringId: number;
  numberOfPages: number;
  /**
   * A custom-size offering's size. The service prices by offering, pages and quantity, not by
   * size, so the size does not change the cost; it is accepted so callers pass items as is.
   */
  width?: number | null;
  height?: number | null;
}

export interface SaleCost {
  offeringId: number;
  /** Copies in the smallest sale: max(1, offering.minimumQuantity). */
  quantity: number;
  /** The shop's currency when the service quotes it, else the print settings currency. */
  currency: string;
  /** Product price after any quantity discount, for `quantity` copies. */
  printMinor: number;
  shippingMinor: number;
  vatMinor: number;
  /** print + shipping + VAT for `quantity` copies. */
  totalMinor: number;
  /** ceil(totalMinor / quantity): a price per copy at or above it covers the sale. */
  perCopyMinor: number;
  /** The quote's exchange rate (units of `currency` per unit of the service's base currency). */
  exchangeRate: string | null;
  /** The legacy price list's pricingExpireDate, when known. */
  validUntil: Date | null;
}

export type CostResult =
  | { status: "ok"; countryCode: string; countryName: string; currency: string; costs: SaleCost[] }
  | { status: "no_credentials" }
  /** `reason` in the merchant's words. */
  | { status: "unavailable"; reason: string };

/** One quoted line of the print service: the amounts a sale cost is made of. */
export interface QuotedLine {
  productPrice: MoneyMinor;
  discount: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
}

/** A print-service answer as the sale cost reads it; `problem` is in the merchant's words. */
export type Answer<T> =
  { status: "ok"; data: T } | { status: "no_credentials" } | { status: "error"; problem: string };

/** What working out sale costs reads, for one shop (wired in app/lib). */
export interface SaleCostPorts {
  shopInfo(): Promise<{
    currencyCode: string;
    shopAddress: { countryCodeV2: string | null } | null;
  } | null>;
  offerings(): Promise<Answer<{ id: number; name: string; minimumQuantity?: number | null }[]>>;
  /** The print settings' currency, tried when the service does not quote the shop's. */
  settingsCurrency(): Promise<string | null | undefined>;
  pricesValidUntil(offeringIds: number[]): Promise<Map<number, Date>>;
  quote(args: {
    countryCode: string;
    currency: string;
    fallbackCurrency: string | undefined;
    line: { label: string; offeringId: number; numberOfPages: number; quantity: number };
  }): Promise<Answer<{ line: QuotedLine | null; exchangeRate: string | null }>>;
}

const itemKey = (item: CostItem) => `${item.offeringId}:${item.numberOfPages}`;

/** A quoted line as the cost of `quantity` copies. */
export function saleCostOf(args: {
  offeringId: number;
  quantity: number;
  line: QuotedLine;
  exchangeRate: string | null;
  validUntil: Date | null;
}): SaleCost {
  const { line, quantity } = args;
  const print = subtractMoney(line.productPrice, line.discount);
  const totalMinor = print.amountMinor + line.shipping.amountMinor + line.vat.amountMinor;
  return {
    offeringId: args.offeringId,
    quantity,
    currency: print.currency,
    printMinor: print.amountMinor,
    shippingMinor: line.shipping.amountMinor,
    vatMinor: line.vat.amountMinor,
    totalMinor,
    perCopyMinor: Math.ceil(totalMinor / quantity),
    exchangeRate: args.exchangeRate,
    validUntil: args.validUntil,
  };
}

type Quoted =
  | { key: string; cost: SaleCost }
  | { key: string; failure: string }
  | { key: string; noCredentials: true };

/**
 * Quotes each item for the shop's main market, in the shop's currency. One quote per distinct
 * (offering, pages), in parallel. `costs` follows `items`.
 */
export async function quoteSaleCosts(ports: SaleCostPorts, items: CostItem[]): Promise<CostResult> {
  const offeringIds = [...new Set(items.map((i) => i.offeringId))];
  const [info, offerings, settingsCurrency, validUntil] = await Promise.all([
    ports.shopInfo(),
    ports.offerings(),
    ports.settingsCurrency(),
    ports.pricesValidUntil(offeringIds),
  ]);
  if (offerings.status === "no_credentials") return { status: "no_credentials" };
  if (offerings.status === "error") return { status: "unavailable", reason: offerings.problem };
  if (!info) {
    return {
      status: "unavailable",
      reason: "Your shop's country and currency could not be read from Shopify. Try again.",
    };
  }
  const countryCode = info.shopAddress?.countryCodeV2?.toUpperCase();
  if (!countryCode) {
    return {
      status: "unavailable",
      reason:
        "Your shop has no country in its Shopify address, so there is no market to quote for. Add it in Shopify under Settings > General.",
    };
  }
  const name = countryName(countryCode);
  const shopCurrency = info.currencyCode.toUpperCase();
  const offeringById = new Map(offerings.data.map((o) => [o.id, o]));

  const distinct = new Map<string, CostItem>();
  for (const item of items) distinct.set(itemKey(item), item);
  const quoted = await Promise.all(
    [...distinct.values()].map(async (item): Promise<Quoted> => {
      const key = itemKey(item);
      const offering = offeringById.get(item.offeringId);
      const label = offering?.name ?? `Offering ${item.offeringId}`;
      if (!offering) return { key, failure: `The print service no longer offers ${label}.` };
      // An offering sold in lots (minimum quantity 5) is quoted for the smallest lot.
      const quantity = Math.max(1, offering.minimumQuantity ?? 1);
      const result = await ports.quote({
        countryCode,
        currency: shopCurrency,
        fallbackCurrency: settingsCurrency?.toUpperCase(),
        line: { label, offeringId: item.offeringId, numberOfPages: item.numberOfPages, quantity },
      });
      if (result.status === "no_credentials") return { key, noCredentials: true };
      if (result.status === "error") return { key, failure: `${label}: ${result.problem}` };
      const { line, exchangeRate } = result.data;
      if (!line) return { key, failure: `The print service cannot make ${label} for ${name}.` };
      const validFor = validUntil.get(item.offeringId) ?? null;
      return {
        key,
        cost: saleCostOf({
          offeringId: item.offeringId,
          quantity,
          line,
          exchangeRate,
          validUntil: validFor,
        }),
      };
    }),
  );
  if (quoted.some((q) => "noCredentials" in q)) return { status: "no_credentials" };
  const failures = quoted.flatMap((q) => ("failure" in q ? [q.failure] : []));
  if (failures.length > 0) return { status: "unavailable", reason: failures.join(" ") };
  const byKey = new Map(quoted.flatMap((q) => ("cost" in q ? [[q.key, q.cost] as const] : [])));
  const costs = items.map((item) => byKey.get(itemKey(item))!);
  return {
    status: "ok",
    countryCode,
    countryName: name,
    currency: costs[0]?.currency ?? shopCurrency,
    costs,
  };
}
