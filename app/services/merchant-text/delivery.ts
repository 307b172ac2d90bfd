/**
 * Words about orders Shopify sent that the app recorded but could not take in yet (a recorded
 * delivery whose planning failed: services/fulfilment/planner.ts). Pure: no I/O.
 */

/**
 * After this many failed tries a waiting order is shown to the merchant. One or two failures
 * are a moment's outage that the next tries (5 s, then 10 s later) get past by themselves.
 */
export const NOT_TAKEN_IN_AFTER_TRIES = 3;

/** The planner's reason for a body it could not read as an order (planner.ts). */
const NOT_AN_ORDER = "not an order: ";

/** Why a waiting order was not taken in, in a sentence; the technical reason stays in details. */
export function notTakenInReason(lastError: string | null): string {
  if (lastError?.startsWith(NOT_AN_ORDER)) {
    return "Shopify sent this order in a form Print Connect could not read.";
  }
  return "Print Connect could not prepare this order for print.";
}

/** The technical detail shown under the sentence, if any (what support asks for). */
export function notTakenInDetail(lastError: string | null): string | null {
  if (!lastError) return null;
  const detail = lastError.startsWith(NOT_AN_ORDER)
    ? lastError.slice(NOT_AN_ORDER.length)
    : lastError;
  // The first line is what matters; a stack or a query does not help the merchant.
  return detail.split("\n")[0]!.slice(0, 300);
}

export const NOT_TAKEN_IN_TEXT = {
  bannerTitle: (count: number) =>
    count === 1
      ? "1 order from Shopify has not reached print yet"
      : `${count} orders from Shopify have not reached print yet`,
  bannerBody: (count: number) =>
    count === 1
      ? "Print Connect received it but could not take it in. Nothing is lost: it is kept and tried again by itself, at least every 15 minutes. If it stays here, contact the app's support with its order name."
      : "Print Connect received them but could not take them in. Nothing is lost: each is kept and tried again by itself, at least every 15 minutes. If one stays here, contact the app's support with its order name.",
  cardTitle: "Received but not taken in yet",
  cardIntro:
    "Orders Shopify sent that Print Connect kept but could not turn into print orders yet. Each is tried again by itself, at least every 15 minutes; Try now tries at once.",
  none: "None: every order Shopify sent was taken in.",
  retried: (label: string) => `${label} will be tried again within a few seconds.`,
  retryGone: "That order was taken in meanwhile, or is being tried right now.",
} as const;
