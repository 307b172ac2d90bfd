/**
 * Views of the shop and its catalogue, locations and carrier services: records
 * shaped as the Admin schema's objects (fields with arguments are functions).
 */
import {
  gid,
  type CarrierServiceRecord,
  type ProductRecord,
  type VariantRecord,
} from "../../state";
import { iso, type Args, type GraphqlContext, type View } from "../context";
import { connection, sortBy, type PagingArgs } from "../paging";
import { fulfillmentServiceView, inventoryItemLevels } from "./fulfillment-service";
import { mediaImageView, mediaUrl, productMediaRecords } from "./media";
import { metafieldFields } from "./metafields";

export function imageView(
  ctx: GraphqlContext,
  url: string | null,
  alt: string | null,
  id: number,
): View | null {
  if (!url) return null;
  return {
    id: gid("ProductImage", id),
    altText: alt,
    // Shopify answers absolute URLs; seeded demo images are paths on the app's origin.
    url: () => (url.startsWith("/") && ctx.assetOrigin ? `${ctx.assetOrigin}${url}` : url),
    width: 2048,
    height: 2048,
  };
}

/** A seeded product's image as its featured media (a MediaImage whose preview is the image). */
function seededProductMedia(ctx: GraphqlContext, p: ProductRecord): View | null {
  const { imageUrl: url, imageAlt: alt, id } = p;
  const image = imageView(ctx, url, alt, id);
  if (!image) return null;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", id),
    alt,
    mediaContentType: "IMAGE",
    mediaErrors: [],
    status: "READY",
    preview: { image, status: "READY" },
    image,
    mimeType: "image/jpeg",
    createdAt: iso(p.createdAt),
  };
}

/** The options of a product: as productSet declared them, else derived from the variants. */
export function productOptions(
  ctx: GraphqlContext,
  p: ProductRecord,
): Array<{
  id: number;
  name: string;
  position: number;
  values: Array<{ id: number; name: string }>;
}> {
  if (p.options) return p.options;
  const names = new Map<string, string[]>();
  for (const id of p.variantIds) {
    for (const o of ctx.state.variants.get(id)?.options ?? []) {
      const vals = names.get(o.name) ?? [];
      if (!vals.includes(o.value)) vals.push(o.value);
      names.set(o.name, vals);
    }
  }
  return [...names.entries()].map(([name, values], i) => ({
    id: p.id * 10 + i,
    name,
    position: i + 1,
    values: values.map((v, j) => ({ id: (p.id * 10 + i) * 100 + j, name: v })),
  }));
}

export function shopView(ctx: GraphqlContext): View {
  const s = ctx.shop;
  const address = {
    __typename: "ShopAddress",
    id: gid("ShopAddress", s.id),
    address1: "Keizersgracht 1",
    address2: null,
    city: "Amsterdam",
    company: s.name,
    country: "Netherlands",
    countryCodeV2: s.countryCode,
    province: null,
    provinceCode: null,
    zip: "1015 AA",
    phone: null,
  };
  return {
    __typename: "Shop",
    id: gid("Shop", s.id),
    name: s.name,
    myshopifyDomain: s.domain,
    email: s.email,
    contactEmail: s.contactEmail,
    // Every stand-in shop has the same owner: a name for forms that start from the shop's.
    shopOwnerName: "Sam de Vries",
    currencyCode: s.currencyCode,
    enabledPresentmentCurrencies: [s.currencyCode],
    ianaTimezone: s.ianaTimezone,
    timezoneAbbreviation: s.ianaTimezone === "Europe/Amsterdam" ? "CET" : "UTC",
    weightUnit: "KILOGRAMS",
    url: `https://${s.domain}`,
    primaryDomain: {
      id: gid("Domain", s.id),
      host: s.domain,
      url: `https://${s.domain}`,
      sslEnabled: true,
    },
    plan: {
      displayName: "Basic",
      publicDisplayName: "Basic",
      partnerDevelopment: true,
      shopifyPlus: false,
    },
    // The deprecated billingAddress and its replacement shopAddress are the same address.
    billingAddress: address,
    shopAddress: address,
    fulfillmentServices: () =>
      [...ctx.state.fulfillmentServices.values()]
        .filter((f) => f.shop === s.domain)
        .sort((a, b) => a.id - b.id)
        .map((f) => fulfillmentServiceView(ctx, f)),
  };
}

