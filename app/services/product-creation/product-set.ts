import { ISBN_METAFIELD, isbnMetafieldValue, productIsbns } from "../book-kit/isbn-shopify";
import { MINIMUM_QUANTITY_METAFIELD } from "../catalogue/quantity-rule";
import { formatMajor } from "../print/money";
import { descriptionHtml } from "./text";
import { variantField, type CheckedVariant, type FieldErrors, type ImageSource } from "./form";

/**
 * The productSet call that makes (or, on a retry, finds and updates) the
 * product: its input from the checked form, and Shopify's userErrors back on
 * the form fields they name.
 */

export const PRODUCT_SET_MUTATION = `#graphql
  mutation PrintConnectProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
      product {
        id handle title status
        variants(first: 50) { nodes { id title price sku selectedOptions { name value } } }
      }
      userErrors { field message code }
    }
  }`;

/** The app's own metafield namespace (the storefront block and the cart rule read it). */
export const PRINT_NAMESPACE = "$app:print_connect";
export const OPTION_NAME = "Edition";

export interface ProductSetVariables {
  identifier: { handle: string };
  input: Record<string, unknown>;
}

/** What the store calls the product, by the print service's category. */
const PRODUCT_TYPES: Record<string, string> = {
  BO: "Book",
  MA: "Magazine",
  CA: "Calendar",
  WA: "Wall art",
  DP: "Digital publication",
};

const mmFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
export const variantSizeText = (v: CheckedVariant) =>
  `${mmFormat.format(v.mapping.contentWidth)} × ${mmFormat.format(v.mapping.contentHeight)} mm`;

const distinct = (values: (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];

export function productSetVariables({
  handle,
  title,
  description,
  status,
  vendor,
  currency,
  variants,
  prices,
  image,
}: {
  handle: string;
  title: string;
  description: string;
  status: "draft" | "active";
  vendor: string;
  currency: string;
  variants: CheckedVariant[];
  /** Per copy, minor units, by the variant's form index. */
  prices: ReadonlyMap<number, number>;
  image: { originalSource: string; alt: string } | null;
}): ProductSetVariables {
  const text = (key: string, value: string) => ({
    namespace: PRINT_NAMESPACE,
    key,
    type: "single_line_text_field",
    value,
  });
  const first = variants[0];
  const pages = first?.mapping.numberOfPages ?? 1;
  const paper = distinct(variants.map((v) => v.offering.paperType));
  const isbns = productIsbns(variants.map((v) => v.mapping.isbn));
  return {
    identifier: { handle },
    input: {
      title,
      descriptionHtml: descriptionHtml(description),
      handle,
      status: status === "active" ? "ACTIVE" : "DRAFT",
      productType: PRODUCT_TYPES[first?.offering.categoryCode ?? ""] ?? "Print",
      vendor,
      productOptions: [
        {
          name: OPTION_NAME,
          position: 1,
          values: variants.map((v) => ({ name: v.label })),
        },
      ],
      variants: variants.map((v) => ({
        optionValues: [{ optionName: OPTION_NAME, name: v.label }],
        price: formatMajor({ amountMinor: prices.get(v.index) ?? 0, currency }),
        sku: `PC-${v.offering.id}-${v.mapping.numberOfPages}P`,
        // A book edition's ISBN is its barcode (EAN-13), as on the printed cover.
        ...(v.mapping.isbn ? { barcode: v.mapping.isbn } : {}),
        // Printed on demand: never out of stock.
        inventoryPolicy: "CONTINUE",
        inventoryItem: { tracked: false, requiresShipping: true },
        metafields: [
          text("format", v.offering.name),
          // Sold in sets: the cart rule stops smaller quantities.
          ...(v.copies >= 2 ? [{ ...MINIMUM_QUANTITY_METAFIELD, value: String(v.copies) }] : []),
        ],
      })),
      metafields: [
        { namespace: PRINT_NAMESPACE, key: "pages", type: "number_integer", value: String(pages) },
        text("size", distinct(variants.map(variantSizeText)).join(" / ")),
        text("format", distinct(variants.map((v) => v.offering.name)).join(" / ")),
        ...(paper.length ? [text("paper", paper.join(" / "))] : []),
        ...(isbns.length ? [{ ...ISBN_METAFIELD, value: isbnMetafieldValue(isbns) }] : []),
      ],
      ...(image
        ? {
            files: [{ originalSource: image.originalSource, contentType: "IMAGE", alt: image.alt }],
          }
        : {}),
    },
  };
}

export interface ProductSetUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/** Whether every error is about the image (then the product is made without it). */
export function onlyImageErrors(errors: readonly ProductSetUserError[]): boolean {
  return errors.length > 0 && errors.every((e) => e.field?.[1] === "files");
}

/**
 * Where a productSet userError shows on the form. `field` is Shopify's path
 * into the input (["input", "variants", "1", "price"]); variants are sent in
 * the order of `variantIndexes` (their form indexes).
 */
export function userErrorField(
  field: readonly string[] | null | undefined,
  variantIndexes: readonly number[],
  imageSource: ImageSource,
): string {
  const path = field?.[0] === "input" ? field.slice(1) : (field ?? []);
  const [top, position, leaf] = path;
  switch (top) {
    case "title":
    case "handle":
      return "title";
    case "descriptionHtml":
      return "description";
    case "status":
      return "status";
    case "productOptions":
      return variantField(variantIndexes[0] ?? 0, "label");
    case "files":
      return imageSource === "url" ? "imageUrl" : "imageSource";
    case "variants": {
      const index = variantIndexes[Number(position)];
      if (index === undefined) return "form";
      if (leaf === "price" || leaf === "compareAtPrice") return variantField(index, "price");
      if (leaf === "optionValues") return variantField(index, "label");
      if (leaf === "barcode") return variantField(index, "isbn");
      return variantField(index, "offeringId");
    }
    default:
      return "form";
  }
}

/** Shopify's refusals on the form's fields; several on one field read as one text. */
export function userErrorsToFields(
  errors: readonly ProductSetUserError[],
  variantIndexes: readonly number[],
  imageSource: ImageSource,
): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const field = userErrorField(e.field, variantIndexes, imageSource);
    const message = `Shopify: ${e.message.replace(/\.?$/, ".")}`;
    out[field] = out[field] ? `${out[field]} ${message}` : message;
  }
  return out;
}
