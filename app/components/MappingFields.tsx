import { useMemo, useState } from "react";
import {
  BlockStack,
  Button,
  Box,
  Card,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useFormat, type Money } from "./format";

/** The mapping form's fields, shared by the single and the bulk mapping pages. */

export interface OfferingOption {
  id: number;
  name: string;
  categoryCode: string;
  subCategoryCode: string;
  paperType?: string | undefined;
  minNumberOfPages?: number | undefined;
  maxNumberOfPages?: number | undefined;
  minimumQuantity?: number | undefined;
  dimensionWidth?: number | undefined;
  dimensionHeight?: number | undefined;
  dynamicSize: boolean;
  minDimensionWidth?: number | undefined;
  minDimensionHeight?: number | undefined;
  pricing?: { price: Money; pricePerPage: Money } | undefined;
}

export interface CategoryOption {
  code: string;
  name: string;
  subCategories: { code: string; name: string }[];
}

export type MappingValues = Record<
  | "offeringId"
  | "fileSource"
  | "contentUrl"
  | "fileProperty"
  | "contentWidth"
  | "contentHeight"
  | "numberOfPages"
  | "coverUrl"
  | "spineMode"
  | "spineCustomUrl"
  | "spineFont"
  | "spineSize"
  | "spineColour"
  | "spineTop"
  | "spineCenter"
  | "spineBottom"
  | "spineBackground",
  string
>;

export const SPINE_FONT_OPTIONS = [
  "Arial",
  "Brandon",
  "DarkCourier",
  "Georgia",
  "GochiHand",
  "Helvetica",
  "Tahoma",
  "TimesNewRoman",
  "Verdana",
];

export function sizeText(o: OfferingOption): string {
  if (o.dynamicSize) {
    const min =
      o.minDimensionWidth && o.minDimensionHeight
        ? `from ${o.minDimensionWidth} × ${o.minDimensionHeight} mm`
        : "any size";
    return `Custom size (${min})`;
  }
  return o.dimensionWidth && o.dimensionHeight
    ? `${o.dimensionWidth} × ${o.dimensionHeight} mm`
    : "—";
}

export function pagesText(o: OfferingOption): string {
  if (o.minNumberOfPages === undefined && !o.maxNumberOfPages) return "—";
  if (o.maxNumberOfPages && o.minNumberOfPages !== o.maxNumberOfPages)
    return `${o.minNumberOfPages ?? 1}–${o.maxNumberOfPages}`;
  return String(o.minNumberOfPages ?? o.maxNumberOfPages);
}

export function OfferingPicker({
  offerings,
  categories,
  value,
  onChange,
  error,
}: {
  offerings: OfferingOption[];
  categories: CategoryOption[];
  value: string;
  onChange: (offeringId: string) => void;
  error?: string | undefined;
}) {
  const fmt = useFormat();
  const current = offerings.find((o) => String(o.id) === value);
  const [category, setCategory] = useState(current?.categoryCode ?? "");
  const names = useMemo(() => new Map(categories.map((c) => [c.code, c.name])), [categories]);
  const present = [...new Set(offerings.map((o) => o.categoryCode))];
  const visible = category ? offerings.filter((o) => o.categoryCode === category) : offerings;
  const options = [
    { label: "Choose an offering", value: "" },
    ...visible.map((o) => ({ label: `${o.name} (${o.id})`, value: String(o.id) })),
  ];
  if (current && !visible.includes(current))
    options.push({ label: `${current.name} (${current.id})`, value: String(current.id) });
  return (
    <BlockStack gap="300">
      <FormLayout>
        <FormLayout.Group>
          <Select
            label="Category"
            options={[
              { label: "All categories", value: "" },
              ...present.map((c) => ({ label: names.get(c) ?? c, value: c })),
            ]}
            value={category}
            onChange={setCategory}
          />
          <Select
            label="Offering"
            options={options}
            value={value}
            onChange={onChange}
            error={error}
            requiredIndicator
          />
        </FormLayout.Group>
      </FormLayout>
      {current ? (
        <Box background="bg-surface-secondary" padding="300" borderRadius="200">
          <InlineStack gap="600" wrap>
            <Fact label="Size" value={sizeText(current)} />
            <Fact label="Pages" value={pagesText(current)} />
            <Fact label="Minimum quantity" value={fmt.number(current.minimumQuantity ?? 1)} />
            {current.paperType ? <Fact label="Paper" value={current.paperType} /> : null}
            {current.pricing ? (
              <Fact label="Base price" value={fmt.money(current.pricing.price)} />
            ) : null}
            {current.pricing ? (
              <Fact label="Per page" value={fmt.money(current.pricing.pricePerPage)} />
            ) : null}
          </InlineStack>
        </Box>
      ) : null}
    </BlockStack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="span">{value}</Text>
    </BlockStack>
  );
}

