import {
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { offeringTakesIsbn } from "../../services/catalogue/mapping-rules";
import { ISBN_TEXT } from "../../services/merchant-text/isbn";
import { IsbnUses } from "../IsbnUses";
import type { FieldErrors } from "../form-field";
import { OfferingPicker, type CategoryOption, type OfferingOption } from "../OfferingPicker";
import { CoverTemplateLink } from "../CoverTemplateLink";
import { variantField, VARIANT_KEYS, type VariantValues } from "./values";

/**
 * One variant of the create-product form: its offering, the name shoppers see, its own price,
 * a custom size, cover file and ISBN where the offering asks for them, and its cover template.
 * Its fields post as variants[i].key (variantField); those it does not ask for post empty.
 */
export function VariantCard({
  index,
  count,
  variant,
  errors,
  offerings,
  categories,
  currency,
  pages,
  title,
  onChange,
  onRemove,
}: {
  index: number;
  count: number;
  variant: VariantValues;
  errors: FieldErrors;
  offerings: OfferingOption[];
  categories: CategoryOption[];
  currency: string;
  /** The product's page count and title, for the cover template. */
  pages: string;
  title: string;
  onChange: (update: (v: VariantValues) => VariantValues) => void;
  onRemove: () => void;
}) {
  const offering = offerings.find((o) => String(o.id) === variant.offeringId);
  const error = (key: keyof VariantValues) => errors[variantField(index, key)];
  const text = (key: keyof VariantValues) => ({
    name: variantField(index, key),
    value: variant[key],
    onChange: (value: string) => onChange((v) => ({ ...v, [key]: value })),
    error: error(key),
    autoComplete: "off",
  });
  const chooseOffering = (offeringId: string) =>
    onChange((v) => {
      const before = offerings.find((o) => String(o.id) === v.offeringId);
      const chosen = offerings.find((o) => String(o.id) === offeringId);
      // The shopper-facing name follows the offering until the merchant writes their own.
      const label = !v.label || v.label === before?.name ? (chosen?.name ?? "") : v.label;
      return { ...v, offeringId, label };
    });
  const whole = errors[`variants[${index}]`];
  // Books only; a typed ISBN stays in view on another offering, so its refusal shows there.
  const asksIsbn = (offering ? offeringTakesIsbn(offering) : false) || variant.isbn !== "";
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {count > 1 ? `Variant ${index + 1}` : "Variant"}
          </Text>
          {count > 1 ? (
            <Button variant="plain" tone="critical" onClick={onRemove}>
              {`Remove variant ${index + 1}`}
            </Button>
          ) : null}
        </InlineStack>
        {whole ? (
          <Text as="p" tone="critical">
            {whole}
          </Text>
        ) : null}
        <input type="hidden" name={variantField(index, "offeringId")} value={variant.offeringId} />
        <OfferingPicker
          offerings={offerings}
          categories={categories}
          value={variant.offeringId}
          onChange={chooseOffering}
          error={error("offeringId")}
        />
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label="Name shoppers see"
              {...text("label")}
              helpText="The option value in your store, e.g. Hardcover."
            />
            <TextField
              label={`Price (${currency}, optional)`}
              {...text("price")}
              inputMode="decimal"
              helpText="Leave empty to use the pricing rule."
            />
          </FormLayout.Group>
          {offering?.dynamicSize ? (
            <FormLayout.Group condensed>
              <TextField label="Width (mm)" {...text("width")} type="number" />
              <TextField label="Height (mm)" {...text("height")} type="number" />
            </FormLayout.Group>
          ) : null}
          <TextField
            label="Cover PDF URL (optional)"
            {...text("coverUrl")}
            type="url"
            helpText="Only for offerings printed with a separate cover file."
          />
          {asksIsbn ? (
            <BlockStack gap="100">
              <TextField
                label="ISBN (optional)"
                {...text("isbn")}
                placeholder="978-0-306-40615-7"
                helpText={ISBN_TEXT.fieldHelp}
              />
              <IsbnUses isbn={variant.isbn} />
            </BlockStack>
          ) : null}
        </FormLayout>
        {/* A book's spine and its cover template, for the pages typed above (none without a spine). */}
        <CoverTemplateLink
          offeringId={variant.offeringId}
          pages={pages}
          savedPages={null}
          title={title}
          isbn={variant.isbn}
          showSpine
        />
        {/* Fields this offering does not ask for still post, empty, so nothing stale is sent. */}
        {VARIANT_KEYS.filter(
          (key) =>
            (!offering?.dynamicSize && (key === "width" || key === "height")) ||
            (!asksIsbn && key === "isbn"),
        ).map((key) => (
          <input key={key} type="hidden" name={variantField(index, key)} value="" />
        ))}
      </BlockStack>
    </Card>
  );
}
