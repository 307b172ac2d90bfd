import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  IndexTable,
  InlineStack,
  Layout,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { listMappingsForPicker } from "../models/mapping.server";
import { getPrintSettingsForDisplay } from "../models/print-settings.server";
import { legacyIdOf, SETTINGS_CURRENCIES } from "../models/admin-shared";
import { createPublication, listPublications } from "../models/publications.server";
import { listCategories, listOfferings } from "../models/catalogue.server";
import { Empty, ProblemBanner, RouteError } from "../components/States";
import { useFormat } from "../components/format";
import { httpUrlOrNull } from "../services/safe-url";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const after = z
    .string()
    .max(200)
    .optional()
    .catch(undefined)
    .parse(new URL(request.url).searchParams.get("after") ?? undefined);
  const [settings, page, mappings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    listPublications({ shop, after }),
    listMappingsForPicker({ shop }),
  ]);
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  // What a listing from a file can sell: the shop's own catalogue.
  const [offerings, categories] = connected
    ? await Promise.all([listOfferings({ shop, filters: {} }), listCategories({ shop })])
    : [null, null];
  return json({
    offerings:
      offerings?.status === "ok"
        ? offerings.data.map((o) => ({ id: o.id, name: o.name, categoryCode: o.categoryCode }))
        : [],
    categories:
      categories?.status === "ok"
        ? categories.data.map((c) => ({ code: c.code, name: c.name }))
        : [],
    connected,
    currency: settings?.currency ?? "EUR",
    page,
    after: after ?? null,
    variants: mappings
      .filter((m) => m.contentUrl && m.numberOfPages && m.contentWidth && m.contentHeight)
      .map((m) => ({
        id: m.variantId,
        legacyId: legacyIdOf(m.variantId),
        title: m.title || legacyIdOf(m.variantId),
        pages: m.numberOfPages,
      })),
  });
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const result = await createPublication({
    shop: session.shop,
    input: Object.fromEntries(await request.formData()),
  });
  // Validation and service refusals are answers the page shows, not HTTP errors.
  return json(result);
};

const LOCALES = [
  { label: "English", value: "en" },
  { label: "Dutch", value: "nl" },
  { label: "German", value: "de" },
  { label: "French", value: "fr" },
  { label: "Spanish", value: "es" },
  { label: "Italian", value: "it" },
];

