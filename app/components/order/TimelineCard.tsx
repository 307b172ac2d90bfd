import { BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import { useFormat } from "../format";
import type { OrderDetail } from "./types";

/** What happened to the print order, newest first: one entry per change, and who made it. */
export function TimelineCard({ events }: { events: OrderDetail["events"] }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Timeline
        </Text>
        {events.length === 0 ? (
          <Text as="p" tone="subdued">
            Nothing has happened yet.
          </Text>
        ) : (
          <BlockStack gap="300">
            {events.map((e) => (
              <InlineStack key={e.id} gap="300" wrap={false} blockAlign="start">
                <Box minWidth="150px">
                  <Text as="span" tone="subdued" variant="bodySm">
                    {fmt.dateTime(e.at)}
                  </Text>
                </Box>
                <BlockStack gap="050">
                  <Text as="span">{e.message}</Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {e.by}
                  </Text>
                </BlockStack>
              </InlineStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
