import { useFetcher, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  EmptySearchResult,
  IndexTable,
  useBreakpoints,
  InlineStack,
  Page,
  Pagination,
  Tabs,
  useIndexResourceState,
} from "@shopify/polaris";
import type { BulkActionData } from "../../pages/orders/bulk-action.server";
import type { loadOrders } from "../../pages/orders/list.server";
import { ORDER_VIEWS, type OrderView } from "../../services/fulfilment/order-views";
import { countOf } from "../../services/merchant-text/orders";
import { Empty } from "../States";
import { LiveUpdates } from "../order/LiveUpdates";
import { OrderRowCells } from "./OrderRowCells";
import { OrdersFilter } from "./OrdersFilter";

export type OrdersPageData = SerializeFrom<Awaited<ReturnType<typeof loadOrders>>>;

const VIEW_KEYS = Object.keys(ORDER_VIEWS) as OrderView[];

type BulkAnswer = BulkActionData | { error: string };

/** The answer of the last bulk action, until the merchant dismisses it. */
function BulkResult({ answer, onDismiss }: { answer: BulkAnswer; onDismiss: () => void }) {
  if ("error" in answer)
    return <Banner tone="critical" title={answer.error} onDismiss={onDismiss} />;
  return <Banner tone={answer.tone} title={answer.message} onDismiss={onDismiss} />;
}

/** The Print orders page: views, filter, the list with its bulk actions, and pages of it. */
export function OrdersPage({ data }: { data: OrdersPageData }) {
  const { rows, nextCursor, previousCursor, query, version } = data;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { smDown } = useBreakpoints();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/orders";
  const filtered = Boolean(query.q || query.from || query.to || query.kind);
  const bulk = useFetcher<BulkAnswer>();
  const { selectedResources, handleSelectionChange, clearSelection } = useIndexResourceState(rows);
  // Only rows still on the page count: a live update may have moved some out of this view.
  const selectedIds = selectedResources.filter((id) => rows.some((r) => r.id === id));
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const bulkBusy = bulk.state !== "idle" ? bulk.formData?.get("intent") : null;
  const runBulk = (intent: "approve" | "cancel") => {
    const form = new FormData();
    form.set("intent", intent);
    for (const id of selectedIds) form.append("ids", id);
    setConfirmCancel(false);
    bulk.submit(form, { method: "post", action: "/app/orders?index" });
  };
  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data) return;
    setAnswer(bulk.data);
    if (!("error" in bulk.data)) clearSelection();
    // clearSelection is recreated on each render; the answer is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk.state, bulk.data]);

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    navigate(`/app/orders?${next.toString()}`);
  };

  const tabs = VIEW_KEYS.map((key) => ({
    id: `view-${key}`,
    content: ORDER_VIEWS[key].label,
    panelID: `panel-${key}`,
  }));
  const selected = Math.max(0, VIEW_KEYS.indexOf(query.view));

  const emptyState = filtered ? (
    <EmptySearchResult
      title={query.kind === "proof" ? "No proof copies found" : "No print orders found"}
      description={
        query.kind === "proof" && !query.q && !query.from && !query.to
          ? "Proof copies you order appear here."
          : "Try another order name, dates or kind."
      }
      withIllustration
    />
  ) : (
    <Empty
      heading={
        query.view === "all"
          ? "No print orders yet"
          : `No orders: ${ORDER_VIEWS[query.view].label.toLowerCase()}`
      }
    >
      <p>
        {query.view === "all"
          ? "When a customer pays for a mapped product, its print order appears here."
          : "Nothing in this view right now."}
      </p>
    </Empty>
  );

  return (
    <Page
      title="Print orders"
      backAction={{ content: "Home", url: "/app" }}
      secondaryActions={[{ content: "Import past orders", url: "/app/orders/import" }]}
    >
      <LiveUpdates version={version} />
      <BlockStack gap="400">
        {answer ? <BulkResult answer={answer} onDismiss={() => setAnswer(null)} /> : null}
        {confirmCancel && selectedIds.length > 0 ? (
          <Banner
            tone="warning"
            title={`Cancel ${countOf(selectedIds.length, "print order")}?`}
            action={{
              content: "Yes, cancel them",
              onAction: () => runBulk("cancel"),
              loading: bulkBusy === "cancel",
            }}
            secondaryAction={{ content: "Keep them", onAction: () => setConfirmCancel(false) }}
            onDismiss={() => setConfirmCancel(false)}
          >
            <p>
              Orders not yet paid at the print service are cancelled and nothing is printed for
              them; the others are left as they are. The Shopify orders themselves are not changed.
            </p>
          </Banner>
        ) : null}
        <Card padding="0">
          <Tabs
            tabs={tabs}
            selected={selected}
            onSelect={(i) =>
              go({
                view: VIEW_KEYS[i] === "all" ? null : (VIEW_KEYS[i] ?? null),
                after: null,
                before: null,
                status: null,
              })
            }
          />
          <Box padding="300" borderBlockStartWidth="025" borderColor="border">
            <OrdersFilter
              query={query}
              filtered={filtered}
              loading={loading}
              onKind={(kind) => go({ kind: kind || null, after: null, before: null })}
            />
          </Box>
          <IndexTable
            resourceName={{ singular: "print order", plural: "print orders" }}
            itemCount={rows.length}
            selectedItemsCount={selectedIds.length}
            onSelectionChange={handleSelectionChange}
            promotedBulkActions={[
              {
                content: bulkBusy === "approve" ? "Approving…" : "Approve",
                onAction: () => runBulk("approve"),
                disabled: Boolean(bulkBusy),
              },
              {
                content: "Cancel print orders",
                onAction: () => setConfirmCancel(true),
                disabled: Boolean(bulkBusy),
              },
            ]}
            loading={loading}
            emptyState={emptyState}
            // On a phone each order is one stacked block under one heading, its checkbox kept
            // for the bulk actions: no column is cut off.
            headings={
              smDown
                ? [{ title: "Print order" }]
                : [
                    { title: "Order" },
                    { title: "Status" },
                    { title: "Created" },
                    { title: "Items", alignment: "end" },
                    { title: "Wholesale", alignment: "end" },
                    { title: "Details" },
                  ]
            }
          >
            {rows.map((row, index) => (
              <IndexTable.Row
                id={row.id}
                key={row.id}
                position={index}
                selected={selectedIds.includes(row.id)}
              >
                <OrderRowCells row={row} stacked={smDown} />
              </IndexTable.Row>
            ))}
          </IndexTable>
          {rows.length > 0 && (nextCursor || previousCursor) ? (
            <Box padding="300" borderBlockStartWidth="025" borderColor="border">
              <InlineStack align="center">
                <Pagination
                  hasPrevious={Boolean(previousCursor)}
                  previousTooltip="Newer orders"
                  onPrevious={() => go({ before: previousCursor, after: null })}
                  hasNext={Boolean(nextCursor)}
                  nextTooltip="Older orders"
                  onNext={() => go({ after: nextCursor, before: null })}
                />
              </InlineStack>
            </Box>
          ) : null}
        </Card>
      </BlockStack>
    </Page>
  );
}
