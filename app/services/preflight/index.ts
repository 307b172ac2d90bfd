/**
 * Preflight: download a print file and check it against what the mapping
 * promises (docs/decisions/0009-preflight.md). Framework-free; the app wires
 * the guarded dispatcher in app/lib/preflight.server.ts. The file is read in a
 * PDF worker thread, under its time and memory limits (../pdf-work,
 * docs/decisions/0016-pdf-work-off-the-request-thread.md).
 */
import { countOf } from "../merchant-text/orders";
import type { Dispatcher } from "undici";
import { pdfWorkPool, type PdfWorkPool } from "../pdf-work/pool";
import {
  BUSY_PROBLEM,
  BUSY_REASON,
  DAMAGED_PROBLEM,
  NOT_PDF_PROBLEM,
  TOO_COMPLEX_PROBLEM,
  problemWithDownload,
  problemsWithFile,
} from "./check";
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, downloadFile } from "./fetch";
import { looksLikePdf } from "./header";
import type { Inspection } from "./inspect";
import type { PreflightExpectation, PreflightProblem, PreflightResult } from "./types";

export { BLEED_MM, PAGE_SIZE_TOLERANCE_MM } from "./types";
export { BUSY_REASON, isBusyResult } from "./check";
export type {
  PreflightExpectation,
  PreflightProblem,
  PreflightProblemCode,
  PreflightResult,
  PreflightStatus,
} from "./types";
export { parsePreflight, preflightMatches } from "./stored";

export interface PreflightOptions {
  /** Every hop of the download goes through it; the app passes a guarded one. */
  dispatcher?: Dispatcher;
  /** Default 300 MB. */
  maxBytes?: number;
  /** The whole download, redirects included; default 60 s. */
  timeoutMs?: number;
  /** Where the file is read; the process's PDF pool when not given. */
  pdfWork?: PdfWorkPool;
  /** Wall-clock limit of reading the file; the pool's (20 s) when not given. */
  readTimeoutMs?: number;
  now?: () => Date;
}

/**
 * The file read in a PDF thread. Reading past the time or memory limit is a verdict on the
 * file, as a damaged one is ("too_complex"); a full pool is none ("busy").
 */
async function inspectOffThread(
  bytes: Uint8Array,
  options: PreflightOptions,
): Promise<Inspection | { kind: "too_complex" } | { kind: "busy" }> {
  // Not worth a thread: the header is in the first kilobyte.
  if (!looksLikePdf(bytes)) return { kind: "not_pdf" };
  const outcome = await (options.pdfWork ?? pdfWorkPool()).run(
    { kind: "inspect", bytes },
    options.readTimeoutMs !== undefined ? { timeoutMs: options.readTimeoutMs } : {},
  );
  switch (outcome.kind) {
    case "done":
      return outcome.value;
    case "timed_out":
    case "out_of_memory":
      return { kind: "too_complex" };
    case "busy":
      return { kind: "busy" };
  }
}

const ONE_PROBLEM: Record<"not_pdf" | "damaged" | "too_complex", PreflightProblem> = {
  not_pdf: NOT_PDF_PROBLEM,
  damaged: DAMAGED_PROBLEM,
  too_complex: TOO_COMPLEX_PROBLEM,
};

/** Downloads the file at `url` and checks it. Never throws for anything about the file or the network. */
export async function preflightFile(
  url: string,
  expect: PreflightExpectation,
  options: PreflightOptions = {},
): Promise<PreflightResult> {
  const [result] = await preflightFileAgainst(url, [expect], options);
  return result!;
}

/**
 * Downloads the file at `url` once and checks it against each expectation
 * (one PDF printed as several offerings), a result for each in their order.
 */
