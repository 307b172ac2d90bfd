/**
 * The end of the run: every outcome checked against the stand-ins' own
 * records, one table row per order, and whether everything ended as expected.
 */
import { PRINT, SHOPIFY } from "./config";
import { printConnectFulfillmentOrders, shopifyShows } from "./fulfillment-service";
import { call } from "./http";
import { printOrdersOf, type Placed, type PrintOrderView } from "./print-orders";

const money = (minor: number | null, currency: string) =>
  minor === null
    ? "-"
    : new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100);

const seconds = (from?: string, to?: string) =>
  from && to ? `${((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1)}s` : "-";

/**
 * For each order whose webhook was lost: how long after its payment the regular check with
 * Shopify found it, and how long until the print service was paid.
 */
export function caughtUpNotes(
  placed: Placed[],
  final: PrintOrderView[],
): { notes: string[]; failures: string[] } {
  const notes: string[] = [];
  const failures: string[] = [];
  for (const p of placed.filter((x) => x.scenario.webhookLost)) {
    const orders = final.filter((o) => o.shopifyOrderId === p.key);
    if (orders.some((o) => o.source !== "reconcile"))
      failures.push(
        `${p.name}: its webhook was lost, but the app did not hear of it by the regular check`,
      );
    const found = orders
      .flatMap((o) => o.events)
      .filter((e) => e.type === "planned")
      .map((e) => Date.parse(e.at))
      .sort((a, b) => a - b)[0];
    const paid = orders
      .map((o) => (o.servicePaidAt ? Date.parse(o.servicePaidAt) : NaN))
      .filter(Number.isFinite)
      .sort((a, b) => b - a)[0];
    const after = (at: number | undefined) =>
      at === undefined ? "-" : `${((at - p.paidAt) / 1000).toFixed(1)} s`;
    notes.push(
      `${p.name}: Shopify never delivered its orders/paid webhook. The regular check with Shopify ` +
        `found it ${after(found)} after it was paid; the print service was paid ${after(paid)} after.`,
    );
  }
  return { notes, failures };
}

/** Each order against the stand-ins' records: the failures, and the table rows. */
export async function checkOutcomes(
  placed: Placed[],
  final: PrintOrderView[],
): Promise<{ failures: string[]; rows: string[][] }> {
  const failures: string[] = [];
  const atService = await call<{ orders: { reference: string; history: { to: string }[] }[] }>(
    `${PRINT}/__sandbox/orders`,
  );
  const rows: string[][] = [];
  const everything = await printOrdersOf(placed);
  for (const p of placed) {
    const shows = shopifyShows(await printConnectFulfillmentOrders(p));
    const orders = (p.scenario.expect === "fulfilled" ? final : everything).filter(
      (o) => o.shopifyOrderId === p.key,
    );
    // A proof has no Shopify order: nothing there to fulfil, its tracking is the app's.
    const shopify =
      p.legacyId === null
        ? { fulfillments: [] }
        : await call<{ fulfillments: { trackingInfo: { number: string | null }[] }[] }>(
            `${SHOPIFY}/__fake/orders/${p.legacyId}`,
          );
    if (orders.length !== p.scenario.printOrders)
      failures.push(`${p.name}: ${orders.length} print orders, expected ${p.scenario.printOrders}`);
    for (const o of orders) {
      const service = atService.orders.filter((s) => s.reference === o.orderReference);
      if (p.scenario.expect === "fulfilled") {
        if (service.length !== 1)
          failures.push(
            `${p.name}: ${service.length} orders at the print service for ${o.orderReference}`,
          );
        if (service[0] && service[0].history.filter((h) => h.to === "PAID").length !== 1)
          failures.push(`${p.name}: ${o.orderReference} not paid exactly once`);
      } else if (p.scenario.expect === "cancelled") {
        // Paid once, then cancelled at the print service before production.
        if (service.length !== 1 || service[0]!.history.filter((h) => h.to === "PAID").length !== 1)
          failures.push(`${p.name}: ${o.orderReference} not created and paid exactly once`);
        if (service[0]?.history.at(-1)?.to !== "CANCELLED")
          failures.push(`${p.name}: ${o.orderReference} not cancelled at the print service`);
      } else {
        if (service.length !== 0)
          failures.push(`${p.name}: ${o.orderReference} reached the print service`);
        if (p.scenario.expectCode && o.lastErrorCode !== p.scenario.expectCode)
          failures.push(
            `${p.name}: ${o.orderReference} stopped with ${o.lastErrorCode ?? "no code"}, expected ${p.scenario.expectCode}`,
          );
      }
    }
    if (p.scenario.proof) {
      for (const o of orders.filter((x) => !x.trackingCode))
        failures.push(`${p.name}: ${o.orderReference} shipped without tracking`);
    }
    const expectedFulfillments =
      p.scenario.expect === "fulfilled" && !p.scenario.proof ? p.scenario.printOrders : 0;
    if (shopify.fulfillments.length !== expectedFulfillments)
      failures.push(
        `${p.name}: ${shopify.fulfillments.length} Shopify fulfillments, expected ${expectedFulfillments}`,
      );

    const expectedShows = {
      fulfilled: "Fulfilled",
      needs_attention: "Request declined",
      cancelled: "Cancelled",
    }[p.scenario.expect];
    if (p.legacyId !== null && !shows.startsWith(expectedShows))
      failures.push(`${p.name}: Shopify shows "${shows}", expected "${expectedShows}"`);

    rows.push(tableRow(p, orders, shows));
  }
  return { failures, rows };
}

