/** The seeded demo shop: catalogue, locations and defaults. Ids are fixed (see README). */

export const DEMO_SHOP_DOMAIN = "print-connect-demo.myshopify.com";

export interface VariantSeed {
  title: string;
  sku: string;
  /** Decimal string in the shop currency. */
  price: string;
  compareAtPrice?: string;
  options?: Array<{ name: string; value: string }>;
  grams?: number;
  inventoryQuantity?: number;
  barcode?: string;
  imageUrl?: string;
}

export interface ProductSeed {
  title: string;
  handle?: string;
  productType: string;
  vendor?: string;
  status?: "ACTIVE" | "ARCHIVED" | "DRAFT";
  description?: string;
  tags?: string[];
  imageUrl?: string;
  imageAlt?: string;
  /** Force print / non-print; default: productType is one of the shop's printProductTypes. */
  print?: boolean;
  variants: VariantSeed[];
}

export interface LocationSeed {
  name: string;
  /** "print": print lines are assigned here; "warehouse": all other lines. */
  role: "print" | "warehouse";
  address1?: string;
  city?: string;
  zip?: string;
  countryCode?: string;
}

export interface ShopSeed {
  /** `example.myshopify.com` */
  domain: string;
  name?: string;
  email?: string;
  contactEmail?: string;
  currencyCode?: string;
  ianaTimezone?: string;
  countryCode?: string;
  /** Product types whose lines go to the "print" location. */
  printProductTypes?: string[];
  /** Default: the demo catalogue (with fresh ids). */
  products?: ProductSeed[];
  /** Default: "Print Connect" (print) and "Shop warehouse". */
  locations?: LocationSeed[];
  /** Shopify's "Automatically fulfill the order's line items" (default off, as in a new shop). */
  automaticFulfillment?: boolean;
}

export const DEFAULT_PRINT_PRODUCT_TYPES = [
  "Photo Book",
  "Book",
  "Magazine",
  "Calendar",
  "Wall Art",
  "Notebook",
];

/**
 * Demo product images, served by the app itself from public/sandbox/products:
 * nothing leaves the machine (Shopify's own would be on cdn.shopify.com). A
 * path, not a URL: the admin page resolves it against the app's origin.
 */
const IMAGES = "/sandbox/products";

export const DEMO_PRODUCTS: ProductSeed[] = [
  {
    title: "Hardcover Photo Book",
    productType: "Photo Book",
    description: "Lay-flat hardcover photo book, printed on 170 g silk paper.",
    tags: ["print", "photo-book"],
    imageUrl: `${IMAGES}/hardcover-photo-book.svg`,
    imageAlt: "Open hardcover photo book",
    variants: [
      {
        title: "A4 Portrait / 24 pages",
        sku: "PB-HC-A4P-24",
        price: "34.95",
        options: [
          { name: "Format", value: "A4 Portrait" },
          { name: "Pages", value: "24 pages" },
        ],
        grams: 900,
      },
      {
        title: "A4 Portrait / 48 pages",
        sku: "PB-HC-A4P-48",
        price: "49.95",
        options: [
          { name: "Format", value: "A4 Portrait" },
          { name: "Pages", value: "48 pages" },
        ],
        grams: 1300,
      },
    ],
  },
  {
    title: "The Quiet Harbour (Softcover Novel)",
    productType: "Book",
    description: "Paperback novel, 312 pages, 13.5 x 21 cm.",
    tags: ["print", "book"],
    imageUrl: `${IMAGES}/quiet-harbour-softcover.svg`,
    imageAlt: "Softcover novel The Quiet Harbour",
    variants: [{ title: "Default Title", sku: "NOVEL-SC-QH", price: "14.95", grams: 420 }],
  },
  {
    title: "Wanderlust Magazine - Issue 12",
    productType: "Magazine",
    description: "A4 saddle-stitched travel magazine, 64 pages.",
    tags: ["print", "magazine"],
    imageUrl: `${IMAGES}/wanderlust-12.svg`,
    variants: [{ title: "Default Title", sku: "MAG-WL-12", price: "8.50", grams: 250 }],
  },
  {
    title: "2027 Wall Calendar",
    productType: "Calendar",
    description: "A3 portrait wall calendar with wire binding.",
    tags: ["print", "calendar"],
    imageUrl: `${IMAGES}/wall-calendar-2027.svg`,
    variants: [{ title: "Default Title", sku: "CAL-WALL-2027", price: "19.95", grams: 600 }],
  },
  {
    title: "Framed Art Print - Dunes at Dusk",
    productType: "Wall Art",
    description: "Giclee print in a black oak frame.",
    tags: ["print", "wall-art"],
    imageUrl: `${IMAGES}/dunes-at-dusk-framed.svg`,
    variants: [
      {
        title: "30 x 40 cm",
        sku: "PRINT-FR-3040",
        price: "89.00",
        options: [{ name: "Size", value: "30 x 40 cm" }],
      },
      {
        title: "50 x 70 cm",
        sku: "PRINT-FR-5070",
        price: "129.00",
        options: [{ name: "Size", value: "50 x 70 cm" }],
      },
    ],
  },
  {
    title: "Dotted Notebook A5",
    productType: "Notebook",
    description: "A5 notebook, 120 dotted pages, lay-flat binding.",
    tags: ["print", "notebook"],
    imageUrl: `${IMAGES}/dotted-notebook-a5.svg`,
    variants: [{ title: "Default Title", sku: "NB-A5-DOT", price: "19.95", grams: 280 }],
  },
  {
    title: "Canvas Tote Bag",
    productType: "Bag",
    description: "Natural cotton tote bag.",
    tags: ["merch"],
    imageUrl: `${IMAGES}/canvas-tote.svg`,
    variants: [{ title: "Default Title", sku: "TOTE-NAT", price: "15.00", grams: 150 }],
  },
  {
    title: "Ceramic Mug",
    productType: "Mug",
    description: "White ceramic mug, 330 ml.",
    tags: ["merch"],
    imageUrl: `${IMAGES}/ceramic-mug.svg`,
    variants: [{ title: "Default Title", sku: "MUG-WHT-330", price: "11.00", grams: 400 }],
  },
];

