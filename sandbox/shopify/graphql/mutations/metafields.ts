/**
 * metafieldsSet and metafieldsDelete on products and variants, with Shopify's
 * rules: at most 25 metafields a call, all or nothing, `$app` namespaces
 * resolved for the calling app, values checked against their type, and a
 * deleted metafield that was not there answered with null.
 */
import { gid, parseId, type MetafieldRecord } from "../../state";
import { requireAccess } from "../access";
import { idArg, type Args, type GraphqlContext, type View } from "../context";
import { metafieldView, ownerMetafields, resolveNamespace } from "../views/metafields";

export const METAFIELDS_SET_LIMIT = 25;

/** The metafield types the fake knows, with the check each value must pass. */
const VALUE_CHECKS: Record<string, (value: string) => string | null> = {
  single_line_text_field: (v) =>
    v.includes("\n") ? "Value must be a single line text string." : null,
  multi_line_text_field: () => null,
  number_integer: (v) =>
    /^[-+]?\d+$/.test(v.trim()) && Number.isSafeInteger(Number(v))
      ? null
      : "Value must be an integer.",
  number_decimal: (v) => (/^[-+]?\d+(\.\d+)?$/.test(v.trim()) ? null : "Value must be a decimal."),
  boolean: (v) => (v === "true" || v === "false" ? null : "Value must be true or false."),
  json: (v) => {
    try {
      JSON.parse(v);
      return null;
    } catch {
      return "Value is invalid JSON.";
    }
  },
  // A list type's value is a JSON array of its item type's values.
  "list.single_line_text_field": (v) => {
    let items: unknown;
    try {
      items = JSON.parse(v);
    } catch {
      return "Value is invalid JSON.";
    }
    if (!Array.isArray(items)) return "Value must be an array.";
    for (const item of items) {
      if (typeof item !== "string") return "Value must be an array of strings.";
      if (item.includes("\n")) return "Value must be a single line text string.";
    }
    return null;
  },
};

interface SetUserError {
  field: string[];
  message: string;
  code: string;
  elementIndex: null;
}

interface Owner {
  ownerType: MetafieldRecord["ownerType"];
  ownerId: number;
}

/** A product or variant of this shop by GID; anything else is no owner. */
function findOwner(ctx: GraphqlContext, ownerGid: unknown): Owner | null {
  const raw = String(ownerGid);
  idArg(raw, "ProductVariant"); // a malformed GID is a top-level error, as on Shopify
  const variantId = parseId(raw, "ProductVariant");
  if (variantId !== undefined) {
    const v = ctx.state.variants.get(variantId);
    return v && v.shop === ctx.shop.domain ? { ownerType: "PRODUCTVARIANT", ownerId: v.id } : null;
  }
  const productId = parseId(raw, "Product");
  if (productId !== undefined) {
    const p = ctx.state.products.get(productId);
    return p && p.shop === ctx.shop.domain ? { ownerType: "PRODUCT", ownerId: p.id } : null;
  }
  return null;
}

function ownerGidOf(m: Pick<MetafieldRecord, "ownerType" | "ownerId">): string {
  return gid(m.ownerType === "PRODUCT" ? "Product" : "ProductVariant", m.ownerId);
}

