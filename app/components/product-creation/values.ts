/**
 * The create-product form's values as the page holds them, and the field
 * names they post as (the names the product-creation model reads:
 * `title`, `variants[1].price`, …). Plain data, so the unsaved-changes
 * baseline compares them by value.
 */

import { MAX_VARIANTS } from "../../services/product-creation/form";

/** At most this many variants: the form's rule reads variants[0] up to variants[MAX_VARIANTS - 1]. */
export { MAX_VARIANTS };

export interface VariantValues {
  offeringId: string;
  /** The option value shoppers see ("Hardcover"). */
  label: string;
  /** Custom-size offerings only, in mm. */
  width: string;
  height: string;
  coverUrl: string;
  /** Blank: the pricing rule's price. */
  price: string;
  /** Books only, optional: the edition's ISBN as typed. */
  isbn: string;
}

export interface ProductFormValues {
  title: string;
  description: string;
  status: "draft" | "active";
  /** "on": a draft until the merchant approves a proof copy (then the app makes it active). */
  draftUntilProof: "on" | "";
  contentUrl: string;
  numberOfPages: string;
  variants: VariantValues[];
  pricingMode: string;
  pricingPercent: string;
  rounding: string;
  imageSource: "pdf" | "url" | "none";
  imageUrl: string;
  /** "on": also list it on the print service's checkout page. */
  publish: "on" | "";
  /** "on": the merchant accepts prices below cost. */
  confirmLoss: "on" | "";
}

export const VARIANT_KEYS = [
  "offeringId",
  "label",
  "width",
  "height",
  "coverUrl",
  "price",
  "isbn",
] as const satisfies readonly (keyof VariantValues)[];

/** `variants[1].price`: how a variant field posts, and the key of its error. */
export function variantField(index: number, key: keyof VariantValues): string {
  return `variants[${index}].${key}`;
}

export function blankVariant(offeringId = "", label = ""): VariantValues {
  return { offeringId, label, width: "", height: "", coverUrl: "", price: "", isbn: "" };
}

export interface PricingDefaults {
  mode: string;
  percent: number;
  rounding: string;
}

/** A new form: the shop's last pricing rule, and the offering it was opened from. */
export function newProductValues(
  pricing: PricingDefaults,
  first: { id: number; name: string } | null,
): ProductFormValues {
  return {
    title: "",
    description: "",
    status: "draft",
    draftUntilProof: "",
    contentUrl: "",
    numberOfPages: "",
    variants: [first ? blankVariant(String(first.id), first.name) : blankVariant()],
    pricingMode: pricing.mode,
    pricingPercent: String(pricing.percent),
    rounding: pricing.rounding,
    imageSource: "pdf",
    imageUrl: "",
    publish: "",
    confirmLoss: "",
  };
}

const text = (fields: Readonly<Record<string, unknown>>, key: string): string => {
  const value = fields[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};

/** The form again from fields it posted before (a failed creation's "Try again"). */
export function valuesFromFields(
  fields: Readonly<Record<string, unknown>>,
  pricing: PricingDefaults,
): ProductFormValues {
  const variants: VariantValues[] = [];
  for (let i = 0; i < MAX_VARIANTS; i++) {
    const offeringId = text(fields, variantField(i, "offeringId"));
    if (!offeringId) continue;
    const variant = blankVariant();
    for (const key of VARIANT_KEYS) variant[key] = text(fields, variantField(i, key));
    variants.push(variant);
  }
  const status = text(fields, "status");
  const imageSource = text(fields, "imageSource");
  return {
    title: text(fields, "title"),
    description: text(fields, "description"),
    status: status === "active" ? "active" : "draft",
    draftUntilProof: status !== "active" && text(fields, "draftUntilProof") === "on" ? "on" : "",
    contentUrl: text(fields, "contentUrl"),
    numberOfPages: text(fields, "numberOfPages"),
    variants: variants.length ? variants : [blankVariant()],
    pricingMode: text(fields, "pricingMode") || pricing.mode,
    pricingPercent: text(fields, "pricingPercent") || String(pricing.percent),
    rounding: text(fields, "rounding") || pricing.rounding,
    imageSource: imageSource === "url" || imageSource === "none" ? imageSource : "pdf",
    imageUrl: text(fields, "imageUrl"),
    publish: text(fields, "publish") === "on" ? "on" : "",
    confirmLoss: "",
  };
}

/**
 * The values keyed the way the server keys their errors ("variants[1].price"),
 * for `useFieldErrors`: an error is dropped once its field changes.
 */
export function errorKeyedValues(values: ProductFormValues): Record<string, unknown> {
  const flat: Record<string, unknown> = {
    title: values.title,
    description: values.description,
    status: values.status,
    draftUntilProof: values.draftUntilProof,
    contentUrl: values.contentUrl,
    numberOfPages: values.numberOfPages,
    pricingMode: values.pricingMode,
    pricingPercent: values.pricingPercent,
    rounding: values.rounding,
    imageSource: values.imageSource,
    imageUrl: values.imageUrl,
    publish: values.publish,
    confirmLoss: values.confirmLoss,
    // A problem of the whole list (e.g. two variants with one label) stays until the list changes.
    variants: JSON.stringify(values.variants),
    // Whole-form problems stay until the next submission.
    form: "",
  };
  values.variants.forEach((variant, i) => {
    for (const key of VARIANT_KEYS) flat[variantField(i, key)] = variant[key];
    // A variant-level problem ("variants[1]") goes when any of its fields change.
    flat[`variants[${i}]`] = JSON.stringify(variant);
  });
  return flat;
}

/** Whether two sets of values would be priced the same (the preview still holds). */
export function samePricingInput(a: ProductFormValues, b: ProductFormValues): boolean {
  const pick = (v: ProductFormValues) =>
    JSON.stringify([
      v.contentUrl,
      v.numberOfPages,
      v.pricingMode,
      v.pricingPercent,
      v.rounding,
      // An ISBN changes no price.
      v.variants.map((variant) => ({ ...variant, isbn: "" })),
    ]);
  return pick(a) === pick(b);
}
