/**
 * productSet: creates a product, or updates the one its identifier names
 * (id, handle or a unique metafield), with its options, variants, metafields
 * and media, all or nothing, with Shopify's checks and ProductSetUserError
 * codes. List fields given replace what is there (variants matched by id or
 * by their option values keep their ids); fields left out stay unchanged.
 */
import {
  gid,
  parseId,
  type MetafieldRecord,
  type ProductOptionRecord,
  type ProductRecord,
  type VariantRecord,
} from "../../state";
import { requireAccess } from "../access";
import { idArg, validUrl, type Args, type GraphqlContext, type View } from "../context";
import { productOptions, productView } from "../views/catalogue";
import { ownerMetafields, resolveNamespace } from "../views/metafields";
import { createMedia } from "./media";
import { checkMetafieldInput, writeMetafield } from "./metafields";

/** Shopify's limits: 2048 variants and 3 options a product. */
export const PRODUCT_VARIANT_LIMIT = 2048;
export const PRODUCT_OPTION_LIMIT = 3;
/** Money Shopify takes: 0 up to (not including) 10^18. */
const PRICE_MAX = 1e18;

interface SetUserError {
  field: string[] | null;
  message: string;
  code: string;
}

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

function productByHandle(ctx: GraphqlContext, handle: string): ProductRecord | undefined {
  return shopProducts(ctx).find((p) => p.handle === handle);
}

