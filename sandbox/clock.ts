// The time source every timestamp comes from (tests inject a fixed one), and the legacy
// interface's timestamp format.

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** ISO 8601 with an explicit offset, as the legacy interface writes timestamps. */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}
