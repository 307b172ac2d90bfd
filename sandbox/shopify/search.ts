/**
 * A small implementation of Shopify's search syntax (the `query` argument):
 * space-separated terms are ANDed, `OR` separates alternatives, `-term` or
 * `NOT term` negates, `field:value` filters a field, `"quoted values"`, `*`
 * wildcards (`title:*book*`, `sku:PB-*`), and `field:>x` / `field:<x` for numbers and for
 * ISO dates (`updated_at:>='2026-11-27T10:00:00Z'`, compared as instants).
 * Free text (no field) matches any of the record's default text fields.
 */

export type FieldGetter<T> = (
  record: T,
) => Array<string | number | null | undefined> | string | number | null | undefined;

export interface SearchSpec<T> {
  fields: Record<string, FieldGetter<T>>;
  /** Fields that free-text terms search. */
  text: string[];
}

interface Term {
  field: string | null;
  value: string;
  negate: boolean;
}

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of query) {
    if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (/\s/.test(ch) && !quoted) {
      if (current) tokens.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

function parse(query: string): Term[][] {
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(query)) {
    if (token === "OR") {
      groups.push([]);
      continue;
    }
    if (token === "AND") continue;
    if (token === "NOT") {
      negateNext = true;
      continue;
    }
    let raw = token;
    let negate = negateNext;
    negateNext = false;
    if (raw.startsWith("-") && raw.length > 1) {
      negate = !negate;
      raw = raw.slice(1);
    }
    const m = /^([a-z_]+):(.*)$/i.exec(raw);
    const field = m ? m[1]!.toLowerCase() : null;
    const value = (m ? m[2]! : raw).replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1");
    groups[groups.length - 1]!.push({ field, value, negate });
  }
  return groups.filter((g) => g.length > 0);
}

function values<T>(getter: FieldGetter<T>, record: T): string[] {
  const v = getter(record);
  const list = Array.isArray(v) ? v : [v];
  return list
    .filter((x): x is string | number => x !== null && x !== undefined)
    .map((x) => String(x));
}

/** An ISO date or date-time, as Shopify's search takes for `created_at`, `updated_at` and such. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([t ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?)?$/i;

/** A date comparison (`updated_at:>='2026-11-27T10:00:00Z'`): by instant, not as text. */
function compareDates(candidate: string, pattern: string): boolean | null {
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(pattern);
  if (!cmp) return null;
  const rhs = cmp[2]!.replace(/^'(.*)'$/, "$1").replace(/^"(.*)"$/, "$1");
  if (!ISO_DATE.test(candidate) || !ISO_DATE.test(rhs)) return null;
  const a = Date.parse(candidate);
  const b = Date.parse(rhs);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  const op = cmp[1];
  return op === ">" ? a > b : op === ">=" ? a >= b : op === "<" ? a < b : a <= b;
}

function matchValue(candidate: string, pattern: string, exactWhenNoWildcard: boolean): boolean {
  const byDate = compareDates(candidate, pattern);
  if (byDate !== null) return byDate;
  const c = candidate.toLowerCase();
  const p = pattern.toLowerCase();
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(p);
  if (cmp && /^\d+$/.test(c) && /^\d+$/.test(cmp[2]!)) {
    // Ids can exceed 2^53: whole numbers compare exactly.
    const a = BigInt(c);
    const b = BigInt(cmp[2]!);
    const op = cmp[1];
    return op === ">" ? a > b : op === ">=" ? a >= b : op === "<" ? a < b : a <= b;
  }
  if (cmp) {
    const a = Number(c);
    const b = Number(cmp[2]);
    if (Number.isNaN(a) || Number.isNaN(b)) {
      const op = cmp[1];
      const rhs = cmp[2]!;
      return op === ">" ? c > rhs : op === ">=" ? c >= rhs : op === "<" ? c < rhs : c <= rhs;
    }
    switch (cmp[1]) {
      case ">":
        return a > b;
      case ">=":
        return a >= b;
      case "<":
        return a < b;
      default:
        return a <= b;
    }
  }
  if (p.includes("*")) {
    const re = new RegExp(
      `^${p
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
      "s",
    );
    return re.test(c);
  }
  return exactWhenNoWildcard ? c === p : c.includes(p);
}

/** Fields whose plain values compare exactly (ids, enums); text fields match words/substrings. */
const EXACT_FIELDS = new Set([
  "id",
  "status",
  "product_id",
  "variant_id",
  "financial_status",
  "fulfillment_status",
  "handle",
]);

export function matchesQuery<T>(
  record: T,
  query: string | null | undefined,
  spec: SearchSpec<T>,
): boolean {
  if (!query || !query.trim()) return true;
  const groups = parse(query);
  if (groups.length === 0) return true;
  return groups.some((terms) =>
    terms.every((term) => {
      let hit: boolean;
      if (term.field === null) {
        hit = spec.text.some((f) => {
          const getter = spec.fields[f];
          return getter
            ? values(getter, record).some((v) => matchValue(v, term.value, false))
            : false;
        });
      } else {
        const getter = spec.fields[term.field];
        // Shopify ignores unknown fields rather than failing; treat them as a match.
        hit = getter
          ? values(getter, record).some((v) =>
              matchValue(v, term.value, EXACT_FIELDS.has(term.field!)),
            )
          : true;
      }
      return term.negate ? !hit : hit;
    }),
  );
}
