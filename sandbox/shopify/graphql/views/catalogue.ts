/**
 * Views of the shop and its catalogue, locations and carrier services: records
 * shaped as the Admin schema's objects (fields with arguments are functions).
 */
import {
  gid,
  type CarrierServiceRecord,
  type LocationRecord,
  type ProductRecord,
  type VariantRecord,
} from "../../state";
import { iso, type Args, type GraphqlContext, type View } from "../context";
import { connection, sortBy, type PagingArgs } from "../paging";
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

/** A product's image as its featured media (a MediaImage whose preview is the image). */
function mediaImageView(
  ctx: GraphqlContext,
  url: string | null,
  alt: string | null,
  id: number,
): View | null {
  const image = imageView(ctx, url, alt, id);
  if (!image) return null;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", id),
    alt,
    mediaContentType: "IMAGE",
    status: "READY",
    preview: { image, status: "READY" },
    image,
    mimeType: "image/jpeg",
  };
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
    descriptionHtml: p.description ? `<p>${p.description}</p>` : "",
    tags: p.tags,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    onlineStoreUrl: p.status === "ACTIVE" ? `https://${p.shop}/products/${p.handle}` : null,
    featuredImage: imageView(ctx, p.imageUrl, p.imageAlt, p.id),
    featuredMedia: mediaImageView(ctx, p.imageUrl, p.imageAlt, p.id),
    hasOnlyDefaultVariant: p.variantIds.length === 1 && variants()[0]?.title === "Default Title",
    totalInventory: variants().reduce((n, v) => n + v.inventoryQuantity, 0),
    options: () => {
      const names = new Map<string, string[]>();
      for (const v of variants()) {
        for (const o of v.options) {
          const vals = names.get(o.name) ?? [];
          if (!vals.includes(o.value)) vals.push(o.value);
          names.set(o.name, vals);
        }
      }
      return [...names.entries()].map(([name, values], i) => ({
        id: gid("ProductOption", p.id * 10 + i),
        name,
        position: i + 1,
        values,
      }));
    },
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
    inventoryQuantity: v.inventoryQuantity,
    selectedOptions: v.options,
    image: imageView(ctx, v.imageUrl ?? product?.imageUrl ?? null, product?.imageAlt ?? null, v.id),
    product: () => (product ? productView(ctx, product) : null),
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    ...metafieldFields(ctx, "PRODUCTVARIANT", v.id),
  };
}

export function locationView(l: LocationRecord): View {
  return {
    __typename: "Location",
    id: gid("Location", l.id),
    legacyResourceId: String(l.id),
    name: l.name,
    isActive: true,
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    address: {
      address1: l.address1,
      address2: null,
      city: l.city,
      country: l.countryCode,
      countryCode: l.countryCode,
      province: null,
      provinceCode: null,
      zip: l.zip,
      phone: null,
      formatted: [l.address1, `${l.zip} ${l.city}`, l.countryCode].filter(Boolean),
    },
  };
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
