/** ProductSnapshot: a product as the control API shows it, with variants, metafields and media. */
import { iso } from "../graphql";
import { mediaUrl } from "../graphql/views/media";
import { gid, type FakeState, type MetafieldRecord, type ProductRecord } from "../state";

export interface MetafieldSnapshot {
  /** Resolved: `$app:print_connect` is `app--<appId>--print_connect`. */
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface ProductSnapshot {
  id: string;
  legacyId: string;
  shop: string;
  title: string;
  handle: string;
  status: string;
  productType: string;
  vendor: string;
  descriptionHtml: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  options: Array<{ name: string; values: string[] }>;
  variants: Array<{
    id: string;
    title: string;
    sku: string;
    price: string;
    compareAtPrice: string | null;
    barcode: string | null;
    position: number;
    selectedOptions: Array<{ name: string; value: string }>;
    inventoryPolicy: string;
    tracked: boolean;
    requiresShipping: boolean;
    weight: { value: number; unit: string } | null;
    metafields: MetafieldSnapshot[];
  }>;
  metafields: MetafieldSnapshot[];
  media: Array<{
    id: string;
    status: string;
    alt: string | null;
    mimeType: string | null;
    /** Where the image is served (READY only). */
    url: string | null;
    originalSource: string;
    width: number | null;
    height: number | null;
    error: { code: string; message: string; details: string | null } | null;
  }>;
}

function metafieldsOf(
  state: FakeState,
  ownerType: MetafieldRecord["ownerType"],
  ownerId: number,
): MetafieldSnapshot[] {
  return [...state.metafields.values()]
    .filter((m) => m.ownerType === ownerType && m.ownerId === ownerId)
    .map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value }));
}

export function productSnapshot(
  state: FakeState,
  p: ProductRecord,
  fileOrigin: string | null,
): ProductSnapshot {
  const variants = p.variantIds.map((id) => state.variants.get(id)).filter((v) => v !== undefined);
  const options =
    p.options?.map((o) => ({ name: o.name, values: o.values.map((v) => v.name) })) ??
    [...new Set(variants.flatMap((v) => v.options.map((o) => o.name)))].map((name) => ({
      name,
      values: [
        ...new Set(
          variants.flatMap((v) => v.options.filter((o) => o.name === name).map((o) => o.value)),
        ),
      ],
    }));
  return {
    id: gid("Product", p.id),
    legacyId: String(p.id),
    shop: p.shop,
    title: p.title,
    handle: p.handle,
    status: p.status,
    productType: p.productType,
    vendor: p.vendor,
    descriptionHtml: p.descriptionHtml ?? (p.description ? `<p>${p.description}</p>` : ""),
    tags: [...p.tags],
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
    options,
    variants: variants.map((v) => ({
      id: gid("ProductVariant", v.id),
      title: v.title,
      sku: v.sku,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      barcode: v.barcode,
      position: v.position,
      selectedOptions: v.options.map((o) => ({ ...o })),
      inventoryPolicy: v.inventoryPolicy ?? "DENY",
      tracked: v.tracked ?? true,
      requiresShipping: v.requiresShipping ?? true,
      weight: v.weight ? { ...v.weight } : null,
      metafields: metafieldsOf(state, "PRODUCTVARIANT", v.id),
    })),
    metafields: metafieldsOf(state, "PRODUCT", p.id),
    media: (p.mediaIds ?? [])
      .map((id) => state.media.get(id))
      .filter((m) => m !== undefined)
      .map((m) => ({
        id: gid("MediaImage", m.id),
        status: m.status,
        alt: m.alt,
        mimeType: m.mimeType,
        url: m.status === "READY" ? mediaUrl({ fileOrigin }, m) : null,
        originalSource: m.originalSource,
        width: m.width,
        height: m.height,
        error: m.error ? { ...m.error } : null,
      })),
  };
}
