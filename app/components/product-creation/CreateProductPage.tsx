import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  Text,
} from "@shopify/polaris";
import { isRounding, ROUNDINGS, roundingLabel } from "../../services/pricing/price-rule";
import { currencyExponent } from "../../services/print/money";
import { useFieldErrors } from "../form-field";
import { useRequestKey } from "../request-key";
import type { CategoryOption, OfferingOption } from "../OfferingPicker";
import { CatalogueLoaded, type Problem } from "../States";
import { UnsavedChanges, useFormBaseline } from "../UnsavedChanges";
import type { PreviewResult } from "../../pages/create-product/index.server";
import { PricePreview } from "./PricePreview";
import { ProductFields } from "./ProductFields";
import {
  errorKeyedValues,
  newProductValues,
  samePricingInput,
  valuesFromFields,
  type ProductFormValues,
} from "./values";

/** What the page's loader gives the form. */
export interface CreatePageData {
  requestKey: string;
  offerings: OfferingOption[] | null;
  categories: CategoryOption[];
  catalogue: { status: "no_credentials" } | { status: "error"; problem: Problem } | null;
  currency: string;
  countryName: string | null;
  pricing: { mode: string; percent: number; rounding: string };
  canWriteProducts: boolean;
  /** The offering the page was opened from (`?offering=`), when the catalogue has it. */
  selectedOfferingId: number | null;
  /** A failed creation's fields, to fill the form in again. */
  retry: { creationId: string; values: Record<string, string> } | null;
}

/** What the page's action answers (a done creation redirects instead). */
export type CreateActionResult =
  | { intent: "preview"; preview: PreviewResult }
  | { intent: "create"; problem: string }
  | { intent: "create"; fieldErrors: Record<string, string>; preview: PreviewResult | null };

const SCOPE_REASON =
  "Print Connect creates the product, its variants, prices and image in your store: Shopify asks you to allow it to write products.";

/**
 * Create a print product in Shopify: the form, "Work out prices" (the cost
 * of each variant to the shop's main market, its price and margin, and the
 * file checks, nothing created) and "Create product". The request key comes
 * from the loader and stays the same for this form: a double click, a retry
 * or a reload posts the same key, and the server never makes a second product.
 */
