import {
  checkMapping,
  minimumCopies,
  type CheckedMapping,
  type MappingFieldErrors,
  type MappingFormValues,
  type MappingOffering,
} from "../catalogue/mapping-rules";
import { z } from "zod";
import { parseIsbn } from "../book-kit/isbn";
import { parseForm } from "../form-errors";
import { isHttpUrl } from "../safe-url";

/**
 * The create-product form as posted, and its rules: the fields of the whole
 * product here, each variant against its offering with the mapping rules
 * (services/catalogue/mapping-rules), so a created product is mapped exactly
 * as the mapping page would map it.
 */

export const MAX_VARIANTS = 10;
export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;
/** Shopify's limit on an option value. */
export const LABEL_MAX = 255;
export const IMAGE_URL_MAX = 2000;

/** What FormData and URLSearchParams both offer. */
export interface FormLike {
  get(name: string): unknown;
}

export type CreationIntent = "preview" | "create";
export type ImageSource = "pdf" | "url" | "none";

export interface PostedVariant {
  /** Its index in the form (`variants[index].…`). */
  index: number;
  offeringId: string;
  label: string;
  width: string;
  height: string;
  coverUrl: string;
  price: string;
  /** The edition's ISBN as typed (optional; books only). */
  isbn: string;
}

export interface PostedCreation {
  requestKey: string;
  intent: CreationIntent;
  title: string;
  description: string;
  status: "draft" | "active";
  /** A draft until the merchant approves a proof copy. */
  draftUntilProof: boolean;
  contentUrl: string;
  numberOfPages: string;
  variants: PostedVariant[];
  pricingMode: string;
  pricingPercent: string;
  rounding: string;
  imageSource: ImageSource;
  imageUrl: string;
  publish: boolean;
  confirmLoss: boolean;
}

export type FieldErrors = Record<string, string>;

/** The key the form's loader makes: random url-safe characters. */
const REQUEST_KEY = /^[A-Za-z0-9_-]{16,100}$/;

export const variantField = (index: number, name: keyof Omit<PostedVariant, "index">) =>
  `variants[${index}].${name}`;

/** A posted field as trimmed text; "" when absent. */
function text(form: FormLike, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
}

/** Every posted field as text (also kept with the creation, to refill the form on a retry). */
export function postedValues(form: FormLike): Record<string, string> {
  const out: Record<string, string> = {};
  const names = [
    "title",
    "description",
    "status",
    "contentUrl",
    "numberOfPages",
    "pricingMode",
    "pricingPercent",
    "rounding",
    "imageSource",
    "imageUrl",
    "publish",
  ];
  for (const name of names) out[name] = text(form, name);
  for (let i = 0; i < MAX_VARIANTS; i++)
    for (const name of [
      "offeringId",
      "label",
      "width",
      "height",
      "coverUrl",
      "price",
      "isbn",
    ] as const) {
      const v = text(form, variantField(i, name));
      if (v) out[variantField(i, name)] = v;
    }
  return out;
}

const codePoints = (value: string) => [...value].length;
const IMAGE_SOURCES: readonly string[] = ["pdf", "url", "none"];

/**
 * The checks of the whole product's fields. Each field is text, so every check runs and each
 * field gets its own message; the request key's goes to the whole form.
 */
const creationFormSchema = z
  .object({
    requestKey: z.string(),
    title: z
      .string()
      .min(1, "Enter the product's title")
      .refine(
        (v) => codePoints(v) <= TITLE_MAX,
        `Use at most ${TITLE_MAX} characters for the title`,
      ),
    description: z
      .string()
      .refine(
        (v) => codePoints(v) <= DESCRIPTION_MAX,
        `Use at most ${DESCRIPTION_MAX.toLocaleString("en-US")} characters for the description`,
      ),
    status: z.string().refine((v) => v === "draft" || v === "active", "Choose Draft or Active"),
    imageSource: z
      .string()
      .refine((v) => IMAGE_SOURCES.includes(v), "Choose where the product image comes from"),
    imageUrl: z.string(),
    variantCount: z.number(),
  })
  .superRefine((v, ctx) => {
    if (!REQUEST_KEY.test(v.requestKey))
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "This form is out of date. Reload the page and fill it in again.",
      });
    if (v.imageSource === "url") {
      const message = !v.imageUrl
        ? "Enter the image URL, or choose another image"
        : v.imageUrl.length > IMAGE_URL_MAX || !isHttpUrl(v.imageUrl)
          ? "Enter a full image URL starting with https://"
          : null;
      if (message) ctx.addIssue({ code: "custom", path: ["imageUrl"], message });
    }
    if (v.variantCount === 0)
      ctx.addIssue({
        code: "custom",
        path: [variantField(0, "offeringId")],
        message: "Choose at least one offering",
      });
  });

