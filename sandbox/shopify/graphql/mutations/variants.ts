/**
 * productVariantsBulkUpdate (prices, compare-at prices, option values,
 * inventory fields and metafields of a product's variants; all or nothing
 * unless allowPartialUpdates) and productDelete.
 */
import { gid, type VariantRecord } from "../../state";
import { requireAccess } from "../access";
import { idArg, type Args, type GraphqlContext, type View } from "../context";
import { productOptions, productView, shopView, variantView } from "../views/catalogue";
import { ownerMetafields } from "../views/metafields";
import { checkMetafieldInput, writeMetafield } from "./metafields";
import { deleteVariant, normalizePrice, priceProblem } from "./product-set/variants";

interface BulkUserError {
  field: string[] | null;
  message: string;
  code: string;
}

export function productVariantsBulkUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "productVariantsBulkUpdate", "write_products");
  const productId = idArg(args.productId, "Product");
  const product = productId === null ? undefined : ctx.state.products.get(productId);
  if (!product || product.shop !== ctx.shop.domain) {
    return {
      product: null,
      productVariants: null,
      userErrors: [
        { field: ["productId"], message: "Product does not exist", code: "PRODUCT_DOES_NOT_EXIST" },
      ],
    };
  }
  const inputs = args.variants as Args[];
  const partial = args.allowPartialUpdates === true;
  const errors: BulkUserError[] = [];
  const options = productOptions(ctx, product);
  const updates: Array<() => VariantRecord> = [];
  inputs.forEach((input, i) => {
    const path = ["variants", String(i)];
    const before = errors.length;
    if (input.id == null) {
      errors.push({
        field: [...path, "id"],
        message: "Product variant is missing ID attribute",
        code: "PRODUCT_VARIANT_ID_MISSING",
      });
      return;
    }
    const id = idArg(input.id, "ProductVariant");
    const variant = id === null ? undefined : ctx.state.variants.get(id);
    if (!variant || variant.shop !== ctx.shop.domain) {
      errors.push({
        field: [...path, "id"],
        message: "Product variant does not exist",
        code: "PRODUCT_VARIANT_DOES_NOT_EXIST",
      });
      return;
    }
    if (variant.productId !== product.id) {
      errors.push({
        field: [...path, "id"],
        message: "Product variant does not belong to this product",
        code: "MUST_BE_FOR_THIS_PRODUCT",
      });
      return;
    }
    for (const name of ["price", "compareAtPrice"] as const) {
      const problem = priceProblem(name === "price" ? "Price" : "Compare at price", input[name]);
      if (problem) {
        errors.push({
          field: [...path, name],
          message: problem,
          code: Number(input[name]) < 0 ? "GREATER_THAN_OR_EQUAL_TO" : "INVALID_INPUT",
        });
      }
    }
    let newOptions: VariantRecord["options"] | null = null;
    const optionValues = input.optionValues as Args[] | null | undefined;
    if (optionValues) {
      newOptions = variant.options.map((o) => ({ ...o }));
      optionValues.forEach((ov, j) => {
        const at = [...path, "optionValues", String(j)];
        const option = options.find((o) => o.name === ov.optionName);
        if (!option) {
          errors.push({
            field: at,
            message: "Option does not exist",
            code: "OPTION_DOES_NOT_EXIST",
          });
          return;
        }
        if (!option.values.some((v) => v.name === ov.name)) {
          errors.push({
            field: at,
            message: "Option value does not exist",
            code: "OPTION_VALUE_DOES_NOT_EXIST",
          });
          return;
        }
        const slot = newOptions!.find((o) => o.name === option.name);
        if (slot) slot.value = String(ov.name);
      });
      const clash = product.variantIds
        .map((vid) => ctx.state.variants.get(vid))
        .find(
          (other) =>
            other &&
            other.id !== variant.id &&
            other.options.every((o) =>
              newOptions!.some((n) => n.name === o.name && n.value === o.value),
            ),
        );
      if (clash) {
        errors.push({
          field: [...path, "optionValues"],
          message: `The variant '${newOptions.map((o) => o.value).join(" / ")}' already exists.`,
          code: "VARIANT_ALREADY_EXISTS",
        });
      }
    }
    const metafields = ((input.metafields as Args[] | null | undefined) ?? []).map((m, j) => {
      const checked = checkMetafieldInput(ctx, m, (namespace, key) =>
        ownerMetafields(ctx, "PRODUCTVARIANT", variant.id).find(
          (x) => x.namespace === namespace && x.key === key,
        ),
      );
      for (const p of checked.problems) {
        errors.push({
          field: [...path, "metafields", String(j), p.field],
          message: p.message,
          code: "INVALID_INPUT",
        });
      }
      return checked;
    });
    if (errors.length !== before) return;
    updates.push(() => {
      const item = (input.inventoryItem as Args | null | undefined) ?? {};
      if (input.price != null) variant.price = normalizePrice(String(input.price));
      if (input.compareAtPrice !== undefined) {
        variant.compareAtPrice =
          input.compareAtPrice === null ? null : normalizePrice(String(input.compareAtPrice));
      }
      if (typeof input.barcode === "string") variant.barcode = input.barcode;
      if (typeof input.inventoryPolicy === "string") {
        variant.inventoryPolicy = input.inventoryPolicy as VariantRecord["inventoryPolicy"];
      }
      if (typeof item.sku === "string") variant.sku = item.sku;
      if (typeof item.tracked === "boolean") variant.tracked = item.tracked;
      if (typeof item.requiresShipping === "boolean")
        variant.requiresShipping = item.requiresShipping;
      if (newOptions) {
        variant.options = newOptions;
        variant.title = newOptions.map((o) => o.value).join(" / ");
      }
      for (const m of metafields) {
        writeMetafield(
          ctx,
          { ownerType: "PRODUCTVARIANT", ownerId: variant.id },
          { namespace: m.namespace, key: m.key, type: m.type!, value: m.value },
        );
      }
      variant.updatedAt = ctx.state.now();
      return variant;
    });
  });
  if (errors.length && !partial)
    return { product: null, productVariants: null, userErrors: errors };
  const updated = updates.map((apply) => apply());
  if (updated.length) product.updatedAt = ctx.state.now();
  return {
    product: productView(ctx, product),
    productVariants: updated.map((v) => variantView(ctx, v)),
    userErrors: errors,
  };
}

