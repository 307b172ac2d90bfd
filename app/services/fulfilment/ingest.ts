import { Prisma, type PrismaClient } from "@prisma/client";
import { eventRow } from "./events";
import { orderVersion, storedOlderThan, versionColumns } from "./order-version";
import { orderReference, planPrintItems, type MappingForPlan } from "./plan";
import { variantGid, type ShopifyOrder } from "./shopify-order";

export type IngestResult =
  | { outcome: "duplicate_delivery" }
  | { outcome: "already_planned"; shopOrderId: string }
  | { outcome: "cancelled"; shopOrderId: string }
  | { outcome: "nothing_to_print"; shopOrderId: string; skipped: number }
  | { outcome: "planned"; shopOrderId: string; printOrderIds: string[]; skipped: number };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Records a paid shop order and its print-order plan in one transaction, and
 * answers what happened. No call leaves the process: the worker does the rest.
 *
 * Repeats are recognised twice over: by the delivery's webhook id, and by the
 * shop order itself (a print order is planned once per shop order). The
 * order's version is stored, so later orders/updated deliveries that are
 * older than this one are not applied; an older copy of a stored order does
 * not overwrite its snapshot either.
 */
export async function ingestPaidOrder(
  db: PrismaClient,
  input: {
    shop: string;
    webhookId: string;
    topic: string;
    order: ShopifyOrder;
    /** The delivery's X-Shopify-Triggered-At. */
    triggeredAt?: string | undefined;
    now?: Date;
  },
): Promise<IngestResult> {
  const { shop, webhookId, topic, order } = input;
  const now = input.now ?? new Date();
  const version = orderVersion(order.updated_at, input.triggeredAt);
  try {
    return await db.$transaction(async (tx) => {
      await tx.webhookReceipt.create({ data: { shop, webhookId, topic, receivedAt: now } });

      const existing = await tx.shopOrder.findUnique({
        where: { shop_shopifyOrderId: { shop, shopifyOrderId: order.id } },
        select: { id: true, cancelledAt: true, _count: { select: { printOrders: true } } },
      });
      if (existing && existing._count.printOrders > 0) {
        return { outcome: "already_planned", shopOrderId: existing.id } as const;
      }

      const variantIds = order.line_items
        .map((l) => l.variant_id)
        .filter((v): v is string => Boolean(v))
        .map(variantGid);
      const rows = await tx.variantMapping.findMany({
        where: { shop, variantId: { in: variantIds } },
      });
      const mappings = new Map<string, MappingForPlan>(rows.map((r) => [r.variantId, r]));
      const plan = planPrintItems(order, mappings);

      const snapshot = {
        name: order.name,
        email: order.email ?? order.contact_email ?? null,
        currency: order.currency,
        shippingAddress: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
        lineItems: JSON.stringify(order.line_items),
        customerId: order.customer?.id ?? null,
      };
      if (existing) {
        await tx.shopOrder.updateMany({
          where: { id: existing.id, shop, ...storedOlderThan(version) },
          data: { ...snapshot, ...versionColumns(version) },
        });
      }
      const shopOrder = existing
        ? existing
        : await tx.shopOrder.create({
            data: { shop, shopifyOrderId: order.id, ...snapshot, ...versionColumns(version) },
          });

      const actor = `webhook:${topic}` as const;
      // Shopify already had the order cancelled when it reported the payment
      // (or orders/cancelled came first): printing it would cost the merchant
      // for a parcel nobody should get.
      if (order.cancelled_at || existing?.cancelledAt) {
        await tx.shopOrder.updateMany({
          where: { id: shopOrder.id, shop, cancelledAt: null },
          data: { cancelledAt: now },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId: shopOrder.id,
            actor,
            type: "cancelled_before_planning",
            message: `${order.name} was already cancelled in Shopify when its payment arrived; nothing was sent to print.`,
            data: { cancelledAt: order.cancelled_at ?? existing?.cancelledAt?.toISOString() },
            at: now,
          }),
        });
        return { outcome: "cancelled", shopOrderId: shopOrder.id } as const;
      }
      if (plan.items.length === 0) {
        await tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId: shopOrder.id,
            actor,
            type: "nothing_to_print",
            message: `${order.name} has no print products; nothing was sent to print.`,
            data: { skipped: plan.skipped },
            at: now,
          }),
        });
        return {
          outcome: "nothing_to_print",
          shopOrderId: shopOrder.id,
          skipped: plan.skipped.length,
        } as const;
      }

      const settings = await tx.shop.findUnique({ where: { shop }, select: { currency: true } });
      // One print order for now; the worker splits it if the service cannot
      // produce every item at one facility.
      const printOrder = await tx.printOrder.create({
        data: {
          shop,
          shopOrderId: shopOrder.id,
          shopifyOrderId: order.id,
          shopifyOrderName: order.name,
          groupIndex: 0,
          orderReference: orderReference(order.id, 0),
          status: "pending",
          currency: settings?.currency ?? order.currency,
          nextAttemptAt: now,
          items: {
            create: plan.items.map((item) => ({
              shop,
              itemReference: item.itemReference,
              shopifyLineItemId: item.lineItemId,
              variantId: item.variantId,
              offeringId: item.offeringId,
              quantity: item.quantity,
              title: item.title,
              fileDetails: item.files ? JSON.stringify(item.files) : null,
              fileProperty: item.fileProperty,
            })),
          },
        },
      });
      await tx.orderEvent.create({
        data: eventRow({
          shop,
          shopOrderId: shopOrder.id,
          printOrderId: printOrder.id,
          actor,
          type: "planned",
          message:
            `${order.name} paid: ${plan.items.length} print item(s) planned` +
            (plan.skipped.length ? `, ${plan.skipped.length} line(s) not printed.` : "."),
          data: {
            items: plan.items.map((i) => ({
              title: i.title,
              quantity: i.quantity,
              offeringId: i.offeringId,
              fileAwaited: i.files === null,
            })),
            skipped: plan.skipped,
          },
          at: now,
        }),
      });
      return {
        outcome: "planned",
        shopOrderId: shopOrder.id,
        printOrderIds: [printOrder.id],
        skipped: plan.skipped.length,
      } as const;
    });
  } catch (error) {
    // A concurrent copy of the same delivery won the race: it did the work.
    if (isUniqueViolation(error)) return { outcome: "duplicate_delivery" };
    throw error;
  }
}