/**
 * One table row: the order, its print orders, their state, what Shopify's order page shows,
 * money and timings.
 */
export function tableRow(p: Placed, orders: PrintOrderView[], shows: string): string[] {
  const wholesale = orders.reduce((sum, o) => sum + (o.wholesaleTotalMinor ?? 0), 0);
  const currency = orders[0]?.currency ?? "EUR";
  const at = (type: string) =>
    orders
      .flatMap((o) => o.events)
      .filter((e) => e.type === type)
      .map((e) => e.at)
      .sort()
      .at(-1);
  const first = (type: string) =>
    orders
      .flatMap((o) => o.events)
      .filter((e) => e.type === type)
      .map((e) => e.at)
      .sort()[0];
  return [
    p.name,
    p.scenario.label,
    orders.map((o) => o.orderReference).join(" "),
    [
      ...new Set(orders.map((o) => o.status + (o.lastErrorCode ? ` (${o.lastErrorCode})` : ""))),
    ].join(", "),
    shows,
    money(wholesale || null, currency),
    // A proof is bought at cost, not sold: no margin.
    p.scenario.expect === "fulfilled" && !p.scenario.proof
      ? money(p.retailMinor - wholesale, currency)
      : "-",
    orders
      .map((o) => o.trackingCode ?? "")
      .filter(Boolean)
      .join(" ") || "-",
    seconds(first("planned"), at("paid")),
    seconds(first("shipped"), at("fulfilled")),
  ];
}

/** Prints the table, the notes and the verdict; the exit code. */
export function printReport(
  rows: string[][],
  failures: string[],
  orderCount: number,
  notes: string[] = [],
): number {
  const header = [
    "Order",
    "Scenario",
    "Print orders",
    "State",
    "In Shopify",
    "Wholesale",
    "Margin",
    "Tracking",
    "Webhook->paid",
    "Shipped->fulfilled",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
  if (notes.length) console.log(`\n${notes.join("\n")}`);

  if (failures.length) {
    console.log(
      `\n${failures.length} expectation(s) failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`,
    );
    return 1;
  }
  console.log(
    `\nAll ${orderCount} orders ended as expected: every print order paid once, one Shopify fulfillment each (none for a proof copy, which ends with its tracking in the app, nor for the order cancelled from Shopify before printing).`,
  );
  return 0;
}

/** What the sandbox's mailbox holds: the alerts and the customers' links the demo produced. */
export async function mailboxNotes(
  shopifyUrl: string,
  alertsEverySeconds: string,
): Promise<string[]> {
  try {
    const response = await fetch(`${shopifyUrl}/__fake/mail.json`, {
      signal: AbortSignal.timeout(3_000),
    });
    const messages = (await response.json()) as { subject: string; to: string[] }[];
    if (messages.length === 0)
      return [
        `E-mails: none yet; the orders that need attention are gathered into one within ${alertsEverySeconds} s: ${shopifyUrl}/__fake/mail`,
      ];
    return [
      `E-mails in the sandbox mailbox (${shopifyUrl}/__fake/mail), alerts and customers' links:`,
      ...messages.map((m) => `  "${m.subject}" to ${m.to.join(", ")}`),
    ];
  } catch {
    return [];
  }
}
