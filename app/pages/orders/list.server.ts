import { z } from "zod";
import { listPrintOrders, ordersVersion } from "../../data/print-orders.server";
import { MAX_BULK_ORDERS } from "../../services/fulfilment/commands";
import { isPrintOrderStatus } from "../../services/fulfilment/machine";
import { isOrderView, type OrderView } from "../../services/fulfilment/order-views";
import { isPrintOrderKind, type PrintOrderKind } from "../../services/fulfilment/order-kind";
import { runBulkOrderAction, type BulkActionData } from "./bulk-action.server";

/** The Orders page: one page of print orders with its filters, and the bulk actions. */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

const querySchema = z.object({
  view: z
    .string()
    .optional()
    .transform((v): OrderView => (v && isOrderView(v) ? v : "all")),
  status: z
    .string()
    .optional()
    .transform((v) => (v && isPrintOrderStatus(v) ? v : undefined)),
  q: z.string().trim().max(50).optional().catch(undefined),
  // Only sales or only proof copies; anything else shows both.
  kind: z
    .string()
    .optional()
    .transform((v): PrintOrderKind | undefined => (v && isPrintOrderKind(v) ? v : undefined)),
  from: day,
  to: day,
  after: z.string().max(200).optional(),
  before: z.string().max(200).optional(),
});

/** The page's rows, cursors and change stamp for the filters in the page address. */
export async function loadOrders({ shop, url }: { shop: string; url: URL }) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  // "to" is inclusive for the merchant: up to the end of that day.
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined;
  // Read before the list: a change made while the list is read shows as new on the next check.
  const version = await ordersVersion({ shop });
  const page = await listPrintOrders({
    shop,
    filters: {
      view: query.view,
      status: query.status,
      search: query.q,
      from,
      to,
      kind: query.kind,
    },
    after: query.after,
    before: query.before,
  });
  return {
    ...page,
    version,
    query: {
      view: query.view,
      q: query.q ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
      kind: query.kind ?? "",
    },
  };
}

const bulkSchema = z.object({
  intent: z.enum(["approve", "cancel"]),
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_ORDERS),
});

/**
 * Approve or cancel the selected print orders, each by its own rules (commands/bulk.ts); a
 * form without an intent or orders is answered with a 400.
 */
export async function runOrdersAction({
  shop,
  form,
}: {
  shop: string;
  form: FormData;
}): Promise<{ answer: BulkActionData | { error: string }; status: number }> {
  const parsed = bulkSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids") });
  if (!parsed.success) return { answer: { error: "Select the orders first." }, status: 400 };
  return { answer: await runBulkOrderAction({ shop, ...parsed.data }), status: 200 };
}
