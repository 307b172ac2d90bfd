/**
 * The catalogue records the Shopify fake keeps in memory: products, their options, variants
 * and images, staged uploads, and metafields on products and variants.
 */

export interface ProductRecord {
  id: number;
  shop: string;
  title: string;
  handle: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
  vendor: string;
  productType: string;
  description: string;
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  print: boolean;
  variantIds: number[];
  /** As productSet was given it (seeded products: null, shown as `<p>description</p>`). */
  descriptionHtml?: string | null;
  /** Options as productSet declared them (seeded products: derived from their variants). */
  options?: ProductOptionRecord[];
  /** MediaImage ids, in order (productSet `files`). */
  mediaIds?: number[];
  createdAt: number;
  updatedAt: number;
}

export interface ProductOptionRecord {
  id: number;
  name: string;
  position: number;
  values: Array<{ id: number; name: string }>;
}

/** The media error Shopify reports on a MediaImage that could not be processed. */
export interface MediaErrorRecord {
  code: string;
  message: string;
  details: string | null;
}

/** A product image made from productSet `files[].originalSource`. */
export interface MediaRecord {
  id: number;
  shop: string;
  productId: number;
  alt: string | null;
  status: "PROCESSING" | "READY" | "FAILED" | "UPLOADED";
  originalSource: string;
  /** Path under /cdn/shop/files/ where the image is served once READY. */
  fileKey: string;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  bytes: Buffer | null;
  error: MediaErrorRecord | null;
  createdAt: number;
}

/** A target handed out by stagedUploadsCreate, and what was uploaded to it. */
export interface StagedUploadRecord {
  /** The object key: tmp/<shop id>/products/<uuid>/<filename>. */
  key: string;
  shop: string;
  resource: string;
  filename: string;
  mimeType: string;
  httpMethod: "POST" | "PUT";
  /** Declared size in bytes (fileSize), if given: an upload may not be larger. */
  fileSize: number | null;
  /** The form fields handed out; an upload must send each back unchanged. */
  parameters: Array<{ name: string; value: string }>;
  bytes: Buffer | null;
  uploadedContentType: string | null;
  createdAt: number;
  uploadedAt: number | null;
}

export interface VariantRecord {
  id: number;
  shop: string;
  productId: number;
  title: string;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  position: number;
  options: Array<{ name: string; value: string }>;
  grams: number;
  inventoryQuantity: number;
  imageUrl: string | null;
  /** productSet / productVariantsBulkUpdate fields (seeded variants: Shopify's defaults). */
  inventoryPolicy?: "CONTINUE" | "DENY";
  tracked?: boolean;
  requiresShipping?: boolean;
  weight?: { value: number; unit: "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS" } | null;
  createdAt: number;
  updatedAt: number;
}

/** A metafield on a product or variant (namespace already resolved: `$app` -> `app--<app id>`). */
export interface MetafieldRecord {
  id: number;
  shop: string;
  ownerType: "PRODUCT" | "PRODUCTVARIANT";
  ownerId: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: number;
  updatedAt: number;
}