/** The rows of variants the merchant filled in; a row left empty is no variant. */
function postedVariants(form: FormLike): PostedVariant[] {
  const variants: PostedVariant[] = [];
  for (let index = 0; index < MAX_VARIANTS; index++) {
    const v = {
      index,
      offeringId: text(form, variantField(index, "offeringId")),
      label: text(form, variantField(index, "label")),
      width: text(form, variantField(index, "width")),
      height: text(form, variantField(index, "height")),
      coverUrl: text(form, variantField(index, "coverUrl")),
      price: text(form, variantField(index, "price")),
      isbn: text(form, variantField(index, "isbn")),
    };
    if (v.offeringId || v.label || v.width || v.height || v.coverUrl || v.price || v.isbn)
      variants.push(v);
  }
  return variants;
}

/**
 * Reads the posted form and checks what can be checked without the catalogue:
 * the request key, title, description, status, image choice and that there is
 * at least one variant. A refused form still gives what was posted, so the
 * checks against the catalogue run too and every field's error is told at once.
 */
export function readCreationForm(
  form: FormLike,
):
  | { ok: true; posted: PostedCreation }
  | { ok: false; fieldErrors: FieldErrors; posted: PostedCreation } {
  const variants = postedVariants(form);
  const parsed = parseForm(
    creationFormSchema,
    {
      requestKey: text(form, "requestKey"),
      title: text(form, "title"),
      description: text(form, "description"),
      status: text(form, "status") || "draft",
      imageSource: text(form, "imageSource") || "pdf",
      imageUrl: text(form, "imageUrl"),
      variantCount: variants.length,
    },
    {},
  );
  const imageSource = text(form, "imageSource");
  const posted: PostedCreation = {
    requestKey: text(form, "requestKey"),
    intent: text(form, "intent") === "create" ? "create" : "preview",
    title: text(form, "title"),
    description: text(form, "description"),
    status: text(form, "status") === "active" ? "active" : "draft",
    draftUntilProof: text(form, "status") !== "active" && text(form, "draftUntilProof") === "on",
    contentUrl: text(form, "contentUrl"),
    numberOfPages: text(form, "numberOfPages"),
    variants,
    pricingMode: text(form, "pricingMode"),
    pricingPercent: text(form, "pricingPercent"),
    rounding: text(form, "rounding"),
    imageSource: IMAGE_SOURCES.includes(imageSource) ? (imageSource as ImageSource) : "pdf",
    imageUrl: text(form, "imageUrl"),
    publish: text(form, "publish") === "on",
    confirmLoss: text(form, "confirmLoss") === "on",
  };
  return parsed.ok ? { ok: true, posted } : { ok: false, fieldErrors: parsed.fieldErrors, posted };
}

/** An offering as the creation needs it: the mapping rules' shape plus what the product shows. */
export interface CreationOffering extends MappingOffering {
  paperType?: string | undefined;
}

export interface CheckedVariant {
  index: number;
  offering: CreationOffering;
  /** The option value shoppers choose ("Hardcover"). */
  label: string;
  /** The mapping the variant gets, by the same rules as the mapping page. */
  mapping: CheckedMapping & { contentUrl: string };
  /** Copies in the smallest sale (the offering's minimum, at least 1). */
  copies: number;
  /** The merchant's price as typed; empty for the rule's price. */
  priceText: string;
}

/** Where a mapping-rule problem of variant `index` shows on this form. */
function creationField(index: number, key: keyof MappingFieldErrors): string {
  switch (key) {
    case "contentUrl":
    case "numberOfPages":
      return key;
    case "contentWidth":
      return variantField(index, "width");
    case "contentHeight":
      return variantField(index, "height");
    case "coverUrl":
      return variantField(index, "coverUrl");
    case "isbn":
      return variantField(index, "isbn");
    default:
      return variantField(index, "offeringId");
  }
}

