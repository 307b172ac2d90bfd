import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Link,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { listPrintOrders } from "../models/orders-admin.server";
import { isOrderView, ORDER_VIEWS, type OrderView } from "../models/admin-shared";
import { isPrintOrderStatus } from "../services/fulfilment/machine";
import { serviceStateLabel } from "../services/fulfilment/service-states";
import { Empty, RouteError } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { useFormat } from "../components/format";

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
  from: day,
  to: day,
  after: z.string().max(200).optional(),
  before: z.string().max(200).optional(),
});

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  // "to" is inclusive for the merchant: up to the end of that day.
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined;
  const page = await listPrintOrders({
    shop: session.shop,
    filters: { view: query.view, status: query.status, search: query.q, from, to },
    after: query.after,
    before: query.before,
  });
  return json({
    ...page,
    query: { view: query.view, q: query.q ?? "", from: query.from ?? "", to: query.to ?? "" },
  });
};

const VIEW_KEYS = Object.keys(ORDER_VIEWS) as OrderView[];

export default function Orders() {
  const { rows, nextCursor, previousCursor, query } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fmt = useFormat();
  const [search, setSearch] = useState(query.q);
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/orders";
  const filtered = Boolean(query.q || query.from || query.to);

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
      title="No print orders found"
      description="Try another order name or dates."
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
    <Page title="Print orders" backAction={{ content: "Home", url: "/app" }}>
      <BlockStack gap="400">
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
            <Form method="get" action="/app/orders">
              {query.view !== "all" ? <input type="hidden" name="view" value={query.view} /> : null}
              <InlineStack gap="300" blockAlign="end" wrap>
                <div style={{ flex: "1 1 220px" }}>
                  <TextField
                    label="Search by Shopify order"
                    name="q"
                    value={search}
                    onChange={setSearch}
                    placeholder="#1001"
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
          </Box>
          <IndexTable
            resourceName={{ singular: "print order", plural: "print orders" }}
            itemCount={rows.length}
            selectable={false}
            loading={loading}
            emptyState={emptyState}
            headings={[
              { title: "Order" },
              { title: "Status" },
              { title: "Created" },
              { title: "Items", alignment: "end" },
              { title: "Wholesale", alignment: "end" },
              { title: "Details" },
            ]}
          >
            {rows.map((row, index) => (
              <IndexTable.Row id={row.id} key={row.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`/app/orders/${row.id}`} dataPrimaryLink removeUnderline>
                    <Text as="span" fontWeight="semibold">
                      {row.shopifyOrderName}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <StatusBadge status={row.status} />
                </IndexTable.Cell>
                <IndexTable.Cell>{fmt.dateTime(row.createdAt)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {fmt.number(row.itemCount)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {row.wholesaleTotalMinor === null
                      ? "—"
                      : fmt.money({ amountMinor: row.wholesaleTotalMinor, currency: row.currency })}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone="subdued" truncate>
                    {row.status === "needs_attention"
                      ? (row.lastErrorMessage ?? "")
                      : row.status === "held" && row.holdUntil
                        ? `Until ${fmt.dateTime(row.holdUntil)}`
                        : row.printOrderId
                          ? `Print order ${row.printOrderId}${row.serviceState ? ` · ${serviceStateLabel(row.serviceState)}` : ""}`
                          : ""}
                  </Text>
                </IndexTable.Cell>
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
