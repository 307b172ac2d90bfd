/** The demo as buyer, storefront and print service: calls to the stand-ins' control APIs. */
import { PRINT, SHOPIFY } from "./config";
import { call } from "./http";
import type { Placed, PrintOrderView } from "./print-orders";
import { FILE_PROPERTY, type Scenario } from "./scenarios";
import { progress } from "./waiting";

const buyer = (i: number) => `buyer${i + 1}@example.com`;

/** Paid orders in the Shopify stand-in; orders/paid reaches the app. */
export async function placePaidOrders(scenarios: Scenario[]): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    const { order } = await call<{
      order: {
        id: string;
        legacyId: number;
        name: string;
        lineItems: { price: string; quantity: number; print: boolean }[];
      };
    }>(`${SHOPIFY}/__fake/orders`, {
      lineItems: scenario.lines,
      email: buyer(i),
      ...(scenario.country ? { shippingAddress: scenario.country } : {}),
      deliver: false,
    });
    const paidAt = Date.now();
    await call(
      `${SHOPIFY}/__fake/orders/${order.legacyId}/paid`,
      scenario.webhookLost
        ? // Paid in Shopify, but its webhook never reaches the app.
          { deliver: false }
        : {
            topics: ["orders/paid"],
            ...(scenario.duplicates ? { duplicates: scenario.duplicates, concurrent: true } : {}),
          },
    );
    const retailMinor = order.lineItems
      .filter((l) => l.print)
      .reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
    placed.push({
      scenario,
      id: order.id,
      legacyId: order.legacyId,
      key: String(order.legacyId),
      name: order.name,
      email: buyer(i),
      retailMinor,
      placedAt: Date.now(),
      paidAt,
    });
    progress("paid orders placed", placed.length, scenarios.length);
  }
  return placed;
}

/** The personalised files arrive (the storefront upload finishes). */
export async function deliverLaterFiles(placed: Placed[]): Promise<void> {
  for (const p of placed.filter((x) => x.scenario.fileLater && x.legacyId !== null)) {
    const order = await call<{ lineItems: { id: string; legacyId: number }[] }>(
      `${SHOPIFY}/__fake/orders/${p.legacyId}`,
    );
    await call(
      `${SHOPIFY}/__fake/orders/${p.legacyId}/line-items/${order.lineItems[0]!.legacyId}/properties`,
      {
        name: FILE_PROPERTY,
        // A real 120-page A5 PDF from the print sandbox: it passes the print-file check.
        value: `${PRINT}/files/notebooks/${p.legacyId}.pdf`,
        topics: ["orders/updated"],
      },
    );
  }
}

/** Production and shipping at the print service; callbacks reach the app. */
export async function printAndShip(paid: PrintOrderView[]): Promise<void> {
  const printIds = paid.map((o) => o.printOrderId!).filter(Boolean);
  for (const [i, id] of printIds.entries()) {
    await call(`${PRINT}/__sandbox/advance`, { orderId: id, to: "IN_PRODUCTION" });
    await call(`${PRINT}/__sandbox/advance`, { orderId: id, to: "SHIPPED" });
    progress("printed and shipped", i + 1, printIds.length);
  }
}