/**
 * The mapping form's values a created variant does not ask for: a fixed file, no spine, and
 * (for an offering sold in sets) always the storefront minimum.
 */
const NO_MAPPING: MappingFormValues = {
  offeringId: "",
  fileSource: "fixed",
  contentUrl: "",
  fileProperty: "",
  contentWidth: "",
  contentHeight: "",
  numberOfPages: "",
  coverUrl: "",
  spineMode: "none",
  spineCustomUrl: "",
  spineFont: "",
  spineSize: "",
  spineColour: "",
  spineTop: "",
  spineCenter: "",
  spineBottom: "",
  spineBackground: "",
  storefrontMinimum: "on",
  isbn: "",
};

/**
 * Each posted variant against its offering (`offerings` by id: the shop's
 * catalogue): the mapping rules, a label shoppers can tell apart. A field the
 * variants share (the PDF, the page count) carries the first problem found.
 */
export function checkCreationVariants(
  posted: PostedCreation,
  offerings: ReadonlyMap<number, CreationOffering>,
): { ok: true; variants: CheckedVariant[] } | { ok: false; fieldErrors: FieldErrors } {
  const errors: FieldErrors = {};
  const checked: CheckedVariant[] = [];
  const labels = new Map<string, number>();
  const isbns = new Map<string, number>();
  for (const v of posted.variants) {
    const id = Number(v.offeringId);
    const offering = /^\d{1,12}$/.test(v.offeringId) ? (offerings.get(id) ?? null) : null;
    const result = checkMapping(
      {
        ...NO_MAPPING,
        offeringId: v.offeringId,
        contentUrl: posted.contentUrl,
        contentWidth: v.width,
        contentHeight: v.height,
        numberOfPages: posted.numberOfPages,
        coverUrl: v.coverUrl,
        isbn: v.isbn,
      },
      offering,
    );
    if (!result.ok) {
      for (const [key, message] of Object.entries(result.fieldErrors)) {
        const field = creationField(v.index, key as keyof MappingFieldErrors);
        errors[field] ??= message;
      }
    }
    const label = v.label || offering?.name || "";
    if ([...label].length > LABEL_MAX)
      errors[variantField(v.index, "label")] = `Use at most ${LABEL_MAX} characters`;
    const sameAs = labels.get(label.toLowerCase());
    if (label && sameAs !== undefined)
      errors[variantField(v.index, "label")] =
        `Variant ${sameAs + 1} is also called “${label}”; give each variant its own name`;
    labels.set(label.toLowerCase(), v.index);
    // Each edition (binding, size) of a book has its own ISBN.
    const parsedIsbn = v.isbn ? parseIsbn(v.isbn) : null;
    const isbn = parsedIsbn?.ok ? parsedIsbn.isbn13 : null;
    const sameIsbn = isbn ? isbns.get(isbn) : undefined;
    if (isbn && sameIsbn !== undefined)
      errors[variantField(v.index, "isbn")] ??=
        `Variant ${sameIsbn + 1} has the same ISBN; each edition has its own`;
    if (isbn) isbns.set(isbn, v.index);
    if (result.ok && offering && result.mapping.contentUrl) {
      checked.push({
        index: v.index,
        offering,
        label,
        mapping: { ...result.mapping, contentUrl: result.mapping.contentUrl },
        copies: minimumCopies(offering),
        priceText: v.price,
      });
    }
  }
  // With no offering to check them against, the shared PDF and page count still get their
  // own messages beside "Choose an offering", rather than only after one is chosen.
  if (!posted.variants.some((v) => offerings.has(Number(v.offeringId)))) {
    const pdf = checkMapping({ ...NO_MAPPING, contentUrl: posted.contentUrl }, null);
    if (!pdf.ok && pdf.fieldErrors.contentUrl) errors["contentUrl"] ??= pdf.fieldErrors.contentUrl;
    if (!posted.numberOfPages) errors["numberOfPages"] ??= "Enter the number of pages";
    else if (!/^\d+$/.test(posted.numberOfPages))
      errors["numberOfPages"] ??= "Enter the number of pages as a whole number";
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, variants: checked };
}
