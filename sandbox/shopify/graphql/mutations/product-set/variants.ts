/**
 * productSet's variants: each matched to the option values, to a current
 * variant (by id or by its option values, which keeps its id) and checked;
 * then written in the given order, the current variants left out deleted.
 */
import { parseId, type ProductRecord, type VariantRecord } from "../../../state";
import { idArg, type Args, type GraphqlContext } from "../../context";
import { ownerMetafields } from "../../views/metafields";
import { writeMetafield } from "../metafields";
import { checkMetafields, findMetafield } from "./metafields";
import type { PlannedOption, PlannedVariant, SetUserError } from "./types";

/** Shopify's limit: 2048 variants a product. */
const PRODUCT_VARIANT_LIMIT = 2048;
/** Money Shopify takes: 0 up to (not including) 10^18. */
const PRICE_MAX = 1e18;

const GRAMS_PER: Record<string, number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** Price as Shopify keeps it: two decimals. */
export function normalizePrice(value: string): string {
  return (Math.round(Number(value) * 100) / 100).toFixed(2);
}

/** Problems of a Money input (already a decimal string: the scalar refused anything else). */
export function priceProblem(label: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const n = Number(value);
  if (n < 0) return `${label} must be greater than or equal to 0`;
  if (n >= PRICE_MAX) return `${label} must be less than 1000000000000000000`;
  return null;
}

function variantsOf(ctx: GraphqlContext, product: ProductRecord): VariantRecord[] {
  return product.variantIds
    .map((id) => ctx.state.variants.get(id))
    .filter((v): v is VariantRecord => !!v);
}

/** The option values one variant input names, in the options' order; problems go to `errors`. */
function chooseOptionValues(
  input: Args,
  options: PlannedOption[],
  path: string[],
  errors: SetUserError[],
): { ordered: Array<{ name: string; value: string }>; missing: string[] } {
  const chosen = new Map<string, string>();
  ((input.optionValues as Args[] | null | undefined) ?? []).forEach((ov, j) => {
    const at = [...path, "optionValues", String(j)];
    const option = options.find(
      (o) =>
        (typeof ov.optionName === "string" && o.name === ov.optionName) ||
        (ov.optionId != null && o.id === parseId(String(ov.optionId), "ProductOption")),
    );
    if (!option) {
      errors.push({ field: at, message: "Option does not exist", code: "OPTION_DOES_NOT_EXIST" });
      return;
    }
    const value = option.values.find(
      (x) =>
        (typeof ov.name === "string" && x.name === ov.name) ||
        (ov.id != null && x.id === parseId(String(ov.id), "ProductOptionValue")),
    );
    if (!value) {
      errors.push({
        field: at,
        message: "Option value does not exist",
        code: "OPTION_VALUE_DOES_NOT_EXIST",
      });
      return;
    }
    if (chosen.has(option.name)) {
      errors.push({
        field: at,
        message: `Option '${option.name}' is given more than once`,
        code: "INVALID_VARIANT",
      });
      return;
    }
    chosen.set(option.name, value.name);
  });
  return {
    ordered: options
      .filter((o) => chosen.has(o.name))
      .map((o) => ({ name: o.name, value: chosen.get(o.name)! })),
    missing: options.filter((o) => !chosen.has(o.name)).map((o) => o.name),
  };
}

/** Price, compare-at price, SKU and weight of one variant input. */
function checkVariantFields(input: Args, path: string[], errors: SetUserError[]): void {
  for (const name of ["price", "compareAtPrice"] as const) {
    const problem = priceProblem(name === "price" ? "Price" : "Compare at price", input[name]);
    if (problem) errors.push({ field: [...path, name], message: problem, code: "INVALID_VARIANT" });
  }
  const item = input.inventoryItem as Args | null | undefined;
  const sku =
    typeof input.sku === "string" ? input.sku : typeof item?.sku === "string" ? item.sku : null;
  if (sku && sku.length > 255) {
    errors.push({
      field: [...path, "sku"],
      message: "SKU is too long (maximum is 255 characters)",
      code: "INVALID_VARIANT",
    });
  }
  const weight = ((item?.measurement as Args | null | undefined)?.weight ?? null) as Args | null;
  if (weight && Number(weight.value) < 0) {
    errors.push({
      field: [...path, "inventoryItem", "measurement", "weight", "value"],
      message: "Weight must be greater than or equal to 0",
      code: "INVALID_VARIANT",
    });
  }
}