function find(ctx: GraphqlContext, owner: Owner, namespace: string, key: string) {
  return ownerMetafields(ctx, owner.ownerType, owner.ownerId).find(
    (m) => m.namespace === namespace && m.key === key,
  );
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** An `app--<id>` namespace is reserved for the app with that id. */
function ownNamespace(ctx: GraphqlContext, namespace: string): boolean {
  if (!namespace.startsWith("app--")) return true;
  const own = `app--${ctx.appId}`;
  return namespace === own || namespace.startsWith(`${own}--`);
}

/** A problem with one metafield input: the input field it is on, Shopify's words and code. */
export interface MetafieldProblem {
  field: "namespace" | "key" | "type" | "value";
  message: string;
  code: string;
}

/**
 * Checks one metafield input (namespace, key, type, value) the way Shopify
 * does, for metafieldsSet and for the metafields of productSet. `existing`
 * finds the metafield already there under the resolved namespace and key.
 */
export function checkMetafieldInput(
  ctx: GraphqlContext,
  input: Args,
  existing: (namespace: string, key: string) => MetafieldRecord | undefined,
): {
  namespace: string;
  key: string;
  type: string | undefined;
  value: string;
  problems: MetafieldProblem[];
} {
  const problems: MetafieldProblem[] = [];
  const add = (field: MetafieldProblem["field"], message: string, code: string) =>
    problems.push({ field, message, code });
  const namespace = resolveNamespace(ctx, input.namespace);
  if (namespace.length < 3) {
    add("namespace", "Namespace is too short (minimum is 3 characters).", "TOO_SHORT");
  } else if (namespace.length > 255) {
    add("namespace", "Namespace is too long (maximum is 255 characters).", "TOO_LONG");
  } else if (!NAME.test(namespace)) {
    add("namespace", "Namespace contains one or more invalid characters.", "INVALID");
  } else if (!ownNamespace(ctx, namespace)) {
    add(
      "namespace",
      "Access to this namespace and key on Metafields for this resource type is not allowed.",
      "APP_NOT_AUTHORIZED",
    );
  }
  const key = String(input.key ?? "");
  if (key.length < 2) {
    add("key", "Key is too short (minimum is 2 characters).", "TOO_SHORT");
  } else if (key.length > 64) {
    add("key", "Key is too long (maximum is 64 characters).", "TOO_LONG");
  } else if (!NAME.test(key)) {
    add("key", "Key contains one or more invalid characters.", "INVALID");
  }
  const found = existing(namespace, key);
  const type = typeof input.type === "string" && input.type ? input.type : found?.type;
  const value = input.value === undefined || input.value === null ? "" : String(input.value);
  if (!type) {
    add("type", "Type can't be blank.", "BLANK");
  } else if (!VALUE_CHECKS[type]) {
    add("type", `Type '${type}' is not a valid metafield type.`, "INVALID_TYPE");
  } else if (found && found.type !== type) {
    add(
      "type",
      `Type can't be changed from ${found.type} to ${type}: delete the metafield first.`,
      "INVALID_TYPE",
    );
  } else if (value.trim() === "") {
    add("value", "Value can't be blank.", "BLANK");
  } else {
    const problem = VALUE_CHECKS[type]!(value);
    if (problem) add("value", problem, "INVALID_VALUE");
  }
  return { namespace, key, type, value, problems };
}

/**
 * Writes (creates or updates) a checked metafield on an owner. The caller
 * has checked it with checkMetafieldInput.
 */
export function writeMetafield(
  ctx: GraphqlContext,
  owner: { ownerType: MetafieldRecord["ownerType"]; ownerId: number },
  m: { namespace: string; key: string; type: string; value: string },
): MetafieldRecord {
  const now = ctx.state.now();
  const existing = find(ctx, owner, m.namespace, m.key);
  if (existing) {
    existing.value = m.value;
    existing.updatedAt = now;
    return existing;
  }
  const record: MetafieldRecord = {
    id: ctx.state.nextId("Metafield"),
    shop: ctx.shop.domain,
    ...owner,
    ...m,
    createdAt: now,
    updatedAt: now,
  };
  ctx.state.metafields.set(record.id, record);
  return record;
}

export function metafieldsSet(ctx: GraphqlContext, inputs: Args[]): View {
  requireAccess(ctx, "metafieldsSet", "write_products");
  const error = (i: number | null, field: string | null, message: string, code: string) => ({
    field: i === null ? ["metafields"] : ["metafields", String(i), ...(field ? [field] : [])],
    message,
    code,
    elementIndex: null,
  });
  if (inputs.length > METAFIELDS_SET_LIMIT) {
    return {
      metafields: null,
      userErrors: [
        error(
          null,
          null,
          `Exceeded the maximum metafields input limit of ${METAFIELDS_SET_LIMIT}.`,
          "LESS_THAN_OR_EQUAL_TO",
        ),
      ],
    };
  }
  const errors: SetUserError[] = [];
  const planned: Array<{
    owner: Owner;
    namespace: string;
    key: string;
    type: string;
    value: string;
  }> = [];
  inputs.forEach((input, i) => {
    const owner = findOwner(ctx, input.ownerId);
    if (!owner) errors.push(error(i, "ownerId", "Owner does not exist.", "INVALID"));
    const checked = checkMetafieldInput(ctx, input, (namespace, key) =>
      owner ? find(ctx, owner, namespace, key) : undefined,
    );
    for (const p of checked.problems) errors.push(error(i, p.field, p.message, p.code));
    if (!checked.problems.length && owner && checked.type) {
      planned.push({
        owner,
        namespace: checked.namespace,
        key: checked.key,
        type: checked.type,
        value: checked.value,
      });
    }
  });
  // All or nothing: one bad input and nothing is written.
  if (errors.length) return { metafields: null, userErrors: errors };
  const written = planned.map(({ owner, ...m }) => writeMetafield(ctx, owner, m));
  return { metafields: written.map(metafieldView), userErrors: [] };
}

export function metafieldsDelete(ctx: GraphqlContext, identifiers: Args[]): View {
  requireAccess(ctx, "metafieldsDelete", "write_products");
  if (identifiers.length === 0) {
    return {
      deletedMetafields: null,
      userErrors: [{ field: ["metafields"], message: "At least one metafield must be specified." }],
    };
  }
  // A metafield that is not there (or an owner that is not) is answered with null.
  const deleted = identifiers.map((identifier) => {
    const owner = findOwner(ctx, identifier.ownerId);
    const namespace = resolveNamespace(ctx, identifier.namespace);
    const found = owner ? find(ctx, owner, namespace, String(identifier.key)) : undefined;
    if (!found) return null;
    ctx.state.metafields.delete(found.id);
    return { ownerId: ownerGidOf(found), namespace: found.namespace, key: found.key };
  });
  return { deletedMetafields: deleted, userErrors: [] };
}
