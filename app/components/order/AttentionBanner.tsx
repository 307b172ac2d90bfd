import { useState } from "react";
import { Banner, BlockStack, Layout, Text } from "@shopify/polaris";
import type { OrderDetail } from "./types";

/**
 * What is wrong with an order that needs the merchant, and what to do. For an
 * order the file check stopped, "Print anyway" sends the files as they are,
 * after the merchant confirms it.
 */
export function AttentionBanner({
  order,
  onPrintAnyway,
  printingAnyway,
}: {
  order: OrderDetail;
  onPrintAnyway: () => void;
  printingAnyway: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  if (order.status !== "needs_attention" || !order.lastError) return null;
  const error = order.lastError;
  return (
    <>
      <Layout.Section variant="fullWidth">
        <Banner
          tone="critical"
          title="This order needs your attention"
          {...(order.actions.printAnyway
            ? {
                action: {
                  content: "Print anyway",
                  onAction: () => setConfirming(true),
                  loading: printingAnyway,
                },
              }
            : {})}
        >
          <BlockStack gap="100">
            <Text as="p">{error.message}</Text>
            {error.action ? <Text as="p">{error.action}</Text> : null}
            {error.code === "ADDRESS_INVALID" && order.addressLink && !order.addressLink.refusal ? (
              <Text as="p">
                {order.addressLink.last?.state === "open"
                  ? "The customer has a link to correct it; the order goes on by itself once they do."
                  : "Or let the customer correct it: send them a link, under Shipping address."}
              </Text>
            ) : null}
            {error.code ? (
              <Text as="p" tone="subdued" variant="bodySm">
                Code: {error.code}
              </Text>
            ) : null}
          </BlockStack>
        </Banner>
      </Layout.Section>
      {confirming && order.actions.printAnyway ? (
        <Layout.Section variant="fullWidth">
          <Banner
            tone="warning"
            title="Print these files as they are?"
            action={{
              content: "Yes, print anyway",
              onAction: () => {
                setConfirming(false);
                onPrintAnyway();
              },
              loading: printingAnyway,
            }}
            secondaryAction={{ content: "Keep it stopped", onAction: () => setConfirming(false) }}
            onDismiss={() => setConfirming(false)}
          >
            <p>
              The print service prints exactly what the files contain, with the problems listed
              above, and you pay for it. Your choice is recorded in the order's timeline.
            </p>
          </Banner>
        </Layout.Section>
      ) : null}
    </>
  );
}
