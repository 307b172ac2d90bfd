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
  events: { type: string; at: string }[];
}

export interface Placed {
  scenario: Scenario;
  id: string;
  legacyId: number;
  name: string;
  retailMinor: number;
  placedAt: number;
}

export async function printOrdersOf(placed: Placed[]): Promise<PrintOrderView[]> {
  const ids = placed.map((p) => p.legacyId).join(",");
  return (await call<{ printOrders: PrintOrderView[] }>(`${APP}/dev/print-orders?orders=${ids}`))
    .printOrders;
}
