import { BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import { useFormat, type Money } from "../format";
import type { OrderDetail } from "./types";

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text
        as="span"
        tone={strong ? undefined : "subdued"}
        fontWeight={strong ? "semibold" : "regular"}
      >
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? "semibold" : "regular"}>
        {value}
      </Text>
    </InlineStack>
  );
}

function taxTotal(
  taxes: { amount?: Money | undefined }[] | undefined | null,
  currency: string,
): Money | null {
  if (!taxes || taxes.length === 0) return null;
  return { amountMinor: taxes.reduce((sum, t) => sum + (t.amount?.amountMinor ?? 0), 0), currency };
}

export function PricesCard({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const p = order.prices;
  const c = order.currency;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Prices
        </Text>
        {p ? (
          <InlineStack gap="800" wrap align="start">
            <Box minWidth="240px">
              <BlockStack gap="150">
                <Text as="h3" variant="headingSm">
                  Wholesale (you pay)
                </Text>
                <Row label="Products" value={fmt.money(p.totalWholesaleProductPriceExTaxes)} />
                <Row label="Shipping" value={fmt.money(p.totalWholesaleShippingExTaxes)} />
                <Row
                  label="Tax on products"
                  value={fmt.money(taxTotal(p.wholesaleProductTaxes, c))}
                />
                <Row
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.wholesaleShippingTaxes, c))}
                />
                <Row label="Total" value={fmt.money(p.totalWholesalePriceIncTaxes)} strong />
              </BlockStack>
            </Box>
            <Box minWidth="240px">
              <BlockStack gap="150">
                <Text as="h3" variant="headingSm">
                  Retail (print-service list price)
                </Text>
                <Row label="Products" value={fmt.money(p.totalRetailProductPriceExTaxes)} />
                <Row label="Shipping" value={fmt.money(p.totalRetailShippingExTaxes)} />
                <Row label="Tax on products" value={fmt.money(taxTotal(p.retailProductTaxes, c))} />
                <Row
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.retailShippingTaxes, c))}
                />
                <Row label="Total" value={fmt.money(p.totalRetailPriceIncTaxes)} strong />
              </BlockStack>
            </Box>
          </InlineStack>
        ) : order.wholesale.total ? (
          <BlockStack gap="150">
            <Text as="p" tone="subdued">
              Quoted before sending to print; the print service confirms the prices once the order
              is created.
            </Text>
            <Row label="Shipping" value={fmt.money(order.wholesale.shipping)} />
            <Row label="Tax" value={fmt.money(order.wholesale.tax)} />
            <Row label="Wholesale total" value={fmt.money(order.wholesale.total)} strong />
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            Prices appear once the order has been quoted.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
