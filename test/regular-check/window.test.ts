/** Which orders one look of the regular check asks Shopify for, and how far it then has read. */
import { describe, expect, it } from "vitest";
import {
  checkedThroughAfter,
  DEFAULT_OVERLAP_MS,
  lookWindowStart,
  OLDEST_READABLE_MS,
} from "~/services/regular-check/window";

const now = new Date("2026-11-27T12:00:00Z");
const minutes = (n: number) => n * 60_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("the window of a look", () => {
  it("starts at the install on a shop's first look", () => {
    const installedAt = ago(minutes(90));
    expect(
      lookWindowStart({ checkedThrough: null, installedAt, now, overlapMs: DEFAULT_OVERLAP_MS }),
    ).toEqual(installedAt);
  });

  it("starts an overlap before the last look's end", () => {
    expect(
      lookWindowStart({
        checkedThrough: ago(minutes(10)),
        installedAt: ago(minutes(10_000)),
        now,
        overlapMs: DEFAULT_OVERLAP_MS,
      }),
    ).toEqual(ago(minutes(20)));
  });

  it("never reaches further back than read_orders allows (60 days)", () => {
    const start = lookWindowStart({
      checkedThrough: ago(90 * 24 * minutes(60)),
      installedAt: ago(400 * 24 * minutes(60)),
      now,
      overlapMs: DEFAULT_OVERLAP_MS,
    });
    expect(start).toEqual(ago(OLDEST_READABLE_MS));
    expect(OLDEST_READABLE_MS).toBeLessThan(60 * 24 * minutes(60));
  });
});

describe("how far a look has read", () => {
  const lookStartedAt = ago(0);
  it("up to its start when it read every page", () => {
    expect(
      checkedThroughAfter({
        lookStartedAt,
        complete: true,
        lastUpdatedAt: ago(minutes(3)),
        overlapMs: minutes(10),
      }),
    ).toEqual(lookStartedAt);
  });

  it("so that the next look goes on from its last order when its page budget ran out", () => {
    const last = ago(minutes(45));
    const through = checkedThroughAfter({
      lookStartedAt,
      complete: false,
      lastUpdatedAt: last,
      overlapMs: minutes(10),
    })!;
    expect(through).toEqual(ago(minutes(35)));
    // The next look starts an overlap before it: at that order, not before it.
    expect(
      lookWindowStart({
        checkedThrough: through,
        installedAt: ago(minutes(999)),
        now,
        overlapMs: minutes(10),
      }),
    ).toEqual(last);
    // Never past the look's own start.
    expect(
      checkedThroughAfter({
        lookStartedAt,
        complete: false,
        lastUpdatedAt: ago(minutes(2)),
        overlapMs: minutes(10),
      }),
    ).toEqual(lookStartedAt);
  });
});
