import { randomUUID } from "node:crypto";
import { createPublicationRow, type PublicationColumns } from "../data/publications.server";
import { describePrintError, type PrintProblem } from "../services/merchant-text/print-problem";
import type { PublicationCreated, PublicationSelection } from "../services/print/index";
import { checkPages } from "../services/catalogue/mapping-rules";
import { listCategories, listOfferings, shopClient } from "./catalogue.server";
import { preparePublication, type PreparedPublication } from "./publication-form.server";

/**
 * Making a listing at the print service from a publication's form, and keeping it: wired to
 * the shop's catalogue, its print client and the database. The Publications page and Create
 * product ("Also list it on the print service's checkout page") both make listings here.
 */

/**
 * A chosen offering or category the shop's catalogue does not have (when it can be read), or
 * a file whose page count the chosen offering does not take (its rule, before the service's
 * refusal).
 */
async function notInCatalogue(
  shop: string,
  selection: PublicationSelection,
  pages: number,
): Promise<Record<string, string> | null> {
  if (selection.kind === "offering") {
    const offerings = await listOfferings({ shop, filters: {} });
    if (offerings.status !== "ok") return null;
    const offering = offerings.data.find((o) => o.id === selection.offeringId);
    if (!offering)
      return {
        offeringId: `Offering ${selection.offeringId} is not in your print-service catalogue; choose another`,
      };
    const pagesError = checkPages(String(pages), offering).error;
    return pagesError ? { pages: pagesError } : null;
  }
  const categories = await listCategories({ shop });
  if (categories.status === "ok" && !categories.data.some((c) => c.code === selection.categoryCode))
    return {
      categoryCode: `Category ${selection.categoryCode} is not in your print-service catalogue; choose another`,
    };
  return null;
}

/** A checked listing: what it sells, its print file and how its checkout reads. */
interface ListingRequest {
  selection: PublicationSelection;
  title: string;
  currency: string;
  locale: string;
  file: { src: string; pages: number; width: number; height: number };
  thumbnailUrl: string | undefined;
}

/**
 * Has the print service make the listing of a checked form, after checking that the shop's
 * catalogue has what it sells (when the catalogue can be read); nothing is stored here.
 */
async function publishAtService(
  shop: string,
  p: ListingRequest,
): Promise<
  | { ok: true; created: PublicationCreated }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem }
> {
  const c = await shopClient(shop);
  if (!c)
    return { ok: false, fieldErrors: { form: "Save your print-service keys in Settings first." } };
  const unknown = await notInCatalogue(shop, p.selection, p.file.pages);
  if (unknown) return { ok: false, fieldErrors: unknown };
  try {
    const created = await c.client.publications.create({
      selection: p.selection,
      currency: p.currency,
      locale: p.locale,
      order: {
        reference: `PC-PUB-${randomUUID()}`,
        product: {
          title: p.title,
          source: {
            file: {
              src: p.file.src,
              pages: p.file.pages,
              dimensions: { width: p.file.width, height: p.file.height },
            },
          },
          ...(p.thumbnailUrl ? { thumbnail: { src: p.thumbnailUrl } } : {}),
        },
      },
    });
    return { ok: true, created };
  } catch (error) {
    const problem = describePrintError(error);
    return { ok: false, fieldErrors: { form: problem.title }, problem };
  }
}

/** The row's columns for a listing the print service made from `p`. */
function publicationColumns(
  p: PreparedPublication,
  created: PublicationCreated,
): PublicationColumns {
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

/**
 * Checks a form and has the print service make the listing; nothing is stored yet. Answers
 * the row's columns for it.
 */
export async function publishListing(
  shop: string,
  input: Record<string, unknown>,
): Promise<
  | { ok: true; created: PublicationCreated; columns: PublicationColumns }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem }
> {
  const ready = await preparePublication(shop, input);
  if (!ready.ok) return ready;
  const { form, selection, file, locale } = ready.prepared;
  const published = await publishAtService(shop, {
    selection,
    title: form.title,
    currency: form.currency,
    locale,
    file,
    thumbnailUrl: form.thumbnailUrl,
  });
  if (!published.ok) return published;
  return {
    ok: true,
    created: published.created,
    columns: publicationColumns(ready.prepared, published.created),
  };
}

export type CreatePublicationResult =
  | { ok: true; id: string; checkoutUrl: string; secure: boolean }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

/** A new listing, kept in the shop's list. */
export async function createPublication({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreatePublicationResult> {
  const published = await publishListing(shop, input);
  if (!published.ok) return published;
  const { created, columns } = published;
  const row = await createPublicationRow({ shop, columns });
  return {
    ok: true,
    id: row.id,
    checkoutUrl: created.checkoutUrl,
    secure: created.kind === "secure",
  };
}
