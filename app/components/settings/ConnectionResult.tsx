import { Badge, Banner, BlockStack, InlineStack, Text } from "@shopify/polaris";
import type { ConnectionReport } from "../../services/print-connection/checks";
import { useFormat } from "../format";

/** What "Test connection" found, check by check. */
export function ConnectionResult({ report }: { report: ConnectionReport }) {
  return (
    <Banner
      tone={report.ok ? "success" : "critical"}
      title={report.ok ? "Connection works" : "The connection has a problem"}
    >
      <ConnectionChecks report={report} />
    </Banner>
  );
}

/** The checks of a connection test, one line each, and when they ran. */
export function ConnectionChecks({ report }: { report: ConnectionReport }) {
  const fmt = useFormat();
  return (
    <BlockStack gap="200">
      {report.checks.map((c) => (
        <InlineStack key={c.id} gap="200" blockAlign="start" wrap={false}>
          <Badge
            tone={c.status === "ok" ? "success" : c.status === "failed" ? "critical" : undefined}
          >
            {c.status === "ok" ? "Worked" : c.status === "failed" ? "Failed" : "Not checked"}
          </Badge>
          <Text as="p">
            <Text as="span" fontWeight="semibold">
              {c.label}:
            </Text>{" "}
            {c.detail}
          </Text>
        </InlineStack>
      ))}
      <Text as="p" tone="subdued" variant="bodySm">
        Checked {fmt.dateTime(report.checkedAt)}
      </Text>
    </BlockStack>
  );
}
