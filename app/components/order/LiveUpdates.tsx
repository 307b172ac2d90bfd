import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** How often an open orders page asks whether anything changed. */
export const LIVE_CHECK_MS = 4000;

/**
 * Keeps an orders page current without a reload: while the tab is visible it
 * asks the cheap `/app/orders/changes` check every few seconds (and at once
 * when the tab comes back), and when the answer differs from the version the
 * page was loaded with, reloads the page's data in place. A reload of data
 * keeps React state, so what the merchant is typing and their selection stay.
 * Nothing is reloaded while a navigation or a submission is under way.
 * Its own component, so the checks re-render nothing else.
 */
export function LiveUpdates({ version, orderId }: { version: string; orderId?: string }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [seen, setSeen] = useState<string | null>(null);
  const url = `/app/orders/changes${orderId ? `?order=${encodeURIComponent(orderId)}` : ""}`;

  useEffect(() => {
    let asking = false;
    // A plain fetch (App Bridge adds the session token), not a fetcher: a failed
    // check is skipped quietly instead of replacing the page with an error.
    const check = async () => {
      if (asking || document.visibilityState !== "visible") return;
      asking = true;
      try {
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        if (response.ok) setSeen(((await response.json()) as { version: string }).version);
      } catch {
        // Offline or restarting: the next check asks again.
      } finally {
        asking = false;
      }
    };
    const timer = window.setInterval(() => void check(), LIVE_CHECK_MS);
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [url]);

  const busy = navigation.state !== "idle" || revalidator.state !== "idle";
  // Each new answer reloads at most once: a change made after the check but
  // before the reload leaves the page newer than the answer, not stale.
  const handled = useRef<string | null>(null);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!seen || seen === version || busy || handled.current === seen) return;
    handled.current = seen;
    revalidate();
  }, [seen, version, busy, revalidate]);

  return null;
}
