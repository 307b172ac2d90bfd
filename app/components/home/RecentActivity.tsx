import { BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import type { ActivityRow } from "../../pages/home/home.server";
import { useFormat } from "../format";

/** The shop's latest order events, each linking to its print order when there is one. */
export function RecentActivity({ events }: { events: ActivityRow[] }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Recent activity
        </Text>
        {events.length === 0 ? (
          <Text as="p" tone="subdued">
            No activity yet. Paid orders with mapped products show up here.
          </Text>
        ) : (
          <BlockStack gap="300">
            {events.map((e) => (
              <BlockStack key={e.id} gap="050">
                <InlineStack gap="200">
                  {e.printOrderId ? (
                    <Link url={`/app/orders/${e.printOrderId}`} removeUnderline>
                      {e.shopOrderName}
                    </Link>
                  ) : (
                    <Text as="span">{e.shopOrderName}</Text>
                  )}
                  <Text as="span" tone="subdued" variant="bodySm">
                    {fmt.dateTime(e.at)}
                  </Text>
                </InlineStack>
                <Text as="p" variant="bodySm">
                  {e.message}
                </Text>
              </BlockStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
