import type { SerializeFrom } from "@remix-run/node";
import {
  Banner,
  BlockStack,
  Card,
  DataTable,
  InlineGrid,
  Layout,
  Page,
  Text,
} from "@shopify/polaris";
import type { loadOfferingPage } from "../../pages/catalogue/offering.server";
import { NoCredentials, ProblemBanner } from "../States";
import { Fact, pagesText, sizeText } from "../OfferingPicker";
import { useFormat, type Money } from "../format";
import { ProofFromFile } from "../proofs/ProofFromFile";
import { isSinglePage } from "../../services/catalogue/mapping-rules";

/** The offering as the loader gives it (one that was found). */
export type OfferingPageData = SerializeFrom<
  NonNullable<Awaited<ReturnType<typeof loadOfferingPage>>>
>;

/** One offering's page: its limits, a proof from a file and its prices in every currency. */
export function OfferingPage({ data }: { data: OfferingPageData }) {
  const { offering, categories, legacy } = data;
  const fmt = useFormat();
  if (offering.status === "no_credentials") {
    return (
      <Page title="Offering" backAction={{ content: "Catalogue", url: "/app/catalogue" }}>
        <NoCredentials what="offering details" />
      </Page>
    );
  }
  if (offering.status === "error" || !offering.data) {
    return (
      <Page title="Offering" backAction={{ content: "Catalogue", url: "/app/catalogue" }}>
        {offering.status === "error" ? <ProblemBanner problem={offering.problem} /> : null}
      </Page>
    );
  }
  const o = offering.data;
  const cat = categories.find((c) => c.code === o.categoryCode);
  const sub = cat?.subCategories.find((s) => s.code === o.subCategoryCode);
  const currencies =
    legacy.status === "ok" && legacy.prices ? legacy.prices.price.map((m) => m.currency) : [];
  const byCurrency = (list: Money[], c: string) => fmt.money(list.find((m) => m.currency === c));
  return (
    <Page
      title={o.name}
      subtitle={`Offering ${o.id} · ${cat?.name ?? o.categoryCode} / ${sub?.name ?? o.subCategoryCode}`}
      backAction={{ content: "Catalogue", url: "/app/catalogue" }}
      primaryAction={{ content: "Create product", url: `/app/products/new?offering=${o.id}` }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  Limits
                </Text>
                <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                  <Fact label="Size" value={sizeText(o)} large />
                  <Fact label="Pages" value={pagesText(o)} large />
                  <Fact label="Minimum quantity" value={fmt.number(o.minimumQuantity ?? 1)} large />
                  <Fact label="Paper" value={o.paperType ?? "—"} large />
                </InlineGrid>
                <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                  <Fact label="Base price" value={fmt.money(o.pricing?.price)} large />
                  <Fact label="Per extra page" value={fmt.money(o.pricing?.pricePerPage)} large />
                  {o.catalogueItemCode ? (
                    <Fact label="Catalogue code" value={o.catalogueItemCode} large />
                  ) : null}
                </InlineGrid>
              </BlockStack>
            </Card>
            <ProofFromFile
              offeringId={o.id}
              singlePage={isSinglePage(o)}
              dynamicSize={o.dynamicSize}
            />
            <Card padding={legacy.status === "ok" && legacy.prices ? "0" : "400"}>
              {legacy.status === "no_key" ? (
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    Prices in every currency
                  </Text>
                  <Text as="p" tone="subdued">
                    Add your legacy application API key in Settings to see this offering's prices in
                    every currency.
                  </Text>
                </BlockStack>
              ) : legacy.status === "error" ? (
                <ProblemBanner
                  problem={legacy.problem}
                  title="Prices in every currency could not be loaded"
                />
              ) : !legacy.prices ? (
                <Banner
                  tone="info"
                  title="The print service's price list in every currency does not include this offering."
                />
              ) : (
                <BlockStack>
                  <div style={{ padding: "var(--p-space-400)" }}>
                    <BlockStack gap="100">
                      <Text as="h2" variant="headingMd">
                        Prices in every currency
                      </Text>
                      {legacy.prices.pricingExpireDate ? (
                        <Text as="p" tone="subdued" variant="bodySm">
                          Valid until {fmt.dateTime(legacy.prices.pricingExpireDate)}
                          {legacy.prices.vatPercentage !== null
                            ? ` · VAT ${fmt.number(legacy.prices.vatPercentage / 100, { style: "percent", maximumFractionDigits: 2 })}`
                            : ""}
                        </Text>
                      ) : null}
                    </BlockStack>
                  </div>
                  <DataTable
                    columnContentTypes={[
                      "text",
                      "numeric",
                      "numeric",
                      "numeric",
                      "numeric",
                      "numeric",
                    ]}
                    headings={[
                      "Currency",
                      "Price",
                      "Per page",
                      "Shipping (country)",
                      "Shipping (region)",
                      "Shipping (world)",
                    ]}
                    rows={currencies.map((c) => [
                      c,
                      byCurrency(legacy.prices!.price, c),
                      byCurrency(legacy.prices!.pricePerPage, c),
                      byCurrency(legacy.prices!.countryShipping, c),
                      byCurrency(legacy.prices!.regionShipping, c),
                      byCurrency(legacy.prices!.worldShipping, c),
                    ])}
                  />
                </BlockStack>
              )}
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
