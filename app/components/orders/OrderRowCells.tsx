import { Badge, BlockStack, IndexTable, InlineStack, Link, Text } from "@shopify/polaris";
import type { SerializeFrom } from "@remix-run/node";
import type { loadOrders } from "../../pages/orders/list.server";
import { serviceStateLabel } from "../../services/fulfilment/service-states";
import { countOf } from "../../services/merchant-text/orders";
import { PROOF_BADGE, shownStatusOf } from "../../services/merchant-text/proofs";
import { StatusBadge } from "../StatusBadge";
import { useFormat } from "../format";

type OrderRow = SerializeFrom<Awaited<ReturnType<typeof loadOrders>>>["rows"][number];

/** The order's name (its page's link), a proof's badge, and which part of a split order it is. */
function OrderName({ row }: { row: OrderRow }) {
  return (
    <BlockStack gap="050">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Link url={`/app/orders/${row.id}`} dataPrimaryLink removeUnderline>
          <Text as="span" fontWeight="semibold">
            {row.shopifyOrderName}
          </Text>
        </Link>
        {row.kind === "proof" ? <Badge tone="info">{PROOF_BADGE}</Badge> : null}
      </InlineStack>
      {row.split ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {`Print order ${row.split.index} of ${row.split.of}`}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/** What the merchant reads about the order: why it waits, until when, or its service order. */
function useDetails(row: OrderRow): string {
  const fmt = useFormat();
  if (row.status === "needs_attention") return row.lastErrorMessage ?? "";
  if (row.status === "held" && row.holdUntil) return `Until ${fmt.dateTime(row.holdUntil)}`;
  if (row.printOrderId)
    return `Print service order ${row.printOrderId}${row.serviceState ? ` · ${serviceStateLabel(row.serviceState)}` : ""}`;
  return "";
}

/**
 * One print order's cells in the Orders table: a column each on a wide screen, or, stacked on a
 * phone, one block with every fact (name, status, date, copies, cost, details) so none is cut.
 */
export function OrderRowCells({ row, stacked }: { row: OrderRow; stacked: boolean }) {
  const fmt = useFormat();
  const details = useDetails(row);
  const wholesale =
    row.wholesaleTotalMinor === null
      ? "—"
      : fmt.money({ amountMinor: row.wholesaleTotalMinor, currency: row.currency });
  if (stacked) {
    return (
      <IndexTable.Cell>
        <BlockStack gap="100">
          <InlineStack align="space-between" blockAlign="start" gap="200" wrap={false}>
            <OrderName row={row} />
            <StatusBadge status={shownStatusOf(row)} />
          </InlineStack>
          <Text as="span" tone="subdued" variant="bodySm">
            {`${fmt.dateTime(row.createdAt)} · ${countOf(row.copies, "copy", "copies")} · ${wholesale}`}
          </Text>
          {details ? (
            <div style={{ whiteSpace: "normal" }}>
              <Text as="span" tone="subdued" variant="bodySm">
                {details}
              </Text>
            </div>
          ) : null}
        </BlockStack>
      </IndexTable.Cell>
    );
  }
  return (
    <>
      <IndexTable.Cell>
        <OrderName row={row} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <StatusBadge status={shownStatusOf(row)} />
      </IndexTable.Cell>
      <IndexTable.Cell>{fmt.dateTime(row.createdAt)}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {fmt.number(row.copies)}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {wholesale}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {/* Wraps instead of widening the table: the reason is what the merchant reads. */}
        <div style={{ whiteSpace: "normal", minWidth: "14rem" }}>
          <Text as="span" tone="subdued">
            {details}
          </Text>
        </div>
      </IndexTable.Cell>
    </>
  );
}
