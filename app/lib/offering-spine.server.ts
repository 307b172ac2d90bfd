import { CATALOGUE_TTL_MS, cachedRead, getOffering } from "./catalogue.server";
import { checkPages } from "../services/catalogue/mapping-rules";
import type { OfferingSpineResult } from "../services/catalogue/spine";
import { problemText } from "../services/merchant-text/problem-sentence";
import { isNoSpine, type SpineSize } from "../services/print";

/**
 * The spine width and full cover size of a bound offering, as the print service measures it
 * for a page count. Cached per shop, offering and pages for the catalogue's lifetime: the
 * measure only changes when the offering does.
 */
export async function getOfferingSpine({
  shop,
  offeringId,
  numberOfPages,
}: {
  shop: string;
  offeringId: number;
  numberOfPages: number;
}): Promise<OfferingSpineResult> {
  // Pages outside the offering's range: its rule in words, not the service's refusal.
  const offering = await getOffering({ shop, offeringId });
  const pagesError =
    offering.status === "ok" && offering.data
      ? checkPages(String(numberOfPages), offering.data).error
      : undefined;
  if (pagesError) return { status: "error", problem: `${pagesError}.` };
  // `null` is "no spine": a definite answer about the offering, so it is cached like a size.
  const result = await cachedRead<SpineSize | null>(
    shop,
    "spine",
    { offeringId, numberOfPages },
    CATALOGUE_TTL_MS,
    async ({ client }) => {
      try {
        return { value: await client.offerings.spine({ offeringId, numberOfPages }) };
      } catch (error) {
        if (isNoSpine(error)) return { value: null };
        throw error;
      }
    },
  );
  if (result.status === "no_credentials") return result;
  if (result.status === "error") return { status: "error", problem: problemText(result.problem) };
  return result.data ? { status: "ok", spine: result.data } : { status: "no_spine" };
}
