import type { SerializeFrom } from "@remix-run/node";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  Banner,
  BlockStack,
  Button,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SETTINGS_CURRENCIES } from "../services/pricing/currency";
import type { PublicationRow } from "../data/publications.server";
import type { loadPublicationsPage } from "../pages/publications/publications-page.server";
import { fieldProps, useFieldErrors } from "./form-field";
import { UnsavedChanges, useFormBaseline } from "./UnsavedChanges";

type PublicationsPageData = SerializeFrom<Awaited<ReturnType<typeof loadPublicationsPage>>>;

/** The checkout languages offered; the list shows their names too. */
export const LOCALES = [
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

type PublicationValues = ReturnType<typeof blankPublicationValues>;

/** A listing's form values as it was made, to prefill "Edit"; what was not kept stays blank. */
export function publicationValuesOf(row: SerializeFrom<PublicationRow>): PublicationValues {
  const text = (v: number | string | null) => (v === null ? "" : String(v));
  return {
    source: row.variantId ? "variant" : "file",
    variantId: row.variantId ?? "",
    listing: row.categoryCode ? "category" : "offering",
    offeringId: text(row.offeringId),
    categoryCode: row.categoryCode ?? "",
    title: row.title,
    fileUrl: row.fileUrl ?? "",
    pages: text(row.pages),
    width: text(row.width),
    height: text(row.height),
    thumbnailUrl: row.thumbnailUrl ?? "",
    currency: row.currency,
    locale: row.locale,
  };
}

/** What the page's action answers (create, edit or remove), as far as this form reads it. */
type FormResult =
  { ok: true; intent?: string; id?: string } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Creating a publication, or editing one: from a mapped variant, or from a
 * print file that sells one product or a whole category. The input is kept
 * when it is refused, and guarded by the save bar until it is saved.
 */
export function PublicationForm({
  data,
  result,
  editing,
  onStopEditing,
}: {
  data: PublicationsPageData;
  result: FormResult | undefined;
  /** The listing being edited; null to create a new one. */
  editing: SerializeFrom<PublicationRow> | null;
  onStopEditing: () => void;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const source = editing ? publicationValuesOf(editing) : blankPublicationValues(data);
  const { values, setValues, dirty, discard, reset } = useFormBaseline(source);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  // A refused field's message goes once the merchant changes that field.
  const errors = useFieldErrors(result && !result.ok ? result.fieldErrors : null, values);
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "remove";
  const createdId = result?.ok && result.intent === "create" ? result.id : null;
  // The creation this form has already cleared up after (a remount must not clear again).
  const handledCreation = useRef(createdId);
  useEffect(() => {
    if (!createdId || handledCreation.current === createdId) return;
    handledCreation.current = createdId;
    // A new form for the next listing, keeping where it comes from and its currency.
    reset({
      ...values,
      title: "",
      fileUrl: "",
      pages: "",
      width: "",
      height: "",
      thumbnailUrl: "",
    });
    // Only when a creation succeeds, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [createdId]);
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (editingId) document.getElementById("publication-title")?.focus();
  }, [editingId]);
  const field = fieldProps(values, set, errors);

  return (
    <>
      {/* Outside the form: the save bar's and dialog's buttons must not submit it. */}
      <UnsavedChanges
        dirty={dirty}
        saving={saving}
        onSave={() => formRef.current?.requestSubmit()}
        onDiscard={() => {
          discard();
          if (editing) onStopEditing();
        }}
      />
      <form
        ref={formRef}
        id="publication-form"
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
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
            {editing ? `Edit “${editing.title}”` : "Create a publication"}
          </Text>
          {editing ? (
            <Banner tone="info">
              <p>
                The print service cannot change a listing. Saving creates a new listing with a new
                checkout link, and this list shows it instead. The old link keeps working.
              </p>
            </Banner>
          ) : null}
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
            <TextField
              label="Title"
              id="publication-title"
              {...field("title")}
              autoComplete="off"
              requiredIndicator
            />
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
          <InlineStack gap="200">
            <Button submit variant="primary" loading={saving}>
              {editing ? "Save as a new listing" : "Create publication"}
            </Button>
            {editing ? <Button onClick={onStopEditing}>Cancel</Button> : null}
          </InlineStack>
        </BlockStack>
      </form>
    </>
  );
}
