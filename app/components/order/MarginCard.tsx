import { Badge, BlockStack, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { useFormat, type Money } from "../format";
import type { OrderDetail } from "./types";

function Row({
  label,
  value,
  strong,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: "critical" | "success";
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
            <Row label="Shopify price of these items" value={fmt.money(margin.price)} />
            {margin.parts && !margin.rate ? (
              <>
                <Row label="Print" value={minus(margin.parts.print)} />
                <Row label="Shipping" value={minus(margin.parts.shipping)} />
                <Row label="VAT" value={minus(margin.parts.vat)} />
              </>
            ) : (
              <Row label="Print, shipping and VAT" value={minus(margin.cost)} />
            )}
            {margin.rate ? (
              <Text as="p" tone="subdued" variant="bodySm">
                Converted at the print service's rate: {margin.rate}.
              </Text>
            ) : null}
            <Divider />
            <Row
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
              <Row label="Shopify price of these items" value={fmt.money(margin.price)} />
            ) : null}
            {margin.cost ? (
              <Row label="Print, shipping and VAT" value={fmt.money(margin.cost)} />
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
