import { expectationFor, type PreflightExpectation, type PreflightResult } from "../../preflight";
import { coverExpectationFor } from "../../preflight/cover";
import { variantField, type CheckedVariant, type FieldErrors } from "../form";
import type { CreationPorts } from "../ports";

export type FileChecks =
  | { ok: true; preflights: PreflightResult[]; coverPreflights: (PreflightResult | null)[] }
  | { ok: false; fieldErrors: FieldErrors };

/** What the cover PDF of a variant must be: one page, the offering's full cover for the page count. */
async function coverExpectation(
  ports: CreationPorts,
  v: CheckedVariant,
): Promise<PreflightExpectation | null> {
  const cover = await ports.print.coverSize(v.offering.id, v.mapping.numberOfPages);
  // Without the service's measure the cover is checked when the order is sent.
  if (!cover) return null;
  // The same rule the cover template is drawn to (book-kit/cover-template-pdf.ts).
  return coverExpectationFor(v.offering.name, cover);
}

/** A failed check in one sentence: each problem and its fix. */
function preflightMessage(result: PreflightResult): string {
  return result.problems.map((p) => `${p.message} ${p.fix}`).join(" ");
}

/**
 * Step "check files": every PDF of the submission checked, the product's one interior
 * downloaded once and checked against each variant's offering, each cover once per (file,
 * expectation). A failure blocks on its field. Nothing is written, so there is nothing to undo.
 */
export async function checkFiles(
  ports: CreationPorts,
  variants: CheckedVariant[],
): Promise<FileChecks> {
  const covers = new Map<string, Promise<PreflightResult>>();
  const checkCover = (url: string, expect: PreflightExpectation) => {
    const key = JSON.stringify([url, expect]);
    let found = covers.get(key);
    if (!found) covers.set(key, (found = ports.files.check(url, expect)));
    return found;
  };
  // Every variant prints the product's interior (readCreationForm gives them the one URL).
  const interior = variants[0]?.mapping.contentUrl ?? "";
  const [preflights, coverPreflights] = await Promise.all([
    ports.files.checkAgainst(
      interior,
      variants.map((v) => expectationFor(v.offering, v.mapping)),
    ),
    Promise.all(
      variants.map(async (v) => {
        if (!v.mapping.coverUrl) return null;
        const expect = await coverExpectation(ports, v);
        return expect ? checkCover(v.mapping.coverUrl, expect) : null;
      }),
    ),
  ]);
  const errors: FieldErrors = {};
  const several = variants.length > 1;
  variants.forEach((v, i) => {
    const interior = preflights[i];
    if (interior && interior.status !== "passed") {
      const message = preflightMessage(interior);
      const text = several ? `${v.label}: ${message}` : message;
      if (!errors.contentUrl?.includes(message))
        errors.contentUrl = errors.contentUrl ? `${errors.contentUrl} ${text}` : text;
    }
    const cover = coverPreflights[i];
    if (cover && cover.status !== "passed")
      errors[variantField(v.index, "coverUrl")] = preflightMessage(cover);
  });
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, preflights, coverPreflights };
}
