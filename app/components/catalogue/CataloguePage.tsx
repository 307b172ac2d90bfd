import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Link,
  Page,
  Select,
  Text,
} from "@shopify/polaris";
import type { loadCataloguePage } from "../../pages/catalogue/catalogue.server";
import { SETTINGS_CURRENCIES } from "../../services/pricing/currency";
import { PageNote } from "../PageNote";
import { NoCredentials, ProblemBanner } from "../States";
import { pagesText, sizeText } from "../OfferingPicker";
import { useFormat } from "../format";
import { MARKET_COUNTRIES } from "../../services/country-names";

export type CataloguePageData = SerializeFrom<Awaited<ReturnType<typeof loadCataloguePage>>>;

/** The Catalogue page: the filters and the offerings with their limits and prices. */
export function CataloguePage({ data }: { data: CataloguePageData }) {
  const { filters, categories, offerings } = data;
  const navigation = useNavigation();
  const fmt = useFormat();
  const [category, setCategory] = useState(filters.category);
  const [subCategory, setSubCategory] = useState(filters.subCategory);
  const [country, setCountry] = useState(filters.country);
  const [currency, setCurrency] = useState(filters.currency);
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === "/app/catalogue";
  const subs = categories.find((c) => c.code === category)?.subCategories ?? [];
  const names = new Map(
    categories.flatMap((c) => [
      [c.code, c.name] as const,
      ...c.subCategories.map((s) => [`${c.code}/${s.code}`, s.name] as const),
    ]),
  );
  let regionNames: Intl.DisplayNames | null = null;
  try {
    regionNames = new Intl.DisplayNames([fmt.ctx.locale], { type: "region" });
  } catch {
    regionNames = null;
  }

  if (offerings.status === "no_credentials") {
    return (
      <Page title="Catalogue" backAction={{ content: "Home", url: "/app" }}>
        <NoCredentials what="the print-service catalogue" />
      </Page>
    );
  }
  const rows = offerings.status === "ok" ? offerings.data : [];
  return (
    <Page
      title="Catalogue"
      subtitle="What the print service makes, with its limits and prices."
      backAction={{ content: "Home", url: "/app" }}
    >
      <BlockStack gap="400">
        {offerings.status === "error" ? (
          <ProblemBanner problem={offerings.problem} title="The catalogue could not be loaded" />
        ) : null}
        <Card padding="0">
          <Box padding="300">
            <Form method="get" action="/app/catalogue">
              <InlineStack gap="300" blockAlign="end" wrap>
                <Select
                  label="Category"
                  name="category"
                  options={[
                    { label: "All", value: "" },
                    ...categories.map((c) => ({ label: c.name, value: c.code })),
                  ]}
                  value={category}
                  onChange={(v) => {
                    setCategory(v);
                    setSubCategory("");
                  }}
                />
                <Select
                  label="Sub-category"
                  name="subCategory"
                  options={[
                    { label: "All", value: "" },
                    ...subs.map((s) => ({ label: s.name, value: s.code })),
                  ]}
                  value={subCategory}
                  onChange={setSubCategory}
                  disabled={!category}
                />
                <Select
                  label="Ships to"
                  name="country"
                  options={[
                    { label: "Any country", value: "" },
                    ...MARKET_COUNTRIES.map((c) => ({ label: regionNames?.of(c) ?? c, value: c })),
                  ]}
                  value={country}
                  onChange={setCountry}
                />
                <Select
                  label="Currency"
                  name="currency"
                  options={SETTINGS_CURRENCIES.map((c) => ({ label: c, value: c }))}
                  value={currency}
                  onChange={setCurrency}
                />
                <Button submit loading={loading}>
                  Apply
                </Button>
              </InlineStack>
            </Form>
          </Box>
          <IndexTable
            resourceName={{ singular: "offering", plural: "offerings" }}
            itemCount={rows.length}
            selectable={false}
            loading={loading}
            emptyState={
              <EmptySearchResult
                title="No offerings"
                description="Nothing matches these filters. Try another category or country."
                withIllustration
              />
            }
            headings={[
              { title: "Offering" },
              { title: "Paper" },
              { title: "Size" },
              { title: "Pages" },
              { title: "Min. quantity", alignment: "end" },
              { title: "Base price", alignment: "end" },
              { title: "Per page", alignment: "end" },
            ]}
          >
            {rows.map((o, i) => (
              <IndexTable.Row id={String(o.id)} key={o.id} position={i}>
                <IndexTable.Cell>
                  <Wrap minWidth={180}>
                    <Link
                      url={`/app/catalogue/${o.id}?currency=${filters.currency}`}
                      dataPrimaryLink
                      removeUnderline
                    >
                      <Text as="span" fontWeight="semibold">
                        {o.name}
                      </Text>
                    </Link>
                    <Text as="p" tone="subdued" variant="bodySm">
                      {names.get(`${o.categoryCode}/${o.subCategoryCode}`) ??
                        `${o.categoryCode} / ${o.subCategoryCode}`}{" "}
                      · No. {o.id}
                    </Text>
                  </Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={90}>{o.paperType ?? "—"}</Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={80}>{sizeText(o)}</Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Wrap minWidth={64}>{pagesText(o)}</Wrap>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {fmt.number(o.minimumQuantity ?? 1)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {fmt.money(o.pricing?.price)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {fmt.money(o.pricing?.pricePerPage)}
                  </Text>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </Card>
        <PageNote>
          Prices are the print service's wholesale prices before quantity discounts, shipping and
          VAT. Use Quote for a full price.
        </PageNote>
      </BlockStack>
    </Page>
  );
}

/**
 * Table cells keep to one line by default; long names, papers and sizes wrap instead, so every
 * column (prices included) fits the card without a horizontal scroll.
 */
function Wrap({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", minWidth, overflowWrap: "anywhere" }}>{children}</div>;
}
