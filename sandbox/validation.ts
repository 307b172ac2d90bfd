// What the print service refuses, as data: per operation, the request fields and
// the rules each must pass. A handler calls validateRequest() once (after the
// merchant key); the first field that fails answers in the service's error shape
// with the field named in `details`. sandbox/README.md shows the same table
// (test/sandbox/validation.test.ts keeps the two in step).
//
// Types stay liberal (numbers as text, text as numbers, null for "not given"), as
// the facts file asks; values the service cannot act on are refused.
//
// The tables are in request-rules/ (one per interface), with the rules they use and the
// value checks under those (request-rules/values.ts, which the SDK's rules mirror).

import { XMLParser } from "fast-xml-parser";
import type { Ctx, SandboxRequest } from "./context";
import { ServiceError } from "./errors";
import { JSON_REQUEST_RULES } from "./request-rules/json-operations";
import { LEGACY_REQUEST_RULES } from "./request-rules/legacy-operations";
import {
  required,
  type FieldRules,
  type OperationRules,
  type Rule,
  type RuleEnv,
  type XmlField,
} from "./request-rules/rules";
import { isAbsent, isObject, type Obj } from "./request-rules/values";
import type { Merchant } from "./store";

export type { FieldRules, OperationRules, Rule, RuleEnv, XmlField } from "./request-rules/rules";
// The value checks the SDK's input rules mirror (test/print/input-rules.test.ts compares them).
export {
  COLOUR_PATTERN,
  COUNTRY_CODES,
  EMAIL_PATTERN,
  LOCALE_PATTERN,
  SPINE_FONTS,
  isAbsent,
  isCountryCode,
  isEmail,
  isHttpUrl,
} from "./request-rules/values";

export const REQUEST_RULES: Readonly<Record<string, OperationRules>> = {
  ...JSON_REQUEST_RULES,
  ...LEGACY_REQUEST_RULES,
};

// ---- the walker ----------------------------------------------------------------------

interface Located {
  path: string;
  value: unknown;
  parent: Obj;
}

/** Every value a field path names in the request, with its concrete path (items[0].quantity). */
function locate(root: Obj, field: string): Located[] {
  let holders: { path: string; obj: Obj }[] = [{ path: "", obj: root }];
  const parts = field.split(".");
  const out: Located[] = [];
  parts.forEach((part, i) => {
    const each = part.endsWith("[]");
    const key = each ? part.slice(0, -2) : part;
    const last = i === parts.length - 1;
    const next: { path: string; obj: Obj }[] = [];
    for (const h of holders) {
      const path = h.path ? `${h.path}.${key}` : key;
      const v = h.obj[key];
      const values: { path: string; value: unknown }[] = each
        ? Array.isArray(v)
          ? v.map((e, n) => ({ path: `${path}[${n}]`, value: e }))
          : []
        : [{ path, value: v }];
      for (const x of values) {
        if (last) out.push({ path: x.path, value: x.value, parent: h.obj });
        else if (isObject(x.value)) next.push({ path: x.path, obj: x.value });
      }
    }
    holders = next;
  });
  return out;
}

const xmlParser = new XMLParser({ parseTagValue: false, ignoreAttributes: true, trimValues: true });

function decodeXml(params: Obj, spec: XmlField): void {
  const raw = params[spec.field];
  if (typeof raw !== "string" || raw === "") return;
  let doc: unknown;
  try {
    doc = xmlParser.parse(raw, true);
  } catch {
    throw fieldError(required, spec.field, "is not well-formed XML");
  }
  const el = isObject(doc) ? doc[spec.root] : undefined;
  if (!isObject(el)) throw fieldError(required, spec.field, `has no <${spec.root}> element`);
  params[spec.field] = el;
}

function fieldError(r: Rule, path: string, why: string): ServiceError {
  return new ServiceError(r.status, r.code, `Invalid value for field ${path}: ${why}`);
}

/** Applies one field table to a request root (JSON object, query or legacy parameters). */
export function checkFields(fields: readonly FieldRules[], root: Obj, env: RuleEnv): void {
  for (const [field, ...rules] of fields) {
    for (const at of locate(root, field)) {
      for (const r of rules) {
        if (!r.checksAbsent && isAbsent(at.value)) continue;
        const why = r.test(at.value, at.parent, env);
        if (why !== undefined) throw fieldError(r, at.path, why);
      }
    }
  }
}

/**
 * Checks a request against its operation's rules. Returns the request's fields as one object
 * (the JSON body, the query, or the legacy parameters with XML fields parsed into objects).
 */
export function validateRequest(
  ctx: Pick<Ctx, "catalogue" | "store">,
  req: SandboxRequest,
  merchant: Merchant | null,
): Obj {
  const spec = REQUEST_RULES[req.op];
  if (!spec) throw new Error(`no request rules for operation ${req.op}`);
  let root: Obj;
  if (spec.source === "query") root = Object.fromEntries(req.query);
  else if (spec.source === "params") root = { ...req.params };
  else if (isObject(req.body)) root = req.body;
  else
    throw new ServiceError(
      400,
      "INVALID_DATA",
      "Invalid value for field body: expected a JSON object",
    );
  for (const x of spec.xml ?? []) decodeXml(root, x);
  checkFields(spec.fields, root, { catalogue: ctx.catalogue, store: ctx.store, merchant });
  return root;
}

/** One row per field, for the README table: its rules in order and the answers they give. */
export function describeRules(): { endpoint: string; field: string; rule: string; code: string }[] {
  const rows: { endpoint: string; field: string; rule: string; code: string }[] = [];
  for (const spec of Object.values(REQUEST_RULES))
    for (const [field, ...rules] of spec.fields)
      rows.push({
        endpoint: spec.endpoint,
        field,
        rule: rules.map((r) => r.text).join("; "),
        code: [...new Set(rules.map((r) => `${r.status} ${r.code}`))].join(", "),
      });
  return rows;
}
