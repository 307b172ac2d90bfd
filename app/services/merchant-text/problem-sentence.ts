import type { PrintProblem } from "./print-problem";

/** One sentence for the page: what went wrong, the service's own words, and the fix if known. */
export function problemText(problem: PrintProblem): string {
  const parts = [problem.title, problem.detail, problem.hint].filter((p): p is string =>
    Boolean(p && p.trim()),
  );
  return parts.map((p) => p.trim().replace(/[.:]$/, "")).join(". ") + ".";
}
