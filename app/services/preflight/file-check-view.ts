import { isBusyResult } from "./check";
import { parsePreflight } from "./stored";
import { BLEED_MM, PAGE_SIZE_TOLERANCE_MM, type PreflightResult } from "./types";

/** Trim sizes merchants know by name (portrait, mm). */
const PAPER_NAMES: [number, number, string][] = [
  [297, 420, "A3"],
  [210, 297, "A4"],
  [148, 210, "A5"],
  [420, 594, "A2"],
  [216, 279, "US Letter"],
];

/** The print file check as the mapping pages show it. */
export interface FileCheckView {
  status: PreflightResult["status"];
  url: string;
  checkedAt: string;
  /** Passed: "24 pages · 216 × 303 mm · A4 with 3 mm bleed". */
  headline: string | null;
  problems: { message: string; fix: string }[];
  reason: string | null;
  /** Not checked because every PDF thread was busy (status "unreachable"): the file was downloaded. */
  busy: boolean;
}

/** What a preflight found, in the words of the mapping page. */
export function fileCheckView(result: PreflightResult | null): FileCheckView | null {
  if (!result) return null;
  return {
    status: result.status,
    url: result.url,
    checkedAt: result.checkedAt,
    headline: result.status === "passed" ? passedHeadline(result) : null,
    problems: result.problems.map(({ message, fix }) => ({ message, fix })),
    reason: result.reason ?? null,
    busy: isBusyResult(result),
  };
}

/** The print file check of a stored mapping (its VariantMapping.preflight JSON). */
export function storedFileCheck(json: string | null | undefined): FileCheckView | null {
  return fileCheckView(parsePreflight(json));
}

function passedHeadline(result: PreflightResult): string {
  const mm = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
  const parts: string[] = [];
  if (result.pages !== undefined) {
    parts.push(`${result.pages} ${result.pages === 1 ? "page" : "pages"}`);
  }
  const { pageWidthMm: w, pageHeightMm: h } = result;
  if (w !== undefined && h !== undefined) {
    parts.push(`${mm.format(w)} × ${mm.format(h)} mm`);
    const { trimWidthMm: tw, trimHeightMm: th } = result.expectation;
    const near = (a: number, b: number) => Math.abs(a - b) <= PAGE_SIZE_TOLERANCE_MM;
    const [short, long] = [Math.min(tw, th), Math.max(tw, th)];
    const named = PAPER_NAMES.find(([pw, ph]) => near(pw, short) && near(ph, long));
    const trim = named ? named[2] : `${mm.format(tw)} × ${mm.format(th)} mm`;
    const fits = (extra: number) =>
      (near(w, tw + extra) && near(h, th + extra)) || (near(w, th + extra) && near(h, tw + extra));
    if (fits(2 * BLEED_MM)) parts.push(`${trim} with ${BLEED_MM} mm bleed`);
    else if (fits(0)) parts.push(`${trim}, no bleed`);
  }
  return parts.join(" · ");
}
