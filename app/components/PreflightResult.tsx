import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { FileCheckView } from "../services/preflight/file-check-view";
import { useFormat } from "./format";

/**
 * "Print file check": what the preflight of a mapping's print file found,
 * with each problem's fix, and a button to check the file again once it is
 * fixed at its address.
 */
export function PreflightResult({
  check,
  perOrder,
  hasFile,
  checking,
  onCheckAgain,
  variants = "this variant",
  formChanged = false,
}: {
  check: FileCheckView | null;
  /** The file comes with each order: it is checked when the order brings it. */
  perOrder: boolean;
  /** The saved mapping has a fixed file URL (so there is something to check). */
  hasFile: boolean;
  checking: boolean;
  onCheckAgain: () => void;
  /** Whose orders wait: "this variant", or "these variants" when mapped in bulk. */
  variants?: string;
  /** The form's file, size or pages differ from the saved mapping's: this check is not theirs. */
  formChanged?: boolean;
}) {
  const fmt = useFormat();
  const checkAgain = (
    <Button onClick={onCheckAgain} loading={checking}>
      {check ? "Check file again" : "Check file"}
    </Button>
  );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Print file check
          </Text>
          {check ? <StatusBadge status={check.status} /> : null}
        </InlineStack>
        {formChanged && !perOrder && (check || hasFile) ? (
          <Text as="p" tone="caution">
            This is the check of the saved mapping&apos;s file. The file, size and pages in the form
            are checked when you save them.
          </Text>
        ) : null}
        {perOrder ? (
          <Text as="p" tone="subdued">
            Each order brings its own file. It is checked when it arrives, and an order whose file
            does not fit this offering waits for you.
          </Text>
        ) : !check ? (
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              {hasFile
                ? "This file has not been checked yet."
                : "Save the mapping with a file URL to check the file against the offering."}
            </Text>
            {hasFile ? <InlineStack>{checkAgain}</InlineStack> : null}
          </BlockStack>
        ) : (
          <BlockStack gap="300">
            {check.status === "passed" ? (
              <Text as="p" variant="bodyLg">
                {check.headline ? `${check.headline} — ready to print` : "Ready to print"}
              </Text>
            ) : null}
            {check.status === "failed" ? (
              <Banner tone="critical" title="This file cannot be printed as it is">
                <BlockStack gap="300">
                  {check.problems.map((problem) => (
                    <BlockStack gap="100" key={problem.message}>
                      <Text as="p" fontWeight="semibold">
                        {problem.message}
                      </Text>
                      <Text as="p">{problem.fix}</Text>
                    </BlockStack>
                  ))}
                  <Text as="p">
                    Orders of {variants} will wait for you until the file is fixed.
                  </Text>
                </BlockStack>
              </Banner>
            ) : null}
            {check.status === "unreachable" && check.busy ? (
              <Banner tone="warning" title="The file could not be checked just now">
                <BlockStack gap="200">
                  {check.problems.map((problem) => (
                    <Text as="p" key={problem.message}>
                      {problem.message} {problem.fix}
                    </Text>
                  ))}
                </BlockStack>
              </Banner>
            ) : check.status === "unreachable" ? (
              <Banner tone="warning" title="The file could not be downloaded to check it">
                <BlockStack gap="200">
                  <Text as="p">
                    {check.reason ? `${capitalise(check.reason)}.` : "The address did not answer."}{" "}
                    Make sure the address works from the internet, then check the file again.
                  </Text>
                  {check.problems.map((problem) => (
                    <Text as="p" key={problem.message}>
                      {problem.fix}
                    </Text>
                  ))}
                </BlockStack>
              </Banner>
            ) : null}
            <Box>
              <BlockStack gap="100">
                <Text as="p" tone="subdued" breakWord>
                  {check.url}
                </Text>
                <Text as="p" tone="subdued">
                  Checked {fmt.dateTime(check.checkedAt)}
                </Text>
              </BlockStack>
            </Box>
            <InlineStack>{checkAgain}</InlineStack>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}

function StatusBadge({ status }: { status: FileCheckView["status"] }) {
  if (status === "passed") return <Badge tone="success">Ready to print</Badge>;
  if (status === "failed") return <Badge tone="critical">Needs a new file</Badge>;
  return <Badge tone="warning">Not checked</Badge>;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
