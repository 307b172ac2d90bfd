import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { listMappingsForPicker } from "../models/mapping.server";
import { listOfferings } from "../models/catalogue.server";
import { getVariants, legacyIdOf, variantGid } from "../models/products.server";
import { getPrintSettingsForDisplay } from "../models/print-settings.server";
import { MAX_QUOTE_ITEMS, SETTINGS_CURRENCIES } from "../models/admin-shared";
import { quoteLines, quoteRequestSchema, type QuoteLine } from "../models/quotes.server";
import { getShopInfo } from "../models/shop-info.server";
import { NoCredentials, ProblemBanner, RouteError } from "../components/States";
import { useFormat } from "../components/format";
import { marginText, QuoteGroupTable } from "../components/QuoteTable";

const COUNTRIES = [
  "NL",
  "BE",
  "DE",
  "FR",
  "GB",
  "IE",
  "ES",
  "PT",
  "IT",
  "AT",
  "CH",
  "DK",
  "SE",
  "NO",
  "FI",
  "PL",
  "CZ",
  "LU",
  "US",
  "CA",
  "MX",
  "BR",
  "AU",
  "NZ",
  "JP",
  "SG",
  "ZA",
];

interface ItemParam {
  variant: string;
  offeringId: string;
  pages: string;
  quantity: string;
}

/** `item=<offeringId>:<pages>:<quantity>[:<variant legacy id>]`, repeated. */
function parseItems(params: URLSearchParams): ItemParam[] {
  return params
    .getAll("item")
    .slice(0, MAX_QUOTE_ITEMS)
    .map((raw) => {
      const [offeringId = "", pages = "", quantity = "", variant = ""] = raw.split(":");
      return { offeringId, pages, quantity, variant };
    });
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const url = new URL(request.url);
  const [settings, info, mappings, offerings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    getShopInfo({ shop, admin }),
    listMappingsForPicker({ shop }),
    listOfferings({ shop, filters: {} }),
  ]);
  const mappingByLegacy = new Map(mappings.map((m) => [legacyIdOf(m.variantId), m]));
  let items = parseItems(url.searchParams);
  // "Quote this variant": prefill one item from its mapping.
  for (const v of url.searchParams.getAll("variant").slice(0, MAX_QUOTE_ITEMS)) {
    const m = mappingByLegacy.get(v);
    if (m)
      items.push({
        variant: v,
        offeringId: String(m.offeringId),
        pages: String(m.numberOfPages ?? 1),
        quantity: "1",
      });
  }
  items = items.slice(0, MAX_QUOTE_ITEMS);
  const form = {
    country: (
      url.searchParams.get("country") ||
      info?.shopAddress?.countryCodeV2 ||
      "NL"
    ).toUpperCase(),
    state: url.searchParams.get("state") ?? "",
    currency: (
      url.searchParams.get("currency") ||
      settings?.currency ||
      info?.currencyCode ||
      "EUR"
    ).toUpperCase(),
    items,
  };
  const base = {
    form,
    mappings: mappings.map((m) => ({
      legacyId: legacyIdOf(m.variantId),
      title: m.title,
      offeringId: m.offeringId,
      numberOfPages: m.numberOfPages,
    })),
    offerings:
      offerings.status === "ok"
        ? offerings.data.map((o) => ({
            id: o.id,
            name: o.name,
            minNumberOfPages: o.minNumberOfPages ?? null,
          }))
        : [],
    noCredentials: offerings.status === "no_credentials",
  };
  if (items.length === 0 || offerings.status === "no_credentials")
    return json({ ...base, quote: null, problem: null, fieldErrors: null });

  const parsed = quoteRequestSchema.safeParse({
    countryCode: form.country,
    state: form.state,
    currency: form.currency,
    items: items.map((i) => ({
      offeringId: i.offeringId,
      numberOfPages: i.pages,
      quantity: i.quantity,
    })),
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
    return json({ ...base, quote: null, problem: null, fieldErrors });
  }
  const variantIds = items.filter((i) => i.variant).map((i) => variantGid(i.variant));
  const variants = variantIds.length
    ? await getVariants({ admin, variantIds }).catch(() => [])
    : [];
  const variantByLegacy = new Map(variants.map((v) => [v.legacyId, v]));
  const offeringName = new Map(
    offerings.status === "ok" ? offerings.data.map((o) => [o.id, o.name]) : [],
  );
  const lines: QuoteLine[] = parsed.data.items.map((item, i) => {
    const v = items[i]?.variant ? variantByLegacy.get(items[i]!.variant) : undefined;
    return {
      ...item,
      label: v?.displayName ?? offeringName.get(item.offeringId) ?? `Offering ${item.offeringId}`,
      unitPrice: v?.price ?? null,
    };
  });
  const result = await quoteLines({
    shop,
    countryCode: parsed.data.countryCode,
    state: parsed.data.state,
    currency: parsed.data.currency,
    lines,
  });
  return json({
    ...base,
    quote: result.status === "ok" ? result.data : null,
    problem: result.status === "error" ? result.problem : null,
    fieldErrors: null,
  });
};

