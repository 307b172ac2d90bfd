/**
 * bench:admin's verdict on its measurements: each page against its reference (the same page
 * with no print orders), and every run against our bars and Built for Shopify's.
 */
import { NEEDS_ROWS, type PageName } from "./admin-pages";

const BFS_LCP_MS = 2_500;
const OUR_LCP_MS = 1_000;
const OUR_CLS = 0.05;
const OUR_INP_MS = 100;

/** One page's figures in one phase (server time, LCP, CLS, INP). */
export interface PageMeasurement {
  serverMs: { median: number; p95: number; max: number; n: number };
  /**
   * The first request of the page's warm-up: after seeding, the Profit pages' first read
   * refreshes the rollup's marked days from the print orders (decision 30).
   */
  firstServerMs: number;
  bytes: number;
  lcpMs: { median: number; runs: number[]; element: string | null };
  cls: { median: number; runs: number[]; sumRuns: number[]; worstShiftSources: string[] };
  inpMs: { median: number; runs: number[]; interaction: string };
  ttfbMs: number;
}

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** Each target against the page's worst run. */
function targetsOf(m: {
  lcpMs: { runs: number[] };
  cls: { runs: number[] };
  inpMs: { runs: number[] };
}) {
  const lcp = Math.max(...m.lcpMs.runs) <= OUR_LCP_MS;
  const cls = Math.max(...m.cls.runs) <= OUR_CLS;
  const inp = Math.max(...m.inpMs.runs) <= OUR_INP_MS;
  return { lcp, cls, inp, all: lcp && cls && inp };
}

/**
 * Each page measured (`names`) with its reference and ratios, and the bars: met, and by which
 * page's worst run.
 */
export function verdict(
  names: PageName[],
  full: Record<PageName, PageMeasurement>,
  empty: Record<PageName, PageMeasurement>,
  urlOf: (name: PageName) => string,
) {
  const pages = Object.fromEntries(
    names.map((name) => {
      const ours = full[name];
      const reference = NEEDS_ROWS.has(name) ? null : empty[name];
      return [
        name,
        {
          url: urlOf(name),
          ours,
          reference,
          ratio: reference
            ? {
                serverMedian: round(ours.serverMs.median / reference.serverMs.median, 2),
                serverP95: round(ours.serverMs.p95 / reference.serverMs.p95, 2),
                lcpMedian: round(ours.lcpMs.median / reference.lcpMs.median, 2),
              }
            : null,
          targets: targetsOf(ours),
        },
      ];
    }),
  );
  const worst = (metric: "lcpMs" | "cls" | "inpMs") => {
    const value = Math.max(...names.flatMap((n) => full[n][metric].runs));
    return { value, page: names.find((n) => full[n][metric].runs.includes(value)) };
  };
  const worstLcp = worst("lcpMs").value;
  const missed = names.filter((n) => !targetsOf(full[n]).all);
  return {
    pages,
    ourBar: {
      bar: `every page, every run: LCP <= ${OUR_LCP_MS} ms, CLS <= ${OUR_CLS}, INP <= ${OUR_INP_MS} ms`,
      worstLcpRunMs: round(worstLcp),
      worstLcpPage: worst("lcpMs").page,
      worstCls: round(worst("cls").value, 4),
      worstClsPage: worst("cls").page,
      worstInpRunMs: round(worst("inpMs").value),
      worstInpPage: worst("inpMs").page,
      pagesMissing: missed,
      meets: missed.length === 0,
    },
    builtForShopify: {
      bar: `LCP <= ${BFS_LCP_MS} ms`,
      worstLcpRunMs: round(worstLcp),
      meets: worstLcp <= BFS_LCP_MS,
    },
  };
}
