/** Seeding a shop: its record, locations, products and variants (from seed.ts). */
import {
  DEFAULT_LOCATIONS,
  DEFAULT_PRINT_PRODUCT_TYPES,
  DEFAULT_PRODUCT_TEMPLATE,
  DEMO_PRODUCTS,
  type ShopSeed,
} from "../seed";
import type { ProductRecord } from "./catalogue-records";
import type { ShopRecord } from "./records";
import type { FakeStore } from "./store";

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
export function seedShop(store: FakeStore, seed: ShopSeed): ShopRecord {
  const domain = seed.domain.toLowerCase();
  const existing = store.shops.get(domain);
  if (existing) return existing;
  const shop: ShopRecord = {
    id: store.nextId("Shop"),
    domain,
    name: seed.name ?? domain.replace(/\.myshopify\.com$/, ""),
    email: seed.email ?? `owner@${domain.replace(/\.myshopify\.com$/, "")}.example`,
    contactEmail:
      seed.contactEmail ?? seed.email ?? `hello@${domain.replace(/\.myshopify\.com$/, "")}.example`,
    currencyCode: seed.currencyCode ?? "EUR",
    ianaTimezone: seed.ianaTimezone ?? "Europe/Amsterdam",
    countryCode: seed.countryCode ?? "NL",
    printProductTypes: seed.printProductTypes ?? DEFAULT_PRINT_PRODUCT_TYPES,
    installed: true,
    nextOrderNumber: 1001,
    automaticFulfillment: seed.automaticFulfillment ?? false,
  };
  store.shops.set(domain, shop);
  for (const loc of seed.locations ?? DEFAULT_LOCATIONS) {
    const id = store.nextId("Location");
    store.locations.set(id, {
      id,
      shop: domain,
      name: loc.name,
      role: loc.role,
      address1: loc.address1 ?? "",
      city: loc.city ?? "",
      zip: loc.zip ?? "",
      countryCode: loc.countryCode ?? shop.countryCode,
    });
  }
  const t0 = store.now() - 30 * 24 * 3600 * 1000;
  // The published theme, its product template without the app's blocks.
  const themeId = store.nextId("OnlineStoreTheme");
  store.themes.set(themeId, {
    id: themeId,
    shop: domain,
    name: "Dawn",
    role: "MAIN",
    files: new Map([
      [
        "templates/product.json",
        { content: DEFAULT_PRODUCT_TEMPLATE, createdAt: t0, updatedAt: t0 },
      ],
    ]),
    createdAt: t0,
    updatedAt: t0,
  });
  (seed.products ?? DEMO_PRODUCTS).forEach((p, index) => {
    const productId = store.nextId("Product");
    const createdAt = t0 + index * 3600 * 1000;
    const product: ProductRecord = {
      id: productId,
      shop: domain,
      title: p.title,
      handle: p.handle ?? slug(p.title),
      status: p.status ?? "ACTIVE",
      vendor: p.vendor ?? shop.name,
      productType: p.productType,
      description: p.description ?? "",
      tags: p.tags ?? [],
      imageUrl: p.imageUrl ?? null,
      imageAlt: p.imageAlt ?? null,
      print: p.print ?? shop.printProductTypes.includes(p.productType),
      variantIds: [],
      createdAt,
      updatedAt: createdAt,
    };
    store.products.set(productId, product);
    p.variants.forEach((v, position) => {
      const id = store.nextId("ProductVariant");
      product.variantIds.push(id);
      store.variants.set(id, {
        id,
        shop: domain,
        productId,
        title: v.title,
        sku: v.sku,
        price: v.price,
        compareAtPrice: v.compareAtPrice ?? null,
        barcode: v.barcode ?? null,
        position: position + 1,
        options: v.options ?? [{ name: "Title", value: v.title }],
        grams: v.grams ?? 500,
        inventoryQuantity: v.inventoryQuantity ?? 100,
        imageUrl: v.imageUrl ?? null,
        createdAt,
        updatedAt: createdAt,
      });
      store.stockAtHome(domain, id, product.print);
    });
  });
  return shop;
}
