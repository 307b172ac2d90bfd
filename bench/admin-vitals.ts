/**
 * Core Web Vitals as the browser reports them: what a page keeps from the start of its load
 * (observeVitals), reading it (readVitals), and CLS and INP counted from it as web-vitals does.
 */
import type { Page } from "playwright-core";

/**
 * Runs in every document before its own scripts: keeps the browser's LCP, layout-shift and
 * Event Timing entries from the start of the load, for readVitals below.
 */
export function observeVitals() {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null }[];
  };
  type Timing = PerformanceEntry & { interactionId?: number };
  const nodeText = (node: Node | null | undefined) => {
    if (!node) return "?";
    const el = node instanceof Element ? node : node.parentElement;
    if (!el) return node.nodeName;
    const cls = (el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean)[0];
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}: ${(el.textContent ?? "").trim().slice(0, 30)}`;
  };
  const v = {
    lcp: null as (PerformanceEntry & { element?: Element | null }) | null,
    shifts: [] as { at: number; value: number; recentInput: boolean; sources: string[] }[],
    events: [] as { id: number; name: string; ms: number; first: boolean }[],
  };
  const observe = (type: string, options: object, each: (e: PerformanceEntry) => void) =>
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({
      type,
      buffered: true,
      ...options,
    } as PerformanceObserverInit);
  observe("largest-contentful-paint", {}, (e) => (v.lcp = e));
  observe("layout-shift", {}, (e) => {
    const s = e as Shift;
    v.shifts.push({
      at: s.startTime,
      value: s.value,
      recentInput: s.hadRecentInput,
      sources: (s.sources ?? []).map((x) => nodeText(x.node)),
    });
  });
  const timing = (first: boolean) => (e: PerformanceEntry) =>
    v.events.push({
      id: (e as Timing).interactionId ?? 0,
      name: e.name,
      ms: e.duration,
      first,
    });
  observe("event", { durationThreshold: 16 }, timing(false));
  observe("first-input", {}, timing(true));
  (window as unknown as { __vitals: typeof v }).__vitals = v;
}
export type Vitals = {
  lcp: number | null;
  element: string | null;
  ttfb: number;
  shifts: { at: number; value: number; recentInput: boolean; sources: string[] }[];
  events: { id: number; name: string; ms: number; first: boolean }[];
};
/** What observeVitals kept so far, as plain data. */
export const readVitals = (page: Page) =>
  page.evaluate((): Vitals => {
    const v = (
      window as unknown as {
        __vitals: Omit<Vitals, "lcp" | "element" | "ttfb"> & {
          lcp: (PerformanceEntry & { element?: Element | null }) | null;
        };
      }
    ).__vitals;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const el = v.lcp?.element ?? null;
    return {
      lcp: v.lcp ? v.lcp.startTime : null,
      element: el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}: ${(el.textContent ?? "").trim().slice(0, 40)}`
        : null,
      ttfb: nav.responseStart,
      shifts: v.shifts,
      events: v.events,
    };
  });

/** CLS as web-vitals counts it: the largest session window of shifts without recent input. */
export function cumulativeLayoutShift(shifts: Vitals["shifts"]) {
  let worst = { value: 0, sources: [] as string[] };
  let current = { value: 0, sources: [] as string[], first: 0, last: 0 };
  let sum = 0;
  for (const s of shifts.filter((x) => !x.recentInput).sort((a, b) => a.at - b.at)) {
    sum += s.value;
    if (current.value > 0 && s.at - current.last < 1000 && s.at - current.first < 5000) {
      current.value += s.value;
      current.sources.push(...s.sources);
      current.last = s.at;
    } else current = { value: s.value, sources: [...s.sources], first: s.at, last: s.at };
    if (current.value > worst.value) worst = { value: current.value, sources: current.sources };
  }
  return { cls: worst.value, sum, sources: [...new Set(worst.sources)].slice(0, 5) };
}

/** INP: the longest interaction, each interaction's entries grouped by interactionId. */
export function interactionToNextPaint(events: Vitals["events"]) {
  const byInteraction = new Map<string, number>();
  for (const e of events) {
    if (!e.first && e.id === 0) continue; // not part of an interaction (e.g. pointermove)
    const key = e.id ? String(e.id) : "first-input";
    byInteraction.set(key, Math.max(byInteraction.get(key) ?? 0, e.ms));
  }
  if (byInteraction.size === 0) return null;
  return { inp: Math.max(...byInteraction.values()), interactions: byInteraction.size };
}
