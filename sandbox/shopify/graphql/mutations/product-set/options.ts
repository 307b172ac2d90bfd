/** productSet's `productOptions`: checked and matched to the product's current options by id or name. */
import { parseId, type ProductOptionRecord, type ProductRecord } from "../../../state";
import type { Args, GraphqlContext } from "../../context";
import { productOptions } from "../../views/catalogue";
import type { PlannedOption, SetUserError } from "./types";

/** Shopify's limit: 3 options a product. */
const PRODUCT_OPTION_LIMIT = 3;

/**
 * The options the variants are checked against: the given ones, or (variants
 * given without options on an update) the product's current ones; null when
 * neither options nor variants are given.
 */
export function planOptions(
  ctx: GraphqlContext,
  input: Args,
  existing: ProductRecord | undefined,
  errors: SetUserError[],
): PlannedOption[] | null {
  const optionInputs = input.productOptions as Args[] | null | undefined;
  const variantInputs = input.variants as Args[] | null | undefined;
  if (optionInputs) {
    if (optionInputs.length > PRODUCT_OPTION_LIMIT) {
      errors.push({
        field: ["input", "productOptions"],
        message: `Can only specify a maximum of ${PRODUCT_OPTION_LIMIT} options`,
        code: "OPTIONS_OVER_LIMIT",
      });
    }
    const current = existing ? productOptions(ctx, existing) : [];
    const options = optionInputs.map((o, i) => {
      const path = ["input", "productOptions", String(i)];
      const byId = o.id
        ? current.find((c) => c.id === parseId(String(o.id), "ProductOption"))
        : undefined;
      const name = typeof o.name === "string" ? o.name.trim() : (byId?.name ?? "");
      if (!name) {
        errors.push({
          field: [...path, "name"],
          message: "Option name can't be blank",
          code: "INVALID_INPUT",
        });
      } else if (
        optionInputs.slice(0, i).some(
          (prev) =>
            String(prev.name ?? "")
              .trim()
              .toLowerCase() === name.toLowerCase(),
        )
      ) {
        errors.push({
          field: [...path, "name"],
          message: "Duplicated option name.",
          code: "DUPLICATED_OPTION_NAME",
        });
      }
      const values = (o.values as Args[] | null | undefined) ?? [];
      if (!values.length) {
        errors.push({
          field: [...path, "values"],
          message: "Each option must have at least one option value specified.",
          code: "OPTION_VALUES_MISSING",
        });
      }
      const known = byId ?? current.find((c) => c.name === name);
      const planned = values.map((v, j) => {
        const valueName = typeof v.name === "string" ? v.name.trim() : "";
        if (!valueName) {
          errors.push({
            field: [...path, "values", String(j), "name"],
            message: "Option value name can't be blank",
            code: "INVALID_INPUT",
          });
        } else if (
          values.slice(0, j).some((prev) => String(prev.name ?? "").trim() === valueName)
        ) {
          errors.push({
            field: [...path, "values", String(j), "name"],
            message: "Duplicated option value.",
            code: "DUPLICATED_OPTION_VALUE",
          });
        }
        return {
          id: known?.values.find((kv) => kv.name === valueName)?.id ?? null,
          name: valueName,
        };
      });
      return { id: known?.id ?? null, name, values: planned };
    });
    if (!variantInputs) {
      errors.push({
        field: ["input", "variants"],
        message: "Must specify variants when updating options.",
        code: "VARIANTS_INPUT_MISSING",
      });
    }
    return options;
  }
  if (!variantInputs) return null;
  if (!existing) {
    errors.push({
      field: ["input", "productOptions"],
      message: "Must specify product options when updating variants.",
      code: "PRODUCT_OPTIONS_INPUT_MISSING",
    });
    return null;
  }
  return productOptions(ctx, existing).map((o) => ({
    id: o.id,
    name: o.name,
    values: o.values.map((v) => ({ id: v.id, name: v.name })),
  }));
}

/** Gives each planned option and value its id, new ones a fresh one. */
export function writeOptions(ctx: GraphqlContext, options: PlannedOption[]): ProductOptionRecord[] {
  return options.map((o, i) => ({
    id: o.id ?? ctx.state.nextId("ProductOption"),
    name: o.name,
    position: i + 1,
    values: o.values.map((v) => ({
      id: v.id ?? ctx.state.nextId("ProductOptionValue"),
      name: v.name,
    })),
  }));
}
