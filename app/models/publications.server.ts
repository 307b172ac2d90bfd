import { randomUUID } from "node:crypto";
import { z } from "zod";
import prisma from "../db.server";
import { shopClient } from "./catalogue.server";
import { fieldErrorsOf } from "./billing.server";
import { describePrintError, type PrintProblem } from "./print-problem.server";

/** Listings at the print service's hosted checkout, kept in the Publication table. */

export const PUBLICATIONS_PAGE_SIZE = 25;

const url = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return ["https:", "http:"].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, message);

const positive = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform(Number)
    .pipe(z.number({ error: message }).positive(message).finite(message));

export const publicationFormSchema = z.object({
  source: z.enum(["variant", "file"], { error: "Choose a source" }),
  variantId: z.string().trim().optional(),
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
    .pipe(url("Enter a full thumbnail URL starting with https://").optional()),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Use a three-letter currency code"),
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2}([-_][A-Za-z]{2})?$/, "Use a language code such as en or nl"),
});

export type PublicationFormInput = z.input<typeof publicationFormSchema>;

export type CreatePublicationResult =
  | { ok: true; id: string; checkoutUrl: string; secure: boolean }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

const fileSchema = z.object({
  fileUrl: url("Enter the file URL starting with https://"),
  pages: positive("Enter the number of pages").pipe(z.number().int("Use a whole number of pages")),
  width: positive("Enter the width in mm"),
  height: positive("Enter the height in mm"),
});

export async function createPublication({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreatePublicationResult> {
  const parsed = publicationFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const form = parsed.data;

  let file: { src: string; pages: number; width: number; height: number };
  let variantId: string | null = null;
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
    file = {
      src: mapping.contentUrl,
      pages: mapping.numberOfPages,
      width: mapping.contentWidth,
      height: mapping.contentHeight,
    };
  } else {
    const f = fileSchema.safeParse(form);
    if (!f.success) return { ok: false, fieldErrors: fieldErrorsOf(f.error) };
    file = { src: f.data.fileUrl, pages: f.data.pages, width: f.data.width, height: f.data.height };
  }

  const c = await shopClient(shop);
  if (!c)
    return { ok: false, fieldErrors: { form: "Save your print-service keys in Settings first." } };
  const locale = form.locale.replace("_", "-");
  try {
    const created = await c.client.publications.create({
      currency: form.currency,
      locale,
      order: {
        reference: `PC-PUB-${randomUUID()}`,
        product: {
          title: form.title,
          source: {
            file: {
              src: file.src,
              pages: file.pages,
              dimensions: { width: file.width, height: file.height },
            },
          },
          ...(form.thumbnailUrl ? { thumbnail: { src: form.thumbnailUrl } } : {}),
        },
      },
    });
    const row = await prisma.publication.create({
      data: {
        shop,
        variantId,
        title: form.title,
        currency: form.currency,
        locale,
        checkoutUrl: created.checkoutUrl,
        ...(created.kind === "public"
          ? { publicationId: created.publicationId }
          : { securePublicationId: created.securePublicationId, checkoutToken: created.token }),
      },
    });
    return {
      ok: true,
      id: row.id,
      checkoutUrl: created.checkoutUrl,
      secure: created.kind === "secure",
    };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
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
  const cursor = after ? decode(after) : null;
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
    })),
    nextCursor:
      found.length > pageSize && last
        ? Buffer.from(`${last.createdAt.getTime()}:${last.id}`).toString("base64url")
        : null,
  };
}

function decode(text: string): { createdAt: Date; id: string } | null {
  const m = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(
    Buffer.from(text, "base64url").toString("utf8"),
  );
  return m ? { createdAt: new Date(Number(m[1])), id: m[2]! } : null;
}
