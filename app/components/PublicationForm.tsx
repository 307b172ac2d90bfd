import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  BlockStack,
  Button,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SETTINGS_CURRENCIES } from "../models/admin-shared";
import type { CreatePublicationResult, loadPublicationsPage } from "../models/publications.server";
import { fieldProps, useFieldErrors } from "./form-field";

type PublicationsPageData = SerializeFrom<Awaited<ReturnType<typeof loadPublicationsPage>>>;

const LOCALES = [
  { label: "English", value: "en" },
  { label: "Dutch", value: "nl" },
  { label: "German", value: "de" },
  { label: "French", value: "fr" },
  { label: "Spanish", value: "es" },
  { label: "Italian", value: "it" },
];

/** A new publication's form values: one per field the server can refuse. */
export function blankPublicationValues(data: Pick<PublicationsPageData, "variants" | "currency">) {
  return {
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
}

/**
 * Creating a publication: from a mapped variant, or from a print file that
 * sells one product or a whole category. The input is kept when it is refused.
 */
export function PublicationForm({
  data,
  result,
}: {
  data: PublicationsPageData;
  result: SerializeFrom<CreatePublicationResult> | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => blankPublicationValues(data));
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  // A refused field's message goes once the merchant changes that field.
  const errors = useFieldErrors(result && !result.ok ? result.fieldErrors : null, values);
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
  const field = fieldProps(values, set, errors);

  return (
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
              <TextField label="File URL" {...field("fileUrl")} type="url" autoComplete="off" />
              <FormLayout.Group condensed>
                <TextField
                  label="Pages"
                  {...field("pages")}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <TextField
                  label="Width (mm)"
                  {...field("width")}
                  inputMode="decimal"
                  autoComplete="off"
                />
                <TextField
                  label="Height (mm)"
                  {...field("height")}
                  inputMode="decimal"
                  autoComplete="off"
                />
              </FormLayout.Group>
            </>
          )}
          <TextField label="Title" {...field("title")} autoComplete="off" requiredIndicator />
          <TextField
            label="Thumbnail URL (optional)"
            {...field("thumbnailUrl")}
            type="url"
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
  );
}
