import { Badge, BlockStack, Card, Divider, InlineStack, Link, Text } from "@shopify/polaris";
import type { AttentionRow } from "../../pages/home/home.server";
import { PROOF_BADGE } from "../../services/merchant-text/proofs";
import { useFormat } from "../format";
import { StatusBadge } from "../StatusBadge";
import { ItemWithAction } from "../ItemWithAction";

/** One order that needs the merchant, with Retry (needs attention) or Approve now. */
function AttentionItem({ row }: { row: AttentionRow }) {
  const fmt = useFormat();
  const intent = row.status === "needs_attention" ? "retry" : "approve";
  return (
    <ItemWithAction
      fields={{ intent, id: row.id }}
      action={intent === "retry" ? "Retry" : "Approve now"}
      accessibilityLabel={`${intent === "retry" ? "Retry" : "Approve"} ${row.shopifyOrderName}`}
      variant="primary"
    >
      <InlineStack gap="200" blockAlign="center">
        <Link url={`/app/orders/${row.id}`} removeUnderline>
          <Text as="span" variant="bodyMd" fontWeight="semibold">
            {row.shopifyOrderName}
          </Text>
        </Link>
        {row.kind === "proof" ? <Badge tone="info">{PROOF_BADGE}</Badge> : null}
        <StatusBadge status={row.status} />
        <Text as="span" tone="subdued" variant="bodySm">
          {fmt.dateTime(row.createdAt)}
        </Text>
      </InlineStack>
      <Text as="p">{row.reason}</Text>
      {row.action ? (
        <Text as="p" tone="subdued">
          {row.action}
        </Text>
      ) : null}
      {row.status === "held" && row.holdUntil ? (
        <Text as="p" tone="subdued">
          Goes to print {fmt.dateTime(row.holdUntil)} unless you act.
        </Text>
      ) : null}
    </ItemWithAction>
  );
}

/** "Needs your attention": orders that failed or wait for approval. */
export function AttentionList({ rows }: { rows: AttentionRow[] }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Needs your attention
        </Text>
        {rows.length === 0 ? (
          <Text as="p" tone="subdued">
            Nothing needs you right now. Orders that fail or wait for approval appear here.
          </Text>
        ) : (
          <BlockStack>
            {rows.map((row, i) => (
              <div key={row.id}>
                {i > 0 ? <Divider /> : null}
                <AttentionItem row={row} />
              </div>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
