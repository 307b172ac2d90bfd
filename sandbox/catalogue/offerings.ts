// The built-in offerings. Amounts are EUR minor units; dimensions are millimetres.
// The price list in force (PriceBook, price-book.ts) may price them differently.

export interface Offering {
  id: number;
  name: string;
  categoryCode: string;
  subCategoryCode: string;
  paperType: string;
  catalogueItemCode: string;
  minimumQuantity: number;
  minNumberOfPages: number;
  maxNumberOfPages: number;
  defaultNumberOfPages: number;
  dimensionWidth: number;
  dimensionHeight: number;
  dynamicSize: boolean;
  minDimensionWidth?: number;
  minDimensionHeight?: number;
  /** Price of one copy with minNumberOfPages pages, EUR minor units. */
  basePrice: number;
  /** Price of each page above minNumberOfPages, EUR minor units. */
  pricePerPage: number;
  countryShippingPrice: number;
  regionShippingPrice: number;
  worldShippingPrice: number;
  vatClass: "standard" | "reduced";
  facility: string;
  /** Destinations this offering cannot go to even if its facility ships there. */
  unavailableIn: readonly string[];
  recommended: boolean;
}

type Spec = Omit<
  Offering,
  "recommended" | "unavailableIn" | "dynamicSize" | "defaultNumberOfPages" | "catalogueItemCode"
> &
  Partial<
    Pick<
      Offering,
      "recommended" | "unavailableIn" | "dynamicSize" | "defaultNumberOfPages" | "catalogueItemCode"
    >
  >;

function offering(s: Spec): Offering {
  return {
    recommended: false,
    unavailableIn: [],
    dynamicSize: false,
    defaultNumberOfPages: s.minNumberOfPages,
    catalogueItemCode: `${s.categoryCode}-${s.subCategoryCode.replace(/\s+/g, "")}-${s.id}`,
    ...s,
  };
}

const wallArt = (
  id: number,
  sub: string,
  name: string,
  w: number,
  h: number,
  price: number,
  paperType: string,
  extra: Partial<Spec> = {},
): Offering =>
  offering({
    id,
    name,
    categoryCode: "WA",
    subCategoryCode: sub,
    paperType,
    minimumQuantity: 1,
    minNumberOfPages: 1,
    maxNumberOfPages: 1,
    dimensionWidth: w,
    dimensionHeight: h,
    basePrice: price,
    pricePerPage: 0,
    countryShippingPrice: 695,
    regionShippingPrice: 1295,
    worldShippingPrice: 2495,
    vatClass: "standard",
    facility: "GB-LON",
    ...extra,
  });

