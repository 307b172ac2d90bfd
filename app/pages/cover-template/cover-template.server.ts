import { getOffering } from "../../lib/catalogue.server";
import { getOfferingSpine } from "../../lib/offering-spine.server";
import { getMapping } from "../../data/mapping.server";
import { parseIsbn } from "../../services/book-kit/isbn";
import type { CoverTemplateInput } from "../../services/book-kit/cover-template-pdf";
import { checkPages } from "../../services/catalogue/mapping-rules";
import type { OfferingSpineResult } from "../../services/catalogue/spine";
import { coverTemplateRefusals as refusals } from "../../services/merchant-text/cover-template";
import { problemText } from "../../services/merchant-text/problem-sentence";
import { pdfWorkPool, type PdfWorkPool } from "../../services/pdf-work/pool";
import { TITLE_MAX } from "../../services/product-creation/form";
import { variantGid } from "../../services/shopify-admin/ids";

/**
 * The cover template download (/app/cover-template) and the spine facts the download link
 * shows beside it (/app/cover-spine): for a saved mapping (`variantId[&title]`) or for what the
 * merchant is typing (`offeringId&pages[&isbn][&title]`). The PDF is drawn in a PDF worker
 * thread.
 */

export type CoverTemplateAnswer =
  | { kind: "pdf"; bytes: Uint8Array<ArrayBuffer>; fileName: string }
  | { kind: "refused"; status: 400 | 404 | 502 | 503; message: string };

const refused = (status: 400 | 404 | 502 | 503, message: string): CoverTemplateAnswer => ({
  kind: "refused",
  status,
  message,
});

const VARIANT_ID = /^\d{1,20}$/;
const OFFERING_ID = /^\d{1,10}$/;
const MAX_OFFERING_ID = 2 ** 31;
/** Longer is no page count (cut, it still reads as too many); checkPages says what the offering takes. */
const MAX_PAGES_TEXT = 12;

/** "Hardcover book A4 portrait" -> "hardcover-book-a4-portrait": a file name anyone can save. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "book";
}

export function coverTemplateFileName(offeringName: string, pages: number): string {
  return `cover-template-${fileSlug(offeringName)}-${pages}p.pdf`;
}

interface Wanted {
  offeringId: number;
  pagesText: string;
  isbn: string | null;
  title: string | null;
}

/** What the link asks for: a mapped variant's, or the typed offering and pages. */
async function wantedFrom(
  shop: string,
  params: URLSearchParams,
): Promise<Wanted | CoverTemplateAnswer> {
  // The link may name the book's title (the product's); bounded like Create product's title.
  const title = (params.get("title") ?? "").trim();
  if (title.length > TITLE_MAX) return refused(400, refusals.titleTooLong(TITLE_MAX));
  const variantId = params.get("variantId");
  if (variantId !== null) {
    if (!VARIANT_ID.test(variantId)) return refused(400, refusals.badVariant);
    const mapping = await getMapping({ shop, variantId: variantGid(variantId) });
    if (!mapping) return refused(404, refusals.notMapped);
    return {
      offeringId: mapping.offeringId,
      pagesText: String(mapping.numberOfPages ?? 1),
      isbn: mapping.isbn || null,
      title: title || mapping.title || null,
    };
  }
  const offeringId = params.get("offeringId") ?? "";
  if (!OFFERING_ID.test(offeringId) || Number(offeringId) > MAX_OFFERING_ID)
    return refused(400, refusals.badOffering);
  return {
    offeringId: Number(offeringId),
    pagesText: (params.get("pages") ?? "").trim().slice(0, MAX_PAGES_TEXT + 1),
    isbn: (params.get("isbn") ?? "").trim() || null,
    title: title || null,
  };
}

/** Everything the template needs, checked, or why it cannot be made. */
async function templateInput(
  shop: string,
  params: URLSearchParams,
): Promise<{ input: CoverTemplateInput } | CoverTemplateAnswer> {
  const wanted = await wantedFrom(shop, params);
  if ("kind" in wanted) return wanted;
  const offering = await getOffering({ shop, offeringId: wanted.offeringId });
  if (offering.status === "no_credentials") return refused(400, refusals.noCredentials);
  if (offering.status === "error") return refused(502, problemText(offering.problem));
  if (!offering.data) return refused(404, refusals.unknownOffering);
  const pages = checkPages(wanted.pagesText, offering.data);
  if (pages.error) return refused(400, `${pages.error}.`);
  let isbn13: string | null = null;
  if (wanted.isbn) {
    const isbn = parseIsbn(wanted.isbn);
    if (!isbn.ok) return refused(400, isbn.problem);
    isbn13 = isbn.isbn13;
  }
  const spine = await getOfferingSpine({
    shop,
    offeringId: offering.data.id,
    numberOfPages: pages.pages,
  });
  switch (spine.status) {
    case "no_spine":
      return refused(400, refusals.noSpine(offering.data.name));
    case "no_credentials":
      return refused(400, refusals.noCredentials);
    case "error":
      return refused(502, refusals.unavailable(spine.problem));
    case "ok":
      return {
        input: {
          offeringName: offering.data.name,
          pages: pages.pages,
          paperType: offering.data.paperType ?? null,
          title: wanted.title,
          isbn13,
          spine: spine.spine,
        },
      };
  }
}

/** The template PDF, drawn in a PDF thread under the pool's time and memory limits. */
export async function coverTemplateDownload({
  shop,
  searchParams,
  pdfWork = pdfWorkPool(),
}: {
  shop: string;
  searchParams: URLSearchParams;
  pdfWork?: PdfWorkPool;
}): Promise<CoverTemplateAnswer> {
  const checked = await templateInput(shop, searchParams);
  if ("kind" in checked) return checked;
  const { input } = checked;
  const outcome = await pdfWork.run({ kind: "cover-template", input });
  if (outcome.kind === "busy") return refused(503, refusals.busy);
  if (outcome.kind !== "done") return refused(503, refusals.failed);
  return {
    kind: "pdf",
    // A view of its own ArrayBuffer, as a Response body takes (a few kilobytes).
    bytes: new Uint8Array(outcome.value),
    fileName: coverTemplateFileName(input.offeringName, input.pages),
  };
}

/** What the download link shows: the spine now, and at the page count the merchant had. */
export interface CoverSpineAnswer {
  now: OfferingSpineResult | null;
  /** At `was` pages (the saved mapping's, or the last template's); null when not asked. */
  was: OfferingSpineResult | null;
}

/** Half-typed input answers nothing rather than an error. */
export async function coverSpineFacts({
  shop,
  searchParams,
}: {
  shop: string;
  searchParams: URLSearchParams;
}): Promise<CoverSpineAnswer> {
  const offeringId = searchParams.get("offeringId") ?? "";
  const pages = searchParams.get("pages") ?? "";
  const was = searchParams.get("was") ?? "";
  const count = (text: string) =>
    /^\d{1,6}$/.test(text) && Number(text) > 0 ? Number(text) : null;
  if (!OFFERING_ID.test(offeringId) || Number(offeringId) > MAX_OFFERING_ID || !count(pages))
    return { now: null, was: null };
  const spineAt = (numberOfPages: number) =>
    getOfferingSpine({ shop, offeringId: Number(offeringId), numberOfPages });
  const wasPages = count(was);
  const [now, before] = await Promise.all([
    spineAt(count(pages)!),
    wasPages !== null && wasPages !== count(pages) ? spineAt(wasPages) : null,
  ]);
  return { now, was: before };
}