export default function QuotePage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const fmt = useFormat();
  const [country, setCountry] = useState(data.form.country);
  const [state, setState] = useState(data.form.state);
  const [currency, setCurrency] = useState(data.form.currency);
  const [items, setItems] = useState(
    data.form.items.length
      ? data.form.items
      : [
          {
            variant: data.mappings[0]?.legacyId ?? "",
            offeringId: String(data.mappings[0]?.offeringId ?? ""),
            pages: String(data.mappings[0]?.numberOfPages ?? ""),
            quantity: "1",
          },
        ],
  );
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/quote";
  const countryNames = (() => {
    try {
      return new Intl.DisplayNames([fmt.ctx.locale], { type: "region" });
    } catch {
      return null;
    }
  })();
  const countryOptions = [...new Set([...COUNTRIES, data.form.country])].map((c) => ({
    label: `${countryNames?.of(c) ?? c} (${c})`,
    value: c,
  }));
  const update = (i: number, patch: Partial<(typeof items)[number]>) =>
    setItems((list) => list.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const chooseSource = (i: number, value: string) => {
    if (value.startsWith("v:")) {
      const m = data.mappings.find((x) => x.legacyId === value.slice(2));
      update(i, {
        variant: value.slice(2),
        offeringId: String(m?.offeringId ?? ""),
        pages: String(m?.numberOfPages ?? 1),
      });
    } else {
      const o = data.offerings.find((x) => String(x.id) === value.slice(2));
      update(i, {
        variant: "",
        offeringId: value.slice(2),
        pages: String(o?.minNumberOfPages || 1),
      });
    }
  };
  const sourceOptions = [
    { label: "Choose a variant or offering", value: "" },
    ...data.mappings.map((m) => ({
      label: `Variant: ${m.title || m.legacyId}`,
      value: `v:${m.legacyId}`,
    })),
    ...data.offerings.map((o) => ({ label: `Offering: ${o.name} (${o.id})`, value: `o:${o.id}` })),
  ];
  const err = (key: string) => data.fieldErrors?.[key] ?? undefined;

  return (
    <Page
      title="Quote"
      subtitle="What printing and shipping cost, and your margin against the Shopify price."
      backAction={{ content: "Home", url: "/app" }}
    >
      <Layout>
        {data.noCredentials ? (
          <Layout.Section variant="fullWidth">
            <NoCredentials what="quotes" />
          </Layout.Section>
        ) : (
          <>
            <Layout.Section variant="fullWidth">
              <Form method="get" action="/app/quote">
                {items.map((it, i) => (
                  <input
                    key={i}
                    type="hidden"
                    name="item"
                    value={`${it.offeringId}:${it.pages}:${it.quantity}:${it.variant}`}
                  />
                ))}
                <Card>
                  <BlockStack gap="400">
                    <FormLayout>
                      <FormLayout.Group condensed>
                        <Select
                          label="Destination country"
                          name="country"
                          options={countryOptions}
                          value={country}
                          onChange={setCountry}
                          error={err("countryCode")}
                        />
                        <TextField
                          label="State or province (optional)"
                          name="state"
                          value={state}
                          onChange={setState}
                          autoComplete="off"
                          error={err("state")}
                        />
                        <Select
                          label="Currency"
                          name="currency"
                          options={[...new Set([...SETTINGS_CURRENCIES, currency])].map((c) => ({
                            label: c,
                            value: c,
                          }))}
                          value={currency}
                          onChange={setCurrency}
                          error={err("currency")}
                        />
                      </FormLayout.Group>
                    </FormLayout>
                    <BlockStack gap="300">
                      <Text as="h2" variant="headingMd">
                        Items
                      </Text>
                      {items.map((it, i) => (
                        <InlineStack key={i} gap="300" blockAlign="end" wrap={false}>
                          <div style={{ flex: 3 }}>
                            <Select
                              label={`Item ${i + 1}`}
                              options={sourceOptions}
                              value={
                                it.variant
                                  ? `v:${it.variant}`
                                  : it.offeringId
                                    ? `o:${it.offeringId}`
                                    : ""
                              }
                              onChange={(v) => chooseSource(i, v)}
                              error={err(`items.${i}.offeringId`)}
                            />
                          </div>
                          <div style={{ flex: 1 }}>
                            <TextField
                              label="Pages"
                              type="number"
                              value={it.pages}
                              onChange={(v) => update(i, { pages: v })}
                              autoComplete="off"
                              error={err(`items.${i}.numberOfPages`)}
                            />
                          </div>
                          <div style={{ flex: 1 }}>
                            <TextField
                              label="Quantity"
                              type="number"
                              value={it.quantity}
                              onChange={(v) => update(i, { quantity: v })}
                              autoComplete="off"
                              error={err(`items.${i}.quantity`)}
                            />
                          </div>
                          <Button
                            onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
                            disabled={items.length === 1}
                            accessibilityLabel={`Remove item ${i + 1}`}
                          >
                            Remove
                          </Button>
                        </InlineStack>
                      ))}
                      <InlineStack gap="200">
                        <Button
                          onClick={() =>
                            setItems((list) => [
                              ...list,
                              { variant: "", offeringId: "", pages: "", quantity: "1" },
                            ])
                          }
                          disabled={items.length >= MAX_QUOTE_ITEMS}
                        >
                          Add item
                        </Button>
                        <Button submit variant="primary" loading={loading}>
                          Get quote
                        </Button>
                      </InlineStack>
                    </BlockStack>
                  </BlockStack>
                </Card>
              </Form>
            </Layout.Section>
            {data.problem ? (
              <Layout.Section variant="fullWidth">
                <ProblemBanner problem={data.problem} title="No quote" />
              </Layout.Section>
            ) : null}
            {data.quote ? (
              <Layout.Section variant="fullWidth">
                <BlockStack gap="400">
                  {!data.quote.together ? (
                    <Banner
                      tone="warning"
                      title={`These items cannot ship together: they become ${data.quote.groups.length} print orders`}
                    >
                      <p>
                        Each group below is made at a different facility and shipped on its own.
                      </p>
                    </Banner>
                  ) : null}
                  {data.quote.unproducible.length ? (
                    <Banner
                      tone="critical"
                      title="Some items cannot be produced for this destination"
                    >
                      <p>{data.quote.unproducible.map((l) => l.label).join(", ")}</p>
                    </Banner>
                  ) : null}
                  {data.quote.groups.map((g, i) => (
                    <Card key={i} padding="0">
                      <Box padding="300">
                        <Text as="h2" variant="headingMd">
                          {data.quote!.together
                            ? `Quote to ${data.quote!.countryCode}${data.quote!.state ? `, ${data.quote!.state}` : ""}`
                            : `Group ${i + 1}`}
                        </Text>
                      </Box>
                      <QuoteGroupTable group={g} />
                    </Card>
                  ))}
                  {!data.quote.together && data.quote.groups.length > 1 ? (
                    <Card>
                      <InlineStack align="space-between">
                        <Text as="span" fontWeight="semibold">
                          All groups
                        </Text>
                        <Text as="span" numeric fontWeight="semibold">
                          {fmt.money(data.quote.total.total)}
                          {data.quote.total.margin
                            ? ` · margin ${marginText(fmt, data.quote.total.margin, data.quote.total.revenue)}`
                            : ""}
                        </Text>
                      </InlineStack>
                    </Card>
                  ) : null}
                  <Text as="p" tone="subdued" variant="bodySm">
                    Per copy is the product price of one copy; every other amount is for all copies
                    of the line. Product − quantity discount + shipping + VAT = total cost, the
                    print service&apos;s own total. Margin is the Shopify price × quantity minus
                    that total.
                  </Text>
                </BlockStack>
              </Layout.Section>
            ) : null}
          </>
        )}
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Quote" />;
}
