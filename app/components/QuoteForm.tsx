import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import type { loadQuotePage } from "../pages/quote/quote-page.server";
import { SETTINGS_CURRENCIES } from "../services/pricing/currency";
import { MAX_QUOTE_ITEMS } from "../services/pricing/quote-request";
import { listFieldValues, useFieldErrors } from "./form-field";
import { useFormat } from "./format";
import { MARKET_COUNTRIES } from "../services/country-names";

/** The Quote page's data as its loader sends it. */
export type QuotePageData = SerializeFrom<Awaited<ReturnType<typeof loadQuotePage>>>;

/** The form's values keyed as the loader keys its field errors ("items.0.quantity"). */
export function quoteFieldValues(form: QuotePageData["form"]) {
  return {
    countryCode: form.country,
    state: form.state,
    currency: form.currency,
    ...listFieldValues(
      "items",
      form.items.map((it) => ({
        offeringId: it.offeringId,
        numberOfPages: it.pages,
        quantity: it.quantity,
      })),
    ),
  };
}

/**
 * What to quote: destination, currency and the items (a mapped variant or an
 * offering, pages, quantity). Sent as a GET so the quote has its own URL.
 */
export function QuoteForm({ data }: { data: QuotePageData }) {
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
  const countryOptions = [...new Set([...MARKET_COUNTRIES, data.form.country])].map((c) => ({
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
  // The loader's errors are keyed by field path ("items.0.quantity"); each goes once its field changes.
  const errors = useFieldErrors(
    data.fieldErrors,
    quoteFieldValues({ country, state, currency, items }),
  );
  const err = (key: string) => errors[key];

  return (
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
              <Box key={i} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                {/* Wide: one line. Narrow: the choice on its own line, then pages, quantity
                    and Remove, each column shrinking so nothing leaves the screen. */}
                <InlineGrid
                  columns={{ xs: 1, md: "minmax(0, 3fr) minmax(0, 2fr)" }}
                  gap="300"
                  alignItems="end"
                >
                  <Select
                    label={`Item ${i + 1}`}
                    options={sourceOptions}
                    value={
                      it.variant ? `v:${it.variant}` : it.offeringId ? `o:${it.offeringId}` : ""
                    }
                    onChange={(v) => chooseSource(i, v)}
                    error={err(`items.${i}.offeringId`)}
                  />
                  <InlineGrid
                    columns="minmax(0, 1fr) minmax(0, 1fr) auto"
                    gap="300"
                    alignItems="end"
                  >
                    <TextField
                      label="Pages"
                      type="number"
                      value={it.pages}
                      onChange={(v) => update(i, { pages: v })}
                      autoComplete="off"
                      error={err(`items.${i}.numberOfPages`)}
                    />
                    <TextField
                      label="Quantity"
                      type="number"
                      value={it.quantity}
                      onChange={(v) => update(i, { quantity: v })}
                      autoComplete="off"
                      error={err(`items.${i}.quantity`)}
                    />
                    <Button
                      onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
                      disabled={items.length === 1}
                      accessibilityLabel={`Remove item ${i + 1}`}
                    >
                      Remove
                    </Button>
                  </InlineGrid>
                </InlineGrid>
              </Box>
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
  );
}
