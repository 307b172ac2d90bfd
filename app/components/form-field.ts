import { useState } from "react";

/** Field errors by field name, as a form shows them. */
export type FieldErrors = { readonly [key: string]: string | undefined };

/** The keys of a form's values that hold text (the ones a text field edits). */
export type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * Binds Polaris fields to a form's text values: `field("city")` gives the
 * field its name (so the value posts with the form), its value, its change
 * handler and its error. Choices posted through hidden inputs carry no name
 * on the field itself, so they are bound by hand.
 */
export function fieldProps<V extends object>(
  values: V,
  set: (key: TextKeys<V>) => (value: string) => void,
  errors: FieldErrors,
) {
  return (key: TextKeys<V>) => ({
    name: key,
    value: values[key] as string,
    onChange: set(key),
    error: errors[key],
  });
}

/**
 * The server's field errors, each dropped as soon as its field no longer
 * holds the value that was refused: an old message must not sit under an
 * answer the merchant has already corrected. `serverErrors` is the action's
 * result (a new object for each submission); `values` the form's live values.
 */
export function useFieldErrors<V extends object>(
  serverErrors: FieldErrors | undefined | null,
  values: V,
): FieldErrors {
  const [submitted, setSubmitted] = useState<{
    errors: typeof serverErrors;
    values: V;
  }>({ errors: serverErrors, values });
  // A new submission's errors are judged against the values as they were sent.
  if (submitted.errors !== serverErrors) setSubmitted({ errors: serverErrors, values });
  const errors = submitted.errors === serverErrors ? serverErrors : null;
  if (!errors) return {};
  const out: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(errors)) {
    const now = (values as Record<string, unknown>)[key];
    const then = (submitted.values as Record<string, unknown>)[key];
    if (now === then) out[key] = message;
  }
  return out;
}

/**
 * A list's values keyed the way the server keys their errors ("rows.0.amount"),
 * for `useFieldErrors` on forms with repeated rows.
 */
export function listFieldValues<R extends object>(
  name: string,
  rows: readonly R[],
): Record<string, unknown> {
  return Object.fromEntries(
    rows.flatMap((row, i) => Object.entries(row).map(([key, v]) => [`${name}.${i}.${key}`, v])),
  );
}