export async function preflightFileAgainst(
  url: string,
  expects: readonly PreflightExpectation[],
  options: PreflightOptions = {},
): Promise<PreflightResult[]> {
  const now = options.now ?? (() => new Date());
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // A place among the files the pool holds at once, taken before the download: any number of
  // checks at once would otherwise hold any number of files (up to 300 MB each) in memory.
  const admission = await (options.pdfWork ?? pdfWorkPool()).admit();
  if (!admission) return busyResults(url, expects, now, null);
  try {
    return await downloadAndCheck(url, expects, options, now, maxBytes);
  } finally {
    admission.release();
  }
}

/** No verdict: stored like a download that did not happen, never reused; tried again later. */
function busyResults(
  url: string,
  expects: readonly PreflightExpectation[],
  now: () => Date,
  bytes: number | null,
): PreflightResult[] {
  return expects.map((expect) => ({
    url,
    status: "unreachable",
    checkedAt: now().toISOString(),
    ...(bytes === null ? {} : { bytes }),
    problems: [BUSY_PROBLEM],
    reason: BUSY_REASON,
    expectation: expect,
  }));
}

async function downloadAndCheck(
  url: string,
  expects: readonly PreflightExpectation[],
  options: PreflightOptions,
  now: () => Date,
  maxBytes: number,
): Promise<PreflightResult[]> {
  const download = await downloadFile(url, {
    dispatcher: options.dispatcher,
    maxBytes,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  if (download.kind !== "downloaded") {
    const problem = problemWithDownload(download, maxBytes);
    return expects.map((expect) => ({
      url,
      status: download.kind === "unreachable" ? "unreachable" : "failed",
      checkedAt: now().toISOString(),
      ...(download.kind === "too_large" ? { bytes: download.bytes } : {}),
      problems: [problem],
      ...(download.kind === "unreachable" ? { reason: download.reason } : {}),
      expectation: expect,
    }));
  }

  // Counted first: the bytes are handed over to the PDF thread.
  const bytes = download.bytes.length;
  const inspection = await inspectOffThread(download.bytes, options);
  // The order path tries a busy check again later (fulfilment/steps/prepare-preflight.ts).
  if (inspection.kind === "busy") return busyResults(url, expects, now, bytes);
  const facts = inspection.kind === "read" ? inspection.facts : null;
  return expects.map((expect) => {
    const problems: PreflightProblem[] =
      inspection.kind === "read"
        ? problemsWithFile(inspection.facts, expect)
        : [ONE_PROBLEM[inspection.kind]];
    return {
      url,
      status: problems.length === 0 ? "passed" : "failed",
      checkedAt: now().toISOString(),
      bytes,
      ...(facts?.pages != null ? { pages: facts.pages } : {}),
      ...(facts?.firstPage
        ? { pageWidthMm: facts.firstPage.widthMm, pageHeightMm: facts.firstPage.heightMm }
        : {}),
      problems,
      expectation: expect,
    };
  });
}

/** What a mapping promises, from the offering and the mapping's print spec. */
export function expectationFor(
  offering: {
    name: string;
    minNumberOfPages?: number | undefined;
    maxNumberOfPages?: number | undefined;
  },
  spec: { numberOfPages: number; contentWidth: number; contentHeight: number },
): PreflightExpectation {
  return {
    offeringName: offering.name,
    numberOfPages: spec.numberOfPages,
    ...(offering.minNumberOfPages !== undefined ? { minPages: offering.minNumberOfPages } : {}),
    ...(offering.maxNumberOfPages !== undefined ? { maxPages: offering.maxNumberOfPages } : {}),
    trimWidthMm: spec.contentWidth,
    trimHeightMm: spec.contentHeight,
    // Wall art and other single-page products hang either way round; book pages do not.
    allowRotation: (offering.maxNumberOfPages ?? 1) <= 1,
  };
}

/** Every problem's message in one line, for a needs-attention reason or a log entry. */
export function preflightSummary(result: PreflightResult): string {
  if (result.problems.length === 0)
    return `The PDF fits ${result.expectation.offeringName}: ${typeof result.pages === "number" ? countOf(result.pages, "page") : "its pages"}, right size.`;
  return result.problems.map((problem) => problem.message).join(" ");
}
