import { BlockStack, Card, Text } from "@shopify/polaris";
import { httpUrlOrNull } from "../../services/safe-url";
import { PROOF_TRACKING_NOTE } from "../../services/merchant-text/proofs";
import { statusLabel } from "../StatusBadge";
import { useFormat } from "../format";
import { AddressLinkBlock } from "./AddressLinkBlock";
import { ExternalLink } from "./ExternalLink";
import type { OrderDetail } from "./types";

/** The side column of the print order page: status, tracking, address and fulfilment location. */
export function OrderSidebar({
  order,
  onSendAddressLink,
  sendingAddressLink = false,
}: {
  order: OrderDetail;
  onSendAddressLink?: () => void;
  sendingAddressLink?: boolean;
}) {
  const fmt = useFormat();
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Status
          </Text>
          <Text as="p">{statusLabel(order.shownStatus)}</Text>
          {order.serviceState ? (
            <Text as="p" tone="subdued">
              Print service: {order.serviceStateLabel}
            </Text>
          ) : null}
          {order.shopifyRequest ? (
            <BlockStack gap="050">
              <Text as="p">
                In Shopify: {order.shopifyRequest.label}, {fmt.dateTime(order.shopifyRequest.at)}
              </Text>
              {order.shopifyRequest.hint ? (
                <Text as="p" tone="subdued" variant="bodySm">
                  {order.shopifyRequest.hint}
                </Text>
              ) : null}
            </BlockStack>
          ) : null}
          {order.lastSyncedAt ? (
            <Text as="p" tone="subdued" variant="bodySm">
              Last checked {fmt.dateTime(order.lastSyncedAt)}
            </Text>
          ) : null}
          <Text as="p" tone="subdued" variant="bodySm">
            Reference {order.orderReference}
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Tracking
          </Text>
          {order.proof ? <Text as="p">{PROOF_TRACKING_NOTE}</Text> : null}
          {order.tracking ? (
            <BlockStack gap="100">
              {order.tracking.company ? <Text as="p">{order.tracking.company}</Text> : null}
              {httpUrlOrNull(order.tracking.url) ? (
                <ExternalLink url={order.tracking.url}>
                  {order.tracking.code ?? "Track shipment"}
                </ExternalLink>
              ) : (
                <Text as="p">{order.tracking.code}</Text>
              )}
            </BlockStack>
          ) : (
            <Text as="p" tone="subdued">
              Appears when the order ships.
            </Text>
          )}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Shipping address
          </Text>
          {order.redacted ? (
            <Text as="p" tone="subdued">
              Removed at the customer's request.
            </Text>
          ) : order.shippingAddress ? (
            <BlockStack gap="050">
              {order.shippingAddress.map((line, i) => (
                <Text as="p" key={i}>
                  {line}
                </Text>
              ))}
              {order.email ? (
                <Text as="p" tone="subdued">
                  {order.email}
                </Text>
              ) : null}
            </BlockStack>
          ) : (
            <Text as="p" tone="subdued">
              No shipping address.
            </Text>
          )}
          {order.addressLink && onSendAddressLink && !order.redacted ? (
            <AddressLinkBlock
              link={order.addressLink}
              onSend={onSendAddressLink}
              sending={sendingAddressLink}
            />
          ) : null}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Fulfilment location
          </Text>
          {order.fulfilmentLocation?.countryCode || order.fulfilmentLocation?.labCode ? (
            <Text as="p">
              {[order.fulfilmentLocation.labCode, order.fulfilmentLocation.countryCode]
                .filter(Boolean)
                .join(", ")}
            </Text>
          ) : (
            <Text as="p" tone="subdued">
              Known once the print service has the order.
            </Text>
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