/** The handle, or the first of handle-1, handle-2 ... that no other product of the shop has. */
function uniqueHandle(ctx: GraphqlContext, base: string, selfId: number | null): string {
  const taken = (h: string) => {
    const other = productByHandle(ctx, h);
    return !!other && other.id !== selfId;
  };
  if (!taken(base)) return base;
  for (let n = 1; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

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

const GRAMS_PER: Record<string, number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** The product the identifier names, or an error; `undefined` product = create. */
function identify(
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
function identifierMatchesInput(
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

interface PlannedOption {
  id: number | null;
  name: string;
  values: Array<{ id: number | null; name: string }>;
}

interface PlannedVariant {
  existing: VariantRecord | undefined;
  input: Args;
  options: Array<{ name: string; value: string }>;
}

interface PlannedMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

function checkMetafields(
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

function findMetafield(
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

export function productSet(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "productSet", "write_products");
  const input = args.input as Args;
  const errors: SetUserError[] = [];
  const fail = (): View => ({ product: null, productSetOperation: null, userErrors: errors });

  const identified = identify(ctx, args.identifier as Args | null | undefined);
  if (identified.error) {
    errors.push(identified.error);
    return fail();
  }
  identifierMatchesInput(ctx, args.identifier as Args | null | undefined, input, errors);
  if (errors.length) return fail();
  const existing = identified.product;
  const creating = !existing;
  const variantsOf = (p: ProductRecord) =>
    p.variantIds.map((id) => ctx.state.variants.get(id)).filter((v): v is VariantRecord => !!v);

  // ------------------------------------------------------------ product fields
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
    } else if (!creating) {
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

  // ------------------------------------------------------------ options
  const optionInputs = input.productOptions as Args[] | null | undefined;
  const variantInputs = input.variants as Args[] | null | undefined;
  let options: PlannedOption[] | null = null;
  if (optionInputs) {
    if (optionInputs.length > PRODUCT_OPTION_LIMIT) {
      errors.push({
        field: ["input", "productOptions"],
        message: `Can only specify a maximum of ${PRODUCT_OPTION_LIMIT} options`,
        code: "OPTIONS_OVER_LIMIT",
      });
    }
    const current = existing ? productOptions(ctx, existing) : [];
    options = optionInputs.map((o, i) => {
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
  } else if (variantInputs) {
    if (creating) {
      errors.push({
        field: ["input", "productOptions"],
        message: "Must specify product options when updating variants.",
        code: "PRODUCT_OPTIONS_INPUT_MISSING",
      });
    } else {
      options = productOptions(ctx, existing).map((o) => ({
        id: o.id,
        name: o.name,
        values: o.values.map((v) => ({ id: v.id, name: v.name })),
      }));
    }
  }

  // ------------------------------------------------------------ variants
  const planned: PlannedVariant[] = [];
  const variantMetafields = new Map<number, PlannedMetafield[]>();
  if (variantInputs && options) {
    if (variantInputs.length > PRODUCT_VARIANT_LIMIT) {
      errors.push({
        field: ["input", "variants"],
        message: `Number of product variants exceeds shop limit of ${PRODUCT_VARIANT_LIMIT}.`,
        code: "VARIANTS_OVER_LIMIT",
      });
    }
    const currentVariants = existing ? variantsOf(existing) : [];
    const seen = new Map<string, number>();
    variantInputs.forEach((v, i) => {
      const path = ["input", "variants", String(i)];
      const before = errors.length;
      const chosen = new Map<string, string>();
      ((v.optionValues as Args[] | null | undefined) ?? []).forEach((ov, j) => {
        const at = [...path, "optionValues", String(j)];
        const option = options.find(
          (o) =>
            (typeof ov.optionName === "string" && o.name === ov.optionName) ||
            (ov.optionId != null && o.id === parseId(String(ov.optionId), "ProductOption")),
        );
        if (!option) {
          errors.push({
            field: at,
            message: "Option does not exist",
            code: "OPTION_DOES_NOT_EXIST",
          });
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
      const missing = options.filter((o) => !chosen.has(o.name)).map((o) => o.name);
      const ordered = options
        .filter((o) => chosen.has(o.name))
        .map((o) => ({ name: o.name, value: chosen.get(o.name)! }));
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
      for (const name of ["price", "compareAtPrice"] as const) {
        const problem = priceProblem(name === "price" ? "Price" : "Compare at price", v[name]);
        if (problem)
          errors.push({ field: [...path, name], message: problem, code: "INVALID_VARIANT" });
      }
      const item = v.inventoryItem as Args | null | undefined;
      const sku =
        typeof v.sku === "string" ? v.sku : typeof item?.sku === "string" ? item.sku : null;
      if (sku && sku.length > 255) {
        errors.push({
          field: [...path, "sku"],
          message: "SKU is too long (maximum is 255 characters)",
          code: "INVALID_VARIANT",
        });
      }
      const weight = ((item?.measurement as Args | null | undefined)?.weight ??
        null) as Args | null;
      if (weight && Number(weight.value) < 0) {
        errors.push({
          field: [...path, "inventoryItem", "measurement", "weight", "value"],
          message: "Weight must be greater than or equal to 0",
          code: "INVALID_VARIANT",
        });
      }
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
            ordered.every((o) =>
              c.options.some((co) => co.name === o.name && co.value === o.value),
            ),
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
      variantMetafields.set(i, metafields);
      planned.push({ existing: match, input: v, options: ordered });
    });
  }

  // ------------------------------------------------------------ metafields and files
  const productMetafields = checkMetafields(
    ctx,
    (input.metafields as Args[] | null | undefined) ?? [],
    ["input", "metafields"],
    findMetafield(ctx, "PRODUCT", existing?.id),
    errors,
  );
  const fileInputs = input.files as Args[] | null | undefined;
  const currentMedia = existing?.mediaIds ?? [];
  (fileInputs ?? []).forEach((f, j) => {
    const path = ["input", "files", String(j)];
    if (f.contentType != null && f.contentType !== "IMAGE") {
      errors.push({
        field: [...path, "contentType"],
        message: "Only IMAGE files can be product media here",
        code: "INVALID_INPUT",
      });
    }
    if (f.id != null && f.originalSource == null) {
      const id = parseId(String(f.id), "MediaImage");
      if (id === undefined || !currentMedia.includes(id)) {
        errors.push({ field: [...path, "id"], message: "File does not exist", code: "NOT_FOUND" });
      }
      return;
    }
    const source = typeof f.originalSource === "string" ? f.originalSource.trim() : "";
    if (!source) {
      errors.push({
        field: [...path, "originalSource"],
        message: "Original source can't be blank",
        code: "INVALID_INPUT",
      });
    } else if (!validUrl(source)) {
      errors.push({
        field: [...path, "originalSource"],
        message: "Original source is not a valid URL",
        code: "INVALID_INPUT",
      });
    }
  });

  if (errors.length) return fail();

  // ------------------------------------------------------------ write (nothing above wrote)
  const now = ctx.state.now();
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

  if (options) {
    product.options = options.map((o, i): ProductOptionRecord => ({
      id: o.id ?? ctx.state.nextId("ProductOption"),
      name: o.name,
      position: i + 1,
      values: o.values.map((v) => ({
        id: v.id ?? ctx.state.nextId("ProductOptionValue"),
        name: v.name,
      })),
    }));
  }
  if (variantInputs) {
    const keep = new Set<number>();
    const previous = variantsOf(product);
    product.variantIds = planned.map((p, i) => {
      const v = writeVariant(ctx, product, p, i + 1, now);
      keep.add(v.id);
      for (const m of variantMetafields.get(i) ?? []) {
        writeMetafield(ctx, { ownerType: "PRODUCTVARIANT", ownerId: v.id }, m);
      }
      return v.id;
    });
    for (const v of previous) {
      if (!keep.has(v.id)) deleteVariant(ctx, v);
    }
  } else if (creating) {
    // No variants given: Shopify makes the one default variant.
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
      { existing: undefined, input: {}, options: [{ name: "Title", value: "Default Title" }] },
      1,
      now,
    );
    product.variantIds = [v.id];
  }
  for (const m of productMetafields) {
    writeMetafield(ctx, { ownerType: "PRODUCT", ownerId: product.id }, m);
  }
  if (identified.customId && creating) {
    const c = identified.customId;
    writeMetafield(
      ctx,
      { ownerType: "PRODUCT", ownerId: product.id },
      {
        namespace: resolveNamespace(ctx, c.namespace),
        key: String(c.key),
        type: "single_line_text_field",
        value: String(c.value),
      },
    );
  }
  if (fileInputs) {
    const before = product.mediaIds ?? [];
    product.mediaIds = fileInputs.map((f) => {
      if (f.id != null && f.originalSource == null) return parseId(String(f.id), "MediaImage")!;
      const source = String(f.originalSource).trim();
      const alt = typeof f.alt === "string" ? f.alt : null;
      // The same source again (a retry) keeps its media, as an unchanged file list does.
      const same = before
        .map((id) => ctx.state.media.get(id))
        .find((m) => m && m.originalSource === source && m.status !== "FAILED");
      if (same) {
        same.alt = alt ?? same.alt;
        return same.id;
      }
      return createMedia(ctx, product, source, alt).id;
    });
    for (const id of before) if (!product.mediaIds.includes(id)) ctx.state.media.delete(id);
  }
  product.updatedAt = now;

  const view = productView(ctx, product);
  if (args.synchronous === false) {
    return {
      product: null,
      productSetOperation: {
        __typename: "ProductSetOperation",
        id: gid("ProductSetOperation", product.id),
        product: view,
        status: "COMPLETE",
        userErrors: [],
      },
      userErrors: [],
    };
  }
  return { product: view, productSetOperation: null, userErrors: [] };
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
  ctx.state.variants.set(v.id, v);
  return v;
}

/** Removes a variant and its metafields (a variant left out of productSet, or a deleted product's). */
export function deleteVariant(ctx: GraphqlContext, v: VariantRecord): void {
  ctx.state.variants.delete(v.id);
  for (const m of ownerMetafields(ctx, "PRODUCTVARIANT", v.id)) ctx.state.metafields.delete(m.id);
}
