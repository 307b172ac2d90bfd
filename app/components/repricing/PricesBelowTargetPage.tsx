import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Card, List, Page, Text } from "@shopify/polaris";
import type { PricesAnswer, PricesView } from "../../pages/prices/prices.server";
import type { RecheckSummary } from "../../services/repricing";
import { Empty } from "../States";
import { useFormat } from "../format";
import { RepriceTable } from "./RepriceTable";

/** Prices below the target margin: the variants to reprice, and how their new price is worked out. */
export function PricesBelowTargetPage({
  data,
  result,
}: {
  data: SerializeFrom<PricesView>;
  result: SerializeFrom<PricesAnswer> | undefined;
}) {
  const { list, countryName, error } = data;
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const rows = list?.rows ?? [];
  const market = countryName ?? "your shop's country";

  const reprice = () =>
    submit(
      { intent: "reprice", variantIds: rows.map((r) => r.variantId).join(",") },
      { method: "post" },
    );
  const check = () => submit({ intent: "check" }, { method: "post" });

  return (
    <Page
      title="Prices below your target margin"
      subtitle="Products created with Print Connect whose print cost went up since their price was set."
      backAction={{ content: "Products", url: "/app/products" }}
      primaryAction={
        rows.length
          ? {
              content:
                rows.length === 1
                  ? "Reprice 1 variant"
                  : `Reprice ${fmt.number(rows.length)} variants`,
              disabled: Boolean(busy),
              loading: busy === "reprice",
              onAction: reprice,
            }
          : undefined
      }
      secondaryActions={[
        {
          content: "Check print prices now",
          disabled: Boolean(busy),
          loading: busy === "check",
          onAction: check,
        },
      ]}
    >
      <BlockStack gap="400">
        {result ? (
          <Banner
            tone={result.ok ? "success" : result.partly ? "warning" : "critical"}
            title={result.message}
          >
            {result.failed.length ? (
              <List>
                {result.failed.map((f) => (
                  <List.Item key={f.variantId}>
                    {f.title ? <strong>{f.title}: </strong> : null}
                    {f.message}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Banner>
        ) : null}
        {list?.recheck ? <RecheckBanner recheck={list.recheck} /> : null}
        {error ? (
          <Banner tone="critical" title="Your prices could not be read from Shopify">
            <p>{error}</p>
            <p>Reload the page to try again.</p>
          </Banner>
        ) : null}
        {list?.notes.length ? (
          <Banner tone="info" title="Some variants are not compared">
            <List>
              {list.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          </Banner>
        ) : null}
        {list ? (
          <Card padding="0">
            {rows.length ? (
              <RepriceTable rows={rows} countryName={countryName} />
            ) : list.watched === 0 && list.notes.length === 0 ? (
              <Empty
                heading="No products created with Print Connect yet"
                action={{ content: "Create product", url: "/app/products/new" }}
              >
                <p>
                  Products you create here are watched: when the print service&apos;s prices go up,
                  the ones that no longer earn your target margin are listed on this page.
                </p>
              </Empty>
            ) : (
              <Empty heading="All prices are at or above your target margin">
                <p>
                  {list.watched === 1
                    ? "The variant created with Print Connect earns"
                    : `All ${fmt.number(list.watched)} variants created with Print Connect earn`}{" "}
                  at least the margin you chose when you created{" "}
                  {list.watched === 1 ? "it" : "them"}.
                </p>
              </Empty>
            )}
          </Card>
        ) : null}
        {list ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                How the new price is worked out
              </Text>
              <Text as="p">
                The print cost is what the print service charges for the smallest sale of a variant
                to {market}: printing, shipping and VAT, for one copy (or per copy when it is sold
                by more than one). The new price is that cost with the margin or markup you chose
                when you created the product, rounded up the way you chose (for example to .99), so
                it never earns less than your target. A variant is listed when its Shopify price
                earns less than that target.
              </Text>
              <Text as="p" tone="subdued">
                {list.checkedAt
                  ? `Print prices last checked ${fmt.dateTime(list.checkedAt)}.`
                  : "Print prices not checked yet."}{" "}
                {list.validUntil
                  ? `The print service promises its current prices until ${fmt.dateTime(list.validUntil)}; after that they are checked again when you open this page.`
                  : "They are checked again when you open this page after a week, or whenever you choose “Check print prices now”."}
              </Text>
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  );
}

function RecheckBanner({ recheck }: { recheck: RecheckSummary }) {
  const why =
    recheck.reason === "expired"
      ? "The print service's prices were due for renewal"
      : "Some variants had no print price yet";
  if (recheck.problem && recheck.checked === 0)
    return (
      <Banner tone="warning" title={`${why}, but they could not be checked`}>
        <p>{recheck.problem}</p>
        <p>The list below uses the print prices last known. Check print prices again later.</p>
      </Banner>
    );
  return (
    <Banner
      tone="info"
      title={`${why}, so they were checked again: ${
        recheck.changed === 0
          ? "no change"
          : `${recheck.changed === 1 ? "1 variant's" : `${recheck.changed} variants'`} print cost changed`
      }.`}
    >
      {recheck.problem ? <p>{recheck.problem}</p> : null}
    </Banner>
  );
}
