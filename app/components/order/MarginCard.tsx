import { Badge, BlockStack, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { useFormat, type Money } from "../format";
import { AmountRow } from "./AmountRow";
import type { OrderDetail } from "./types";

/**
 * What the merchant keeps of this print order: the Shopify price of its items
 * minus what the print service charges (print, shipping, VAT). A loss is said
 * in words and in the critical tone, not by colour alone.
 */
export function MarginCard({ margin }: { margin: OrderDetail["margin"] }) {
  const fmt = useFormat();
  const minus = (m: Money) => fmt.money({ ...m, amountMinor: -m.amountMinor });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Margin
          </Text>
          {margin.status === "ok" && margin.loss ? <Badge tone="critical">Loss</Badge> : null}
        </InlineStack>
        {margin.status === "ok" ? (
          <BlockStack gap="150">
            <AmountRow label="Shopify price of these items" value={fmt.money(margin.price)} />
            {margin.parts && !margin.rate ? (
              <>
                <AmountRow label="Print" value={minus(margin.parts.print)} />
                <AmountRow label="Shipping" value={minus(margin.parts.shipping)} />
                <AmountRow label="VAT" value={minus(margin.parts.vat)} />
              </>
            ) : (
              <AmountRow label="Print, shipping and VAT" value={minus(margin.cost)} />
            )}
            {margin.rate ? (
              <Text as="p" tone="subdued" variant="bodySm">
                Converted at the print service's rate: {margin.rate}.
              </Text>
            ) : null}
            <Divider />
            <AmountRow
              label={margin.loss ? "Loss" : "Margin"}
              value={`${fmt.money(margin.margin)}${
                margin.share === null
                  ? ""
                  : ` (${fmt.number(margin.share, { style: "percent", maximumFractionDigits: 1 })})`
              }`}
              strong
              {...(margin.loss ? { tone: "critical" as const } : {})}
            />
            {margin.loss ? (
              <Text as="p" tone="critical">
                This order loses money: the print service charges more than the Shopify price. Check
                the product's price or its print settings.
              </Text>
            ) : null}
          </BlockStack>
        ) : (
          <BlockStack gap="150">
            {margin.price ? (
              <AmountRow label="Shopify price of these items" value={fmt.money(margin.price)} />
            ) : null}
            {margin.cost ? (
              <AmountRow label="Print, shipping and VAT" value={fmt.money(margin.cost)} />
            ) : null}
            <Text as="p" tone="subdued">
              {margin.reason}
            </Text>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
