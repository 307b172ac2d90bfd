import { useFetcher } from "@remix-run/react";
import { useMemo, useState } from "react";
import {
  BlockStack,
  Button,
  Card,
  Divider,
  InlineStack,
  Link,
  List,
  Text,
  TextField,
} from "@shopify/polaris";
import type { OrderActionData } from "../../pages/order-detail/action.server";
import { PREFLIGHT_TEXT } from "../../services/merchant-text/errors";
import { countOf } from "../../services/merchant-text/orders";
import { useFieldErrors } from "../form-field";
import { useFormat } from "../format";
import { ExternalLink } from "./ExternalLink";
import type { OrderDetail, OrderDetailItem } from "./types";

function AttachFile({ item }: { item: OrderDetailItem }) {
  const fetcher = useFetcher<OrderActionData>();
  const [url, setUrl] = useState("");
  const error =
    fetcher.data && !fetcher.data.ok && fetcher.data.itemId === item.id ? fetcher.data : null;
  // The refusal goes once the merchant edits the URL it was about.
  const serverErrors = useMemo(
    () => (error ? { fileUrl: error.fieldError ?? error.message } : null),
    [error],
  );
  const fieldErrors = useFieldErrors(serverErrors, { fileUrl: url });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="attach" />
      <input type="hidden" name="itemId" value={item.id} />
      <InlineStack gap="200" blockAlign="start" wrap={false}>
        <div style={{ flex: 1 }}>
          <TextField
            label={`Print file URL for ${item.title}`}
            name="fileUrl"
            value={url}
            onChange={setUrl}
            placeholder="https://files.example.com/print.pdf"
            autoComplete="off"
            error={fieldErrors.fileUrl}
          />
        </div>
        <div style={{ paddingTop: "1.5rem" }}>
          <Button submit loading={fetcher.state !== "idle"}>
            Attach file
          </Button>
        </div>
      </InlineStack>
    </fetcher.Form>
  );
}

const CHECK_TONE = {
  passed: "success",
  failed: "critical",
  unreachable: "subdued",
  overridden: "caution",
} as const;

/** The print-file check of an item, in plain words; a failed one lists each problem and its fix. */
function FileCheck({ check }: { check: NonNullable<OrderDetailItem["fileCheck"]> }) {
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodySm" tone={CHECK_TONE[check.status]}>
        {check.summary}
      </Text>
      {check.status === "failed" ? (
        <List type="bullet">
          {check.problems.map((p) => (
            <List.Item key={p.message}>
              <Text as="span" variant="bodySm">
                {p.message} {p.fix}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
    </BlockStack>
  );
}

/** Where the corrected file of an item the check stopped goes, with the way there. */
function FixFile({ source }: { source: NonNullable<OrderDetailItem["fileSource"]> }) {
  if (source.kind === "order")
    return (
      <Text as="p" variant="bodySm">
        {PREFLIGHT_TEXT.fixInOrder(source.property)}
      </Text>
    );
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Text as="p" variant="bodySm">
        {PREFLIGHT_TEXT.fixInMapping}
      </Text>
      <Link url={source.url}>{PREFLIGHT_TEXT.fixInMappingLink}</Link>
    </InlineStack>
  );
}

/** The print order's items, their files and file checks, and a field to attach a missing file. */
export function ItemsCard({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="baseline">
          <Text as="h2" variant="headingMd">
            Items
          </Text>
          <Text as="span" tone="subdued">
            {countOf(order.copies, "copy", "copies")}
          </Text>
        </InlineStack>
        {order.items.map((item, i) => (
          <BlockStack key={item.id} gap="200">
            {i > 0 ? <Divider /> : null}
            <InlineStack align="space-between" gap="300" wrap={false}>
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {item.title}
                </Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  {item.offeringName ?? `Offering ${item.offeringId}`}
                  {item.numberOfPages
                    ? ` · ${fmt.number(item.numberOfPages)} ${item.numberOfPages === 1 ? "page" : "pages"}`
                    : ""}
                </Text>
                {item.serviceStateLabel ? (
                  <Text as="span" tone="subdued" variant="bodySm">
                    Print service: {item.serviceStateLabel}
                  </Text>
                ) : null}
              </BlockStack>
              <BlockStack gap="050" inlineAlign="end">
                <Text as="span" numeric>
                  {`× ${fmt.number(item.quantity)}`}
                </Text>
                {item.shopPrice ? (
                  <Text as="span" tone="subdued" variant="bodySm" numeric>
                    {`${fmt.money(item.shopPrice)} each in Shopify`}
                  </Text>
                ) : null}
              </BlockStack>
            </InlineStack>
            {item.fileUrl ? (
              <Text as="p" variant="bodySm" breakWord>
                File: <ExternalLink url={item.fileUrl}>{item.fileUrl}</ExternalLink>
                {item.filesSent ? " (received by the print service)" : ""}
              </Text>
            ) : item.awaitingFile ? (
              <BlockStack gap="200">
                <Text as="p" tone="caution">
                  Waiting for the customer's print file.
                </Text>
                {order.actions.attach ? <AttachFile item={item} /> : null}
              </BlockStack>
            ) : null}
            {item.fileCheck ? <FileCheck check={item.fileCheck} /> : null}
            {item.fileCheck?.status === "failed" && order.actions.printAnyway && item.fileSource ? (
              <FixFile source={item.fileSource} />
            ) : null}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
