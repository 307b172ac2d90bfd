import { randomUUID } from "node:crypto";
import { z } from "zod";
import prisma from "../db.server";
import { parseForm } from "../services/form-errors";
import type { PublicationCreated, PublicationSelection } from "../services/print";
import { legacyIdOf, SETTINGS_CURRENCIES } from "./admin-shared";
import { listCategories, listOfferings, shopClient } from "./catalogue.server";
import { describePrintError, type PrintProblem } from "./print-problem.server";
import { decodeCursor, encodeCursor } from "./keyset-cursor.server";
import { listMappingsForPicker } from "./mapping.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";

/** Listings at the print service's hosted checkout, kept in the Publication table. */

export const PUBLICATIONS_PAGE_SIZE = 25;

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

export type CreatePublicationResult =
  | { ok: true; id: string; checkoutUrl: string; secure: boolean }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

const fileSchema = z.object({
  fileUrl: url(PUBLICATION_MESSAGES.fileUrl),
  pages: numberBetween(PUBLICATION_MESSAGES.pages, PAGES.min, PAGES.max).pipe(
    z.number().int(PUBLICATION_MESSAGES.pages),
  ),
  width: numberBetween(PUBLICATION_MESSAGES.width, SIZE.min, SIZE.max),
  height: numberBetween(PUBLICATION_MESSAGES.height, SIZE.min, SIZE.max),
});

/** The merchant's choice of what a listing from a file sells; never a default. */
function selectionOf(
  form: z.output<typeof publicationFormSchema>,
):
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

/** A chosen offering or category the shop's catalogue does not have (when it can be read). */
async function notInCatalogue(
  shop: string,
  selection: PublicationSelection,
): Promise<Record<string, string> | null> {
  if (selection.kind === "offering") {
    const offerings = await listOfferings({ shop, filters: {} });
    if (offerings.status === "ok" && !offerings.data.some((o) => o.id === selection.offeringId))
      return {
        offeringId: `Offering ${selection.offeringId} is not in your print-service catalogue; choose another`,
      };
    return null;
  }
  const categories = await listCategories({ shop });
  if (categories.status === "ok" && !categories.data.some((c) => c.code === selection.categoryCode))
    return {
      categoryCode: `Category ${selection.categoryCode} is not in your print-service catalogue; choose another`,
    };
  return null;
}

/** A checked form, resolved to what the print service is sent and what the row keeps. */
interface PreparedPublication {
  form: z.output<typeof publicationFormSchema>;
  variantId: string | null;
  selection: PublicationSelection;
  file: { src: string; pages: number; width: number; height: number };
  locale: string;
}

async function preparePublication(
  shop: string,
  input: Record<string, unknown>,
): Promise<
  { ok: true; prepared: PreparedPublication } | { ok: false; fieldErrors: Record<string, string> }
> {
  const parsed = parseForm(publicationFormSchema, input, PUBLICATION_MESSAGES);
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors };
  const form = parsed.data;

  let file: { src: string; pages: number; width: number; height: number };
  let variantId: string | null = null;
  let selection: PublicationSelection;
  if (form.source === "variant") {
    if (!form.variantId)
      return { ok: false, fieldErrors: { variantId: "Choose a mapped variant" } };
    const mapping = await prisma.variantMapping.findUnique({
      where: { shop_variantId: { shop, variantId: form.variantId } },
    });
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

/** The row's columns for a listing the print service made from `p`. */
function publicationColumns(p: PreparedPublication, created: PublicationCreated) {
  return {
    variantId: p.variantId,
    title: p.form.title,
    currency: p.form.currency,
    locale: p.locale,
    checkoutUrl: created.checkoutUrl,
    publicationId: created.kind === "public" ? created.publicationId : null,
    securePublicationId: created.kind === "secure" ? created.securePublicationId : null,
    checkoutToken: created.kind === "secure" ? created.token : null,
    offeringId: p.selection.kind === "offering" ? p.selection.offeringId : null,
    categoryCode: p.selection.kind === "category" ? p.selection.categoryCode : null,
    fileUrl: p.file.src,
    pages: p.file.pages,
    width: p.file.width,
    height: p.file.height,
    thumbnailUrl: p.form.thumbnailUrl ?? null,
  };
}

/** Checks a form and has the print service make the listing; nothing is stored here. */
async function publishAtService(
  shop: string,
  input: Record<string, unknown>,
): Promise<
  | { ok: true; prepared: PreparedPublication; created: PublicationCreated }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem }
