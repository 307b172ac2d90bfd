import { collectCustomerData, redactCustomerData } from "./customer-data";
import {
  customerRedactSchema,
  dataRequestSchema,
  shopRedactSchema,
  type ComplianceTopic,
} from "./payloads";
import type { ComplianceStore, ComplianceTransaction, CustomerRef } from "./ports";
import { isUniqueViolation } from "../unique-violation";

export { COMPLIANCE_TOPICS, type ComplianceTopic } from "./payloads";
export type { CustomerDataReport } from "./customer-data";

export type ComplianceResult =
  | { outcome: "invalid"; reason: string }
  | { outcome: "duplicate"; requestId: string }
  | { outcome: "reported"; requestId: string; orders: number }
  | { outcome: "redacted"; requestId: string; orders: number }
  | { outcome: "shop_deleted"; requestId: string; rows: number };

function describe(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join(".") || "body"}: ${i.message}`)
    .join("; ");
}

function customerRef(
  payload: { customer: { id: string | undefined; email: string | undefined } },
  orderIds: CustomerRef["orderIds"],
): CustomerRef {
  return { customerId: payload.customer.id, email: payload.customer.email, orderIds };
}

/** The record of a customer request: ids only (no email or phone), and what was done. */
function recordCustomerRequest(
  tx: ComplianceTransaction,
  input: { shop: string; topic: ComplianceTopic; webhookId: string },
  now: Date,
  entry: { customerId: string | null; asked: Record<string, unknown>; result: unknown },
): Promise<string> {
  return tx.recordRequest({
    shop: input.shop,
    topic: input.topic,
    webhookId: input.webhookId,
    customerId: entry.customerId,
    payload: { customerId: entry.customerId, ...entry.asked },
    result: entry.result,
    now,
  });
}

/**
 * Handles one compliance webhook in one transaction, recorded as a
 * ComplianceRequest keyed by the delivery id, so a repeated delivery does
 * nothing twice. What is stored of the request itself holds ids only, no
 * email or phone.
 */
export async function handleComplianceWebhook(
  store: ComplianceStore,
  input: { shop: string; topic: ComplianceTopic; webhookId: string; payload: unknown; now?: Date },
): Promise<ComplianceResult> {
  const { shop, topic, webhookId } = input;
  const now = input.now ?? new Date();

  const existing = await store.findRequest(shop, webhookId);
  if (existing?.completedAt) return { outcome: "duplicate", requestId: existing.id };

  try {
    if (topic === "shop/redact") {
      const parsed = shopRedactSchema.safeParse(input.payload);
      if (!parsed.success) return { outcome: "invalid", reason: describe(parsed.error) };
      return await store.transaction(async (tx) => {
        const deleted = await tx.deleteShopRows(shop);
        // The one row kept: proof that the shop's data was deleted, holding no data of it.
        const requestId = await tx.recordRequest({
          shop,
          topic,
          webhookId,
          customerId: null,
          payload: { shop_id: parsed.data.shop_id ?? null },
          result: { deleted },
          now,
        });
        const rows = Object.values(deleted).reduce((a, b) => a + b, 0);
        return { outcome: "shop_deleted", requestId, rows } as const;
      });
    }

    if (topic === "customers/data_request") {
      const parsed = dataRequestSchema.safeParse(input.payload);
      if (!parsed.success) return { outcome: "invalid", reason: describe(parsed.error) };
      const p = parsed.data;
      return await store.transaction(async (tx) => {
        const report = await collectCustomerData(tx, shop, customerRef(p, p.orders_requested));
        const requestId = await recordCustomerRequest(tx, input, now, {
          customerId: p.customer.id ?? null,
          asked: { ordersRequested: p.orders_requested, dataRequestId: p.data_request?.id ?? null },
          result: report,
        });
        return { outcome: "reported", requestId, orders: report.orders.length } as const;
      });
    }

    const parsed = customerRedactSchema.safeParse(input.payload);
    if (!parsed.success) return { outcome: "invalid", reason: describe(parsed.error) };
    const p = parsed.data;
    return await store.transaction(async (tx) => {
      const counts = await redactCustomerData(tx, shop, customerRef(p, p.orders_to_redact), now);
      const requestId = await recordCustomerRequest(tx, input, now, {
        customerId: p.customer.id ?? null,
        asked: { ordersToRedact: p.orders_to_redact },
        result: counts,
      });
      return { outcome: "redacted", requestId, orders: counts.orders } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const row = await store.findRequest(shop, webhookId);
      return { outcome: "duplicate", requestId: row?.id ?? "" };
    }
    throw error;
  }
}
