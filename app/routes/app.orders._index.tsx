import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  useBreakpoints,
  InlineStack,
  Page,
  Pagination,
  Select,
  Tabs,
  TextField,
  useIndexResourceState,
} from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import type { BulkActionData } from "../pages/orders/bulk-action.server";
import { loadOrders, runOrdersAction } from "../pages/orders/list.server";
import { ORDER_VIEWS, type OrderView } from "../services/fulfilment/order-views";
import { countOf } from "../services/merchant-text/orders";
import { ORDER_KIND_CHOICES } from "../services/merchant-text/proofs";
import { Empty, RouteError } from "../components/States";
import { LiveUpdates } from "../components/order/LiveUpdates";
import { OrderRowCells } from "../components/orders/OrderRowCells";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadOrders({ shop: session.shop, url: new URL(request.url) }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { answer, status } = await runOrdersAction({
    shop: session.shop,
    form: await request.formData(),
  });
  return json(answer, { status });
};

const VIEW_KEYS = Object.keys(ORDER_VIEWS) as OrderView[];

type BulkAnswer = BulkActionData | { error: string };

/** The answer of the last bulk action, until the merchant dismisses it. */
function BulkResult({ answer, onDismiss }: { answer: BulkAnswer; onDismiss: () => void }) {
  if ("error" in answer)
    return <Banner tone="critical" title={answer.error} onDismiss={onDismiss} />;
  return <Banner tone={answer.tone} title={answer.message} onDismiss={onDismiss} />;
}

/**
 * The search, date and kind filter. Its own component, so typing re-renders the form alone, not
 * the list of print orders below it. The kind applies at once; the others with "Filter".
 */
function OrdersFilter({
  query,
  filtered,
  loading,
  onKind,
}: {
  query: { q: string; from: string; to: string; view: string; kind: string };
  filtered: boolean;
  loading: boolean;
  onKind: (kind: string) => void;
}) {
  const [search, setSearch] = useState(query.q);
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  return (
    <Form method="get" action="/app/orders">
      {query.view !== "all" ? <input type="hidden" name="view" value={query.view} /> : null}
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ flex: "1 1 220px" }}>
          <TextField
            label="Search by order name"
            name="q"
            value={search}
            onChange={setSearch}
            placeholder="#1001 or Proof P1001"
            autoComplete="off"
            clearButton
            onClearButtonClick={() => setSearch("")}
          />
        </div>
        <TextField
          label="Created from"
          type="date"
          name="from"
          value={from}
          onChange={setFrom}
          autoComplete="off"
        />
        <TextField
          label="Created to"
          type="date"
          name="to"
          value={to}
          onChange={setTo}
          autoComplete="off"
        />
        <Select
          label="Kind"
          name="kind"
          options={ORDER_KIND_CHOICES.map((c) => ({ label: c.label, value: c.value }))}
          value={query.kind}
          onChange={onKind}
        />
        <Button submit loading={loading}>
          Filter
        </Button>
        {filtered ? (
          <Button
            variant="plain"
            url={query.view !== "all" ? `/app/orders?view=${query.view}` : "/app/orders"}
          >
            Clear
          </Button>
        ) : null}
      </InlineStack>
    </Form>
  );
}

export default function Orders() {
  const { rows, nextCursor, previousCursor, query, version } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  return <RouteError title="Print orders" />;
}