export const DEFAULT_LOCATIONS: LocationSeed[] = [
  {
    name: "Print Connect",
    role: "print",
    address1: "Drukkerijweg 1",
    city: "Amsterdam",
    zip: "1011 AB",
    countryCode: "NL",
  },
  {
    name: "Shop warehouse",
    role: "warehouse",
    address1: "Havenstraat 12",
    city: "Rotterdam",
    zip: "3011 AA",
    countryCode: "NL",
  },
];

export const DEMO_SHOP: ShopSeed = {
  domain: DEMO_SHOP_DOMAIN,
  name: "Print Connect Demo",
  email: "owner@print-connect-demo.example",
  contactEmail: "hello@print-connect-demo.example",
  currencyCode: "EUR",
  ianaTimezone: "Europe/Amsterdam",
  countryCode: "NL",
};

/**
 * The Shopify Functions the app deployed with its extensions (`shopify app deploy`): every
 * shop that installs the app can activate them. The cart rule of extensions/print-connect-cart-rules.
 */
export const APP_FUNCTIONS = [
  {
    id: "01JD7Q4B2M8X5R3T9V6W0YCART",
    handle: "print-connect-cart-rules",
    title: "Print Connect cart rules",
    description: "Prints sold in sets can't be bought in fewer copies.",
    apiType: "cart_checkout_validation",
    apiVersion: "2026-10",
  },
] as const;

/**
 * The product template of a shop's published theme as a new shop has it: the product
 * section without any app block (a merchant adds those in the theme editor). Shopify writes
 * the comment at the top of every JSON template.
 */
export const DEFAULT_PRODUCT_TEMPLATE = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 * ------------------------------------------------------------
 */
{
  "sections": {
    "main": {
      "type": "main-product",
      "blocks": {
        "title": { "type": "title", "settings": {} },
        "price": { "type": "price", "settings": {} },
        "buy_buttons": { "type": "buy_buttons", "settings": { "show_dynamic_checkout": true } }
      },
      "block_order": ["title", "price", "buy_buttons"],
      "settings": {}
    }
  },
  "order": ["main"]
}
`;

/** Ids the seed assigns (first id of each series; counters are global across shops). */
export const ID_BASES = {
  Shop: 90001,
  Location: 30001,
  FulfillmentService: 31001,
  InventoryLevel: 32001,
  FulfillmentHold: 33001,
  FulfillmentOrderMerchantRequest: 34001,
  Product: 10001,
  ProductVariant: 20001,
  Customer: 40001,
  MailingAddress: 45001,
  Order: 50001,
  LineItem: 60001,
  FulfillmentOrder: 70001,
  FulfillmentOrderLineItem: 80001,
  Fulfillment: 85001,
  FulfillmentLineItem: 87001,
  DeliveryCarrierService: 95001,
  Metafield: 97001,
  MediaImage: 98001,
  ProductOption: 96001,
  ProductOptionValue: 96501,
  Validation: 99001,
  OnlineStoreTheme: 99501,
} as const;

export type GidType = keyof typeof ID_BASES;

/** Seeded ids of the demo shop, for tests and docs. */
export const DEMO_IDS = {
  shop: "gid://shopify/Shop/90001",
  locations: {
    printConnect: "gid://shopify/Location/30001",
    warehouse: "gid://shopify/Location/30002",
  },
  products: {
    photoBook: "gid://shopify/Product/10001",
    novel: "gid://shopify/Product/10002",
    magazine: "gid://shopify/Product/10003",
    calendar: "gid://shopify/Product/10004",
    framedPrint: "gid://shopify/Product/10005",
    notebook: "gid://shopify/Product/10006",
    toteBag: "gid://shopify/Product/10007",
    mug: "gid://shopify/Product/10008",
  },
  variants: {
    photoBook24: "gid://shopify/ProductVariant/20001",
    photoBook48: "gid://shopify/ProductVariant/20002",
    novel: "gid://shopify/ProductVariant/20003",
    magazine: "gid://shopify/ProductVariant/20004",
    calendar: "gid://shopify/ProductVariant/20005",
    framedPrint3040: "gid://shopify/ProductVariant/20006",
    framedPrint5070: "gid://shopify/ProductVariant/20007",
    notebook: "gid://shopify/ProductVariant/20008",
    toteBag: "gid://shopify/ProductVariant/20009",
    mug: "gid://shopify/ProductVariant/20010",
  },
} as const;

export const COUNTRY_NAMES: Record<string, string> = {
  NL: "Netherlands",
  BE: "Belgium",
  DE: "Germany",
  FR: "France",
  GB: "United Kingdom",
  IE: "Ireland",
  ES: "Spain",
  IT: "Italy",
  PT: "Portugal",
  AT: "Austria",
  CH: "Switzerland",
  LU: "Luxembourg",
  DK: "Denmark",
  SE: "Sweden",
  NO: "Norway",
  FI: "Finland",
  PL: "Poland",
  CZ: "Czechia",
  US: "United States",
  CA: "Canada",
  AU: "Australia",
  NZ: "New Zealand",
  JP: "Japan",
};