> {
  const ready = await preparePublication(shop, input);
  if (!ready.ok) return ready;
  const p = ready.prepared;
  const c = await shopClient(shop);
  if (!c)
    return { ok: false, fieldErrors: { form: "Save your print-service keys in Settings first." } };
  const unknown = await notInCatalogue(shop, p.selection);
  if (unknown) return { ok: false, fieldErrors: unknown };
  try {
    const created = await c.client.publications.create({
      selection: p.selection,
      currency: p.form.currency,
      locale: p.locale,
      order: {
        reference: `PC-PUB-${randomUUID()}`,
        product: {
          title: p.form.title,
          source: {
            file: {
              src: p.file.src,
              pages: p.file.pages,
              dimensions: { width: p.file.width, height: p.file.height },
            },
          },
          ...(p.form.thumbnailUrl ? { thumbnail: { src: p.form.thumbnailUrl } } : {}),
        },
      },
    });
    return { ok: true, prepared: p, created };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
}

export async function createPublication({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreatePublicationResult> {
  const published = await publishAtService(shop, input);
  if (!published.ok) return published;
  const { prepared, created } = published;
  const row = await prisma.publication.create({
    data: { shop, ...publicationColumns(prepared, created) },
  });
  return {
    ok: true,
    id: row.id,
    checkoutUrl: created.checkoutUrl,
    secure: created.kind === "secure",
  };
}

export type ChangePublicationResult =
  | {
      ok: true;
      intent: "edit";
      id: string;
      checkoutUrl: string;
      secure: boolean;
      oldCheckoutUrl: string;
    }
  | { ok: true; intent: "remove"; id: string; title: string; checkoutUrl: string }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

const NOT_FOUND = {
  ok: false as const,
  fieldErrors: { form: "This publication is no longer in your list. Reload the page." },
};

/**
 * "Edit": the print service cannot change a listing, so the corrected one is a new listing
 * with a new checkout link, and this row points at it. The old link keeps working at the
 * print service; the answer gives it back so the page can say so.
 */
export async function replacePublication({
  shop,
  id,
  input,
}: {
  shop: string;
  id: string;
  input: Record<string, unknown>;
}): Promise<ChangePublicationResult> {
  const existing = await prisma.publication.findFirst({ where: { shop, id } });
  if (!existing) return NOT_FOUND;
  const published = await publishAtService(shop, input);
  if (!published.ok) return published;
  const { prepared, created } = published;
  const { count } = await prisma.publication.updateMany({
    where: { shop, id },
    data: { ...publicationColumns(prepared, created), updatedAt: new Date() },
  });
  if (count === 0) return NOT_FOUND;
  return {
    ok: true,
    intent: "edit",
    id,
    checkoutUrl: created.checkoutUrl,
    secure: created.kind === "secure",
    oldCheckoutUrl: existing.checkoutUrl,
  };
}

/**
 * "Remove": takes the listing off this app's list. The print service has no way to delete
 * a listing, so its checkout link keeps working; the answer names it so the page can say so.
 */
export async function removePublication({
  shop,
  id,
}: {
  shop: string;
  id: string;
}): Promise<ChangePublicationResult> {
  const existing = await prisma.publication.findFirst({ where: { shop, id } });
  if (!existing) return NOT_FOUND;
  await prisma.publication.deleteMany({ where: { shop, id } });
  return {
    ok: true,
    intent: "remove",
    id,
    title: existing.title,
    checkoutUrl: existing.checkoutUrl,
  };
}

export interface PublicationRow {
  id: string;
  title: string;
  variantId: string | null;
  publicationId: number | null;
  secure: boolean;
  checkoutUrl: string;
  currency: string;
  locale: string;
  createdAt: string;
  /** Changed with "Edit" (a new listing at the print service); null when never edited. */
  updatedAt: string | null;
  /** What it sells; null for rows made before this was kept (then the mapping's offering). */
  offeringId: number | null;
  categoryCode: string | null;
  fileUrl: string | null;
  pages: number | null;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
}

/** Newest first, keyset on the (shop, createdAt) index. */
export async function listPublications({
  shop,
  after,
  pageSize = PUBLICATIONS_PAGE_SIZE,
}: {
  shop: string;
  after?: string | null | undefined;
  pageSize?: number;
}): Promise<{ rows: PublicationRow[]; nextCursor: string | null }> {
  const cursor = after ? decodeCursor(after) : null;
  const found = await prisma.publication.findMany({
    where: cursor
      ? {
          shop,
          OR: [
            { createdAt: { lt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { lt: cursor.id } },
          ],
        }
      : { shop },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
  });
  const page = found.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((p) => ({
      id: p.id,
      title: p.title,
      variantId: p.variantId,
      publicationId: p.publicationId,
      secure: p.securePublicationId !== null,
      checkoutUrl: p.checkoutUrl,
      currency: p.currency,
      locale: p.locale,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt?.toISOString() ?? null,
      offeringId: p.offeringId,
      categoryCode: p.categoryCode,
      fileUrl: p.fileUrl,
      pages: p.pages,
      width: p.width,
      height: p.height,
      thumbnailUrl: p.thumbnailUrl,
    })),
    nextCursor: found.length > pageSize && last ? encodeCursor(last) : null,
  };
}

export type PublicationProduct =
  | { kind: "offering"; id: number; name: string | null }
  | { kind: "category"; code: string; name: string | null };

/**
 * The Publications page: a page of the shop's publications, and what a new
 * one can be made from (mapped variants with a fixed file, the catalogue).
 */
export async function loadPublicationsPage({
  shop,
  after,
}: {
  shop: string;
  after?: string | undefined;
}) {
  const [settings, page, mappings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    listPublications({ shop, after }),
    listMappingsForPicker({ shop }),
  ]);
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  // What a listing from a file can sell: the shop's own catalogue.
  const [offerings, categories] = connected
    ? await Promise.all([listOfferings({ shop, filters: {} }), listCategories({ shop })])
    : [null, null];
  const offeringNames = new Map(
    offerings?.status === "ok" ? offerings.data.map((o) => [o.id, o.name]) : [],
  );
  const categoryNames = new Map(
    categories?.status === "ok" ? categories.data.map((c) => [c.code, c.name]) : [],
  );
  const mappedOffering = new Map(mappings.map((m) => [m.variantId, m.offeringId]));
  /** What each listing sells, by name where the catalogue knows it. */
  const productOf = (row: PublicationRow): PublicationProduct | null => {
    if (row.categoryCode)
      return {
        kind: "category",
        code: row.categoryCode,
        name: categoryNames.get(row.categoryCode) ?? null,
      };
    const offeringId =
      row.offeringId ?? (row.variantId ? mappedOffering.get(row.variantId) : undefined);
    return offeringId
      ? { kind: "offering", id: offeringId, name: offeringNames.get(offeringId) ?? null }
      : null;
  };
  return {
    products: Object.fromEntries(page.rows.map((r) => [r.id, productOf(r)])),
    offerings:
      offerings?.status === "ok"
        ? offerings.data.map((o) => ({ id: o.id, name: o.name, categoryCode: o.categoryCode }))
        : [],
    categories:
      categories?.status === "ok"
        ? categories.data.map((c) => ({ code: c.code, name: c.name }))
        : [],
    connected,
    currency: settings?.currency ?? "EUR",
    page,
    after: after ?? null,
    variants: mappings
      .filter((m) => m.contentUrl && m.numberOfPages && m.contentWidth && m.contentHeight)
      .map((m) => ({
        id: m.variantId,
        legacyId: legacyIdOf(m.variantId),
        title: m.title || legacyIdOf(m.variantId),
        pages: m.numberOfPages,
      })),
  };
}