export function CreateProductPage({
  data,
  result,
}: {
  data: CreatePageData;
  result: CreateActionResult | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const requestKey = useRequestKey(data.requestKey);

  const offerings = useMemo(() => data.offerings ?? [], [data.offerings]);
  const first = offerings.find((o) => o.id === data.selectedOfferingId) ?? null;
  const initial = data.retry
    ? valuesFromFields(data.retry.values, data.pricing)
    : newProductValues(data.pricing, first);
  const form = useFormBaseline<ProductFormValues>(initial);
  const { values, setValues } = form;
  const set =
    <K extends keyof ProductFormValues>(key: K) =>
    (value: ProductFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  // The values each answer was worked out for: a preview of older values is marked as such.
  const [sent, setSent] = useState<ProductFormValues | null>(null);
  const busy = navigation.formData ? String(navigation.formData.get("intent") ?? "") : null;
  const post = (intent: "preview" | "create") => {
    if (!formRef.current || busy) return;
    const body = new FormData(formRef.current);
    body.set("intent", intent);
    setSent(values);
    submit(body, { method: "post" });
  };

  const preview = result && "preview" in result && result.preview?.ok ? result.preview : null;
  const serverErrors =
    result?.intent === "preview"
      ? result.preview.ok
        ? null
        : result.preview.fieldErrors
      : result && "fieldErrors" in result
        ? result.fieldErrors
        : null;
  const keyed = errorKeyedValues(values);
  const errors = useFieldErrors(serverErrors, keyed);
  // Errors of no field on the page (and the whole form's) are said at the top.
  const unplaced = Object.entries(errors).filter(
    ([key, message]) =>
      message &&
      (key === "form" ||
        !(key in keyed) ||
        (key === "confirmLoss" && !preview) ||
        key === "variants"),
  );
  const problem = result && "problem" in result ? result.problem : null;
  // A refused submission: the first field it names gets the focus (the page may be scrolled
  // far from it), else the banner at the top is brought into view.
  const topRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!serverErrors && !problem) return;
    const frame = window.requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) {
        field.focus();
        field.scrollIntoView({ block: "center" });
      } else topRef.current?.scrollIntoView({ block: "start" });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [serverErrors, problem]);
  const lossOnly =
    serverErrors !== null && Object.keys(serverErrors).every((key) => key === "confirmLoss");

  const decimals = currencyExponent(data.currency);
  const roundingOptions: { label: string; value: string }[] = ROUNDINGS.map((r) => ({
    label: roundingLabel(r, decimals),
    value: r,
  }));
  if (!isRounding(values.rounding))
    roundingOptions.push({ label: values.rounding, value: values.rounding });

  if (!data.canWriteProducts) {
    return (
      <Page title="Create product" backAction={{ content: "Products", url: "/app/products" }}>
        <Banner tone="warning" title="Allow Print Connect to create products">
          <BlockStack gap="300">
            <Text as="p">{SCOPE_REASON}</Text>
            <Text as="p">
              Nothing else changes: existing products and mappings stay as they are.
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="grant_access" />
              <Button submit variant="primary" loading={busy === "grant_access"}>
                Grant access
              </Button>
            </Form>
          </BlockStack>
        </Banner>
      </Page>
    );
  }

  const previewing = busy === "preview";
  const creating = busy === "create";
  return (
    <Page
      title="Create product"
      subtitle="A print product in your store from your PDF, mapped and priced."
      backAction={{ content: "Products", url: "/app/products" }}
    >
      <div ref={topRef} />
      <CatalogueLoaded catalogue={data.catalogue}>
        <Layout>
          {serverErrors ? (
            <Layout.Section variant="fullWidth">
              <Banner
                tone="critical"
                title={
                  result?.intent === "preview"
                    ? "Prices could not be worked out"
                    : lossOnly
                      ? "Confirm the prices below cost"
                      : "The product was not created"
                }
              >
                <BlockStack gap="100">
                  {unplaced.map(([key, message]) => (
                    <Text as="p" key={key}>
                      {message}
                    </Text>
                  ))}
                  <Text as="p">
                    {lossOnly
                      ? "Some variants would sell at a loss. Raise their price, or tick “Sell below cost” under the prices, then create the product."
                      : "Fix the fields marked below; your input is kept."}
                  </Text>
                </BlockStack>
              </Banner>
            </Layout.Section>
          ) : null}
          {problem ? (
            <Layout.Section variant="fullWidth">
              <Banner tone="critical" title="The product was not created">
                <p>{problem}</p>
              </Banner>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <form
              ref={formRef}
              method="post"
              noValidate
              onSubmit={(e) => {
                // Enter in a field works out prices; creating takes the button.
                e.preventDefault();
                post("preview");
              }}
            >
              <input type="hidden" name="requestKey" value={requestKey} />
              <BlockStack gap="400">
                <ProductFields
                  values={values}
                  set={set}
                  setVariants={(update) =>
                    setValues((v) => ({ ...v, variants: update(v.variants) }))
                  }
                  errors={errors}
                  offerings={offerings}
                  categories={data.categories}
                  currency={data.currency}
                  countryName={data.countryName}
                  roundingOptions={roundingOptions}
                />
                <Card>
                  <BlockStack gap="300">
                    <Text as="h2" variant="headingMd">
                      Prices and file check
                    </Text>
                    {preview ? (
                      <PricePreview
                        preview={preview}
                        stale={sent !== null && !samePricingInput(sent, values)}
                        confirmLoss={values.confirmLoss === "on"}
                        onConfirmLoss={(checked) => set("confirmLoss")(checked ? "on" : "")}
                        confirmLossError={errors.confirmLoss}
                      />
                    ) : (
                      <Text as="p" tone="subdued">
                        Work out prices to see what each variant costs to print and send
                        {data.countryName ? ` to ${data.countryName}` : ""}, its price and margin,
                        and whether the PDF fits each offering. Nothing is created yet.
                      </Text>
                    )}
                  </BlockStack>
                </Card>
                <InlineStack align="end" gap="200">
                  <Button onClick={() => post("preview")} loading={previewing} disabled={creating}>
                    Work out prices
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => post("create")}
                    loading={creating}
                    disabled={previewing}
                  >
                    Create product
                  </Button>
                </InlineStack>
              </BlockStack>
            </form>
          </Layout.Section>
        </Layout>
      </CatalogueLoaded>
      <UnsavedChanges
        dirty={form.dirty}
        saving={creating}
        onSave={() => post("create")}
        onDiscard={form.discard}
      />
    </Page>
  );
}
