import { randomUUID } from "node:crypto";
import { describePrintError, type PrintProblem } from "../../services/merchant-text/print-problem";
import type { PublicationCreated, PublicationSelection } from "../../services/print/index";
import { checkPages } from "../../services/catalogue/mapping-rules";
import { listCategories, listOfferings, shopClient } from "../catalogue.server";

/** The Publications page's calls to the print service. */

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
export interface ListingRequest {
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
export async function publishAtService(
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
