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
  errors: { readonly [key: string]: string | undefined },
) {
  return (key: TextKeys<V>) => ({
    name: key,
    value: values[key] as string,
    onChange: set(key),
    error: errors[key],
  });
}
