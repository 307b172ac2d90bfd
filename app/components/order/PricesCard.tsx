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
                <AmountRow
                  label="Products"
                  value={fmt.money(p.totalWholesaleProductPriceExTaxes)}
                />
                <AmountRow label="Shipping" value={fmt.money(p.totalWholesaleShippingExTaxes)} />
                <AmountRow
                  label="Tax on products"
                  value={fmt.money(taxTotal(p.wholesaleProductTaxes, c))}
                />
                <AmountRow
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.wholesaleShippingTaxes, c))}
                />
                <AmountRow label="Total" value={fmt.money(p.totalWholesalePriceIncTaxes)} strong />
              </BlockStack>
            </Box>
            <Box minWidth="240px">
              <BlockStack gap="150">
                <Text as="h3" variant="headingSm">
                  Retail (print-service list price)
                </Text>
                <AmountRow label="Products" value={fmt.money(p.totalRetailProductPriceExTaxes)} />
                <AmountRow label="Shipping" value={fmt.money(p.totalRetailShippingExTaxes)} />
                <AmountRow
                  label="Tax on products"
                  value={fmt.money(taxTotal(p.retailProductTaxes, c))}
                />
                <AmountRow
                  label="Tax on shipping"
                  value={fmt.money(taxTotal(p.retailShippingTaxes, c))}
                />
                <AmountRow label="Total" value={fmt.money(p.totalRetailPriceIncTaxes)} strong />
              </BlockStack>
            </Box>
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
