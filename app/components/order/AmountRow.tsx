import { InlineStack, Text } from "@shopify/polaris";

/** A label and an amount on one line; `strong` for a total, `tone` for a gain or a loss. */
export function AmountRow({
  label,
  value,
  strong,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: "critical" | "success" | undefined;
}) {
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text
        as="span"
        tone={strong ? undefined : "subdued"}
        fontWeight={strong ? "semibold" : "regular"}
      >
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? "semibold" : "regular"} tone={tone}>
        {value}
      </Text>
    </InlineStack>
  );
}
