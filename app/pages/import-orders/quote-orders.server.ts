import { quoteLines } from "../../lib/print-quotes.server";
import { mapShippingAddress } from "../../services/fulfilment/print-plan";
import { sumMoney, type MoneyMinor } from "../../services/print";
import type { QuoteLine } from "../../services/pricing/quote-totals";
import type { PrintableOrder } from "./classify";

/**
 * The print cost of each order Import would print, quoted as the print service would charge
 * it (product, shipping to the order's own address, VAT), through the same cached quotes as
 * the Quote page.
 */

/** Quotes asked at once: the print service's quote answers in well under a second. */
const QUOTES_AT_ONCE = 4;

export type OrderCost =
  { status: "quoted"; total: MoneyMinor } | { status: "unquoted"; note: string };

function linesOf(order: PrintableOrder): QuoteLine[] | null {
  const lines: QuoteLine[] = [];
  for (const item of order.items) {
    const pages = item.files?.numberOfPages ?? 0;
    // A personalised file's page count is only known once the file arrives.
    if (!pages) return null;
    lines.push({
      label: item.title,
      offeringId: item.offeringId,
      numberOfPages: pages,
      quantity: item.quantity,
    });
  }
  return lines;
}

async function quoteOrder(
  shop: string,
  order: PrintableOrder,
  currency: string,
): Promise<OrderCost> {
  const address = mapShippingAddress(order.order);
  if (!address.ok)
    return { status: "unquoted", note: "No quote without a complete shipping address." };
  const lines = linesOf(order);
  if (!lines) return { status: "unquoted", note: "Quoted once the customer's file arrives." };
  const result = await quoteLines({
    shop,
    countryCode: address.address.shippingAddress.countryCode,
    state: address.address.shippingAddress.state,
    currency,
    lines,
  });
  if (result.status === "no_credentials")
    return { status: "unquoted", note: "Connect your print-service account to see the cost." };
  if (result.status === "error") return { status: "unquoted", note: result.problem.title };
  if (result.data.unproducible.length > 0)
    return {
      status: "unquoted",
      note: "The print service cannot make every item for this address.",
    };
  const total = result.data.total.total;
  // The total adds up quotes in the print currency only; another would not add up.
  if (total.currency !== currency)
    return { status: "unquoted", note: `The print service quoted in ${total.currency}.` };
  return { status: "quoted", total };
}

/** Each order's cost, in the order given; at most QUOTES_AT_ONCE asked at a time. */
export async function quoteOrders({
  shop,
  orders,
  currency,
}: {
  shop: string;
  orders: readonly PrintableOrder[];
  currency: string;
}): Promise<OrderCost[]> {
  const costs: OrderCost[] = new Array<OrderCost>(orders.length);
  let next = 0;
  const work = async () => {
    while (next < orders.length) {
      const at = next++;
      costs[at] = await quoteOrder(shop, orders[at]!, currency).catch((): OrderCost => ({
        status: "unquoted",
        note: "The print service did not answer.",
      }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(QUOTES_AT_ONCE, orders.length) }, work));
  return costs;
}

/** The quoted orders' costs added up; null when none was quoted. */
export function totalCost(costs: readonly OrderCost[], currency: string): MoneyMinor | null {
  const quoted = costs.filter(
    (c): c is Extract<OrderCost, { status: "quoted" }> => c.status === "quoted",
  );
  if (quoted.length === 0) return null;
  return sumMoney(
    quoted.map((c) => c.total),
    currency,
  );
}
