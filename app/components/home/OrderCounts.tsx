import {
  BlockStack,
  Box,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Link,
  Text,
} from "@shopify/polaris";
import { countOf } from "../../services/merchant-text/orders";
import {
  STATUS_GROUP_KEYS,
  STATUS_GROUPS,
  type StatusGroup,
} from "../../services/fulfilment/machine";
import { useFormat } from "../format";

/** "View all 3 print orders", "View 1 print order", "View print orders". */
function viewAllLabel(count: number): string {
  if (count === 0) return "View print orders";
  if (count === 1) return "View 1 print order";
  return `View all ${countOf(count, "print order")}`;
}

/** The Home tiles: the state machine's status groups, each linking to its Orders tab. */
const COUNT_TILES = STATUS_GROUP_KEYS.map((view) => {
  const group: StatusGroup = STATUS_GROUPS[view];
  return { label: group.label, statuses: group.statuses, view, tone: group.tone };
});

/** The shop's print orders counted by status group. */
export function OrderCounts({ counts }: { counts: Record<string, number> }) {
  const fmt = useFormat();
  const allOrders = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            Print orders
          </Text>
          <Button variant="plain" url="/app/orders">
            {viewAllLabel(allOrders)}
          </Button>
        </InlineStack>
        <InlineGrid columns={{ xs: 2, sm: 3, md: 6 }} gap="300">
          {COUNT_TILES.map((tile) => {
            const n = tile.statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
            return (
              <Box
                key={tile.view}
                background="bg-surface-secondary"
                padding="300"
                borderRadius="200"
              >
                <BlockStack gap="100">
                  <Link url={`/app/orders?view=${tile.view}`} removeUnderline monochrome>
                    <Text as="span" variant="bodySm" tone="subdued">
                      {tile.label}
                    </Text>
                  </Link>
                  <Text
                    as="p"
                    variant="headingLg"
                    tone={n > 0 && tile.tone === "critical" ? "critical" : undefined}
                  >
                    {fmt.number(n)}
                  </Text>
                </BlockStack>
              </Box>
            );
          })}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
