import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import { deleteShopRollup } from "./profit-refresh.server";
import type {
  ComplianceRecord,
  ComplianceStore,
  ComplianceTransaction,
  CustomerRef,
} from "../services/compliance/ports";

type Tx = Prisma.TransactionClient;

/** Compliance requests as recorded. Every function is keyed by shop. */

export async function listComplianceRequests({ shop, take = 50 }: { shop: string; take?: number }) {
  return prisma.complianceRequest.findMany({
    where: { shop },
    orderBy: { receivedAt: "desc" },
    take,
    select: { id: true, topic: true, customerId: true, receivedAt: true, completedAt: true },
  });
}

/** A data-request report, for the merchant to pass on to the customer. */
export async function getComplianceReport({ shop, id }: { shop: string; id: string }) {
  const row = await prisma.complianceRequest.findFirst({
    where: { shop, id },
    select: { topic: true, result: true, receivedAt: true },
  });
  if (!row?.result) return null;
  return {
    topic: row.topic,
    receivedAt: row.receivedAt,
    report: JSON.parse(row.result) as unknown,
  };
}

/**
 * The shop orders that belong to a customer: by customer id, by the listed orders, or by email.
 * No way to tell who it is matches nothing rather than everything. A proof copy is sent to the
 * shop itself: its address is the merchant's, even when its email is also a customer's.
 */
function customerOrdersWhere(shop: string, who: CustomerRef): Prisma.ShopOrderWhereInput {
  const or: Prisma.ShopOrderWhereInput[] = [];
  if (who.customerId) or.push({ customerId: who.customerId });
  if (who.orderIds.length) or.push({ shopifyOrderId: { in: who.orderIds } });
  if (who.email) or.push({ email: who.email });
  return { shop, source: { not: "proof" }, OR: or.length ? or : [{ id: "" }] };
}

const customerOrderHistories = (tx: Tx, shop: string, who: CustomerRef) =>
  tx.shopOrder.findMany({
    where: customerOrdersWhere(shop, who),
    orderBy: { createdAt: "asc" },
    include: {
      printOrders: { where: { shop }, include: { items: { where: { shop } } } },
      events: { where: { shop }, orderBy: [{ at: "asc" }, { id: "asc" }] },
    },
  });

const customerOrders = (tx: Tx, shop: string, who: CustomerRef) =>
  tx.shopOrder.findMany({ where: customerOrdersWhere(shop, who) });

const waitingOrders = (tx: Tx, shop: string, take: number) =>
  tx.orderDelivery.findMany({
    where: { shop },
    orderBy: { receivedAt: "asc" },
    take,
    select: { webhookId: true, body: true, receivedAt: true },
  });

async function deleteWaitingOrders(tx: Tx, shop: string, webhookIds: string[]) {
  const deleted = await tx.orderDelivery.deleteMany({
    where: { shop, webhookId: { in: webhookIds } },
  });
  return deleted.count;
}

async function deleteAddressLinks(tx: Tx, shop: string, shopOrderId: string, email: string | null) {
  await tx.addressLink.deleteMany({ where: { shop, shopOrderId } });
  if (email) await tx.mailMessage.deleteMany({ where: { shop, kind: "address-link", to: email } });
}

async function eraseOrderCustomer(
  tx: Tx,
  shop: string,
  shopOrderId: string,
  change: { lineItems: string; redactedAt: Date },
) {
  await tx.shopOrder.updateMany({
    where: { shop, id: shopOrderId },
    data: { email: null, shippingAddress: null, customerId: null, ...change },
  });
}

async function erasePrintOrdersTracking(tx: Tx, shop: string, shopOrderId: string) {
  const erased = await tx.printOrder.updateMany({
    where: { shop, shopOrderId },
    data: { trackingCode: null, trackingUrl: null, trackingPushed: "[]", lastErrorMessage: null },
  });
  return erased.count;
}

const personalisedItems = (tx: Tx, shop: string, shopOrderId: string) =>
  tx.printOrderItem.findMany({
    where: { shop, printOrder: { shopOrderId }, fileProperty: { not: null } },
    select: { id: true, fileDetails: true },
  });

async function setItemFileDetails(
  tx: Tx,
  shop: string,
  itemId: string,
  fileDetails: string | null,
) {
  await tx.printOrderItem.updateMany({ where: { shop, id: itemId }, data: { fileDetails } });
}

const orderEventMessages = (tx: Tx, shop: string, shopOrderId: string) =>
  tx.orderEvent.findMany({ where: { shop, shopOrderId }, select: { id: true, message: true } });

async function setEventMessage(tx: Tx, shop: string, eventId: number, message: string) {
  await tx.orderEvent.updateMany({ where: { shop, id: eventId }, data: { message, data: null } });
}

