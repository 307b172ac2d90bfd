/** productSet's own product fields: title, handle, type, vendor, status, tags and description. */
import type { ProductRecord } from "../../../state";
import type { Args, GraphqlContext } from "../../context";
import { handleize, productByHandle, uniqueHandle } from "./identifier";
import type { SetUserError } from "./types";

export interface CheckedProductFields {
  title: string | undefined;
  handle: string | undefined;
}

/** Checks the product's own fields; `existing` is the product being updated, if any. */
export function checkProductFields(
  ctx: GraphqlContext,
  input: Args,
  existing: ProductRecord | undefined,
  errors: SetUserError[],
): CheckedProductFields {
  const creating = !existing;
  const title = typeof input.title === "string" ? input.title.trim() : undefined;
  if ((creating && !title) || (input.title !== undefined && !title)) {
    errors.push({
      field: ["input", "title"],
      message: "Title can't be blank",
      code: "INVALID_PRODUCT",
    });
  } else if (title && title.length > 255) {
    errors.push({
      field: ["input", "title"],
      message: "Title is too long (maximum is 255 characters)",
      code: "INVALID_PRODUCT",
    });
  }
  let handle: string | undefined;
  const handleSource =
    typeof input.handle === "string" && input.handle.trim() ? input.handle : undefined;
  if (handleSource !== undefined) {
    handle = handleize(handleSource);
    if (!handle) {
      errors.push({
        field: ["input", "handle"],
        message: "Handle is invalid",
        code: "INVALID_PRODUCT",
      });
    } else if (existing) {
      const other = productByHandle(ctx, handle);
      if (other && other.id !== existing.id) {
        errors.push({
          field: ["input", "handle"],
          message: `Handle '${handle}' already in use. Please provide a new handle.`,
          code: "HANDLE_NOT_UNIQUE",
        });
      }
    }
  }
  if (typeof input.productType === "string" && input.productType.length > 255) {
    errors.push({
      field: ["input", "productType"],
      message: "Product type is too long (maximum is 255 characters)",
      code: "INVALID_PRODUCT",
    });
  }
  if (typeof input.vendor === "string" && input.vendor.length > 255) {
    errors.push({
      field: ["input", "vendor"],
      message: "Vendor is too long (maximum is 255 characters)",
      code: "INVALID_PRODUCT",
    });
  }
  return { title, handle };
}

function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

/** Updates `existing`, or stores a new product, with the checked fields. */
export function writeProductFields(
  ctx: GraphqlContext,
  input: Args,
  existing: ProductRecord | undefined,
  { title, handle }: CheckedProductFields,
  now: number,
): ProductRecord {
  const productType =
    typeof input.productType === "string" ? input.productType : (existing?.productType ?? "");
  let product: ProductRecord;
  if (existing) {
    product = existing;
    if (title) product.title = title;
    if (handle) product.handle = handle;
    product.productType = productType;
  } else {
    product = {
      id: ctx.state.nextId("Product"),
      shop: ctx.shop.domain,
      title: title!,
      handle: uniqueHandle(ctx, handle ?? (handleize(title!) || "product"), null),
      status: "ACTIVE",
      vendor: ctx.shop.name,
      productType,
      description: "",
      tags: [],
      imageUrl: null,
      imageAlt: null,
      print: false,
      variantIds: [],
      descriptionHtml: "",
      options: [],
      mediaIds: [],
      createdAt: now,
      updatedAt: now,
    };
    ctx.state.products.set(product.id, product);
  }
  if (typeof input.status === "string") product.status = input.status as ProductRecord["status"];
  if (typeof input.vendor === "string") product.vendor = input.vendor;
  if (Array.isArray(input.tags)) product.tags = (input.tags as string[]).map((t) => t.trim());
  if (typeof input.descriptionHtml === "string") {
    product.descriptionHtml = input.descriptionHtml;
    product.description = stripHtml(input.descriptionHtml);
  }
  product.print = ctx.shop.printProductTypes.includes(product.productType);
  return product;
}
