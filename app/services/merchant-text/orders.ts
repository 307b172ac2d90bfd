/**
 * Words for merchants about print orders: each status as a badge label and as
 * the end of a sentence, who did what in the timeline, counts with their
 * plural, and the summary of an action on several orders at once. Pure: no
 * I/O, no framework.
 */

/** A pipeline status (services/fulfilment/machine.ts) as a badge label and as "the order is …". */
const STATUS_TEXT: Readonly<Record<string, { label: string; phrase: string }>> = {
  pending: { label: "Pending", phrase: "still being checked" },
  held: { label: "Held", phrase: "held" },
  awaiting_approval: { label: "Awaiting approval", phrase: "waiting for your approval" },
  ready: { label: "Sending to print", phrase: "being sent to print" },
  awaiting_files: { label: "Awaiting file", phrase: "waiting for a print file" },
  created: { label: "Created", phrase: "created at the print service" },
  paid: { label: "Paid", phrase: "paid at the print service" },
  in_production: { label: "In production", phrase: "in production" },
  shipped: { label: "Shipped", phrase: "shipped" },
  fulfilled: { label: "Fulfilled", phrase: "fulfilled" },
  cancelled: { label: "Cancelled", phrase: "cancelled" },
  needs_attention: { label: "Needs attention", phrase: "waiting for you to fix a problem" },
};

/** A status as a badge shows it; an unknown one as plain words rather than a code. */
export function orderStatusLabel(status: string): string {
  const label = STATUS_TEXT[status]?.label;
  if (label) return label;
  const words = status.replaceAll("_", " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status as the end of "the order is …". */
export function orderStatusPhrase(status: string): string {
  return STATUS_TEXT[status]?.phrase ?? status.replaceAll("_", " ").toLowerCase();
}

/**
 * Who caused a timeline entry, as the merchant knows them: the app did it
 * ("worker", "system"), the print service told it ("poller", "callback"),
 * Shopify sent it ("webhook:orders/paid"), or the merchant did.
 */
export function eventActorLabel(actor: string): string {
  if (actor === "merchant") return "You";
  if (actor === "poller" || actor === "callback") return "Print service";
  if (actor.startsWith("webhook:")) return "Shopify";
  if (actor === "customer") return "Customer";
  return "Print Connect";
}

/** "1 print order", "2 print orders": a count with the noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${new Intl.NumberFormat("en").format(n)} ${n === 1 ? singular : plural}`;
}

/** What an action on several orders did to one of them. */
export interface BulkOutcome {
  name: string;
  ok: boolean;
  message: string;
}

const DONE = { approve: "approved", cancel: "cancelled" } as const;

/**
 * One line about an action on several orders: "3 orders approved; 1 could not
 * be: #1004 (not possible while the order is paid)". Every refused order is
 * named with its reason.
 */
export function bulkSummary(intent: keyof typeof DONE, outcomes: readonly BulkOutcome[]): string {
  const done = outcomes.filter((o) => o.ok).length;
  const refused = outcomes.filter((o) => !o.ok);
  const head = done > 0 ? `${countOf(done, "order")} ${DONE[intent]}` : `No order ${DONE[intent]}`;
  if (refused.length === 0) return `${head}.`;
  const reasons = refused
    .map((o) => `${o.name} (${o.message.replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase())})`)
    .join(", ");
  return `${head}; ${countOf(refused.length, "order")} could not be: ${reasons}.`;
}
