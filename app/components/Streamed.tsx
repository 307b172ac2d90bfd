import { Suspense, useSyncExternalStore, type ReactNode } from "react";

const noSubscription = () => () => {};

/**
 * A Suspense boundary for streamed (deferred) loader data, made only once the page is hydrated:
 * the server and the hydrating client both draw the fallback. A boundary that is still
 * dehydrated when something above it updates (Polaris and App Bridge set state on mount) makes
 * React 18 throw error #421 and draw it again on the client; on a busy machine the streamed
 * data often comes after those updates. Built after hydration, the boundary never is.
 */
export function Streamed({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // false on the server and while hydrating, true from the first render after it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return <>{fallback}</>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
