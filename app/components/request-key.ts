import { useEffect, useState } from "react";

/**
 * The request key of a form that must not act twice (create a product, place a proof order):
 * the loader's key, kept for the life of the form, and written into the page address as `?key=`
 * (without a navigation), so a double click, a reload or a repeat after a lost answer posts the
 * same key and the server acts once.
 */
export function useRequestKey(fromLoader: string): string {
  const [requestKey] = useState(fromLoader);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get("key") === requestKey) return;
    url.searchParams.set("key", requestKey);
    window.history.replaceState(window.history.state, "", url);
  }, [requestKey]);
  return requestKey;
}
