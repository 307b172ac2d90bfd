import { Banner, BlockStack, Text } from "@shopify/polaris";
import type { KeyCheck } from "../../services/print-connection/checks";

/** Why the saved print-service keys fail, in the merchant's words, with the way to Settings. */
export function KeysBanner({ keys }: { keys: KeyCheck | null }) {
  if (!keys || keys.status === "ok" || keys.status === "not_set") return null;
  const settings = { content: "Open Settings", url: "/app/settings" };
  if (keys.status === "refused") {
    return (
      <Banner tone="critical" title="Your print-service keys don't work" action={settings}>
        <BlockStack gap="100">
          <Text as="p">
            The print service did not accept the merchant API key saved in Settings, so new orders
            can't be sent to print. Copy the key again from your print-service account and save it
            in Settings.
          </Text>
          {keys.detail ? (
            <Text as="p" tone="subdued" variant="bodySm">
              The print service answered: {keys.detail}
            </Text>
          ) : null}
        </BlockStack>
      </Banner>
    );
  }
  if (keys.status === "unreachable") {
    return (
      <Banner tone="warning" title="Print Connect can't reach the print service" action={settings}>
        <Text as="p">
          Your keys could not be checked and orders wait until the service answers. If this lasts,
          check the environment and address in Settings.
        </Text>
      </Banner>
    );
  }
  return (
    <Banner tone="warning" title="Your print-service keys could not be checked" action={settings}>
      <BlockStack gap="100">
        <Text as="p">{keys.title}.</Text>
        {keys.detail ? <Text as="p">{keys.detail}</Text> : null}
      </BlockStack>
    </Banner>
  );
}
