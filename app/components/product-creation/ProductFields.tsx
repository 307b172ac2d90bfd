import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { DESCRIPTION_MAX, TITLE_MAX } from "../../services/product-creation/form";
import { fieldProps, type FieldErrors } from "../form-field";
import type { CategoryOption, OfferingOption } from "../OfferingPicker";
import { blankVariant, MAX_VARIANTS, type ProductFormValues, type VariantValues } from "./values";
import { VariantCard } from "./VariantCard";

type Set = <K extends keyof ProductFormValues>(key: K) => (value: ProductFormValues[K]) => void;

/**
 * The fields of the create-product form. Every value posts under the name
 * the product-creation model reads: text fields carry their own `name`,
 * choices post through hidden inputs.
 */
export function ProductFields({
  values,
  set,
  setVariants,
  errors,
  offerings,
  categories,
  currency,
  countryName,
  roundingOptions,
}: {
  values: ProductFormValues;
  set: Set;
  setVariants: (update: (variants: VariantValues[]) => VariantValues[]) => void;
  errors: FieldErrors;
  offerings: OfferingOption[];
  categories: CategoryOption[];
  currency: string;
  countryName: string | null;
  roundingOptions: { label: string; value: string }[];
}) {
  const margin = values.pricingMode === "margin";
  const field = fieldProps(values, set, errors);
  return (
    <BlockStack gap="400">
      <input type="hidden" name="status" value={values.status} />
      <input type="hidden" name="draftUntilProof" value={values.draftUntilProof} />
      <input type="hidden" name="pricingMode" value={values.pricingMode} />
      <input type="hidden" name="rounding" value={values.rounding} />
      <input type="hidden" name="imageSource" value={values.imageSource} />
      <input type="hidden" name="publish" value={values.publish} />
      <input type="hidden" name="confirmLoss" value={values.confirmLoss} />
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Product
          </Text>
          <FormLayout>
            <TextField
              label="Title"
              {...field("title")}
              autoComplete="off"
              maxLength={TITLE_MAX}
              requiredIndicator
            />
            <TextField
              label="Description"
              {...field("description")}
              autoComplete="off"
              multiline={4}
              maxLength={DESCRIPTION_MAX}
              helpText="Plain text; an empty line starts a new paragraph."
            />
            <ChoiceList
              title="Status in your store"
              choices={[
                {
                  label: "Draft: not for sale until you make it active in Shopify",
                  value: "draft",
                },
                {
                  label: "Draft until I approve a proof copy",
                  value: "proof",
                  helpText:
                    "Order a proof from the next page; when it looks right, mark it approved and the app makes the product active.",
                },
                { label: "Active: for sale on your sales channels at once", value: "active" },
              ]}
              selected={[
                values.status === "draft" && values.draftUntilProof === "on"
                  ? "proof"
                  : values.status,
              ]}
              onChange={(v) => {
                set("status")(v[0] === "active" ? "active" : "draft");
                set("draftUntilProof")(v[0] === "proof" ? "on" : "");
              }}
              error={errors.status}
            />
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Print file
          </Text>
          <FormLayout>
            <TextField
              label="Interior PDF URL"
              {...field("contentUrl")}
              type="url"
              autoComplete="off"
              placeholder="https://files.example.com/book.pdf"
              helpText="The file is checked against every variant before anything is created."
              requiredIndicator
            />
            <TextField
              label="Pages"
              {...field("numberOfPages")}
              type="number"
              min={1}
              autoComplete="off"
              requiredIndicator
            />
          </FormLayout>
        </BlockStack>
      </Card>
      {errors.variants ? (
        <Text as="p" tone="critical">
          {errors.variants}
        </Text>
      ) : null}
      {values.variants.map((variant, index) => (
        <VariantCard
          // Variants are only added at the end and removed by position: the index is their identity.
          key={index}
          index={index}
          count={values.variants.length}
          variant={variant}
          errors={errors}
          offerings={offerings}
          categories={categories}
          currency={currency}
          pages={values.numberOfPages}
          title={values.title}
          onChange={(next) =>
            setVariants((list) => list.map((v, i) => (i === index ? next(v) : v)))
          }
          onRemove={() => setVariants((list) => list.filter((_, i) => i !== index))}
        />
      ))}
      {values.variants.length < MAX_VARIANTS ? (
        <InlineStack>
          <Button onClick={() => setVariants((list) => [...list, blankVariant()])}>
            Add a variant
          </Button>
        </InlineStack>
      ) : null}
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Pricing
          </Text>
          <Text as="p" tone="subdued">
            Prices start from what one sale costs you: print, shipping and VAT
            {countryName ? ` to ${countryName}` : " to your shop's country"}.
          </Text>
          <FormLayout>
            <FormLayout.Group condensed>
              <Select
                label="Price by"
                options={[
                  { label: "Target margin (share of the price)", value: "margin" },
                  { label: "Markup on cost", value: "markup" },
                ]}
                value={values.pricingMode}
                onChange={set("pricingMode")}
                error={errors.pricingMode}
              />
              <TextField
                label={margin ? "Margin (%)" : "Markup (%)"}
                {...field("pricingPercent")}
                inputMode="decimal"
                autoComplete="off"
                suffix="%"
                helpText={pricingExample(margin, values.pricingPercent)}
              />
              <Select
                label="Round prices"
                options={roundingOptions}
                value={values.rounding}
                onChange={set("rounding")}
                error={errors.rounding}
              />
            </FormLayout.Group>
          </FormLayout>
          <Text as="p" tone="subdued">
            Prices are in {currency}. A price you enter on a variant replaces the rule&apos;s.
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Image
          </Text>
          <ChoiceList
            title="Product image"
            titleHidden
            choices={[
              { label: "The first page of the PDF", value: "pdf" },
              { label: "An image from a URL", value: "url" },
              { label: "No image", value: "none" },
            ]}
            selected={[values.imageSource]}
            onChange={(v) =>
              set("imageSource")(v[0] === "url" ? "url" : v[0] === "none" ? "none" : "pdf")
            }
            error={errors.imageSource}
          />
          {values.imageSource === "url" ? (
            <TextField
              label="Image URL"
              {...field("imageUrl")}
              type="url"
              autoComplete="off"
              placeholder="https://files.example.com/cover.png"
            />
          ) : (
            <input type="hidden" name="imageUrl" value={values.imageUrl} />
          )}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Print service checkout page
          </Text>
          <Checkbox
            label="Also list it on the print service's checkout page"
            helpText="Makes a publication of the same file for each variant: a checkout link you can share outside your store."
            checked={values.publish === "on"}
            onChange={(checked) => set("publish")(checked ? "on" : "")}
            error={errors.publish}
          />
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

/** What the percentage means, with the merchant's own number when it reads as one. */
function pricingExample(margin: boolean, typed: string): string {
  const percent = Number(typed.replace(",", "."));
  const shown = Number.isFinite(percent) && percent >= 0 && percent < 1000 ? percent : null;
  const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
  if (margin) {
    const p = shown !== null && shown < 100 ? shown : 30;
    return `${number.format(p)} % keeps ${number.format(p)} of every 100 the customer pays.`;
  }
  const p = shown ?? 50;
  return `${number.format(p)} % prices a cost of 10 at ${number.format(10 * (1 + p / 100))}.`;
}
