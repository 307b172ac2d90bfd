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

/**
 * One formatter per zone: making an Intl.DateTimeFormat costs about a hundred times more than
 * using one, and a 90-day report asks the day of some 2,000 hour buckets.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsIn(timeZone: string, instant: number) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
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

/** Midnight UTC of a YYYY-MM-DD day, or null when the text is not a real calendar day. */
function parseDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return t;
}

/** Midnight UTC of a day the code itself produced; an unreadable one is a bug, never `null`. */
function dayStart(day: string): number {
  const t = parseDay(day);
  if (t === null) throw new RangeError(`not a calendar day: ${JSON.stringify(day)}`);
  return t;
}

function dayAt(t: number): string {
  const day = new Date(t).toISOString().slice(0, 10);
  // Past year 9999 toISOString writes "+010000-01-01", which sorts before "9999-12-31".
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`day out of range: ${day}`);
  return day;
}

function addDays(day: string, n: number): string {
  return dayAt(dayStart(day) + n * DAY_MS);
}

/** The instant a calendar day begins in the zone (the first moment whose local date is it). */
export function startOfDay(timeZone: string, day: string): Date {
  const midnightUtc = dayStart(day);
  // Local midnight = UTC midnight - offset; the offset is read at the guess, twice for DST.
  let guess = midnightUtc - zoneOffsetMs(timeZone, midnightUtc);
  guess = midnightUtc - zoneOffsetMs(timeZone, guess);
  // A zone whose clocks skip midnight starts the day at the first instant that is on it.
  if (dayOf(timeZone, guess) !== day) guess += 3_600_000;
  return new Date(guess);
}

/** The earliest day a period may start on: no shop had print orders here before it. */
export const EARLIEST_DAY = "2000-01-01";

/** The latest day a period may reach: one year after today (the same date next year). */
export function latestDay(today: string): string {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  // 29 February next year does not exist: the 28th is a year on.
  return parseDay(`${year + 1}${rest}`) !== null ? `${year + 1}${rest}` : `${year + 1}-02-28`;
}

/** Why a period asked in the URL is refused, on the field it concerns, in plain words. */
export interface PeriodRefusal {
  field: "range" | "from" | "to";
  message: string;
}

/** The window custom days must fall in (YYYY-MM-DD, inclusive), for the form's date fields. */
export interface PeriodLimits {
  earliest: string;
  latest: string;
}

export type PeriodAnswer =
  | { ok: true; period: Period; limits: PeriodLimits }
  | {
      ok: false;
      refusal: PeriodRefusal;
      /** What was asked, to show in the form again. */
      asked: { range: string; from: string; to: string; timeZone: string };
      limits: PeriodLimits;
    };

function longDate(day: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(dayStart(day)));
}

/** A custom day from the URL, checked: a real calendar day inside the window, else why not. */
function customDay(
  value: string,
  field: "from" | "to",
  earliest: string,
  latest: string,
): PeriodRefusal | null {
  const which = field === "from" ? "first" : "last";
  if (value.trim() === "") return { field, message: `Enter the ${which} day of the period.` };
  // Shown back to the merchant: keep it short so a long query string cannot fill the page.
  const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
  if (parseDay(value) === null)
    return {
      field,
      message: `“${shown}” is not a date. Enter the ${which} day as a date, for example ${earliest.slice(0, 4)}-01-31.`,
    };
  if (value < earliest || value > latest)
    return {
      field,
      message: `The ${which} day must fall between ${longDate(earliest)} and ${longDate(latest)}.`,
    };
  return null;
}

/**
 * The period asked in the URL (`range=7|30|90`, or `range=custom&from=&to=`), ending today in
 * the shop's time zone for presets; no range at all is the last 30 days. Custom days must be
 * real dates from EARLIEST_DAY up to a year after today, at most MAX_PERIOD_DAYS apart: anything
 * else is refused with the reason, never quietly replaced by another period. Days given in the
 * wrong order are put in order (the page shows the period it used).
 */
export function periodFrom(
  params: URLSearchParams,
  timeZoneInput: string | null | undefined,
  now: Date = new Date(),
): PeriodAnswer {
  const timeZone = safeTimeZone(timeZoneInput);
  const today = dayOf(timeZone, now.getTime());
  const earliest = EARLIEST_DAY;
  const latest = latestDay(today);
  const range = params.get("range") ?? "30";
  const customFrom = params.get("from") ?? "";
  const customTo = params.get("to") ?? "";
  const refuse = (refusal: PeriodRefusal): PeriodAnswer => ({
    ok: false,
    refusal,
    asked: { range, from: customFrom.slice(0, 40), to: customTo.slice(0, 40), timeZone },
    limits: { earliest, latest },
  });
  let from: string;
  let to: string;
  if (range === "custom") {
    const problem =
      customDay(customFrom, "from", earliest, latest) ??
      customDay(customTo, "to", earliest, latest);
    if (problem) return refuse(problem);
    [from, to] = customFrom <= customTo ? [customFrom, customTo] : [customTo, customFrom];
  } else {
    const preset = PRESETS.find((p) => p.value === range);
    if (!preset) return refuse({ field: "range", message: "Choose a period from the list." });
    to = today;
    from = addDays(today, -(preset.days - 1));
  }
  const span = Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;
  if (span > MAX_PERIOD_DAYS)
    return refuse({
      field: "from",
      message: `A period can be at most ${MAX_PERIOD_DAYS} days long; this one has ${span.toLocaleString("en")}. Choose a later first day or an earlier last day.`,
    });
  // Bounded by the span check above, whatever the URL said.
  const days: string[] = [];
  for (let i = 0; i < span; i += 1) days.push(addDays(from, i));
  return {
    ok: true,
    period: {
      range,
      from,
      to,
      days,
      start: startOfDay(timeZone, from),
      end: startOfDay(timeZone, addDays(to, 1)),
      timeZone,
    },
    limits: { earliest, latest },
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