export default function Publications() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const fmt = useFormat();
  const formRef = useRef<HTMLFormElement>(null);
  const blank = {
    source: data.variants.length ? "variant" : "file",
    variantId: data.variants[0]?.id ?? "",
    listing: "offering",
    offeringId: "",
    categoryCode: "",
    title: "",
    fileUrl: "",
    pages: "",
    width: "",
    height: "",
    thumbnailUrl: "",
    currency: data.currency,
    locale: "en",
  };
  const [values, setValues] = useState(blank);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const errors: Record<string, string> = result && !result.ok ? result.fieldErrors : {};
  const creating = navigation.state === "submitting";
  const createdId = result?.ok ? result.id : null;
  useEffect(() => {
    if (createdId)
      setValues((v) => ({
        ...v,
        title: "",
        fileUrl: "",
        pages: "",
        width: "",
        height: "",
        thumbnailUrl: "",
      }));
  }, [createdId]);

  return (
    <Page
      title="Publications"
      subtitle="Listings shoppers order through the print service's hosted checkout."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        {result?.ok ? (
          <Layout.Section variant="fullWidth">
            <Banner tone="success" title="Publication created">
              <p>
                Checkout link:{" "}
                {httpUrlOrNull(result.checkoutUrl) ? (
                  <Link url={result.checkoutUrl} target="_blank">
                    {result.checkoutUrl}
                  </Link>
                ) : (
                  result.checkoutUrl
                )}
                {result.secure ? " (secure checkout)" : ""}
              </p>
            </Banner>
          </Layout.Section>
        ) : result?.problem ? (
          <Layout.Section variant="fullWidth">
            <ProblemBanner problem={result.problem} title="The publication was not created" />
          </Layout.Section>
        ) : result && !result.ok ? (
          <Layout.Section variant="fullWidth">
            <Banner
              tone="critical"
              title={errors.form ?? "Fix the fields marked below; your input is kept."}
            />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <Card padding="0">
            <Box padding="400">
              <Text as="h2" variant="headingMd">
                Your publications
              </Text>
            </Box>
            <IndexTable
              resourceName={{ singular: "publication", plural: "publications" }}
              itemCount={data.page.rows.length}
              selectable={false}
              emptyState={
                <Empty heading="No publications yet">
                  <p>
                    Create one from a mapped variant or a print file. Shoppers buy it through its
                    checkout link.
                  </p>
                </Empty>
              }
              headings={[
                { title: "Title" },
                { title: "Checkout link" },
                { title: "Currency" },
                { title: "Created" },
              ]}
            >
              {data.page.rows.map((p, i) => (
                <IndexTable.Row id={p.id} key={p.id} position={i}>
                  <IndexTable.Cell>
                    <BlockStack gap="050">
                      <Text as="span" fontWeight="semibold">
                        {p.title}
                      </Text>
                      <Text as="span" tone="subdued" variant="bodySm">
                        {p.variantId ? `From variant ${legacyIdOf(p.variantId)}` : "From a file"}
                      </Text>
                    </BlockStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="200" blockAlign="center">
                      {/* The checkout URL comes from the print service: http(s) only. */}
                      {httpUrlOrNull(p.checkoutUrl) ? (
                        <Link url={p.checkoutUrl} target="_blank" removeUnderline>
                          Open checkout
                        </Link>
                      ) : null}
                      {p.secure ? <Badge tone="info">Secure</Badge> : null}
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {p.currency} · {p.locale}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{fmt.dateTime(p.createdAt)}</IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
            {data.page.nextCursor || data.after ? (
              <Box padding="300">
                <InlineStack gap="200" align="center">
                  {data.after ? <Button url="/app/publications">Newest</Button> : null}
                  {data.page.nextCursor ? (
                    <Button url={`/app/publications?after=${data.page.nextCursor}`}>Older</Button>
                  ) : null}
                </InlineStack>
              </Box>
            ) : null}
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            {!data.connected ? (
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Create a publication
                </Text>
                <Text as="p" tone="subdued">
                  Save your print-service keys in Settings first.
                </Text>
                <InlineStack>
                  <Button url="/app/settings">Open Settings</Button>
                </InlineStack>
              </BlockStack>
            ) : (
              <form
                ref={formRef}
                method="post"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit(e.currentTarget, { method: "post" });
                }}
              >
                <input type="hidden" name="source" value={values.source} />
                <input type="hidden" name="currency" value={values.currency} />
                <input type="hidden" name="locale" value={values.locale} />
                {values.source === "variant" ? (
                  <input type="hidden" name="variantId" value={values.variantId} />
                ) : (
                  <>
                    <input type="hidden" name="listing" value={values.listing} />
                    <input type="hidden" name="offeringId" value={values.offeringId} />
                    <input type="hidden" name="categoryCode" value={values.categoryCode} />
                  </>
                )}
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Create a publication
                  </Text>
                  <ChoiceList
                    title="Source"
                    choices={[
                      {
                        label: "A mapped variant",
                        value: "variant",
                        disabled: data.variants.length === 0,
                      },
                      { label: "A print file", value: "file" },
                    ]}
                    selected={[values.source]}
                    onChange={(v) => set("source")(v[0] ?? "file")}
                    error={errors.source}
                  />
                  <FormLayout>
                    {values.source === "variant" ? (
                      <Select
                        label="Variant"
                        options={data.variants.map((v) => ({ label: v.title, value: v.id }))}
                        value={values.variantId}
                        onChange={set("variantId")}
                        error={errors.variantId}
                        helpText="Sells the variant's mapped offering with its print file, pages and size."
                      />
                    ) : (
                      <>
                        <ChoiceList
                          title="The listing sells"
                          choices={[
                            { label: "One product, at its price", value: "offering" },
                            {
                              label: "A whole category, priced by your markup",
                              value: "category",
                            },
                          ]}
                          selected={[values.listing]}
                          onChange={(v) => set("listing")(v[0] ?? "offering")}
                          error={errors.listing}
                        />
                        {values.listing === "category" ? (
                          <Select
                            label="Category"
                            placeholder="Choose a category"
                            options={data.categories.map((c) => ({
                              label: `${c.name} (${c.code})`,
                              value: c.code,
                            }))}
                            value={values.categoryCode}
                            onChange={set("categoryCode")}
                            error={errors.categoryCode}
                            requiredIndicator
                          />
                        ) : (
                          <Select
                            label="Product"
                            placeholder="Choose a product"
                            options={data.offerings.map((o) => ({
                              label: `${o.name} (${o.id})`,
                              value: String(o.id),
                            }))}
                            value={values.offeringId}
                            onChange={set("offeringId")}
                            error={errors.offeringId}
                            requiredIndicator
                          />
                        )}
                        <TextField
                          label="File URL"
                          name="fileUrl"
                          type="url"
                          value={values.fileUrl}
                          onChange={set("fileUrl")}
                          error={errors.fileUrl}
                          autoComplete="off"
                        />
                        <FormLayout.Group condensed>
                          <TextField
                            label="Pages"
                            name="pages"
                            type="number"
                            value={values.pages}
                            onChange={set("pages")}
                            error={errors.pages}
                            autoComplete="off"
                          />
                          <TextField
                            label="Width (mm)"
                            name="width"
                            type="number"
                            value={values.width}
                            onChange={set("width")}
                            error={errors.width}
                            autoComplete="off"
                          />
                          <TextField
                            label="Height (mm)"
                            name="height"
                            type="number"
                            value={values.height}
                            onChange={set("height")}
                            error={errors.height}
                            autoComplete="off"
                          />
                        </FormLayout.Group>
                      </>
                    )}
                    <TextField
                      label="Title"
                      name="title"
                      value={values.title}
                      onChange={set("title")}
                      error={errors.title}
                      autoComplete="off"
                      requiredIndicator
                    />
                    <TextField
                      label="Thumbnail URL (optional)"
                      name="thumbnailUrl"
                      type="url"
                      value={values.thumbnailUrl}
                      onChange={set("thumbnailUrl")}
                      error={errors.thumbnailUrl}
                      autoComplete="off"
                    />
                    <FormLayout.Group condensed>
                      <Select
                        label="Currency"
                        options={SETTINGS_CURRENCIES.map((c) => ({ label: c, value: c }))}
                        value={values.currency}
                        onChange={set("currency")}
                        error={errors.currency}
                      />
                      <Select
                        label="Checkout language"
                        options={LOCALES}
                        value={values.locale}
                        onChange={set("locale")}
                        error={errors.locale}
                      />
                    </FormLayout.Group>
                  </FormLayout>
                  <InlineStack>
                    <Button submit variant="primary" loading={creating}>
                      Create publication
                    </Button>
                  </InlineStack>
                </BlockStack>
              </form>
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Publications" />;
}
