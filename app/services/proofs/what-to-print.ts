import { checkPages, minimumCopies } from "../catalogue/mapping-rules";
import { offeringLimitProblems } from "../fulfilment/limits";
import { filesForLine, type MappingForPlan } from "../fulfilment/print-plan";
import type { PrintProblem } from "../merchant-text/print-problem";
import { PROOF_TEXT } from "../merchant-text/proof-order";
import type { Offering } from "../print";
import { isHttpUrl } from "../print/input-rules";
import { variantGid } from "../shopify-admin/ids";
import type { ProofItem, ProofPorts } from "./ports";

/**
 * What a proof prints: one copy (or the offering's minimum) of exactly what a sale of the
 * same mapping sends, its file details made by the sale's planner (fulfilment/print-plan.ts), or of
 * an offering with a file the merchant names.
 */

/** Where the proof comes from: a mapped variant, or an offering with a file. */
export type ProofSource =
  | { kind: "mapping"; variantId: string }
  | {
      kind: "offering";
      offeringId: number;
      contentUrl: string;
      pages: string;
      width: string;
      height: string;
    };

export type WhatToPrint =
  | { ok: true; item: ProofItem }
  | { ok: false; problem: string }
  | { ok: false; printProblem: PrintProblem };

/** Longest file address taken (the print service downloads it; a page address carries it). */
const MAX_URL_LENGTH = 2_000;

const text = (v: string | null | undefined, max = 200) => (v ?? "").trim().slice(0, max);

/**
 * The source named in a page address or a form: `variantId` (a variant's number or GID), or
 * `offeringId` with `contentUrl` and `pages` (and `width`/`height` for an offering printed at
 * any size). Null when it names neither.
 */
export function proofSourceOf(get: (name: string) => string | null): ProofSource | null {
  const variant = text(get("variantId"), 100);
  const numeric = /^\d{1,20}$/.test(variant);
  if (numeric || /^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/.test(variant)) {
    return { kind: "mapping", variantId: variantGid(variant) };
  }
  const offering = text(get("offeringId"), 12);
  if (!/^\d{1,9}$/.test(offering) || Number(offering) < 1) return null;
  return {
    kind: "offering",
    offeringId: Number(offering),
    contentUrl: text(get("contentUrl"), MAX_URL_LENGTH + 1),
    pages: text(get("pages"), 12),
    width: text(get("width"), 12),
    height: text(get("height"), 12),
  };
}

/** The source as the page's form posts it back (hidden fields). */
export function proofSourceFields(source: ProofSource): Record<string, string> {
  if (source.kind === "mapping") return { variantId: source.variantId };
  return {
    offeringId: String(source.offeringId),
    contentUrl: source.contentUrl,
    pages: source.pages,
    width: source.width,
    height: source.height,
  };
}

/** The offering, or why there is none to print on. */
async function offeringOf(
  ports: ProofPorts,
  offeringId: number,
): Promise<{ ok: true; offering: Offering } | Exclude<WhatToPrint, { ok: true }>> {
  const answer = await ports.offering(offeringId);
  if (answer.status === "no_credentials") return { ok: false, problem: PROOF_TEXT.noCredentials };
  if (answer.status === "error") return { ok: false, printProblem: answer.problem };
  if (!answer.offering) return { ok: false, problem: PROOF_TEXT.offeringGone(offeringId) };
  return { ok: true, offering: answer.offering };
}

/** One item of this file on this offering, within the offering's limits. */
function itemOf(
  offering: Offering,
  mapping: MappingForPlan,
  title: string,
): { ok: true; item: ProofItem } | { ok: false; problem: string } {
  // The sale's own file details: what a customer's order of this mapping sends.
  const files = filesForLine(mapping, { properties: [] });
  if (!files) return { ok: false, problem: PROOF_TEXT.noFileOfItsOwn };
  const quantity = minimumCopies(offering);
  const problems = offeringLimitProblems(offering, {
    quantity,
    numberOfPages: files.numberOfPages ?? null,
    contentWidth: files.contentWidth ?? null,
    contentHeight: files.contentHeight ?? null,
  });
  if (problems.length) return { ok: false, problem: PROOF_TEXT.outsideLimits(problems) };
  return {
    ok: true,
    item: {
      variantId: mapping.variantId,
      title,
      offeringId: offering.id,
      offeringName: offering.name,
      quantity,
      files,
    },
  };
}

/** A positive whole number of millimetres, or null. */
function millimetres(v: string): number | null {
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

/** What the proof prints, or why it cannot be ordered, in plain words. */
export async function whatToPrint(ports: ProofPorts, source: ProofSource): Promise<WhatToPrint> {
  if (source.kind === "mapping") {
    const mapping = await ports.mapping(source.variantId);
    if (!mapping) return { ok: false, problem: PROOF_TEXT.notMapped };
    // Personalised: the file comes with each order; said before the catalogue is asked.
    if (!mapping.contentUrl) return { ok: false, problem: PROOF_TEXT.noFileOfItsOwn };
    const found = await offeringOf(ports, mapping.offeringId);
    if (!found.ok) return found;
    return itemOf(found.offering, mapping, mapping.title || found.offering.name);
  }
  const found = await offeringOf(ports, source.offeringId);
  if (!found.ok) return found;
  const { offering } = found;
  if (source.contentUrl.length > MAX_URL_LENGTH || !isHttpUrl(source.contentUrl)) {
    return { ok: false, problem: PROOF_TEXT.contentUrl };
  }
  const pages = checkPages(source.pages, offering);
  if (pages.error) return { ok: false, problem: pages.error };
  const width = offering.dynamicSize ? millimetres(source.width) : (offering.dimensionWidth ?? 0);
  const height = offering.dynamicSize
    ? millimetres(source.height)
    : (offering.dimensionHeight ?? 0);
  if (width === null || height === null) return { ok: false, problem: PROOF_TEXT.size };
  return itemOf(
    offering,
    {
      variantId: "",
      offeringId: offering.id,
      contentUrl: source.contentUrl,
      contentWidth: width,
      contentHeight: height,
      numberOfPages: pages.pages,
      coverUrl: null,
      spineCustomUrl: null,
      spineText: null,
      fileProperty: null,
    },
    offering.name,
  );
}