export const OFFERINGS: readonly Offering[] = [
  offering({
    id: 228478,
    name: "Hardcover book A4 portrait",
    categoryCode: "BO",
    subCategoryCode: "HC",
    paperType: "Silk 150gsm",
    minimumQuantity: 1,
    minNumberOfPages: 24,
    maxNumberOfPages: 800,
    defaultNumberOfPages: 100,
    dimensionWidth: 210,
    dimensionHeight: 297,
    basePrice: 1250,
    pricePerPage: 3,
    countryShippingPrice: 495,
    regionShippingPrice: 895,
    worldShippingPrice: 1895,
    vatClass: "reduced",
    facility: "NL-AMS",
    recommended: true,
  }),
  offering({
    id: 228479,
    name: "Hardcover book US Letter",
    categoryCode: "BO",
    subCategoryCode: "HC",
    paperType: "Uncoated 80lb",
    minimumQuantity: 1,
    minNumberOfPages: 24,
    maxNumberOfPages: 740,
    defaultNumberOfPages: 100,
    dimensionWidth: 216,
    dimensionHeight: 279,
    basePrice: 1390,
    pricePerPage: 3,
    countryShippingPrice: 599,
    regionShippingPrice: 1099,
    worldShippingPrice: 2199,
    vatClass: "reduced",
    facility: "US-CHI",
  }),
  offering({
    id: 228500,
    name: "Softcover book A5",
    categoryCode: "BO",
    subCategoryCode: "SC",
    paperType: "Uncoated 90gsm",
    minimumQuantity: 1,
    minNumberOfPages: 32,
    maxNumberOfPages: 600,
    defaultNumberOfPages: 120,
    dimensionWidth: 148,
    dimensionHeight: 210,
    basePrice: 450,
    pricePerPage: 2,
    countryShippingPrice: 395,
    regionShippingPrice: 695,
    worldShippingPrice: 1495,
    vatClass: "reduced",
    facility: "NL-AMS",
    recommended: true,
  }),
  offering({
    id: 228501,
    name: "Softcover book custom size",
    categoryCode: "BO",
    subCategoryCode: "SC",
    paperType: "Uncoated 90gsm",
    minimumQuantity: 0,
    minNumberOfPages: 32,
    maxNumberOfPages: 480,
    defaultNumberOfPages: 100,
    dimensionWidth: 297,
    dimensionHeight: 297,
    dynamicSize: true,
    minDimensionWidth: 100,
    minDimensionHeight: 100,
    basePrice: 520,
    pricePerPage: 2,
    countryShippingPrice: 395,
    regionShippingPrice: 695,
    worldShippingPrice: 1495,
    vatClass: "reduced",
    facility: "NL-AMS",
  }),
  offering({
    id: 228510,
    name: "Layflat photo book 30x30",
    categoryCode: "BO",
    subCategoryCode: "LF",
    paperType: "Photo lustre 250gsm",
    minimumQuantity: 1,
    minNumberOfPages: 20,
    maxNumberOfPages: 200,
    defaultNumberOfPages: 40,
    dimensionWidth: 300,
    dimensionHeight: 300,
    basePrice: 3900,
    pricePerPage: 40,
    countryShippingPrice: 595,
    regionShippingPrice: 995,
    worldShippingPrice: 2495,
    vatClass: "reduced",
    facility: "DE-BER",
  }),
  offering({
    id: 228520,
    name: "Perfect bound magazine A4",
    categoryCode: "MA",
    subCategoryCode: "PM",
    paperType: "Gloss 115gsm",
    minimumQuantity: 5,
    minNumberOfPages: 8,
    maxNumberOfPages: 200,
    defaultNumberOfPages: 48,
    dimensionWidth: 210,
    dimensionHeight: 297,
    basePrice: 350,
    pricePerPage: 4,
    countryShippingPrice: 395,
    regionShippingPrice: 695,
    worldShippingPrice: 1495,
    vatClass: "reduced",
    facility: "NL-AMS",
  }),
  offering({
    id: 228530,
    name: "Wall calendar A3",
    categoryCode: "CA",
    subCategoryCode: "WC",
    paperType: "Silk 200gsm",
    minimumQuantity: 1,
    minNumberOfPages: 13,
    maxNumberOfPages: 28,
    defaultNumberOfPages: 13,
    dimensionWidth: 297,
    dimensionHeight: 420,
    basePrice: 1495,
    pricePerPage: 25,
    countryShippingPrice: 495,
    regionShippingPrice: 895,
    worldShippingPrice: 1695,
    vatClass: "standard",
    facility: "NL-AMS",
    unavailableIn: ["BR"],
  }),
  offering({
    id: 228540,
    name: "Digital publication (PDF download)",
    categoryCode: "DP",
    subCategoryCode: "DP",
    paperType: "None",
    minimumQuantity: 0,
    minNumberOfPages: 1,
    maxNumberOfPages: 2000,
    defaultNumberOfPages: 50,
    dimensionWidth: 210,
    dimensionHeight: 297,
    basePrice: 100,
    pricePerPage: 0,
    countryShippingPrice: 0,
    regionShippingPrice: 0,
    worldShippingPrice: 0,
    vatClass: "standard",
    facility: "DIGITAL",
  }),
  wallArt(228550, "PR", "Art print 30x40", 300, 400, 1500, "Fine art matte 230gsm"),
  wallArt(228551, "CA", "Canvas custom size", 600, 900, 3500, "Canvas 380gsm", {
    dynamicSize: true,
    minDimensionWidth: 200,
    minDimensionHeight: 200,
  }),
  wallArt(228552, "DI", "Dibond 50x70", 500, 700, 5900, "Aluminium composite 3mm"),
  wallArt(228553, "FOA", "Foam board 40x60", 400, 600, 2900, "Foam board 5mm"),
  wallArt(228554, "FRP", "Framed print 30x40", 300, 400, 4500, "Fine art matte 230gsm"),
  wallArt(228555, "FRC", "Framed canvas 40x40", 400, 400, 6900, "Canvas 380gsm"),
  wallArt(228556, "GP", "Giclee print A2", 420, 594, 3900, "Hahnemuehle Photo Rag 308gsm"),
  wallArt(228565, "BOXED FRAMES", "Boxed frame 30x30", 300, 300, 7900, "Photo lustre 250gsm", {
    facility: "DE-BER",
    countryShippingPrice: 595,
    regionShippingPrice: 1095,
    worldShippingPrice: 2995,
  }),
  offering({
    id: 228570,
    name: "Wire-bound notebook A5",
    categoryCode: "NB",
    subCategoryCode: "NBW",
    paperType: "Uncoated 100gsm",
    minimumQuantity: 1,
    minNumberOfPages: 80,
    maxNumberOfPages: 200,
    defaultNumberOfPages: 120,
    dimensionWidth: 148,
    dimensionHeight: 210,
    basePrice: 650,
    pricePerPage: 1,
    countryShippingPrice: 395,
    regionShippingPrice: 695,
    worldShippingPrice: 1495,
    vatClass: "standard",
    facility: "NL-AMS",
  }),
];
