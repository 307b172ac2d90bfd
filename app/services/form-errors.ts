import type { z } from "zod";

/**
 * Form checking with zod whose messages a merchant can read. A check written
 * with its own message keeps it ("Enter the company name"); every other
 * refusal (a missing field, a number that is not one, a length or range
 * without a message) gets the field's plain message instead of zod's
 * ("Too big: expected number to be <=100000"), which never reaches a page.
 *
 * `plain` is keyed by field path: "title", "items.*.quantity" ("*" for any
 * list position), or just the first segment ("rows") for a whole list.
 */
export type PlainMessages = Readonly<Record<string, string>>;

export type FormParse<T> =
  { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

const FALLBACK = "Check this field";

/**
 * For a check across fields (`.superRefine(check, EVEN_WHEN_A_FIELD_FAILED)`): zod skips an
 * object's refinements once a field was refused outright (a number that is not one), so the
 * merchant would learn of the next problem only after fixing that one and submitting again.
 * With this the check always runs; it must then read each field as possibly missing or not
 * yet transformed.
 */
export const EVEN_WHEN_A_FIELD_FAILED = { when: () => true } as const;

function plainFor(path: readonly PropertyKey[], plain: PlainMessages, fallback: string): string {
  const exact = path.map(String).join(".");
  const anyIndex = path.map((p) => (typeof p === "number" ? "*" : String(p))).join(".");
  return plain[exact] ?? plain[anyIndex] ?? plain[String(path[0] ?? "form")] ?? fallback;
}

/**
 * Parses `input`; on failure, one message per field (the first), keyed by
 * the field's top-level name (`key: "field"`) or its full path
 * ("items.0.quantity", `key: "path"`). Problems with no field go under "form".
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
  plain: PlainMessages,
  { key = "field", fallback = FALLBACK }: { key?: "field" | "path"; fallback?: string } = {},
): FormParse<z.output<S>> {
  const parsed = schema.safeParse(input, {
    error: (issue) => plainFor(issue.path ?? [], plain, fallback),
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name =
      issue.path.length === 0
        ? "form"
        : key === "path"
          ? issue.path.map(String).join(".")
          : String(issue.path[0]);
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
