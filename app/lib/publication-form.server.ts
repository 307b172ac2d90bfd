import { z } from "zod";
import { getMapping } from "../data/mapping.server";
import { parseForm } from "../services/form-errors";
import { SETTINGS_CURRENCIES } from "../services/pricing/currency";
import type { PublicationSelection } from "../services/print/index";

/**
 * A publication's form (the Publications page's, and the one Create product sends for each
 * variant): what each field takes, and a checked form resolved to what the print service is
 * sent (a mapped variant's fixed file, or a file and the product it sells).
 */

/** Limits of a listing's print file: sane bounds, the print service checks the rest. */
export const PUBLICATION_FILE_LIMITS = {
  pages: { min: 1, max: 10_000 },
  sizeMm: { min: 10, max: 3_000 },
  urlLength: 2_000,
} as const;

const count = (n: number) => n.toLocaleString("en-US");
const { pages: PAGES, sizeMm: SIZE } = PUBLICATION_FILE_LIMITS;

/** What each field takes: the message for any refusal of that field. */
const PUBLICATION_MESSAGES = {
  source: "Choose a source",
  listing: "Choose one product or a whole category",
  variantId: "Choose a mapped variant",
  offeringId: "Choose the product the listing sells",
  categoryCode: "Choose the category the listing sells",
  title: "Enter a title, at most 200 characters",
  fileUrl: `Enter the file URL starting with https://, at most ${count(PUBLICATION_FILE_LIMITS.urlLength)} characters`,
  pages: `Enter the number of pages, a whole number from ${count(PAGES.min)} to ${count(PAGES.max)}`,
  width: `Enter the width in mm, from ${count(SIZE.min)} to ${count(SIZE.max)}`,
  height: `Enter the height in mm, from ${count(SIZE.min)} to ${count(SIZE.max)}`,
  thumbnailUrl: `Enter a full thumbnail URL starting with https://, at most ${count(PUBLICATION_FILE_LIMITS.urlLength)} characters`,
  currency: "Choose a currency from the list",
  locale: "Choose a checkout language from the list",
};

const url = (message: string) =>
  z
    .string()
    .trim()
    .max(PUBLICATION_FILE_LIMITS.urlLength, message)
    .refine((v) => {
      try {
        return ["https:", "http:"].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, message);

/** A number typed in a field; "148,5" is read as 148.5 where a decimal comma is usual. */
const numberBetween = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((v) => (/^\d+,\d+$/.test(v) ? Number(v.replace(",", ".")) : Number(v)))
    .pipe(z.number({ error: message }).min(min, message).max(max, message));

export const publicationFormSchema = z.object({
  source: z.enum(["variant", "file"], { error: PUBLICATION_MESSAGES.source }),
  variantId: z.string().trim().optional(),
  /** From a file: one offering at its price, or every product of a category. */
  listing: z.enum(["offering", "category"]).optional(),
  offeringId: z.string().trim().optional(),
  categoryCode: z.string().trim().optional(),
  title: z.string().trim().min(1, "Enter a title").max(200, "Use at most 200 characters"),
  fileUrl: z.string().trim().optional(),
  pages: z.string().trim().optional(),
  width: z.string().trim().optional(),
  height: z.string().trim().optional(),
  thumbnailUrl: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(url(PUBLICATION_MESSAGES.thumbnailUrl).optional()),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(SETTINGS_CURRENCIES, { error: PUBLICATION_MESSAGES.currency })),
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2}([-_][A-Za-z]{2})?$/, PUBLICATION_MESSAGES.locale),
});

export type PublicationFormInput = z.input<typeof publicationFormSchema>;

const fileSchema = z.object({
  fileUrl: url(PUBLICATION_MESSAGES.fileUrl),
  pages: numberBetween(PUBLICATION_MESSAGES.pages, PAGES.min, PAGES.max).pipe(
    z.number().int(PUBLICATION_MESSAGES.pages),
  ),
  width: numberBetween(PUBLICATION_MESSAGES.width, SIZE.min, SIZE.max),
  height: numberBetween(PUBLICATION_MESSAGES.height, SIZE.min, SIZE.max),
});

