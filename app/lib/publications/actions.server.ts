import {
  createPublicationRow,
  deletePublication,
  findPublication,
  updatePublicationRow,
  type PublicationColumns,
} from "../../data/publications.server";
import { publishAtService } from "./at-service.server";
import type { PrintProblem } from "../../services/merchant-text/print-problem";
import type { PublicationCreated } from "../../services/print/index";
import { preparePublication, type PreparedPublication } from "./form.server";

/**
 * The Publications page's actions. The print service documents no update or delete for a
 * listing: "Edit" makes a new listing and "Remove" only takes it off this app's list.
 */

export type CreatePublicationResult =
  | { ok: true; id: string; checkoutUrl: string; secure: boolean }
  | { ok: false; fieldErrors: Record<string, string>; problem?: PrintProblem };

/** Checks a form and has the print service make the listing; nothing is stored yet. */
async function publish(
  shop: string,
  input: Record<string, unknown>,
): Promise<
  | { ok: true; prepared: PreparedPublication; created: PublicationCreated }
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
  return { ok: true, prepared: ready.prepared, created: published.created };
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

export async function createPublication({
  shop,
  input,
}: {
  shop: string;
  input: Record<string, unknown>;
}): Promise<CreatePublicationResult> {
  const published = await publish(shop, input);
  if (!published.ok) return published;
  const { prepared, created } = published;
  const row = await createPublicationRow({ shop, columns: publicationColumns(prepared, created) });
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
  const existing = await findPublication({ shop, id });
  if (!existing) return NOT_FOUND;
  const published = await publish(shop, input);
  if (!published.ok) return published;
  const { prepared, created } = published;
  const updated = await updatePublicationRow({
    shop,
    id,
    columns: publicationColumns(prepared, created),
  });
  if (!updated) return NOT_FOUND;
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
  const existing = await findPublication({ shop, id });
  if (!existing) return NOT_FOUND;
  await deletePublication({ shop, id });
  return {
    ok: true,
    intent: "remove",
    id,
    title: existing.title,
    checkoutUrl: existing.checkoutUrl,
  };
}
