/**
 * A preflight result as stored (JSON in VariantMapping.preflight and
 * PrintOrderItem.preflight): read back, checked for shape, and reused only
 * while the URL and the expectation are the same.
 */
import { z } from "zod";
import type { PreflightExpectation, PreflightResult } from "./types";

const problemCode = z.enum([
  "NOT_PDF",
  "ENCRYPTED",
  "DAMAGED",
  "TOO_COMPLEX",
  "PAGE_COUNT",
  "PAGE_SIZE",
  "ORIENTATION",
  "MIXED_SIZES",
  "TOO_LARGE",
  "NOT_FOUND",
  "UNREACHABLE",
  "BUSY",
]);

const expectationSchema = z.object({
  offeringName: z.string(),
  numberOfPages: z.number(),
  minPages: z.number().optional(),
  maxPages: z.number().optional(),
  trimWidthMm: z.number(),
  trimHeightMm: z.number(),
  allowRotation: z.boolean(),
});

const resultSchema = z.object({
  url: z.string(),
  status: z.enum(["passed", "failed", "unreachable"]),
  checkedAt: z.string(),
  bytes: z.number().optional(),
  pages: z.number().optional(),
  pageWidthMm: z.number().optional(),
  pageHeightMm: z.number().optional(),
  problems: z.array(z.object({ code: problemCode, message: z.string(), fix: z.string() })),
  reason: z.string().optional(),
  expectation: expectationSchema,
});

/** The stored result, or null when there is none or it is not one (an older shape, hand edits). */
export function parsePreflight(json: string | null | undefined): PreflightResult | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = resultSchema.safeParse(value);
  return parsed.success ? (parsed.data as PreflightResult) : null;
}

function sameExpectation(a: PreflightExpectation, b: PreflightExpectation): boolean {
  return (
    a.offeringName === b.offeringName &&
    a.numberOfPages === b.numberOfPages &&
    a.minPages === b.minPages &&
    a.maxPages === b.maxPages &&
    a.trimWidthMm === b.trimWidthMm &&
    a.trimHeightMm === b.trimHeightMm &&
    a.allowRotation === b.allowRotation
  );
}

/**
 * Whether a stored result still answers for this URL and expectation, so the
 * file need not be downloaded again. An "unreachable" result never does: it
 * is no verdict, and the next try may reach the file.
 */
export function preflightMatches(
  result: PreflightResult | null,
  url: string,
  expect: PreflightExpectation,
): boolean {
  return (
    result !== null &&
    result.status !== "unreachable" &&
    result.url === url &&
    sameExpectation(result.expectation, expect)
  );
}
