// What the print service refuses, as data: per operation, the request fields and
// the rules each must pass. A handler calls validateRequest() once (after the
// merchant key); the first field that fails answers in the service's error shape
// with the field named in `details`. sandbox/README.md shows the same table
// (test/sandbox/validation.test.ts keeps the two in step).
//
// Types stay liberal (numbers as text, text as numbers, null for "not given"), as
// the facts file asks; values the service cannot act on are refused.

import { XMLParser } from "fast-xml-parser";
import type { Catalogue } from "./catalogue";
import type { Ctx, SandboxRequest } from "./context";
import { ServiceError } from "./errors";
import { findCurrency } from "./money";
import type { Merchant, Store } from "./store";

export interface RuleEnv {
  catalogue: Catalogue;
  store: Store;
  merchant: Merchant | null;
}

type Obj = Record<string, unknown>;

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

// ---- values --------------------------------------------------------------------------

/** Not given: missing, null or empty text (the service reads all three the same way). */
export function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === "";
}

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function asInteger(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v)) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v.trim());
  return undefined;
}

/**
 * An absolute http(s) URL with a host: the service fetches it. Spaces inside are left to the
 * HTTP client to encode; around it, or control characters anywhere, make it another value.
 */
export function isHttpUrl(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/\S/i.test(v) || v !== v.trim() || /[\u0000-\u001f\u007f]/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** local@domain.tld; letters of any script, no spaces, at most 254 characters. */
export const EMAIL_PATTERN =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u;

export const isEmail = (v: string): boolean => v.length <= 254 && EMAIL_PATTERN.test(v);

/** A language code, optionally with region or script: en, nl_NL, pt-BR, zh-Hant-TW. */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

export const COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const SPINE_FONTS: readonly string[] = [
  "Arial",
  "Brandon",
  "DarkCourier",
  "Georgia",
  "GochiHand",
  "Helvetica",
  "Tahoma",
  "TimesNewRoman",
  "Verdana",
];

/** ISO 3166-1 alpha-2, plus XK (Kosovo), which shops use. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
    "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
    "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
    "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
    "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
    "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
    "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
    "VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

export const isCountryCode = (v: string): boolean => COUNTRY_CODES.has(v.toUpperCase());

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

/** Empty file_details (rule 2 of the interface): nothing in it is given. */
function hasContent(v: unknown): boolean {
  if (isAbsent(v)) return false;
  if (isObject(v)) return Object.values(v).some(hasContent);
  return true;
}

// ---- the tables ----------------------------------------------------------------------

function addressFields(at: string): FieldRules[] {
  return [
    [at, object],
    [`${at}.first_name`, required, text],
    [`${at}.last_name`, required, text],
    [`${at}.address_line_1`, required, text],
    [`${at}.address_line_2`, text],
    [`${at}.zip_code`, text],
    [`${at}.city`, required, text],
    [`${at}.country_code`, required, country],
    [`${at}.state`, text],
    [`${at}.phone_number`, text],
    [`${at}.company_name`, text],
    [`${at}.vat_number`, text],
    [`${at}.vat_country_code`, country],
  ];
}

function addressDetailsFields(at: string): FieldRules[] {
  return [
    [`${at}.email_address`, email],
    ...addressFields(`${at}.shipping_address`),
    ...addressFields(`${at}.billing_address`),
  ];
}

const fileGiven = requiredWhen("once file_details is not empty", hasContent);

function fileFields(at: string): FieldRules[] {
  const spine = `${at}.spine_details`;
  const dyn = `${spine}.dynamic_spine_details`;
  return [
    [at, object],
    [`${at}.content_url`, fileGiven, url],
    [`${at}.content_width`, positiveNumber],
    [`${at}.content_height`, positiveNumber],
    [`${at}.number_of_pages`, fileGiven, integer(0)],
    [`${at}.cover_url`, url],
    [spine, object, onlyOneOf(["dynamic_spine_details", "custom_spine_url"])],
    [`${spine}.custom_spine_url`, url],
    [dyn, object],
    [`${dyn}.text_font`, font],
    [`${dyn}.text_size`, positiveNumber],
    [`${dyn}.text_colour`, colour],
    [`${dyn}.background_colour`, colour],
    [`${dyn}.text_top`, text],
    [`${dyn}.text_center`, text],
    [`${dyn}.text_bottom`, text],
  ];
}

const orderId: FieldRules = ["order_id", required, integer(1)];

export const REQUEST_RULES: Readonly<Record<string, OperationRules>> = {
  // JSON interface (/rest/v3)
  "offering.list": {
    endpoint: "GET /offering/list",
    source: "query",
    fields: [
      ["countryIsoCode2", country],
      ["currency", currency],
    ],
  },
  quote: {
    endpoint: "POST /quote",
    source: "body",
    fields: [
      ["countryCode", required, country],
      ["state", text],
      ["currency", currency],
      ["items", required, list(1)],
      ["items[]", object],
      ["items[].offeringId", required, integer(1), knownOffering],
      ["items[].numberOfPages", integer(0)],
      ["items[].quantity", required, integer(1)],
    ],
  },
  "order.create": {
    endpoint: "POST /order/",
    source: "body",
    fields: [
      ["currency", currency],
      ["purchase_order", text],
      ["order_reference", text],
      ["billing_entity_id", integer(1), knownBillingEntity],
      ["cost_centre", text],
      ["item_details", required, list(1)],
      ["item_details[]", object],
      ["item_details[].item_reference", text],
      ["item_details[].offering_id", required, integer(1), knownOffering],
      ["item_details[].quantity", required, integer(1)],
      ["item_details[].title", text],
      ...fileFields("item_details[].file_details"),
      ["address_details", object],
      ...addressDetailsFields("address_details"),
    ],
  },
  "order.details": {
    endpoint: "GET /order/details",
    source: "query",
    fields: [
      [
        "orderId",
        requiredWhen("unless orderReference is given", (q) => isAbsent(q.orderReference)),
        integer(1),
      ],
      ["orderReference", text],
    ],
  },
  "order.address": {
    endpoint: "POST /order/address",
    source: "body",
    fields: [orderId, ["address_details", required], ...addressDetailsFields("address_details")],
  },
  "order.payment": {
    endpoint: "POST /order/payment",
    source: "body",
    fields: [orderId, ["secret", required, hex]],
  },
  "order.files": {
    endpoint: "POST /order/files",
    source: "body",
    fields: [
      orderId,
      ["item_reference", text],
      ["file_details", required, object],
      ["file_details.content_url", required, url],
      ["file_details.content_width", positiveNumber],
      ["file_details.content_height", positiveNumber],
      ["file_details.number_of_pages", required, integer(0)],
      ["file_details.cover_url", url],
    ],
  },
  "order.cancel": { endpoint: "POST /order/cancel", source: "body", fields: [orderId] },
  "publication.create": {
    endpoint: "POST /publication/create",
    source: "body",
    fields: [
      ["currency", currency],
      ["locale", locale],
      ["order", required, object],
      ["order.reference", text],
      ["order.product", required, object],
      ["order.product.title", text],
      ["order.product.source", required, object],
      ["order.product.source.file", required, object],
      ["order.product.source.file.src", required, url],
      ["order.product.source.file.pages", required, integer(0)],
      ["order.product.source.file.dimensions", object],
      ["order.product.source.file.dimensions.height", required, positiveNumber],
      ["order.product.source.file.dimensions.width", required, positiveNumber],
      ["order.product.thumbnail", object],
      ["order.product.thumbnail.src", required, url],
    ],
  },
  "billingEntity.create": {
    endpoint: "POST /billing-entity",
    source: "body",
    fields: [
      ["parentEntityId", integer(0), knownParentEntity],
      ["firstName", text],
      ["lastName", text],
      ["companyName", text],
      ["addressLine1", text],
      ["addressLine2", text],
      ["zipCode", text],
      ["city", text],
      ["state", text],
      ["countryCode", country],
      ["vatNumber", text],
      ["chamberOfCommerce", text],
      ["emailAddresses", list(0)],
      ["emailAddresses[]", required, email],
      ["phoneNumber", text],
    ],
  },

  // Legacy XML interface (/rest)
  "legacy.offering.list": {
    endpoint: "GET /rest/offering/list",
    source: "params",
    fields: [["currencies", currencyList]],
  },
  "legacy.offering.details": {
    endpoint: "GET /rest/offering/details",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["currencies", currencyList],
    ],
  },
  "legacy.quote": {
    endpoint: "GET /rest/offering/quote",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["currency", required, currency],
      ["countryCode", required, country],
      ["numberOfPages", required, integer(0)],
      ["quantity", required, integer(1)],
      ["useMerchantSecret", bool],
    ],
  },
  "legacy.order.create": {
    endpoint: "POST /rest/order",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["apiVersion", integer(0)],
      ["emailAddress", email],
      ["locale", locale],
    ],
  },
  "legacy.order.createFromCheckoutUrl": {
    endpoint: "POST /rest/order/create_from_checkout_url",
    source: "params",
    fields: [
      ["offeringId", required, integer(1), knownOffering],
      ["numberOfPages", required, integer(0)],
      ["sourceUrl", required, url],
      ["filetype", oneOf(["pdf", "image"])],
      ["sourceWidth", required, positiveNumber],
      ["sourceHeight", required, positiveNumber],
      ["locale", locale],
    ],
  },
  "legacy.order.details": {
    endpoint: "POST /rest/order/details",
    source: "params",
    xml: [{ field: "shippingAddressXml", root: "address" }],
    fields: [
      ["externalOrderId", required],
      ["shippingAddressXml", required],
      ["shippingAddressXml.addressLine1", required],
      ["shippingAddressXml.city", required],
      ["shippingAddressXml.countryCode", required, country],
      ["emailAddress", required, email],
      ["quantity", required, integer(1)],
    ],
  },
  "legacy.order.setPaid": {
    endpoint: "GET /rest/order/set_paid",
    source: "params",
    fields: [
      ["externalOrderId", required],
      ["secret", required],
    ],
  },
  "legacy.order.setQuoteAndPaid": {
    endpoint: "POST /rest/order/set_quote_and_paid",
    source: "params",
    xml: [{ field: "quoteXml", root: "quote" }],
    fields: [
      ["externalOrderId", required],
      ["secret", required],
      ["quoteXml", required],
      ["quoteXml.offering-id", required, integer(1)],
      ["quoteXml.number-of-pages", required, integer(0)],
      ["quoteXml.quantity", required, integer(1)],
      ["quoteXml.currency", required, currency],
      ["useMerchantSecret", bool],
    ],
  },
  "legacy.order.status": {
    endpoint: "GET /rest/order/status",
    source: "params",
    fields: [["paymentReference", required]],
  },
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