export function productView(ctx: GraphqlContext, p: ProductRecord): View {
  const variants = () =>
    p.variantIds.map((id) => ctx.state.variants.get(id)).filter((v): v is VariantRecord => !!v);
  return {
    __typename: "Product",
    id: gid("Product", p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    description: (args: Args) => {
      const n = typeof args.truncateAt === "number" ? args.truncateAt : null;
      return n !== null && p.description.length > n
        ? `${p.description.slice(0, n)}...`
        : p.description;
    },
    descriptionHtml: p.descriptionHtml ?? (p.description ? `<p>${p.description}</p>` : ""),
    tags: p.tags,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    onlineStoreUrl: p.status === "ACTIVE" ? `https://${p.shop}/products/${p.handle}` : null,
    featuredImage: () => {
      const first = productMediaRecords(ctx, p).find((m) => m.status === "READY");
      if (first) return imageView(ctx, mediaUrl(ctx, first), first.alt, first.id);
      return p.mediaIds?.length ? null : imageView(ctx, p.imageUrl, p.imageAlt, p.id);
    },
    featuredMedia: () => {
      const media = productMediaRecords(ctx, p);
      if (media.length) return mediaImageView(ctx, media[0]!);
      return p.mediaIds ? null : seededProductMedia(ctx, p);
    },
    media: (args: Args & PagingArgs) => {
      const created = productMediaRecords(ctx, p);
      if (p.mediaIds) return connection(created, args, (m) => mediaImageView(ctx, m));
      // A seeded product shows its demo image as its one media.
      const seeded = p.imageUrl ? [{ id: p.id }] : [];
      return connection(seeded, args, () => seededProductMedia(ctx, p)!);
    },
    mediaCount: () => ({
      count: p.mediaIds ? p.mediaIds.length : p.imageUrl ? 1 : 0,
      precision: "EXACT",
    }),
    hasOnlyDefaultVariant: p.variantIds.length === 1 && variants()[0]?.title === "Default Title",
    totalInventory: variants().reduce((n, v) => n + v.inventoryQuantity, 0),
    options: () =>
      productOptions(ctx, p).map((o) => ({
        id: gid("ProductOption", o.id),
        name: o.name,
        position: o.position,
        values: o.values.map((v) => v.name),
        optionValues: o.values.map((v) => ({
          id: gid("ProductOptionValue", v.id),
          name: v.name,
          hasVariants: variants().some((x) =>
            x.options.some((so) => so.name === o.name && so.value === v.name),
          ),
        })),
      })),
    variantsCount: { count: p.variantIds.length, precision: "EXACT" },
    variants: (args: Args & PagingArgs) => {
      const list =
        args.sortKey === "ID"
          ? sortBy(variants(), (v) => v.id)
          : sortBy(variants(), (v) => v.position);
      return connection(list, args, (v) => variantView(ctx, v));
    },
    ...metafieldFields(ctx, "PRODUCT", p.id),
  };
}

export function variantView(ctx: GraphqlContext, v: VariantRecord): View {
  const product = ctx.state.products.get(v.productId);
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${product?.title ?? ""} - ${v.title}`,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    compareAtPrice: v.compareAtPrice,
    position: v.position,
    availableForSale: product?.status === "ACTIVE",
    inventoryPolicy: v.inventoryPolicy ?? "DENY",
    inventoryItem: inventoryItemView(ctx, v),
    inventoryQuantity: v.inventoryQuantity,
    selectedOptions: v.options,
    image: imageView(ctx, v.imageUrl ?? product?.imageUrl ?? null, product?.imageAlt ?? null, v.id),
    product: () => (product ? productView(ctx, product) : null),
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    ...metafieldFields(ctx, "PRODUCTVARIANT", v.id),
  };
}

function inventoryItemView(ctx: GraphqlContext, v: VariantRecord): View {
  const item: View = {
    __typename: "InventoryItem",
    id: gid("InventoryItem", v.id),
    legacyResourceId: String(v.id),
    sku: v.sku,
    tracked: v.tracked ?? true,
    requiresShipping: v.requiresShipping ?? true,
    measurement: {
      id: gid("InventoryItemMeasurement", v.id),
      weight: v.weight ?? { unit: "GRAMS", value: v.grams },
    },
  };
  return Object.assign(
    item,
    inventoryItemLevels(ctx, v, () => item),
  );
}

export function carrierServiceView(c: CarrierServiceRecord): View {
  return {
    __typename: "DeliveryCarrierService",
    id: gid("DeliveryCarrierService", c.id),
    name: c.name,
    formattedName: c.name,
    callbackUrl: c.callbackUrl,
    active: c.active,
    supportsServiceDiscovery: c.supportsServiceDiscovery,
  };
}
