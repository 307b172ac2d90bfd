import { Banner, BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import { countryName } from "../services/country-names";
import { useFormat } from "./format";
import type { QuotePageData } from "./QuoteForm";
import { MarginAmount } from "./profit/MarginAmount";
import { marginText, QuoteGroupTable } from "./QuoteTable";

/** A quote: one table per group that ships together, what cannot be made, and the sum. */
export function QuoteResult({ quote }: { quote: NonNullable<QuotePageData["quote"]> }) {
  const fmt = useFormat();
  return (
    <BlockStack gap="400">
      {!quote.together ? (
        <Banner
          tone="warning"
          title={`These items cannot ship together: they become ${quote.groups.length} print orders`}
        >
          <p>Each group below is made at a different facility and shipped on its own.</p>
        </Banner>
      ) : null}
      {quote.unproducible.length ? (
        <Banner tone="critical" title="Some items cannot be produced for this destination">
          <p>{quote.unproducible.map((l) => l.label).join(", ")}</p>
        </Banner>
      ) : null}
      {quote.groups.map((g, i) => (
        <Card key={i} padding="0">
          <Box padding="300">
            <Text as="h2" variant="headingMd">
              {quote.together
                ? `Quote to ${countryName(quote.countryCode)}${quote.state ? `, ${quote.state}` : ""}`
                : `Group ${i + 1}`}
            </Text>
          </Box>
          <QuoteGroupTable group={g} />
        </Card>
      ))}
      {!quote.together && quote.groups.length > 1 ? (
        <Card>
          <InlineStack align="space-between">
            <Text as="span" fontWeight="semibold">
              All groups
            </Text>
            <Text as="span" numeric fontWeight="semibold">
              {fmt.money(quote.total.total)}
              {quote.total.margin ? (
                <>
                  {" · margin "}
                  <MarginAmount
                    margin={quote.total.margin}
                    text={marginText(fmt, quote.total.margin, quote.total.revenue)}
                  />
                </>
              ) : null}
            </Text>
          </InlineStack>
        </Card>
      ) : null}
      {/* Cards reach the screen's edges on a phone; the notes under them keep a margin. */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <BlockStack gap="200">
          <Text as="p" tone="subdued" variant="bodySm">
            The price per copy under each item is for one copy and is not added up; every other
            amount is for all copies of the line. Product − quantity discount + shipping + VAT =
            total cost, and each column&apos;s total is the sum of the rows above it: the print
            service&apos;s own total. Margin is the Shopify price of all copies minus the total
            cost.
          </Text>
          {quote.conversion ? (
            <Text as="p" tone="subdued" variant="bodySm">
              The Shopify price is in another currency than this quote: margins are in the Shopify
              price&apos;s currency, with the cost converted at the print service&apos;s rate,{" "}
              {quote.conversion}.
            </Text>
          ) : null}
        </BlockStack>
      </Box>
    </BlockStack>
  );
}
