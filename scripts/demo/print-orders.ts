/** The demo's orders as placed, and their print orders as the app shows them. */
import { APP } from "./config";
import { call } from "./http";
import type { Scenario } from "./scenarios";

export interface PrintOrderView {
  id: string;
  shopifyOrderId: string;
  shopifyOrderName: string;
  orderReference: string;
  printOrderId: number | null;
  status: string;
  currency: string;
  wholesaleTotalMinor: number | null;
  trackingCode: string | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  /** How the app heard of the order: webhook, reconcile (the regular check) or import. */
  source: string;
  servicePaidAt: string | null;
  events: { type: string; at: string }[];
}

export interface Placed {
  scenario: Scenario;
  id: string;
  /** The Shopify order's number; null for a proof, which has no Shopify order. */
  legacyId: number | null;
  /** The app's key of the order: the Shopify order's number, or a proof's "proof-<request key>". */
  key: string;
  name: string;
  /** The buyer's e-mail address (none for a proof). */
  email?: string;
  retailMinor: number;
  placedAt: number;
  /** When the demo marked it paid in the Shopify stand-in (this machine's clock, as the app's). */
  paidAt: number;
}

export async function printOrdersOf(placed: Placed[]): Promise<PrintOrderView[]> {
  const ids = placed.map((p) => p.key).join(",");
  return (await call<{ printOrders: PrintOrderView[] }>(`${APP}/dev/print-orders?orders=${ids}`))
    .printOrders;
}

/** Which of these orders the app has recorded and its worker not yet planned. */
export async function recordedNotPlannedOf(placed: Placed[]): Promise<Set<string>> {
  const ids = placed.map((p) => p.key).join(",");
  const answer = await call<{ recordedNotPlanned: string[] }>(
    `${APP}/dev/print-orders?orders=${ids}`,
  );
  return new Set(answer.recordedNotPlanned);
}