/** File, size, pages, cover and spine. Hidden inputs carry the choice fields into the form post. */
export function MappingFileFields({
  values,
  set,
  errors,
  offering,
}: {
  values: MappingValues;
  set: (key: keyof MappingValues) => (value: string) => void;
  errors: Partial<Record<keyof MappingValues, string>>;
  offering: OfferingOption | undefined;
}) {
  const sizeHint = offering
    ? offering.dynamicSize
      ? `Any size${offering.minDimensionWidth ? ` from ${offering.minDimensionWidth} × ${offering.minDimensionHeight} mm` : ""}.`
      : offering.dimensionWidth
        ? `Leave empty for the offering's ${offering.dimensionWidth} × ${offering.dimensionHeight} mm.`
        : undefined
    : undefined;
  const pagesHint =
    offering && (offering.minNumberOfPages !== undefined || offering.maxNumberOfPages)
      ? `${pagesText(offering)} pages.`
      : undefined;
  return (
    <BlockStack gap="400">
      <input type="hidden" name="fileSource" value={values.fileSource} />
      <input type="hidden" name="spineMode" value={values.spineMode} />
      <input type="hidden" name="spineFont" value={values.spineFont} />
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Print file
          </Text>
          <ChoiceList
            title="Where the file comes from"
            choices={[
              { label: "The same file for every order", value: "fixed" },
              {
                label: "A file per order (personalised), from a line item property",
                value: "per_order",
              },
            ]}
            selected={[values.fileSource]}
            onChange={(v) => set("fileSource")(v[0] ?? "fixed")}
          />
          <FormLayout>
            {values.fileSource === "per_order" ? (
              <TextField
                label="Line item property with the file URL"
                name="fileProperty"
                value={values.fileProperty}
                onChange={set("fileProperty")}
                error={errors.fileProperty}
                autoComplete="off"
                helpText="Your storefront's upload field must put the file URL in this property. Orders wait for the file until it arrives."
              />
            ) : (
              <TextField
                label="File URL"
                name="contentUrl"
                type="url"
                value={values.contentUrl}
                onChange={set("contentUrl")}
                error={errors.contentUrl}
                autoComplete="off"
                placeholder="https://files.example.com/book.pdf"
              />
            )}
            <FormLayout.Group condensed>
              <TextField
                label="Width (mm)"
                name="contentWidth"
                type="number"
                value={values.contentWidth}
                onChange={set("contentWidth")}
                error={errors.contentWidth}
                autoComplete="off"
                helpText={sizeHint}
              />
              <TextField
                label="Height (mm)"
                name="contentHeight"
                type="number"
                value={values.contentHeight}
                onChange={set("contentHeight")}
                error={errors.contentHeight}
                autoComplete="off"
              />
              <TextField
                label="Pages"
                name="numberOfPages"
                type="number"
                value={values.numberOfPages}
                onChange={set("numberOfPages")}
                error={errors.numberOfPages}
                autoComplete="off"
                helpText={pagesHint}
              />
            </FormLayout.Group>
            <TextField
              label="Cover file URL (optional)"
              name="coverUrl"
              type="url"
              value={values.coverUrl}
              onChange={set("coverUrl")}
              error={errors.coverUrl}
              autoComplete="off"
            />
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Spine
          </Text>
          <ChoiceList
            title="Spine"
            titleHidden
            choices={[
              { label: "No spine, or the print service's default", value: "none" },
              { label: "My own spine image", value: "custom" },
              { label: "Text printed on the spine", value: "dynamic" },
            ]}
            selected={[values.spineMode]}
            onChange={(v) => set("spineMode")(v[0] ?? "none")}
            error={errors.spineMode}
          />
          {values.spineMode === "custom" ? (
            <TextField
              label="Spine image URL"
              name="spineCustomUrl"
              type="url"
              value={values.spineCustomUrl}
              onChange={set("spineCustomUrl")}
              error={errors.spineCustomUrl}
              autoComplete="off"
            />
          ) : null}
          {values.spineMode === "dynamic" ? (
            <FormLayout>
              <FormLayout.Group condensed>
                <Select
                  label="Font"
                  options={SPINE_FONT_OPTIONS}
                  value={values.spineFont}
                  onChange={set("spineFont")}
                  error={errors.spineFont}
                />
                <TextField
                  label="Size (pt)"
                  name="spineSize"
                  type="number"
                  value={values.spineSize}
                  onChange={set("spineSize")}
                  error={errors.spineSize}
                  autoComplete="off"
                />
                <TextField
                  label="Colour"
                  name="spineColour"
                  value={values.spineColour}
                  onChange={set("spineColour")}
                  error={errors.spineColour}
                  autoComplete="off"
                  placeholder="#000000"
                  prefix={
                    <span
                      aria-hidden
                      style={{
                        display: "inline-block",
                        width: 12,
                        height: 12,
                        borderRadius: 3,
                        background: /^#[0-9a-fA-F]{6}$/.test(values.spineColour)
                          ? values.spineColour
                          : "transparent",
                        border: "1px solid #ccc",
                      }}
                    />
                  }
                />
                <TextField
                  label="Background (optional)"
                  name="spineBackground"
                  value={values.spineBackground}
                  onChange={set("spineBackground")}
                  error={errors.spineBackground}
                  autoComplete="off"
                  placeholder="#FFFFFF"
                />
              </FormLayout.Group>
              <FormLayout.Group condensed>
                <TextField
                  label="Top text"
                  name="spineTop"
                  value={values.spineTop}
                  onChange={set("spineTop")}
                  error={errors.spineTop}
                  autoComplete="off"
                />
                <TextField
                  label="Centre text"
                  name="spineCenter"
                  value={values.spineCenter}
                  onChange={set("spineCenter")}
                  error={errors.spineCenter}
                  autoComplete="off"
                />
                <TextField
                  label="Bottom text"
                  name="spineBottom"
                  value={values.spineBottom}
                  onChange={set("spineBottom")}
                  error={errors.spineBottom}
                  autoComplete="off"
                />
              </FormLayout.Group>
            </FormLayout>
          ) : null}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

/** The body of a mapping form: offering, print file, spine, and the submit button. */
export function MappingFormBody({
  offerings,
  categories,
  values,
  set,
  errors,
  offering,
  saving,
  submitLabel,
}: {
  offerings: OfferingOption[];
  categories: CategoryOption[];
  values: MappingValues;
  set: (key: keyof MappingValues) => (value: string) => void;
  errors: Partial<Record<keyof MappingValues, string>>;
  offering: OfferingOption | undefined;
  saving: boolean;
  submitLabel: string;
}) {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Offering
          </Text>
          <OfferingPicker
            offerings={offerings}
            categories={categories}
            value={values.offeringId}
            onChange={set("offeringId")}
            error={errors.offeringId}
          />
        </BlockStack>
      </Card>
      <MappingFileFields values={values} set={set} errors={errors} offering={offering} />
      <InlineStack align="end">
        <Button submit variant="primary" loading={saving}>
          {submitLabel}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
