import { useMemo, useState } from "react";
import { BlockStack, Box, FormLayout, InlineStack, Select, Text } from "@shopify/polaris";
import { useFormat, type Money } from "./format";

/** Choosing an offering from the catalogue, by category, with its facts. */

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

/** One labelled fact of an offering (size, pages, paper …); `large` on the offering's own page. */
export function Fact({ label, value, large }: { label: string; value: string; large?: boolean }) {
  return (
    <BlockStack gap="050">
      <Text as="span" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="span" {...(large ? { variant: "bodyLg" as const } : {})}>
        {value}
      </Text>
    </BlockStack>
  );
}
