import { BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import { useFormat, type Money } from "../format";
import { AmountRow } from "./AmountRow";
import type { OrderDetail } from "./types";

function taxTotal(
  taxes: { amount?: Money | undefined }[] | undefined | null,
  currency: string,
): Money | null {
  if (!taxes || taxes.length === 0) return null;
  return { amountMinor: taxes.reduce((sum, t) => sum + (t.amount?.amountMinor ?? 0), 0), currency };
}

type MaybeMoney = Money | null | undefined;

/** One side of the print service's prices: products, shipping, their taxes and the total. */
function PriceColumn({
  heading,
  amounts: [products, shipping, productTax, shippingTax, total],
}: {
  heading: string;
  amounts: [MaybeMoney, MaybeMoney, MaybeMoney, MaybeMoney, MaybeMoney];
}) {
  const fmt = useFormat();
  return (
    <Box minWidth="240px">
      <BlockStack gap="150">
        <Text as="h3" variant="headingSm">
          {heading}
        </Text>
        <AmountRow label="Products" value={fmt.money(products)} />
        <AmountRow label="Shipping" value={fmt.money(shipping)} />
        <AmountRow label="Tax on products" value={fmt.money(productTax)} />
        <AmountRow label="Tax on shipping" value={fmt.money(shippingTax)} />
        <AmountRow label="Total" value={fmt.money(total)} strong />
      </BlockStack>
    </Box>
  );
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
            <PriceColumn
              heading="Wholesale (you pay)"
              amounts={[
                p.totalWholesaleProductPriceExTaxes,
                p.totalWholesaleShippingExTaxes,
                taxTotal(p.wholesaleProductTaxes, c),
                taxTotal(p.wholesaleShippingTaxes, c),
                p.totalWholesalePriceIncTaxes,
              ]}
            />
            <PriceColumn
              heading="Retail (print-service list price)"
              amounts={[
                p.totalRetailProductPriceExTaxes,
                p.totalRetailShippingExTaxes,
                taxTotal(p.retailProductTaxes, c),
                taxTotal(p.retailShippingTaxes, c),
                p.totalRetailPriceIncTaxes,
              ]}
            />
          </InlineStack>
        ) : order.wholesale.total ? (
          <BlockStack gap="150">
            <Text as="p" tone="subdued">
              Quoted before sending to print; the print service confirms the prices once the order
              is created.
            </Text>
            <AmountRow label="Shipping" value={fmt.money(order.wholesale.shipping)} />
            <AmountRow label="Tax" value={fmt.money(order.wholesale.tax)} />
            <AmountRow label="Wholesale total" value={fmt.money(order.wholesale.total)} strong />
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