async function replaceCustomerReports(tx: Tx, shop: string, customerId: string, result: unknown) {
  const replaced = await tx.complianceRequest.updateMany({
    where: { shop, topic: "customers/data_request", customerId },
    data: { result: JSON.stringify(result) },
  });
  return replaced.count;
}

/** shop/redact: every row the app holds for the shop, counted per table. */
async function deleteShopRows(tx: Tx, shop: string) {
  const where = { shop };
  const events = await tx.orderEvent.deleteMany({ where });
  const items = await tx.printOrderItem.deleteMany({ where });
  const printOrders = await tx.printOrder.deleteMany({ where });
  const profitRollup = await deleteShopRollup(tx, shop);
  const addressLinks = await tx.addressLink.deleteMany({ where });
  const statusUpdates = await tx.statusUpdate.deleteMany({ where });
  const orders = await tx.shopOrder.deleteMany({ where });
  const mappings = await tx.variantMapping.deleteMany({ where });
  const mappingQuotes = await tx.mappingQuote.deleteMany({ where });
  const publications = await tx.publication.deleteMany({ where });
  const billingEntities = await tx.billingEntityRecord.deleteMany({ where });
  const productCreations = await tx.productCreation.deleteMany({ where });
  const receipts = await tx.webhookReceipt.deleteMany({ where });
  // Orders recorded and not yet planned hold the order's customer as Shopify sent it.
  const deliveries = await tx.orderDelivery.deleteMany({ where });
  const requests = await tx.complianceRequest.deleteMany({ where });
  const regularChecks = await tx.regularCheck.deleteMany({ where });
  const mailMessages = await tx.mailMessage.deleteMany({ where });
  const stockings = await tx.serviceStocking.deleteMany({ where });
  const sessions = await tx.session.deleteMany({ where });
  const shops = await tx.shop.deleteMany({ where });
  return {
    events: events.count,
    printOrderItems: items.count,
    printOrders: printOrders.count,
    profitRollupRows: profitRollup,
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
    regularChecks: regularChecks.count,
    mailMessages: mailMessages.count,
    serviceStockings: stockings.count,
    sessions: sessions.count,
    shops: shops.count,
  };
}

/** A handled request as kept: what was asked and what was done, each as JSON. */
async function recordComplianceRequest(tx: Tx, record: ComplianceRecord) {
  const row = await tx.complianceRequest.create({
    data: {
      shop: record.shop,
      topic: record.topic,
      webhookId: record.webhookId,
      customerId: record.customerId,
      payload: JSON.stringify(record.payload),
      result: JSON.stringify(record.result),
      receivedAt: record.now,
      completedAt: record.now,
    },
  });
  return row.id;
}

function complianceTransaction(tx: Tx): ComplianceTransaction {
  return {
    customerOrderHistories: (shop, who) => customerOrderHistories(tx, shop, who),
    customerOrders: (shop, who) => customerOrders(tx, shop, who),
    waitingOrders: (shop, take) => waitingOrders(tx, shop, take),
    deleteWaitingOrders: (shop, webhookIds) => deleteWaitingOrders(tx, shop, webhookIds),
    deleteAddressLinks: (shop, shopOrderId, email) =>
      deleteAddressLinks(tx, shop, shopOrderId, email),
    eraseOrderCustomer: (shop, shopOrderId, change) =>
      eraseOrderCustomer(tx, shop, shopOrderId, change),
    erasePrintOrdersTracking: (shop, shopOrderId) =>
      erasePrintOrdersTracking(tx, shop, shopOrderId),
    personalisedItems: (shop, shopOrderId) => personalisedItems(tx, shop, shopOrderId),
    setItemFileDetails: (shop, itemId, fileDetails) =>
      setItemFileDetails(tx, shop, itemId, fileDetails),
    orderEventMessages: (shop, shopOrderId) => orderEventMessages(tx, shop, shopOrderId),
    setEventMessage: (shop, eventId, message) => setEventMessage(tx, shop, eventId, message),
    replaceCustomerReports: (shop, customerId, result) =>
      replaceCustomerReports(tx, shop, customerId, result),
    deleteShopRows: (shop) => deleteShopRows(tx, shop),
    recordRequest: (record) => recordComplianceRequest(tx, record),
  };
}

/** Compliance handling's store (services/compliance): each request in one transaction. */
export const complianceStore: ComplianceStore = {
  findRequest: (shop, webhookId) =>
    prisma.complianceRequest.findUnique({
      where: { shop_webhookId: { shop, webhookId } },
      select: { id: true, completedAt: true },
    }),
  transaction: (work) => prisma.$transaction((tx) => work(complianceTransaction(tx))),
};
