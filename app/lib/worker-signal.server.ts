/**
 * In-process nudge: a webhook that stored new work wakes the in-process worker
 * at once instead of at its next poll. Nothing is lost without it; the worker
 * also polls the database.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onWorkAvailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalWorkAvailable(): void {
  for (const listener of listeners) listener();
}
