/** Admin schema subset: products, their options, media and variants, and inventory items. */
import { connection, PAGING, deprecated } from "./helpers";
import { HAS_METAFIELDS_FIELDS } from "./metafields";

export const CATALOGUE_SDL = `
type SelectedOption {
  name: String!
  value: String!
}

type ProductOptionValue implements Node {
  id: ID!
  name: String!
  hasVariants: Boolean!
}

type ProductOption implements Node {
  id: ID!
  name: String!
  position: Int!
  values: [String!]!
  optionValues: [ProductOptionValue!]!
}

type Weight {
  unit: WeightUnit!
  value: Float!
}

type InventoryItemMeasurement {
  id: ID!
  weight: Weight
}

type InventoryItem implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  sku: String
  tracked: Boolean!
  requiresShipping: Boolean!
  measurement: InventoryItemMeasurement!
  inventoryLevels(${PAGING}, query: String, includeInactive: Boolean = false): InventoryLevelConnection!
  inventoryLevel(locationId: ID!, includeInactive: Boolean = false): InventoryLevel
}

type Product implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  handle: String!
  status: ProductStatus!
  vendor: String!
  productType: String!
  description(truncateAt: Int): String!
  descriptionHtml: HTML!
  tags: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
  onlineStoreUrl: URL
  featuredImage: Image ${deprecated("Use `featuredMedia` instead.")}
  featuredMedia: Media
  media(${PAGING}, sortKey: ProductMediaSortKeys = POSITION, query: String): MediaConnection!
  mediaCount: Count
  hasOnlyDefaultVariant: Boolean!
  totalInventory: Int!
  options(first: Int): [ProductOption!]!
  variantsCount: Count
  variants(${PAGING}, sortKey: ProductVariantSortKeys = POSITION): ProductVariantConnection!${HAS_METAFIELDS_FIELDS}
}
${connection("Product")}

type ProductVariant implements Node & LegacyInteroperability {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  displayName: String!
  sku: String
  barcode: String
  price: Money!
  compareAtPrice: Money
  position: Int!
  availableForSale: Boolean!
  inventoryPolicy: ProductVariantInventoryPolicy!
  inventoryItem: InventoryItem!
  inventoryQuantity: Int
  selectedOptions: [SelectedOption!]!
  image: Image ${deprecated("Use `media` instead.")}
  product: Product!
  createdAt: DateTime!
  updatedAt: DateTime!${HAS_METAFIELDS_FIELDS}
}
${connection("ProductVariant")}`;
