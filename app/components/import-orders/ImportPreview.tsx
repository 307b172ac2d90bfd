import {
  Badge,
  BlockStack,
  Box,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Text,
} from "@shopify/polaris";
import type { ImportPreview } from "../../pages/import-orders/preview.server";
import { orderStatusPhrase } from "../../services/merchant-text/orders";
import { useFormat } from "../format";
import { StatusBadge } from "../StatusBadge";

/**
 * The orders Import would print, each with its print lines, notes and quoted cost: stacked
 * rows rather than a table, so the cost stays in view on a phone.
 */
/** An order's name and the day it was placed; the caller lays them out side by side or stacked. */
function NameAndDate({ order }: { order: { name: string; createdAt: string | null } }) {
  const fmt = useFormat();
  return (
    <>
      <Text as="span" fontWeight="semibold">
        {order.name}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {fmt.date(order.createdAt)}
      </Text>
    </>
  );
}

export function OrdersToPrint({ orders }: { orders: ImportPreview["toPrint"] }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Would be printed
          </Text>
          <Text as="span" tone="subdued">
            Print cost
          </Text>
        </InlineStack>
        <BlockStack gap="0">
          {orders.map((order) => (
            <Box
              key={order.id}
              paddingBlock="300"
              borderBlockStartWidth="025"
              borderColor="border-secondary"
            >
              <InlineStack align="space-between" blockAlign="start" gap="400" wrap={false}>
                <BlockStack gap="100">
                  {/* align is set: an inline stack inherits its parent's "space-between" otherwise. */}
                  <InlineStack gap="200" align="start" blockAlign="center">
                    <NameAndDate order={order} />
                  </InlineStack>
                  {order.lines.map((line, i) => (
                    <Text as="p" key={i}>
                      {fmt.number(line.quantity)} × {line.title}
                    </Text>
                  ))}
                  {order.warnings.map((w, i) => (
                    <Text as="p" key={`w${i}`} tone="caution">
                      {w}
                    </Text>
                  ))}
                  {order.otherLines.map((l, i) => (
                    <Text as="p" key={`o${i}`} tone="subdued" variant="bodySm">
                      Not printed: {l.title} ({l.reason})
                    </Text>
                  ))}
                </BlockStack>
                <Box minWidth="5rem">
                  {order.cost ? (
                    <Text as="p" numeric alignment="end">
                      {fmt.money(order.cost)}
                    </Text>
                  ) : (
                    <Text as="p" tone="subdued" variant="bodySm" alignment="end">
                      {order.costNote}
                    </Text>
                  )}
                </Box>
              </InlineStack>
            </Box>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

/**
 * The period's orders Print Connect handles already: where each stands (shipped, held, waiting
 * for the merchant and why), each a link to its print order. Not "not printed": they are.
 */
export function OrdersHandled({ orders }: { orders: ImportPreview["handled"] }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Already in Print Connect
          </Text>
          <Text as="p" tone="subdued">
            A webhook, the regular check with Shopify or an earlier import brought these. Importing
            again never prints them twice.
          </Text>
        </BlockStack>
        <BlockStack gap="0">
          {orders.map((order) => (
            <Box
              key={order.id}
              paddingBlock="300"
              borderBlockStartWidth="025"
              borderColor="border-secondary"
            >
              <BlockStack gap="100">
                <InlineStack gap="200" align="start" blockAlign="center" wrap>
                  <Link url={order.url} removeUnderline>
                    {order.name}
                  </Link>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {fmt.date(order.createdAt)}
                  </Text>
                  <StatusBadge status={order.status} />
                </InlineStack>
                <Text as="p" tone={order.status === "needs_attention" ? "critical" : "subdued"}>
                  {handledWords(order, fmt.dateTime)}
                </Text>
              </BlockStack>
            </Box>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

/** Where a handled order stands, in a sentence. */
function handledWords(
  order: ImportPreview["handled"][number],
  dateTime: (iso: string | null) => string,
): string {
  if (order.status === "needs_attention")
    return `Needs your attention: ${order.detail ?? "open it to see why."}`;
  if (order.status === "held" && order.holdUntil)
    return `Held until ${dateTime(order.holdUntil)}, then it goes to print.`;
  return `It is ${orderStatusPhrase(order.status)}.`;
}

/** The period's orders Import leaves out, each with why. */
export function OrdersLeftOut({
  orders,
  byReason,
}: {
  orders: ImportPreview["leftOut"];
  byReason: ImportPreview["byReason"];
}) {
  const fmt = useFormat();
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: "var(--p-space-400)" }}>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              Would not be printed
            </Text>
            <InlineStack gap="200" wrap>
              {byReason.map((r) => (
                <Badge key={r.reason}>{`${r.text}: ${fmt.number(r.count)}`}</Badge>
              ))}
            </InlineStack>
          </BlockStack>
        </div>
        <IndexTable
          resourceName={{ singular: "order", plural: "orders" }}
          itemCount={orders.length}
          selectable={false}
          headings={[{ title: "Order" }, { title: "Why not" }]}
        >
          {orders.map((order, index) => (
            <IndexTable.Row id={order.id} key={order.id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <NameAndDate order={order} />
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <Text as="span">{order.reasonText}</Text>
                  {order.detail ? (
                    <Text as="span" tone="subdued" variant="bodySm">
                      {order.detail}
                    </Text>
                  ) : null}
                </BlockStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </BlockStack>
    </Card>
  );
}
