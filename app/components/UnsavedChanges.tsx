import { useBlocker, type BlockerFunction } from "@remix-run/react";
import { Modal, SaveBar, TitleBar } from "@shopify/app-bridge-react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type SetStateAction,
} from "react";

/**
 * Unsaved-changes protection for admin forms, as Shopify admin pages have it:
 *
 * - `useFormBaseline(savedValues)` keeps a form's live values next to the
 *   values last saved, so "dirty" is a real comparison (typing and then
 *   restoring the old value is clean again);
 * - `<UnsavedChanges dirty saving onSave onDiscard />` shows App Bridge's save
 *   bar (Save / Discard) while the form is dirty, asks "Leave page with unsaved
 *   changes?" before any in-app navigation to another page (Remix `useBlocker`),
 *   and lets the browser ask before a reload or closing the tab.
 *
 * Several forms on one page may each render `<UnsavedChanges>`: one save bar
 * shows at a time (the first dirty form's), and one of them (the first
 * mounted) guards navigation for all, since a router supports one blocker.
 */

// ------------------------------------------------------------ form baseline

/** Structural equality of form values (text, numbers, booleans, lists, records). */
export function sameFormValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      sameFormValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export interface FormBaseline<V> {
  /** What the form shows now. */
  values: V;
  setValues: (update: SetStateAction<V>) => void;
  /** The values last saved (the baseline `dirty` compares with). */
  saved: V;
  /** The values differ from the saved ones. */
  dirty: boolean;
  /** Back to the saved values. */
  discard: () => void;
  /** A save succeeded: `sent` (by default the live values) becomes the baseline; later edits stay dirty. */
  commit: (sent?: V) => void;
  /** Both the form and its baseline become `next` (e.g. the values as the server stored them). */
  reset: (next: V) => void;
}

/**
 * A form's values and their saved baseline. `source` is the saved values as
 * the loader gives them; when it changes (after a save, the loader's new
 * data), the form and baseline follow it. A revalidation with the same values
 * (a refused save, another form's action) keeps what the merchant typed.
 * `source` is plain data (text, numbers, booleans, lists, records): it may be
 * a new object on every render, it is compared by value.
 */
export function useFormBaseline<V>(source: V): FormBaseline<V> {
  const [state, setState] = useState({ source, saved: source, values: source });
  if (!sameFormValues(state.source, source)) {
    setState({ source, saved: source, values: source });
  }
  const setValues = useCallback((update: SetStateAction<V>) => {
    setState((s) => ({
      ...s,
      values: typeof update === "function" ? (update as (v: V) => V)(s.values) : update,
    }));
  }, []);
  const discard = useCallback(() => setState((s) => ({ ...s, values: s.saved })), []);
  const commit = useCallback(
    (sent?: V) => setState((s) => ({ ...s, saved: sent === undefined ? s.values : sent })),
    [],
  );
  const reset = useCallback(
    (next: V) => setState((s) => ({ ...s, saved: next, values: next })),
    [],
  );
  return {
    values: state.values,
    setValues,
    saved: state.saved,
    dirty: !sameFormValues(state.values, state.saved),
    discard,
    commit,
    reset,
  };
}

// ---------------------------------------------- the page's protected forms

/** Protected forms on the page, in mount order, and whether each is dirty. */
const forms = new Map<string, boolean>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
/** "<guarding form>\n<form whose save bar shows>" (a string, so React can compare snapshots). */
function snapshot() {
  const keys = [...forms.keys()];
  const firstDirty = keys.find((key) => forms.get(key)) ?? "";
  return `${keys[0] ?? ""}\n${firstDirty}`;
}
const serverSnapshot = () => "\n";

/** Some protected form on the page has unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return [...forms.values()].some(Boolean);
}

// ------------------------------------------------------------ the component

export interface UnsavedChangesProps {
  /** The form differs from its saved values (`useFormBaseline().dirty`). */
  dirty: boolean;
  /** A save is under way: Save shows as loading, Discard waits. */
  saving?: boolean;
  /** Save the form (submit it). The bar stays until the form is clean. */
  onSave: () => void;
  /** Put the saved values back (`useFormBaseline().discard`). */
  onDiscard: () => void;
}

/**
 * The save bar and leave confirmation for one form. Render it anywhere in the
 * page's component, inside its form or not (its buttons never submit one); it
 * draws nothing in the page itself.
 */
export function UnsavedChanges({ dirty, saving = false, onSave, onDiscard }: UnsavedChangesProps) {
  const key = useId();
  const domId = key.replace(/[^\w-]/g, "");
  useEffect(() => {
    forms.set(key, false);
    notify();
    return () => {
      forms.delete(key);
      notify();
    };
  }, [key]);
  useEffect(() => {
    if (!forms.has(key) || forms.get(key) === dirty) return;
    forms.set(key, dirty);
    notify();
  }, [key, dirty]);

  // The browser's own question on reload, closing the tab or leaving the app.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const [guarding, showing] = useSyncExternalStore(subscribe, snapshot, serverSnapshot).split("\n");
  return (
    <>
      <SaveBar id={`save-bar-${domId}`} open={dirty && showing === key}>
        <button type="button" variant="primary" onClick={onSave} loading={saving ? "" : undefined}>
          Save
        </button>
        <button type="button" onClick={onDiscard} disabled={saving}>
          Discard
        </button>
      </SaveBar>
      {guarding === key ? <LeaveConfirmation id={`leave-${domId}`} /> : null}
    </>
  );
}

/**
 * Blocks in-app navigation to another page while a protected form is dirty
 * and asks first, with the words and buttons of Shopify admin's own dialog.
 * Submissions stay on the page (same path) and are never blocked; redirects
 * after a successful save are not navigations the router blocks.
 */
function LeaveConfirmation({ id }: { id: string }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const latest = useRef(blocker);
  latest.current = blocker;
  // Closing the dialog any way (Escape, backdrop, "Stay") keeps the merchant here.
  const stay = useCallback(() => {
    if (latest.current.state === "blocked") latest.current.reset();
  }, []);
  const leave = useCallback(() => {
    if (latest.current.state === "blocked") latest.current.proceed();
  }, []);
  return (
    <Modal id={id} open={blocker.state === "blocked"} onHide={stay}>
      <p>Leaving this page will delete all unsaved changes.</p>
      <TitleBar title="Leave page with unsaved changes?">
        <button type="button" onClick={stay}>
          Stay
        </button>
        <button type="button" variant="primary" tone="critical" onClick={leave}>
          Leave page
        </button>
      </TitleBar>
    </Modal>
  );
}
