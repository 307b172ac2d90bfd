import { Badge, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { HomeStep } from "../../pages/home/home.server";
import { countOf } from "../../services/merchant-text/orders";
import { CopyField } from "../CopyField";

/** "Set up Print Connect": each step with its state and the way to do it, and the callback URL to copy. */
export function SetupCard({
  steps,
  callbackUrl,
}: {
  steps: HomeStep[];
  callbackUrl: string | null;
}) {
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <InlineStack align="space-between">
            <Text as="h2" variant="headingMd">
              Set up Print Connect
            </Text>
            <Text as="span" tone="subdued">
              {done} of {countOf(total, "step")} done
            </Text>
          </InlineStack>
          <ProgressBar progress={(done / total) * 100} size="small" tone="primary" />
        </BlockStack>
        <BlockStack gap="300">
          {steps.map((step) => (
            <InlineStack key={step.id} align="space-between" blockAlign="center" gap="400">
              <BlockStack gap="050">
                <InlineStack gap="200" blockAlign="center">
                  <Badge tone={step.done ? "success" : "attention"}>
                    {step.done ? "Done" : "To do"}
                  </Badge>
                  <Text as="span" fontWeight="semibold">
                    {step.label}
                  </Text>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {step.detail}
                </Text>
              </BlockStack>
              {step.action ? <Button url={step.action.url}>{step.action.content}</Button> : null}
            </InlineStack>
          ))}
          {callbackUrl && !steps.find((s) => s.id === "callback")?.done ? (
            <CopyField label="Status callback URL" value={callbackUrl} />
          ) : null}
          {!callbackUrl ? (
            <Text as="p" tone="subdued">
              Your callback URL appears here once your settings are saved.
            </Text>
          ) : null}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
