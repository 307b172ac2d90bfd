import { BlockStack, Text } from "@shopify/polaris";
import type { ListedMargin } from "../../services/pricing/mapping-margin";
import { useFormat } from "../format";
import { MarginAmount } from "../profit/MarginAmount";

/** Margin of one sale to the shop's country; a loss in the critical tone and in words. */
export function MarginCell({ margin }: { margin: ListedMargin | undefined }) {
  const fmt = useFormat();
  if (!margin)
    return (
      <Text as="p" alignment="end">
        —
      </Text>
    );
  if (margin.status === "unknown")
    return (
      <Text as="p" tone="subdued" alignment="end">
        Not worked out
      </Text>
    );
  if (margin.status === "no_rate")
    return (
      <Text as="p" tone="subdued" alignment="end">
        No exchange rate
      </Text>
    );
  const copies = margin.quantity === 1 ? "1 copy" : `${fmt.number(margin.quantity)} copies`;
  return (
    <BlockStack gap="050" inlineAlign="end">
      <Text as="span" numeric alignment="end">
        <MarginAmount margin={margin.margin} text={fmt.money(margin.margin)} />
      </Text>
      <Text as="span" variant="bodySm" tone="subdued" alignment="end">
        {copies} to {margin.countryCode}
      </Text>
    </BlockStack>
  );
}