export function productDelete(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "productDelete", "write_products");
  const input = args.input as Args;
  const id = idArg(input.id, "Product");
  const product = id === null ? undefined : ctx.state.products.get(id);
  if (!product || product.shop !== ctx.shop.domain) {
    return {
      deletedProductId: null,
      productDeleteOperation: null,
      shop: shopView(ctx),
      userErrors: [{ field: ["id"], message: "Product does not exist" }],
    };
  }
  for (const variantId of product.variantIds) {
    const v = ctx.state.variants.get(variantId);
    if (v) deleteVariant(ctx, v);
  }
  for (const m of ownerMetafields(ctx, "PRODUCT", product.id)) ctx.state.metafields.delete(m.id);
  for (const mediaId of product.mediaIds ?? []) ctx.state.media.delete(mediaId);
  ctx.state.products.delete(product.id);
  const deletedProductId = gid("Product", product.id);
  if (args.synchronous === false) {
    return {
      deletedProductId: null,
      productDeleteOperation: {
        __typename: "ProductDeleteOperation",
        id: gid("ProductDeleteOperation", product.id),
        deletedProductId,
        product: null,
        status: "COMPLETE",
        userErrors: [],
      },
      shop: shopView(ctx),
      userErrors: [],
    };
  }
  return { deletedProductId, productDeleteOperation: null, shop: shopView(ctx), userErrors: [] };
}
