import { Banner, BlockStack, Layout, Text } from "@shopify/polaris";
import type { OrderDetail } from "./types";

/**
 * What may be wrong with the shipping address without having stopped the order (a street with
 * no house number), and what the merchant can still do about it at this point.
 */
export function AddressWarningBanner({ order }: { order: OrderDetail }) {
  if (order.addressWarnings.length === 0) return null;
  // Before payment a corrected Shopify address goes to the print service with the order
  // (orders/updated); once paid there the service takes no address change.
  const paid = order.status === "paid" || order.status === "in_production";
  return (
    <Layout.Section variant="fullWidth">
      <Banner tone="warning" title="Check the shipping address">
        <BlockStack gap="100">
          {order.addressWarnings.map((warning) => (
            <Text as="p" key={warning}>
              {warning}
            </Text>
          ))}
          <Text as="p">
            {paid
              ? "The order is already paid at the print service, which takes no address change now: if the address is wrong, cancel this print order before it is printed and ask the customer for the right one."
              : "Correct it in the Shopify order: the print order takes the new address before it is paid at the print service."}
          </Text>
        </BlockStack>
      </Banner>
    </Layout.Section>
  );
}
