import { BlockStack, IndexTable, Link, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { currencyExponent } from "../../services/print/money";
import { roundingLabel, type PricingRule } from "../../services/pricing/price-rule";
import { legacyIdOf } from "../../services/shopify-admin/ids";
import type { RepriceRow } from "../../services/repricing";
import { useFormat } from "../format";

/** "30 % margin" / "40 % markup", then the rounding: the rule a row's new price follows. */
export function ruleText(rule: PricingRule, currency: string): string {
  const percent = `${rule.percent.toLocaleString("en", { maximumFractionDigits: 2 })} %`;
  const kind = rule.mode === "margin" ? "margin" : "markup";
  return `${percent} ${kind}, ${roundingLabel(rule.rounding, currencyExponent(currency)).toLowerCase()}`;
}

export function RepriceTable({
  rows,
  countryName,
}: {
  rows: RepriceRow[];
  countryName: string | null;
}) {
  const fmt = useFormat();
  const money = (amountMinor: number, currency: string) => fmt.money({ amountMinor, currency });
  const share = (bps: number | null) =>
    bps === null ? "—" : fmt.number(bps / 10_000, { style: "percent", maximumFractionDigits: 1 });
  return (
    <IndexTable
      resourceName={{ singular: "variant", plural: "variants" }}
      itemCount={rows.length}
      selectable={false}
      headings={[
        { title: "Product" },
        { title: "Variant" },
        { title: "Shopify price", alignment: "end" },
        { title: countryName ? `Print cost to ${countryName}` : "Print cost", alignment: "end" },
        { title: "Margin", alignment: "end" },
        { title: "New price", alignment: "end" },
        { title: "New margin", alignment: "end" },
      ]}
    >
      {rows.map((row, index) => {
        const margin = row.priceMinor - row.costMinor;
        const newMargin = row.newPriceMinor - row.costMinor;
        return (
          <IndexTable.Row id={row.variantId} key={row.variantId} position={index}>
            <IndexTable.Cell>
              <Wrap minWidth={140}>
                <Text as="span" fontWeight="semibold">
                  {row.productTitle}
                </Text>
              </Wrap>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Wrap minWidth={80}>
                <Link url={`/app/products/${legacyIdOf(row.variantId)}`} removeUnderline>
                  {row.variantTitle}
                </Link>
              </Wrap>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {money(row.priceMinor, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="050" inlineAlign="end">
                <Text as="span" alignment="end" numeric>
                  {money(row.costMinor, row.currency)}
                </Text>
                {row.quantity > 1 ? (
                  <Text as="span" tone="subdued" variant="bodySm">
                    a copy, sold by {fmt.number(row.quantity)}
                  </Text>
                ) : null}
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="050" inlineAlign="end">
                <Text
                  as="span"
                  alignment="end"
                  numeric
                  tone="critical"
                  fontWeight={margin < 0 ? "semibold" : "regular"}
                >
                  {margin < 0 ? "Loss: " : ""}
                  {money(margin, row.currency)} ({share(row.marginBps)})
                </Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  target {share(row.targetBps)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="050" inlineAlign="end">
                <Text as="span" alignment="end" numeric fontWeight="semibold">
                  {money(row.newPriceMinor, row.currency)}
                </Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  {ruleText(row.rule, row.currency)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone="success">
                {money(newMargin, row.currency)} ({share(row.newMarginBps)})
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        );
      })}
    </IndexTable>
  );
}

/** Long titles wrap instead of pushing columns behind a horizontal scroll. */
function Wrap({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", minWidth, overflowWrap: "anywhere" }}>{children}</div>;
}