/** The merchant's choice of what a listing from a file sells; never a default. */
function selectionOf(form: {
  listing?: string | undefined;
  offeringId?: string | undefined;
  categoryCode?: string | undefined;
}):
  | { ok: true; selection: PublicationSelection }
  | { ok: false; fieldErrors: Record<string, string> } {
  if (form.listing === "category") {
    const code = form.categoryCode?.toUpperCase() ?? "";
    if (!/^[A-Z]{2}$/.test(code))
      return { ok: false, fieldErrors: { categoryCode: "Choose the category the listing sells" } };
    return { ok: true, selection: { kind: "category", categoryCode: code } };
  }
  if (form.listing !== "offering")
    return { ok: false, fieldErrors: { listing: "Choose one product or a whole category" } };
  const id = Number(form.offeringId);
  if (!form.offeringId || !Number.isSafeInteger(id) || id <= 0)
    return { ok: false, fieldErrors: { offeringId: "Choose the product the listing sells" } };
  return { ok: true, selection: { kind: "offering", offeringId: id } };
}

/** A checked form, resolved to what the print service is sent and what the row keeps. */
export interface PreparedPublication {
  form: z.output<typeof publicationFormSchema>;
  variantId: string | null;
  selection: PublicationSelection;
  file: { src: string; pages: number; width: number; height: number };
  locale: string;
}

export async function preparePublication(
  shop: string,
  input: Record<string, unknown>,
): Promise<
  { ok: true; prepared: PreparedPublication } | { ok: false; fieldErrors: Record<string, string> }
> {
  const parsed = parseForm(publicationFormSchema, input, PUBLICATION_MESSAGES);
  if (!parsed.ok) {
    // A listing from a file: its file and its choice are told with the other fields' problems.
    if (input["source"] !== "file") return { ok: false, fieldErrors: parsed.fieldErrors };
    const text = (name: string) => (typeof input[name] === "string" ? input[name].trim() : "");
    const f = parseForm(fileSchema, input, PUBLICATION_MESSAGES);
    const chosen = selectionOf({
      listing: text("listing"),
      offeringId: text("offeringId"),
      categoryCode: text("categoryCode"),
    });
    return {
      ok: false,
      fieldErrors: {
        ...(chosen.ok ? {} : chosen.fieldErrors),
        ...(f.ok ? {} : f.fieldErrors),
        ...parsed.fieldErrors,
      },
    };
  }
  const form = parsed.data;

  let file: { src: string; pages: number; width: number; height: number };
  let variantId: string | null = null;
  let selection: PublicationSelection;
  if (form.source === "variant") {
    if (!form.variantId)
      return { ok: false, fieldErrors: { variantId: "Choose a mapped variant" } };
    const mapping = await getMapping({ shop, variantId: form.variantId });
    if (!mapping) return { ok: false, fieldErrors: { variantId: "This variant is not mapped" } };
    if (
      !mapping.contentUrl ||
      !mapping.numberOfPages ||
      !mapping.contentWidth ||
      !mapping.contentHeight
    ) {
      return {
        ok: false,
        fieldErrors: {
          variantId: "This variant gets its file per order; publish from a file instead",
        },
      };
    }
    variantId = mapping.variantId;
    selection = { kind: "offering", offeringId: mapping.offeringId };
    file = {
      src: mapping.contentUrl,
      pages: mapping.numberOfPages,
      width: mapping.contentWidth,
      height: mapping.contentHeight,
    };
  } else {
    const f = parseForm(fileSchema, form, PUBLICATION_MESSAGES);
    const chosen = selectionOf(form);
    if (!f.ok || !chosen.ok)
      return {
        ok: false,
        fieldErrors: {
          ...(chosen.ok ? {} : chosen.fieldErrors),
          ...(f.ok ? {} : f.fieldErrors),
        },
      };
    file = { src: f.data.fileUrl, pages: f.data.pages, width: f.data.width, height: f.data.height };
    selection = chosen.selection;
  }
  const locale = form.locale.replace("_", "-");
  return { ok: true, prepared: { form, variantId, selection, file, locale } };
}
