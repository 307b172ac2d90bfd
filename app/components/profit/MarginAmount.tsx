import { Text } from "@shopify/polaris";
import type { Money } from "../format";

/**
 * A margin as text; a loss (below zero) in the critical tone and said in words, so it stands
 * out without relying on colour.
 */
export function MarginAmount({ margin, text }: { margin: Money; text: string }) {
  if (margin.amountMinor >= 0) return <>{text}</>;
  return (
    <Text as="span" tone="critical" fontWeight="semibold">
      Loss: {text}
    </Text>
  );
}
