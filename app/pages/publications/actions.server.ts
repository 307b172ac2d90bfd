import { z } from "zod";
import {
  deletePublication,
  findPublication,
  updatePublicationRow,
} from "../../data/publications.server";
import {
  createPublication,
  publishListing,
  type CreatePublicationResult,
} from "../../lib/publications.server";
import type { PrintProblem } from "../../services/merchant-text/print-problem";

/**
 * The Publications page's actions. The print service documents no update or delete for a
 * listing: "Edit" makes a new listing and "Remove" only takes it off this app's list.
 */

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
  const published = await publishListing(shop, input);
  if (!published.ok) return published;
  const { created, columns } = published;
  const updated = await updatePublicationRow({ shop, id, columns });
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

/** Which publication an edit or removal is for: one of the shop's (checked by the model). */
const publicationId = z.string().trim().min(1).max(100);

export type PublicationsAnswer =
  | ({ intent: "create" } & CreatePublicationResult)
  | ChangePublicationResult
  | { intent: "unknown"; ok: false; fieldErrors: Record<string, string> };

/**
 * The page's action: create, edit or remove. Validation and service refusals are answers the
 * page shows, not HTTP errors; only a form that names no publication is a 400.
 */
export async function runPublicationsAction({
  shop,
  form,
}: {
  shop: string;
  form: FormData;
}): Promise<{ answer: PublicationsAnswer; status: number }> {
  const input = Object.fromEntries(form);
  const intent = String(input["intent"] ?? "create");
  if (intent === "create")
    return {
      answer: { intent: "create" as const, ...(await createPublication({ shop, input })) },
      status: 200,
    };
  const id = publicationId.safeParse(input["id"]);
  if ((intent !== "edit" && intent !== "remove") || !id.success)
    return {
      answer: {
        intent: "unknown" as const,
        ok: false as const,
        fieldErrors: { form: "Choose a publication from the list." },
      },
      status: 400,
    };
  if (intent === "remove")
    return { answer: await removePublication({ shop, id: id.data }), status: 200 };
  return { answer: await replacePublication({ shop, id: id.data, input }), status: 200 };
}
