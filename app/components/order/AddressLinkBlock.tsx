import { BlockStack, Button, Text } from "@shopify/polaris";
import { useFormat } from "../format";
import type { OrderDetail } from "./types";

/**
 * Under the shipping address: the customer's own link to correct it, the last one's fate and
 * the button that sends one (again). Shown while the address can still change.
 */
export function AddressLinkBlock({
  link,
  onSend,
  sending,
}: {
  link: NonNullable<OrderDetail["addressLink"]>;
  onSend: () => void;
  sending: boolean;
}) {
  const fmt = useFormat();
  const last = link.last;
  if (link.refusal && !last) return null;
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Customer&apos;s correction
      </Text>
      {last ? (
        <Text as="p" tone={last.state === "used" ? "success" : "subdued"}>
          {last.state === "used"
            ? `The customer corrected the address ${fmt.dateTime(last.usedAt!)}.`
            : last.state === "open"
              ? `Link sent to ${last.sentTo} ${fmt.dateTime(last.sentAt)}${last.byMerchant ? " by you" : ""}; it works until ${fmt.dateTime(last.expiresAt)}.`
              : last.state === "expired"
                ? `The link sent to ${last.sentTo} ${fmt.dateTime(last.sentAt)} expired unused.`
                : `A link sent ${fmt.dateTime(last.sentAt)} was replaced by a newer one.`}
        </Text>
      ) : (
        <Text as="p" tone="subdued">
          Let the customer correct the address on your shop&apos;s site: they get an e-mail with a
          link that works once, for 7 days.
        </Text>
      )}
      {link.refusal ? (
        <Text as="p" tone="subdued">
          {link.refusal}
        </Text>
      ) : (
        <div>
          <Button onClick={onSend} loading={sending}>
            {last ? "Send a new link" : "Send the customer a link"}
          </Button>
        </div>
      )}
    </BlockStack>
  );
}