export function planVariants(
  ctx: GraphqlContext,
  variantInputs: Args[],
  options: PlannedOption[],
  existing: ProductRecord | undefined,
  errors: SetUserError[],
): PlannedVariant[] {
  if (variantInputs.length > PRODUCT_VARIANT_LIMIT) {
    errors.push({
      field: ["input", "variants"],
      message: `Number of product variants exceeds shop limit of ${PRODUCT_VARIANT_LIMIT}.`,
      code: "VARIANTS_OVER_LIMIT",
    });
  }
  const planned: PlannedVariant[] = [];
  const currentVariants = existing ? variantsOf(ctx, existing) : [];
  const seen = new Map<string, number>();
  variantInputs.forEach((v, i) => {
    const path = ["input", "variants", String(i)];
    const before = errors.length;
    const { ordered, missing } = chooseOptionValues(v, options, path, errors);
    if (missing.length && errors.length === before) {
      errors.push({
        field: [...path, "optionValues"],
        message: `Option values are missing for: ${missing.join(", ")}`,
        code: "INVALID_VARIANT",
      });
    }
    const key = ordered.map((o) => `${o.name}\u0000${o.value}`).join("\u0001");
    if (!missing.length && seen.has(key)) {
      errors.push({
        field: path,
        message: `The variant '${ordered.map((o) => o.value).join(" / ")}' already exists.`,
        code: "INVALID_VARIANT",
      });
    }
    seen.set(key, i);
    checkVariantFields(v, path, errors);
    let match: VariantRecord | undefined;
    if (v.id != null) {
      const id = idArg(v.id, "ProductVariant");
      match = currentVariants.find((c) => c.id === id);
      if (!match) {
        errors.push({
          field: [...path, "id"],
          message: "Product variant does not exist",
          code: "PRODUCT_VARIANT_DOES_NOT_EXIST",
        });
      }
    } else {
      match = currentVariants.find(
        (c) =>
          c.options.length === ordered.length &&
          ordered.every((o) => c.options.some((co) => co.name === o.name && co.value === o.value)),
      );
    }
    if (planned.some((p) => p.existing && p.existing === match)) match = undefined;
    const metafields = checkMetafields(
      ctx,
      (v.metafields as Args[] | null | undefined) ?? [],
      [...path, "metafields"],
      findMetafield(ctx, "PRODUCTVARIANT", match?.id),
      errors,
    );
    planned.push({ existing: match, input: v, options: ordered, metafields });
  });
  return planned;
}

/** Writes the planned variants with their metafields, in order, and deletes the ones left out. */
export function writeVariants(
  ctx: GraphqlContext,
  product: ProductRecord,
  planned: PlannedVariant[],
  now: number,
): void {
  const keep = new Set<number>();
  const previous = variantsOf(ctx, product);
  product.variantIds = planned.map((p, i) => {
    const v = writeVariant(ctx, product, p, i + 1, now);
    keep.add(v.id);
    for (const m of p.metafields) {
      writeMetafield(ctx, { ownerType: "PRODUCTVARIANT", ownerId: v.id }, m);
    }
    return v.id;
  });
  for (const v of previous) {
    if (!keep.has(v.id)) deleteVariant(ctx, v);
  }
}

/** A product created without variants gets Shopify's one default variant. */
export function writeDefaultVariant(
  ctx: GraphqlContext,
  product: ProductRecord,
  now: number,
): void {
  product.options = [
    {
      id: ctx.state.nextId("ProductOption"),
      name: "Title",
      position: 1,
      values: [{ id: ctx.state.nextId("ProductOptionValue"), name: "Default Title" }],
    },
  ];
  const v = writeVariant(
    ctx,
    product,
    {
      existing: undefined,
      input: {},
      options: [{ name: "Title", value: "Default Title" }],
      metafields: [],
    },
    1,
    now,
  );
  product.variantIds = [v.id];
}

function writeVariant(
  ctx: GraphqlContext,
  product: ProductRecord,
  planned: PlannedVariant,
  position: number,
  now: number,
): VariantRecord {
  const { input } = planned;
  const item = (input.inventoryItem as Args | null | undefined) ?? {};
  const weightInput = ((item.measurement as Args | null | undefined)?.weight ??
    null) as Args | null;
  const v: VariantRecord = planned.existing ?? {
    id: ctx.state.nextId("ProductVariant"),
    shop: product.shop,
    productId: product.id,
    title: "",
    sku: "",
    price: "0.00",
    compareAtPrice: null,
    barcode: null,
    position,
    options: [],
    grams: 0,
    inventoryQuantity: 0,
    imageUrl: null,
    inventoryPolicy: "DENY",
    tracked: true,
    requiresShipping: true,
    weight: null,
    createdAt: now,
    updatedAt: now,
  };
  v.options = planned.options;
  v.title = planned.options.map((o) => o.value).join(" / ") || "Default Title";
  v.position = position;
  if (input.price != null) v.price = normalizePrice(String(input.price));
  if (input.compareAtPrice !== undefined) {
    v.compareAtPrice =
      input.compareAtPrice === null ? null : normalizePrice(String(input.compareAtPrice));
  }
  if (typeof input.sku === "string") v.sku = input.sku;
  else if (typeof item.sku === "string") v.sku = item.sku;
  if (typeof input.barcode === "string") v.barcode = input.barcode;
  if (typeof input.inventoryPolicy === "string") {
    v.inventoryPolicy = input.inventoryPolicy as VariantRecord["inventoryPolicy"];
  }
  if (typeof item.tracked === "boolean") v.tracked = item.tracked;
  if (typeof item.requiresShipping === "boolean") v.requiresShipping = item.requiresShipping;
  if (weightInput) {
    const unit = weightInput.unit as NonNullable<VariantRecord["weight"]>["unit"];
    v.weight = { value: Number(weightInput.value), unit };
    v.grams = Math.round(Number(weightInput.value) * (GRAMS_PER[unit] ?? 1));
  }
  v.updatedAt = now;
  if (!planned.existing) ctx.state.stockAtHome(product.shop, v.id, product.print);
  ctx.state.variants.set(v.id, v);
  return v;
}

/** Removes a variant and its metafields (a variant left out of productSet, or a deleted product's). */
export function deleteVariant(ctx: GraphqlContext, v: VariantRecord): void {
  ctx.state.variants.delete(v.id);
  for (const m of ownerMetafields(ctx, "PRODUCTVARIANT", v.id)) ctx.state.metafields.delete(m.id);
  for (const level of [...ctx.state.inventoryLevels.values()]) {
    if (level.inventoryItemId === v.id) ctx.state.inventoryLevels.delete(level.id);
  }
}
