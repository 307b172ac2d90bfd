/** productSet's product and variant metafields: checked with metafieldsSet's rules, written after every check passed. */
import type { MetafieldRecord, ProductRecord } from "../../../state";
import type { Args, GraphqlContext } from "../../context";
import { ownerMetafields, resolveNamespace } from "../../views/metafields";
import { checkMetafieldInput, writeMetafield } from "../metafields";
import type { PlannedMetafield, SetUserError } from "./types";

export function checkMetafields(
  ctx: GraphqlContext,
  list: Args[],
  path: string[],
  existing: (namespace: string, key: string) => MetafieldRecord | undefined,
  errors: SetUserError[],
): PlannedMetafield[] {
  const planned: PlannedMetafield[] = [];
  list.forEach((input, j) => {
    const checked = checkMetafieldInput(ctx, input, existing);
    for (const p of checked.problems) {
      errors.push({
        field: [...path, String(j), p.field],
        message: p.message,
        code: "INVALID_METAFIELD",
      });
    }
    if (!checked.problems.length && checked.type) {
      planned.push({
        namespace: checked.namespace,
        key: checked.key,
        type: checked.type,
        value: checked.value,
      });
    }
  });
  return planned;
}

/** Looks up an owner's current metafield by namespace and key (none for an owner not made yet). */
export function findMetafield(
  ctx: GraphqlContext,
  ownerType: MetafieldRecord["ownerType"],
  ownerId: number | undefined,
) {
  return (namespace: string, key: string) =>
    ownerId === undefined
      ? undefined
      : ownerMetafields(ctx, ownerType, ownerId).find(
          (m) => m.namespace === namespace && m.key === key,
        );
}

/**
 * Writes the product's metafields; a product created through a `customId`
 * identifier also gets that metafield, so the next call finds it.
 */
export function writeProductMetafields(
  ctx: GraphqlContext,
  product: ProductRecord,
  planned: PlannedMetafield[],
  createdWithCustomId: Args | undefined,
): void {
  const owner = { ownerType: "PRODUCT" as const, ownerId: product.id };
  for (const m of planned) writeMetafield(ctx, owner, m);
  if (createdWithCustomId) {
    const c = createdWithCustomId;
    writeMetafield(ctx, owner, {
      namespace: resolveNamespace(ctx, c.namespace),
      key: String(c.key),
      type: "single_line_text_field",
      value: String(c.value),
    });
  }
}
