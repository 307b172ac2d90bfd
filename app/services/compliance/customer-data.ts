import type { Prisma, PrismaClient } from "@prisma/client";
import { orderPartiesOfBody } from "../fulfilment/shopify-order";

type Db = PrismaClient | Prisma.TransactionClient;

export interface CustomerRef {
  customerId?: string | undefined;
  email?: string | undefined;
  orderIds: string[];
}

/** The shop orders that belong to a customer: by customer id, by the listed orders, or by email. */
export function customerOrdersWhere(shop: string, who: CustomerRef): Prisma.ShopOrderWhereInput {
  const or: Prisma.ShopOrderWhereInput[] = [];
  if (who.customerId) or.push({ customerId: who.customerId });
  if (who.orderIds.length) or.push({ shopifyOrderId: { in: who.orderIds } });
  if (who.email) or.push({ email: who.email });
  // No way to tell who it is: match nothing rather than everything. A proof copy is sent to the
  // shop itself: its address is the merchant's, even when its email is also a customer's.
  return { shop, source: { not: "proof" }, OR: or.length ? or : [{ id: "" }] };
}

/** Orders recorded at the door are normally planned within seconds; this many are looked at. */
const WAITING_ORDERS_READ = 5_000;

/**
 * The customer's orders recorded and not yet planned (services/fulfilment/deliveries.ts):
 * their bodies hold the customer as Shopify sent it. Matched as shop orders are: by customer
 * id, by the listed orders, or by email.
 */
async function customerWaitingOrders(db: Db, shop: string, who: CustomerRef) {
  const rows = await db.orderDelivery.findMany({
    where: { shop },
    orderBy: { receivedAt: "asc" },
    take: WAITING_ORDERS_READ,
    select: { webhookId: true, body: true, receivedAt: true },
  });
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
export async function collectCustomerData(db: Db, shop: string, who: CustomerRef) {
  const orders = await db.shopOrder.findMany({
    where: customerOrdersWhere(shop, who),
    orderBy: { createdAt: "asc" },
    include: {
      printOrders: { where: { shop }, include: { items: { where: { shop } } } },
      events: { where: { shop }, orderBy: [{ at: "asc" }, { id: "asc" }] },
    },
  });
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
    waitingOrders: (await customerWaitingOrders(db, shop, who)).map((w) => ({
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
  db: Prisma.TransactionClient,
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
  const orders = await db.shopOrder.findMany({ where: customerOrdersWhere(shop, who) });
  for (const order of orders) {
    const secrets = personalStrings(order);
    // The links to correct the address, and their e-mails, name the customer's e-mail address.
    await db.addressLink.deleteMany({ where: { shop, shopOrderId: order.id } });
    if (order.email)
      await db.mailMessage.deleteMany({ where: { shop, kind: "address-link", to: order.email } });
    await db.shopOrder.updateMany({
      where: { shop, id: order.id },
      data: {
        email: null,
        shippingAddress: null,
        customerId: null,
        lineItems: withoutProperties(order.lineItems),
        redactedAt: now,
      },
    });
    counts.orders += 1;
    const printOrders = await db.printOrder.updateMany({
      where: { shop, shopOrderId: order.id },
      data: { trackingCode: null, trackingUrl: null, trackingPushed: "[]", lastErrorMessage: null },
    });
    counts.printOrders += printOrders.count;
    const personalised = await db.printOrderItem.findMany({
      where: { shop, printOrder: { shopOrderId: order.id }, fileProperty: { not: null } },
      select: { id: true, fileDetails: true },
    });
    for (const item of personalised) {
      await db.printOrderItem.updateMany({
        where: { shop, id: item.id },
        data: { fileDetails: redactFiles(item.fileDetails) },
      });
      counts.items += 1;
    }
    const events = await db.orderEvent.findMany({
      where: { shop, shopOrderId: order.id },
      select: { id: true, message: true },
    });
    for (const event of events) {
      await db.orderEvent.updateMany({
        where: { shop, id: event.id },
        data: { message: scrub(event.message, secrets), data: null },
      });
      counts.events += 1;
    }
  }
  // An order of theirs still waiting to be planned is deleted, not printed: Shopify asks for
  // erasure only once the customer's orders are six months old, so such an order was stuck.
  const waiting = await customerWaitingOrders(db, shop, who);
  if (waiting.length > 0) {
    const deleted = await db.orderDelivery.deleteMany({
      where: { shop, webhookId: { in: waiting.map((w) => w.webhookId) } },
    });
    counts.waitingOrders = deleted.count;
  }
  // Earlier data-request reports for this customer hold the same data.
  if (who.customerId) {
    const reports = await db.complianceRequest.updateMany({
      where: { shop, topic: "customers/data_request", customerId: who.customerId },
      data: { result: JSON.stringify({ redacted: true, at: now.toISOString() }) },
    });
    counts.reports = reports.count;
  }
  return counts;
}

/** shop/redact: every row the app holds for the shop. */
export async function deleteShopData(db: Prisma.TransactionClient, shop: string) {
  const where = { shop };
  const events = await db.orderEvent.deleteMany({ where });
  const items = await db.printOrderItem.deleteMany({ where });
  const printOrders = await db.printOrder.deleteMany({ where });
  const addressLinks = await db.addressLink.deleteMany({ where });
  const statusUpdates = await db.statusUpdate.deleteMany({ where });
  const orders = await db.shopOrder.deleteMany({ where });
  const mappings = await db.variantMapping.deleteMany({ where });
  const mappingQuotes = await db.mappingQuote.deleteMany({ where });
  const publications = await db.publication.deleteMany({ where });
  const billingEntities = await db.billingEntityRecord.deleteMany({ where });
  const productCreations = await db.productCreation.deleteMany({ where });
  const receipts = await db.webhookReceipt.deleteMany({ where });
  // Orders recorded and not yet planned hold the order's customer as Shopify sent it.
  const deliveries = await db.orderDelivery.deleteMany({ where });
  const requests = await db.complianceRequest.deleteMany({ where });
  const shopSyncs = await db.shopSync.deleteMany({ where });
  const mailMessages = await db.mailMessage.deleteMany({ where });
  const stockings = await db.serviceStocking.deleteMany({ where });
  const sessions = await db.session.deleteMany({ where });
  const shops = await db.shop.deleteMany({ where });
  return {
    events: events.count,
    printOrderItems: items.count,
    printOrders: printOrders.count,
    orders: orders.count,
    addressLinks: addressLinks.count,
    statusUpdates: statusUpdates.count,
    mappings: mappings.count,
    mappingQuotes: mappingQuotes.count,
    publications: publications.count,
    billingEntityRecords: billingEntities.count,
    productCreations: productCreations.count,
    webhookReceipts: receipts.count,
    orderDeliveries: deliveries.count,
    complianceRequests: requests.count,
    shopSyncs: shopSyncs.count,
    mailMessages: mailMessages.count,
    serviceStockings: stockings.count,
    sessions: sessions.count,
    shops: shops.count,
  };
}
