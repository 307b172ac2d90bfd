import { PREFLIGHT_TEXT } from "../../services/merchant-text/errors";
import { parsePreflight, type PreflightProblem } from "../../services/preflight";
import { parseJson } from "./stored";

/** An item's print-file check as the items card shows it. */
export interface ItemFileCheck {
  /** "overridden": it failed and the merchant chose to print it anyway. */
  status: "passed" | "failed" | "unreachable" | "overridden";
  /** One line: what was found, or why it was not checked. */
  summary: string;
  /** For a failed file: each problem with its fix. */
  problems: { message: string; fix: string }[];
}

/** mm with at most one decimal, as the check measured them ("216 × 303 mm"). */
function mm(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The item's check, when it is of the file the item has now (a replaced file's is stale). */
export function fileCheckOf(
  item: { preflight: string | null; preflightOverride: string | null },
  fileUrl: string | null,
): ItemFileCheck | null {
  const result = parsePreflight(item.preflight);
  if (!result || result.url !== fileUrl) return null;
  const problems = result.problems.map((p) => ({ message: p.message, fix: p.fix }));
  const override = parseJson<{ at?: string; problems?: PreflightProblem[] }>(
    item.preflightOverride,
  );
  if (override) {
    const overridden = (override.problems ?? result.problems).map((p) => p.message).join(" ");
    return { status: "overridden", summary: PREFLIGHT_TEXT.overridden(overridden), problems };
  }
  switch (result.status) {
    case "passed": {
      const pages = result.pages === 1 ? "1 page" : `${result.pages ?? "?"} pages`;
      const size =
        result.pageWidthMm !== undefined && result.pageHeightMm !== undefined
          ? `, ${mm(result.pageWidthMm)} × ${mm(result.pageHeightMm)} mm`
          : "";
      return { status: "passed", summary: PREFLIGHT_TEXT.passed(`${pages}${size}`), problems: [] };
    }
    case "failed":
      return {
        status: "failed",
        summary: PREFLIGHT_TEXT.failed,
        problems,
      };
    case "unreachable":
      return {
        status: "unreachable",
        summary: PREFLIGHT_TEXT.unreachable(result.reason ?? "no answer from its address"),
        problems: [],
      };
  }
}
