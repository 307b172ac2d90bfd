// The sandbox catalogue as plain data: categories, destination countries (with
// VAT), production facilities and offerings. Everything else reads from here.
// Amounts are EUR minor units; dimensions are millimetres.

export interface Category {
  name: string;
  code: string;
  subCategories: { name: string; code: string }[];
}

export const CATEGORIES: readonly Category[] = [
  {
    name: "Books",
    code: "BO",
    subCategories: [
      { name: "Hardcover", code: "HC" },
      { name: "Softcover", code: "SC" },
      { name: "Layflat", code: "LF" },
    ],
  },
  {
    name: "Magazines",
    code: "MA",
    subCategories: [{ name: "Perfect bound magazine", code: "PM" }],
  },
  { name: "Calendars", code: "CA", subCategories: [{ name: "Wall calendar", code: "WC" }] },
  {
    name: "Digital publications",
    code: "DP",
    subCategories: [{ name: "Digital publication", code: "DP" }],
  },
  {
    name: "Wall art",
    code: "WA",
    subCategories: [
      { name: "Art prints", code: "PR" },
      { name: "Canvas", code: "CA" },
      { name: "Dibond", code: "DI" },
      { name: "Foam board", code: "FOA" },
      { name: "Framed prints", code: "FRP" },
      { name: "Framed canvas", code: "FRC" },
      { name: "Giclee prints", code: "GP" },
      { name: "Boxed frames", code: "BOXED FRAMES" },
    ],
  },
  { name: "Notebooks", code: "NB", subCategories: [{ name: "Wire-bound notebook", code: "NBW" }] },
];

export interface Country {
  code: string;
  name: string;
  /** Shipping region used for the "region" price zone. */
  region: "EU" | "UK" | "EEA" | "NA" | "SA" | "OC" | "AS" | "AF";
  vatStandardBp: number;
  vatReducedBp: number;
}

const eu = (code: string, name: string, std: number, red: number): Country => ({
  code,
  name,
  region: "EU",
  vatStandardBp: std,
  vatReducedBp: red,
});

export const COUNTRIES: readonly Country[] = [
  eu("NL", "Netherlands", 2100, 900),
  eu("DE", "Germany", 1900, 700),
  eu("FR", "France", 2000, 550),
  eu("BE", "Belgium", 2100, 600),
  eu("LU", "Luxembourg", 1700, 300),
  eu("ES", "Spain", 2100, 400),
  eu("IT", "Italy", 2200, 400),
  eu("AT", "Austria", 2000, 1000),
  eu("IE", "Ireland", 2300, 0),
  eu("PT", "Portugal", 2300, 600),
  eu("DK", "Denmark", 2500, 2500),
  eu("SE", "Sweden", 2500, 600),
  eu("FI", "Finland", 2550, 1400),
  eu("PL", "Poland", 2300, 500),
  eu("CZ", "Czechia", 2100, 1200),
  { code: "GB", name: "United Kingdom", region: "UK", vatStandardBp: 2000, vatReducedBp: 0 },
  { code: "CH", name: "Switzerland", region: "EEA", vatStandardBp: 810, vatReducedBp: 260 },
  { code: "NO", name: "Norway", region: "EEA", vatStandardBp: 2500, vatReducedBp: 0 },
  { code: "US", name: "United States", region: "NA", vatStandardBp: 0, vatReducedBp: 0 },
  { code: "CA", name: "Canada", region: "NA", vatStandardBp: 500, vatReducedBp: 500 },
  { code: "MX", name: "Mexico", region: "NA", vatStandardBp: 1600, vatReducedBp: 0 },
  { code: "BR", name: "Brazil", region: "SA", vatStandardBp: 0, vatReducedBp: 0 },
  { code: "AU", name: "Australia", region: "OC", vatStandardBp: 1000, vatReducedBp: 1000 },
  { code: "NZ", name: "New Zealand", region: "OC", vatStandardBp: 1500, vatReducedBp: 1500 },
  { code: "JP", name: "Japan", region: "AS", vatStandardBp: 1000, vatReducedBp: 1000 },
  { code: "SG", name: "Singapore", region: "AS", vatStandardBp: 900, vatReducedBp: 900 },
  { code: "ZA", name: "South Africa", region: "AF", vatStandardBp: 1500, vatReducedBp: 1500 },
  { code: "RU", name: "Russia", region: "EEA", vatStandardBp: 2000, vatReducedBp: 1000 },
];

const countryByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

/** Unknown but well-formed codes are accepted as "world" destinations without VAT. */
export function findCountry(code: string): Country {
  const upper = code.toUpperCase();
  return (
    countryByCode.get(upper) ?? {
      code: upper,
      name: upper,
      region: "AF",
      vatStandardBp: 0,
      vatReducedBp: 0,
    }
  );
}

export interface Facility {
  code: string;
  labCode: string;
  countryCode: string;
  /** Destinations priced at the "region" zone (besides the facility's own country). */
  regionCountries: readonly string[];
  /** "world" or the explicit destinations this facility ships to. */
  shipsTo: "world" | readonly string[];
  /** Destinations excluded even when shipsTo is "world". */
  excluded: readonly string[];
}

const EU_CODES = COUNTRIES.filter((c) => c.region === "EU").map((c) => c.code);

export const FACILITIES: readonly Facility[] = [
  {
    code: "NL-AMS",
    labCode: "AMS1",
    countryCode: "NL",
    regionCountries: EU_CODES,
    shipsTo: "world",
    excluded: ["RU"],
  },
  {
    code: "US-CHI",
    labCode: "CHI1",
    countryCode: "US",
    regionCountries: ["CA", "MX"],
    shipsTo: ["US", "CA", "MX"],
    excluded: [],
  },
  {
    code: "GB-LON",
    labCode: "LON1",
    countryCode: "GB",
    regionCountries: EU_CODES,
    shipsTo: ["GB", ...EU_CODES, "CH", "NO"],
    excluded: [],
  },
  {
    code: "DE-BER",
    labCode: "BER1",
    countryCode: "DE",
    regionCountries: EU_CODES,
    shipsTo: "world",
    excluded: ["RU", "AU", "NZ"],
  },
  {
    code: "DIGITAL",
    labCode: "DIG1",
    countryCode: "NL",
    regionCountries: [],
    shipsTo: "world",
    excluded: [],
  },
];

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

const facilityByCode = new Map(FACILITIES.map((f) => [f.code, f]));

export function findFacility(code: string): Facility {
  const f = facilityByCode.get(code);
  if (!f) throw new Error(`unknown facility ${code}`);
  return f;
}

export function isKnownFacility(code: string): boolean {
  return facilityByCode.has(code);
}

/** Whether any production facility can make this offering for the destination. */
export function canProduce(o: Offering, countryCode: string): boolean {
  const dest = countryCode.toUpperCase();
  if (o.unavailableIn.includes(dest)) return false;
  const f = findFacility(o.facility);
  if (f.excluded.includes(dest)) return false;
  return f.shipsTo === "world" || f.shipsTo.includes(dest);
}

export type ShippingZone = "country" | "region" | "world";

export function shippingZone(o: Offering, countryCode: string): ShippingZone {
  const f = findFacility(o.facility);
  const dest = countryCode.toUpperCase();
  if (dest === f.countryCode) return "country";
  if (f.regionCountries.includes(dest)) return "region";
  return "world";
}

/** The catalogue instance used by one sandbox (built-ins plus seed-file offerings). */
export class Catalogue {
  readonly offerings: Offering[];
  private readonly byId: Map<number, Offering>;

  constructor(extra: readonly Offering[] = []) {
    const merged = new Map<number, Offering>();
    for (const o of [...OFFERINGS, ...extra]) merged.set(o.id, o);
    this.offerings = [...merged.values()];
    this.byId = merged;
  }

  find(id: number): Offering | undefined {
    return this.byId.get(id);
  }
}
