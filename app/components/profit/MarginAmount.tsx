import { Text } from "@shopify/polaris";
import type { Money } from "../format";

/**
 * A margin as text; a loss (below zero) in the critical tone and said in words, so it stands
 * out without relying on colour. The amount never breaks between its sign and its digits.
 */
export function MarginAmount({ margin, text }: { margin: Money; text: string }) {
  const amount = <span style={{ whiteSpace: "nowrap" }}>{text}</span>;
  if (margin.amountMinor >= 0) return amount;
  return (
    <Text as="span" tone="critical" fontWeight="semibold">
      Loss: {amount}
    </Text>
  );
}
