import { orderPartiesOfBody } from "../fulfilment/shopify-order";
import type { ComplianceTransaction, CustomerRef } from "./ports";

/** Orders recorded at the door are normally planned within seconds; this many are looked at. */
const WAITING_ORDERS_READ = 5_000;

/**
 * The customer's orders recorded and not yet planned (services/fulfilment/deliveries.ts):
 * their bodies hold the customer as Shopify sent it. Matched as shop orders are: by customer
 * id, by the listed orders, or by email.
 */
async function customerWaitingOrders(tx: ComplianceTransaction, shop: string, who: CustomerRef) {
  const rows = await tx.waitingOrders(shop, WAITING_ORDERS_READ);
  const orderIds = new Set(who.orderIds);
  return rows.flatMap((row) => {
    const parties = orderPartiesOfBody(row.body);
    if (!parties) return [];
    const theirs =
      (parties.orderId !== null && orderIds.has(parties.orderId)) ||
      (who.customerId !== undefined && parties.customerId === who.customerId) ||
      (who.email !== undefined && parties.emails.includes(who.email));
    return theirs ? [{ ...row, orderId: parties.orderId }] : [];
  });
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Everything the app holds on a customer, as one report (for customers/data_request). */
export async function collectCustomerData(
  tx: ComplianceTransaction,
  shop: string,
  who: CustomerRef,
) {
  const orders = await tx.customerOrderHistories(shop, who);
  return {
    shop,
    generatedAt: new Date().toISOString(),
    customer: { id: who.customerId ?? null, email: who.email ?? null },
    orders: orders.map((o) => ({
      shopifyOrderId: o.shopifyOrderId,
      name: o.name,
      email: o.email,
      customerId: o.customerId,
      currency: o.currency,
      shippingAddress: parseJson(o.shippingAddress),
      lineItems: parseJson(o.lineItems),
      createdAt: o.createdAt.toISOString(),
      redactedAt: o.redactedAt?.toISOString() ?? null,
      printOrders: o.printOrders.map((p) => ({
        orderReference: p.orderReference,
        printOrderId: p.printOrderId,
        status: p.status,
        serviceState: p.serviceState,
        currency: p.currency,
        wholesaleTotalMinor: p.wholesaleTotalMinor,
        retailTotalMinor: p.retailTotalMinor,
        trackingCode: p.trackingCode,
        trackingUrl: p.trackingUrl,
        trackingCompany: p.trackingCompany,
        createdAt: p.createdAt.toISOString(),
        items: p.items.map((i) => ({
          title: i.title,
          quantity: i.quantity,
          offeringId: i.offeringId,
          files: parseJson(i.fileDetails),
        })),
      })),
      events: o.events.map((e) => ({
        at: e.at.toISOString(),
        actor: e.actor,
        type: e.type,
        message: e.message,
        data: parseJson(e.data),
      })),
    })),
    // Recorded and not yet planned: the order exactly as Shopify sent it.
    waitingOrders: (await customerWaitingOrders(tx, shop, who)).map((w) => ({
      shopifyOrderId: w.orderId,
      receivedAt: w.receivedAt.toISOString(),
      orderAsReceived: w.body,
    })),
    elsewhere:
      "Print orders were also sent to the print service with the shipping address; " +
      "ask the print service for its copy.",
  };
}
export type CustomerDataReport = Awaited<ReturnType<typeof collectCustomerData>>;

const REDACTED = "[redacted]";

function personalStrings(order: {
  email: string | null;
  shippingAddress: string | null;
}): string[] {
  const values = new Set<string>();
  if (order.email) values.add(order.email);
  const address = parseJson(order.shippingAddress);
  if (address && typeof address === "object") {
    for (const key of [
      "first_name",
      "last_name",
      "name",
      "address1",
      "address2",
      "phone",
      "company",
      "zip",
    ]) {
      const v = (address as Record<string, unknown>)[key];
      if (typeof v === "string" && v.trim().length >= 3) values.add(v.trim());
    }
  }
  // Longest first, so "Anna Jansen" goes before "Anna".
  return [...values].sort((a, b) => b.length - a.length);
}

function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out.replace(/[\w.+-]+@[\w-]+\.[\w.-]+/g, REDACTED);
}

function withoutProperties(lineItemsJson: string): string {
  const items = parseJson(lineItemsJson);
  if (!Array.isArray(items)) return "[]";
  return JSON.stringify(
    items.map((item: unknown) =>
      item && typeof item === "object" ? { ...(item as object), properties: [] } : item,
    ),
  );
}

function redactFiles(fileDetails: string | null): string | null {
  const files = parseJson(fileDetails);
  if (!files || typeof files !== "object") return fileDetails;
  return JSON.stringify({ ...(files as object), contentUrl: REDACTED, redacted: true });
}

export interface RedactionCounts {
  orders: number;
  printOrders: number;
  items: number;
  events: number;
  reports: number;
  /** Orders recorded and not yet planned, deleted with the customer in them. */
  waitingOrders: number;
}

/**
 * customers/redact: erases the customer's personal data from the order
 * snapshots, their print orders (tracking, customer files) and the event
 * history, and from earlier data-request reports, and deletes their orders still
 * waiting to be planned. Financial facts stay:
 * order names and ids, amounts, currencies, statuses, offerings, quantities.
 */
export async function redactCustomerData(
  tx: ComplianceTransaction,
  shop: string,
  who: CustomerRef,
  now: Date,
): Promise<RedactionCounts> {
  const counts: RedactionCounts = {
    orders: 0,
    printOrders: 0,
    items: 0,
    events: 0,
    reports: 0,
    waitingOrders: 0,
  };
  const orders = await tx.customerOrders(shop, who);
  for (const order of orders) {
    const secrets = personalStrings(order);
    // The links to correct the address, and their e-mails, name the customer's e-mail address.
    await tx.deleteAddressLinks(shop, order.id, order.email);
    await tx.eraseOrderCustomer(shop, order.id, {
      lineItems: withoutProperties(order.lineItems),
      redactedAt: now,
    });
    counts.orders += 1;
    counts.printOrders += await tx.erasePrintOrdersTracking(shop, order.id);
    for (const item of await tx.personalisedItems(shop, order.id)) {
      await tx.setItemFileDetails(shop, item.id, redactFiles(item.fileDetails));
      counts.items += 1;
    }
    for (const event of await tx.orderEventMessages(shop, order.id)) {
      await tx.setEventMessage(shop, event.id, scrub(event.message, secrets));
      counts.events += 1;
    }
  }
  // An order of theirs still waiting to be planned is deleted, not printed: Shopify asks for
  // erasure only once the customer's orders are six months old, so such an order was stuck.
  const waiting = await customerWaitingOrders(tx, shop, who);
  if (waiting.length > 0) {
    counts.waitingOrders = await tx.deleteWaitingOrders(
      shop,
      waiting.map((w) => w.webhookId),
    );
  }
  // Earlier data-request reports for this customer hold the same data.
  if (who.customerId) {
    counts.reports = await tx.replaceCustomerReports(shop, who.customerId, {
      redacted: true,
      at: now.toISOString(),
    });
  }
  return counts;
}
