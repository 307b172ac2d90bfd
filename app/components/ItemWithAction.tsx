import { useFetcher } from "@remix-run/react";
import { BlockStack, Box, Button, InlineStack, Text, type ButtonProps } from "@shopify/polaris";
import type { ReactNode } from "react";

/**
 * One row of a list the merchant acts on in place (Home's orders that need them, Delivery
 * health's orders not taken in): what the row says, the answer of its action under it, and the
 * button, which posts `fields` to the page's action without leaving the page. Once the action
 * went through, the button stays off.
 */
export function ItemWithAction({
  children,
  fields,
  action,
  accessibilityLabel,
  variant,
}: {
  children: ReactNode;
  /** The hidden fields the button posts (the intent and the row's id). */
  fields: Record<string, string>;
  /** The button's words. */
  action: string;
  accessibilityLabel: string;
  variant?: ButtonProps["variant"];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <Box paddingBlock="300">
      <InlineStack align="space-between" blockAlign="start" gap="400" wrap={false}>
        <BlockStack gap="100">
          {children}
          {fetcher.data ? (
            <Text as="p" tone={fetcher.data.ok ? "success" : "critical"}>
              {fetcher.data.message}
            </Text>
          ) : null}
        </BlockStack>
        <fetcher.Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button
            submit
            variant={variant}
            loading={fetcher.state !== "idle"}
            disabled={fetcher.data?.ok === true}
            accessibilityLabel={accessibilityLabel}
          >
            {action}
          </Button>
        </fetcher.Form>
      </InlineStack>
    </Box>
  );
}
