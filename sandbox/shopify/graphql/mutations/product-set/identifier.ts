/**
 * productSet's `identifier` (id, handle or a unique metafield) and the handle
 * rules: which product the call updates, or none (it creates one).
 */
import type { ProductRecord } from "../../../state";
import { idArg, type Args, type GraphqlContext } from "../../context";
import { resolveNamespace } from "../../views/metafields";
import type { SetUserError } from "./types";

/** Shopify's handle rules: lower case letters, digits and dashes. */
export function handleize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 255);
}

function shopProducts(ctx: GraphqlContext): ProductRecord[] {
  return [...ctx.state.products.values()].filter((p) => p.shop === ctx.shop.domain);
}

export function productByHandle(ctx: GraphqlContext, handle: string): ProductRecord | undefined {
  return shopProducts(ctx).find((p) => p.handle === handle);
}

/** The handle, or the first of handle-1, handle-2 ... that no other product of the shop has. */
export function uniqueHandle(ctx: GraphqlContext, base: string, selfId: number | null): string {
  const taken = (h: string) => {
    const other = productByHandle(ctx, h);
    return !!other && other.id !== selfId;
  };
  if (!taken(base)) return base;
  for (let n = 1; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** The product the identifier names, or an error; `undefined` product = create. */
export function identify(
  ctx: GraphqlContext,
  identifier: Args | null | undefined,
): { product?: ProductRecord; error?: SetUserError; customId?: Args } {
  if (!identifier) return {};
  const given = (["id", "handle", "customId"] as const).filter(
    (k) => identifier[k] !== undefined && identifier[k] !== null,
  );
  if (given.length !== 1) {
    return {
      error: {
        field: ["identifier"],
        message: "Exactly one of id, handle or customId must be given.",
        code: "INVALID_INPUT",
      },
    };
  }
  if (given[0] === "id") {
    const id = idArg(identifier.id, "Product");
    const p = id === null ? undefined : ctx.state.products.get(id);
    if (!p || p.shop !== ctx.shop.domain) {
      return {
        error: {
          field: ["identifier", "id"],
          message: "Resource matching the identifier was not found.",
          code: "NOT_FOUND",
        },
      };
    }
    return { product: p };
  }
  if (given[0] === "handle") return { product: productByHandle(ctx, String(identifier.handle)) };
  const custom = identifier.customId as Args;
  const namespace = resolveNamespace(ctx, custom.namespace);
  const found = [...ctx.state.metafields.values()].find(
    (m) =>
      m.shop === ctx.shop.domain &&
      m.ownerType === "PRODUCT" &&
      m.namespace === namespace &&
      m.key === custom.key &&
      m.value === custom.value,
  );
  return { product: found ? ctx.state.products.get(found.ownerId) : undefined, customId: custom };
}

/**
 * The input must carry the field its identifier names, with the same value: the
 * handle for `identifier.handle`, and (when metafields are given) the `customId`
 * metafield.
 */
export function identifierMatchesInput(
  ctx: GraphqlContext,
  identifier: Args | null | undefined,
  input: Args,
  errors: SetUserError[],
): void {
  if (typeof identifier?.handle === "string") {
    if (typeof input.handle !== "string" || !input.handle) {
      errors.push({
        field: ["input", "handle"],
        message: "The input field corresponding to the identifier is required.",
        code: "MISSING_FIELD_REQUIRED",
      });
    } else if (input.handle !== identifier.handle) {
      errors.push({
        field: ["input", "handle"],
        message:
          "The identifier value does not match the value of the corresponding field in the input.",
        code: "INPUT_MISMATCH",
      });
    }
  }
  const custom = identifier?.customId as Args | null | undefined;
  if (custom && Array.isArray(input.metafields)) {
    const namespace = resolveNamespace(ctx, custom.namespace);
    const present = (input.metafields as Args[]).some(
      (m) =>
        resolveNamespace(ctx, m.namespace) === namespace &&
        m.key === custom.key &&
        m.value === custom.value,
    );
    if (!present) {
      errors.push({
        field: ["input", "metafields"],
        message: "The input argument `metafields` must contain the `customId` value.",
        code: "METAFIELD_MISMATCH",
      });
    }
  }
}
