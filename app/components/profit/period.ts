/**
 * The Profit page's period: preset ranges or custom dates, as calendar days in the shop's time
 * zone, and the instants where those days begin. Pure (no framework), shared by the loader and
 * the page.
 */

export const PRESETS = [
  { value: "7", label: "Last 7 days", days: 7 },
  { value: "30", label: "Last 30 days", days: 30 },
  { value: "90", label: "Last 90 days", days: 90 },
] as const;

export type PresetValue = (typeof PRESETS)[number]["value"];

/** The longest custom period, so one page view stays one small aggregate. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  /** "7" | "30" | "90" | "custom" */
  range: string;
  /** First and last day shown, inclusive, as YYYY-MM-DD in the shop's time zone. */
  from: string;
  to: string;
  /** Every day from `from` to `to`. */
  days: string[];
  /** Instant the first day begins (inclusive) and the day after the last begins (exclusive). */
  start: Date;
  end: Date;
  timeZone: string;
}

const DAY_MS = 86_400_000;

function partsIn(timeZone: string, instant: number) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A valid IANA zone, else UTC. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(timeZone: string, instant: number): string {
  const p = partsIn(timeZone, instant);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

function parseDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return t;
}

function addDays(day: string, n: number): string {
  const t = parseDay(day)!;
  return new Date(t + n * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a calendar day begins in the zone (the first moment whose local date is it). */
export function startOfDay(timeZone: string, day: string): Date {
  const midnightUtc = parseDay(day);
  if (midnightUtc === null) throw new Error(`not a day: ${day}`);
  // Local midnight = UTC midnight - offset; the offset is read at the guess, twice for DST.
  let guess = midnightUtc - zoneOffsetMs(timeZone, midnightUtc);
  guess = midnightUtc - zoneOffsetMs(timeZone, guess);
  // A zone whose clocks skip midnight starts the day at the first instant that is on it.
  if (dayOf(timeZone, guess) !== day) guess += 3_600_000;
  return new Date(guess);
}

/**
 * The period asked in the URL (`range=7|30|90`, or `range=custom&from=&to=`), ending today in
 * the shop's time zone for presets. Anything unreadable falls back to the last 30 days; a custom
 * period is put in order and cut to MAX_PERIOD_DAYS.
 */
export function periodFrom(
  params: URLSearchParams,
  timeZoneInput: string | null | undefined,
  now: Date = new Date(),
): Period {
  const timeZone = safeTimeZone(timeZoneInput);
  const today = dayOf(timeZone, now.getTime());
  const range = params.get("range") ?? "30";
  let from: string;
  let to: string;
  let chosen = range;
  const preset = PRESETS.find((p) => p.value === range);
  const customFrom = params.get("from") ?? "";
  const customTo = params.get("to") ?? "";
  if (range === "custom" && parseDay(customFrom) !== null && parseDay(customTo) !== null) {
    [from, to] = customFrom <= customTo ? [customFrom, customTo] : [customTo, customFrom];
    const span = Math.round((parseDay(to)! - parseDay(from)!) / DAY_MS) + 1;
    if (span > MAX_PERIOD_DAYS) from = addDays(to, -(MAX_PERIOD_DAYS - 1));
  } else {
    const days = preset?.days ?? 30;
    chosen = preset?.value ?? "30";
    to = today;
    from = addDays(today, -(days - 1));
  }
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return {
    range: chosen,
    from,
    to,
    days,
    start: startOfDay(timeZone, from),
    end: startOfDay(timeZone, addDays(to, 1)),
    timeZone,
  };
}

/**
 * The part of the zone's UTC offset below a whole hour, in seconds (India +5:30 -> 1800), so
 * hour buckets counted from the epoch plus this shift begin on the zone's own hours.
 */
export function hourShiftSeconds(timeZone: string, instant: number): number {
  const offsetMinutes = Math.round(zoneOffsetMs(timeZone, instant) / 60_000);
  return (((offsetMinutes % 60) + 60) % 60) * 60;
}
