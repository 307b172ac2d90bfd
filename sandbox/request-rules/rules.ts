// The rules a request field can be given, each with the README's words for it and the answer
// (status and code) it gives; and the shape of the per-operation tables
// (json-operations.ts, legacy-operations.ts) that name a field's rules in order.

import type { Catalogue } from "../catalogue";
import { findCurrency } from "../money";
import type { Merchant, Store } from "../store";
import {
  COLOUR_PATTERN,
  LOCALE_PATTERN,
  SPINE_FONTS,
  asInteger,
  asNumber,
  isAbsent,
  isCountryCode,
  isEmail,
  isHttpUrl,
  isObject,
  type Obj,
} from "./values";

export interface RuleEnv {
  catalogue: Catalogue;
  store: Store;
  merchant: Merchant | null;
}

export interface Rule {
  /** The rule in the README's words. */
  readonly text: string;
  readonly status: number;
  readonly code: string;
  /** Rules such as "required" also look at absent values; the others skip them. */
  readonly checksAbsent?: boolean;
  /** Why the value fails, or undefined when it passes. */
  readonly test: (value: unknown, parent: Obj, env: RuleEnv) => string | undefined;
}

/** A field path (`item_details[].file_details.content_url`) and its rules, checked in order. */
export type FieldRules = readonly [field: string, ...rules: Rule[]];

/** Parses a field given as XML text so that nested paths can be checked. */
export interface XmlField {
  field: string;
  root: string;
}

export interface OperationRules {
  /** Method and path, for the README table. */
  endpoint: string;
  /** Where the fields are: JSON body, query string, or legacy parameters (query + form). */
  source: "body" | "query" | "params";
  xml?: readonly XmlField[];
  fields: readonly FieldRules[];
}

// ---- rules ---------------------------------------------------------------------------

function rule(
  text: string,
  test: Rule["test"],
  code = "INVALID_DATA",
  status = 400,
  checksAbsent = false,
): Rule {
  return { text, test, code, status, checksAbsent };
}

const isText = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

export const required: Rule = rule(
  "required",
  (v) => (isAbsent(v) || (typeof v === "string" && v.trim() === "") ? "is required" : undefined),
  "INVALID_DATA",
  400,
  true,
);

/** Required when the rest of its object says so (e.g. a file's URL once the file is given). */
export function requiredWhen(when: string, needed: (parent: Obj) => boolean): Rule {
  return rule(
    `required ${when}`,
    (v, parent) =>
      needed(parent) && (isAbsent(v) || (typeof v === "string" && v.trim() === ""))
        ? `is required ${when}`
        : undefined,
    "INVALID_DATA",
    400,
    true,
  );
}

export const text: Rule = rule("text", (v) => (isText(v) ? undefined : "must be text"));

export const object: Rule = rule("object", (v) => (isObject(v) ? undefined : "must be an object"));

export function list(min: number): Rule {
  return rule(min > 0 ? `list of at least ${min}` : "list", (v) =>
    !Array.isArray(v)
      ? "must be a list"
      : v.length < min
        ? `must hold at least ${min} entr${min === 1 ? "y" : "ies"}`
        : undefined,
  );
}

export function integer(min: number): Rule {
  return rule(`integer >= ${min}`, (v) => {
    const n = asInteger(v);
    if (n === undefined) return "must be an integer";
    return n < min ? `must be at least ${min}` : undefined;
  });
}

export const positiveNumber: Rule = rule("number > 0", (v) => {
  const n = asNumber(v);
  if (n === undefined) return "must be a number";
  return n > 0 ? undefined : "must be greater than 0";
});

export const bool: Rule = rule("true or false", (v) =>
  v === true || v === false || v === "true" || v === "false" ? undefined : "must be true or false",
);

export function oneOf(values: readonly string[]): Rule {
  return rule(`one of ${values.join(", ")}`, (v) =>
    typeof v === "string" && values.includes(v) ? undefined : `must be one of ${values.join(", ")}`,
  );
}

export const url: Rule = rule("absolute http(s) URL", (v) =>
  typeof v === "string" && isHttpUrl(v) ? undefined : "must be a full http(s) URL",
);

export const email: Rule = rule("email address", (v) =>
  typeof v === "string" && isEmail(v) ? undefined : "must be an email address",
);

export const country: Rule = rule("ISO 3166-1 alpha-2 country code", (v) =>
  typeof v === "string" && isCountryCode(v) ? undefined : "must be a two-letter country code",
);

export const locale: Rule = rule("language code (en, nl_NL, pt-BR)", (v) =>
  typeof v === "string" && LOCALE_PATTERN.test(v) ? undefined : "must be a language code",
);

export const hex: Rule = rule(
  "hexadecimal text",
  (v) => (typeof v === "string" && /^[0-9A-Fa-f]+$/.test(v) ? undefined : "must be hexadecimal"),
  "ORD_SECRET",
  401,
);

export const currency: Rule = rule(
  "known currency code",
  (v) =>
    typeof v === "string" && findCurrency(v.trim())
      ? undefined
      : `currency not supported: ${String(v)}`,
  "CURR_INVALID",
  404,
);

export const currencyList: Rule = rule(
  "ALL or known currency codes, comma-separated",
  (v) => {
    if (typeof v !== "string") return "must be text";
    if (v.trim().toUpperCase() === "ALL") return undefined;
    const unknown = v.split(",").find((c) => !findCurrency(c.trim()));
    return unknown === undefined ? undefined : `currency not supported: ${unknown.trim()}`;
  },
  "CURR_INVALID",
  404,
);

export const colour: Rule = rule(
  "#RRGGBB",
  (v) => (typeof v === "string" && COLOUR_PATTERN.test(v) ? undefined : "must be #RRGGBB"),
  "COLOR_INVALID",
);

export const font: Rule = rule(
  "supported spine font",
  (v) =>
    typeof v === "string" && SPINE_FONTS.includes(v)
      ? undefined
      : `font not supported: ${String(v)} (${SPINE_FONTS.join(", ")})`,
  "FONT_INVALID",
);

export const knownOffering: Rule = rule(
  "known offering id",
  (v, _p, env) => {
    const id = asInteger(v);
    return id !== undefined && env.catalogue.find(id)
      ? undefined
      : `offering not found: ${String(v)}`;
  },
  "OFF_NOT_FOUND",
  404,
);

function billingEntityRule(zeroIsNone: boolean): Rule {
  return rule(
    zeroIsNone
      ? "known billing entity of this merchant, or 0 for none"
      : "known billing entity of this merchant",
    (v, _p, env) => {
      const id = asInteger(v);
      if (zeroIsNone && id === 0) return undefined;
      const b = id === undefined ? undefined : env.store.billingEntities.get(id);
      return b && b.merchantApiKey === env.merchant?.merchantApiKey
        ? undefined
        : `unknown billing entity ${String(v)}`;
    },
  );
}

export const knownBillingEntity = billingEntityRule(false);
/** parentEntityId: 0 means a root entity. */
export const knownParentEntity = billingEntityRule(true);

/** At most one of these keys of the object is given. */
export function onlyOneOf(keys: readonly string[]): Rule {
  return rule(`only one of ${keys.join(", ")}`, (v) =>
    isObject(v) && keys.filter((k) => !isAbsent(v[k])).length > 1
      ? `give ${keys.join(" or ")}, not both`
      : undefined,
  );
}
