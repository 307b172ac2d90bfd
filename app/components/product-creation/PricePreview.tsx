import {
  Badge,
  Banner,
  BlockStack,
  Checkbox,
  DataTable,
  InlineStack,
  Text,
} from "@shopify/polaris";
import type { FileCheckView } from "../../services/preflight/file-check-view";
import type { PreviewResult } from "../../pages/create-product/index.server";
import { useFormat } from "../format";
import { MarginAmount } from "../profit/MarginAmount";

/** "Work out prices" as the page receives it. */
export type PreviewView = Extract<PreviewResult, { ok: true }>;

/**
 * What each variant costs to print and send to the shop's main market, the
 * price the rule suggests, the price that will be set and its margin, and
 * what the print file check found. A price below cost is said in words and
 * needs the merchant's explicit "Sell below cost".
 */
export function PricePreview({
  preview,
  stale,
  confirmLoss,
  onConfirmLoss,
  confirmLossError,
}: {
  preview: PreviewView;
  /** The form changed since these prices were worked out. */
  stale: boolean;
  confirmLoss: boolean;
  onConfirmLoss: (checked: boolean) => void;
  confirmLossError: string | undefined;
}) {
  const fmt = useFormat();
  const money = (amountMinor: number) => fmt.money({ amountMinor, currency: preview.currency });
  const share = (bps: number | null) =>
    bps === null ? "—" : fmt.number(bps / 10_000, { style: "percent", maximumFractionDigits: 1 });
  const losses = preview.variants.filter((v) => v.belowCost);
  return (
    <BlockStack gap="300">
      {stale ? (
        <Banner tone="info" title="You changed the form since these prices were worked out">
          <p>Work out prices again to see the prices the product will be created with.</p>
        </Banner>
      ) : null}
      <Text as="p" tone="subdued">
        Cost is print, shipping and VAT of the smallest order to {preview.countryName}, your main
        market.
      </Text>
      <DataTable
        columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "text"]}
        headings={["Variant", "Cost", "Suggested price", "Price", "Margin", "Share", "Print file"]}
        rows={preview.variants.map((v) => [
          <VariantName
            key="variant"
            label={v.label}
            detail={[
              v.offeringName !== v.label ? v.offeringName : "",
              v.quantity > 1 ? `${fmt.number(v.quantity)} copies` : "",
            ]
              .filter(Boolean)
              .join(" · ")}
          />,
          <BlockStack gap="050" inlineAlign="end" key="cost">
            <Text as="span" numeric>
              {money(v.perCopyCostMinor)}
            </Text>
            {v.quantity > 1 ? (
              <Text as="span" variant="bodySm" tone="subdued" numeric>
                {money(v.costMinor)} for {fmt.number(v.quantity)}
              </Text>
            ) : null}
          </BlockStack>,
          money(v.suggestedPriceMinor),
          <Text as="span" numeric key="price" tone={v.belowCost ? "critical" : undefined}>
            {money(v.priceMinor)}
          </Text>,
          <MarginAmount
            key="margin"
            margin={{ amountMinor: v.marginMinor, currency: preview.currency }}
            text={money(v.marginMinor)}
          />,
          <Text as="span" numeric key="share" tone={v.belowCost ? "critical" : undefined}>
            {share(v.marginBps)}
          </Text>,
          <BlockStack gap="100" key="file">
            <FileCheck check={v.preflight} what="Interior" />
            {v.coverPreflight !== undefined && v.coverPreflight !== null ? (
              <FileCheck check={v.coverPreflight} what="Cover" />
            ) : null}
          </BlockStack>,
        ])}
      />
      {preview.lossConfirmationNeeded || losses.length > 0 ? (
        <Banner tone="critical" title="Some prices are below what printing costs">
          <BlockStack gap="200">
            <Text as="p">
              {losses.length
                ? `${losses.map((v) => v.label).join(", ")} would sell at a loss: `
                : ""}
              every sale costs you more than the customer pays. Raise the price or the margin, or
              confirm that this is what you want.
            </Text>
            <Checkbox
              label="Sell below cost"
              helpText="I know these variants lose money on every sale."
              checked={confirmLoss}
              onChange={onConfirmLoss}
              error={confirmLossError}
            />
          </BlockStack>
        </Banner>
      ) : null}
    </BlockStack>
  );
}

/** One file's check in a line: ready, or what is wrong and how to fix it. */
export function FileCheck({ check, what }: { check: FileCheckView | null; what: string }) {
  if (!check)
    return (
      <Text as="span" tone="subdued">
        {what}: not checked
      </Text>
    );
  if (check.status === "passed")
    return (
      <InlineStack gap="100" blockAlign="center" wrap={false}>
        <Badge tone="success">Ready to print</Badge>
        {check.headline ? (
          <Text as="span" variant="bodySm" tone="subdued">
            {check.headline}
          </Text>
        ) : null}
      </InlineStack>
    );
  return (
    <BlockStack gap="100">
      <InlineStack>
        <Badge tone={check.status === "failed" ? "critical" : "warning"}>
          {check.status === "failed" ? `${what}: needs a new file` : `${what}: not checked`}
        </Badge>
      </InlineStack>
      {check.reason && check.status !== "failed" ? (
        <Text as="span" variant="bodySm">
          {check.reason}
        </Text>
      ) : null}
      {check.problems.map((p) => (
        <Text as="span" variant="bodySm" key={p.message}>
          {p.message} {p.fix}
        </Text>
      ))}
    </BlockStack>
  );
}

/** A variant's name shoppers see, with its offering (when named otherwise) and copies. */
export function VariantName({ label, detail }: { label: string; detail: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold">
        {label}
      </Text>
      {detail ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {detail}
        </Text>
      ) : null}
    </BlockStack>
  );
}
