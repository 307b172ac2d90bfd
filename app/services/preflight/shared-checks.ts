/**
 * One check for a file that several orders need at once. When a new product's first orders
 * arrive together (a launch, a sale), every lane of the worker reached the same unchecked file
 * and downloaded and read it for itself: eight downloads of one file, eight PDF reads queued
 * on the same threads, each lane waiting for all of them. Now the first asks, and the others
 * wait for its answer.
 *
 * Only checks in flight are shared: once answered, the result is stored on the items and the
 * mapping, and later orders reuse it from there (fulfilment/steps/prepare-preflight.ts), so a
 * file changed behind the same URL is read again whenever it is asked for anew.
 */
import type { PreflightExpectation, PreflightResult } from "./types";

export type FileCheck = (url: string, expect: PreflightExpectation) => Promise<PreflightResult>;

/** The same check, asked once per file and expectation while an answer is on its way. */
export function shareChecksInFlight(check: FileCheck): FileCheck {
  // Bounded by the checks running at once: an entry leaves when its check ends.
  const inFlight = new Map<string, Promise<PreflightResult>>();
  return (url, expect) => {
    const key = keyOf(url, expect);
    const running = inFlight.get(key);
    if (running) return running;
    const asked = check(url, expect).finally(() => inFlight.delete(key));
    inFlight.set(key, asked);
    return asked;
  };
}

/** Every field of the expectation, in a fixed order: two equal expectations give one key. */
function keyOf(url: string, expect: PreflightExpectation): string {
  return JSON.stringify([
    url,
    expect.offeringName,
    expect.numberOfPages,
    expect.minPages ?? null,
    expect.maxPages ?? null,
    expect.trimWidthMm,
    expect.trimHeightMm,
    expect.allowRotation,
  ]);
}
