// The built-in offerings. Amounts are EUR minor units; dimensions are millimetres.
// The price list in force (PriceBook, at the end) may price them differently.

import { percentOf } from "../money";

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

// The price list ----------------------------------------------------------------------------

const HOUR_MS = 3600 * 1000;

/** One offering's print prices in a new price list: `percent` up (or down) from the list before. */
export interface PriceChange {
  offering: Offering;
  /** Basis points: 1500 = 15 % dearer, -1000 = 10 % cheaper. */
  percentBp: number;
}

export interface PriceListView {
  /** 1 = the built-in prices; each published list adds one. */
  version: number;
  /** When this list was published; null for the built-in list. */
  publishedAt: string | null;
  /** How long the service promises a list's prices; the legacy `pricingExpireDate` is the end of it. */
  validForHours: number;
  /** Offerings priced differently from the catalogue, at this list's EUR prices. */
  offerings: { id: number; basePrice: number; pricePerPage: number }[];
}

/**
 * The print service's price list in force. A new list changes the print prices of offerings
 * (the price of a copy and of each extra page; shipping prices stay) from the moment it is
 * published; quotes, orders, checkout pages and both offering lists all read the offering
 * through `listed()`. A list holds its prices for `validForMs` from its publication (the
 * built-in list from the first time the list was asked for); when that passes without a new
 * list, the same prices are promised again for another period, so the legacy
 * `pricingExpireDate` moves on by the sandbox clock exactly as a real renewal would.
 * Earlier lists are kept, so an order paid under one is priced as it was paid (`listedAt`).
 */
export class PriceBook {
  private lists: PriceList[] = [builtInList()];
  private firstAskedAt: number | null = null;
  /** The catalogue's own offering, for each one a list has repriced. */
  private readonly catalogueOfferings = new Map<number, Offering>();

  get version(): number {
    return this.lists.length;
  }

  private get current(): PriceList {
    return this.lists[this.lists.length - 1] as PriceList;
  }

  /** The offering at the prices in force (the same object when the list does not change it). */
  listed(o: Offering): Offering {
    return this.current.repriced.get(o.id) ?? o;
  }

  /** The offering (as any list prices it) at the prices of the list in force at `at` (epoch ms). */
  listedAt(o: Offering, at: number): Offering {
    const own = this.catalogueOfferings.get(o.id) ?? o;
    for (let i = this.lists.length - 1; i >= 0; i--) {
      const list = this.lists[i] as PriceList;
      if (list.publishedAt === null || list.publishedAt <= at)
        return list.repriced.get(o.id) ?? own;
    }
    return own;
  }

  /** Publishes a new list at `now`: every change applies to the offering's current prices. */
  publish(now: number, changes: readonly PriceChange[], validForHours?: number): void {
    const repriced = new Map(this.current.repriced);
    for (const { offering, percentBp } of changes) {
      const current = this.listed(offering);
      // Never repriced before, so `current` is still the catalogue's own.
      if (!this.catalogueOfferings.has(offering.id))
        this.catalogueOfferings.set(offering.id, current);
      repriced.set(offering.id, {
        ...current,
        basePrice: current.basePrice + percentOf(current.basePrice, percentBp),
        pricePerPage: current.pricePerPage + percentOf(current.pricePerPage, percentBp),
      });
    }
    const validForMs =
      validForHours === undefined ? this.current.validForMs : validForHours * HOUR_MS;
    this.lists.push({ publishedAt: now, validForMs, repriced });
  }

  /** Until when the prices in force at `now` are promised (the legacy `pricingExpireDate`). */
  expiresAt(now: number): number {
    const { publishedAt, validForMs } = this.current;
    const start = publishedAt ?? (this.firstAskedAt ??= now);
    const periods = Math.floor(Math.max(0, now - start) / validForMs) + 1;
    return start + periods * validForMs;
  }

  view(): PriceListView {
    const { publishedAt, validForMs, repriced } = this.current;
    return {
      version: this.version,
      publishedAt: publishedAt === null ? null : new Date(publishedAt).toISOString(),
      validForHours: validForMs / HOUR_MS,
      offerings: [...repriced.values()].map((o) => ({
        id: o.id,
        basePrice: o.basePrice,
        pricePerPage: o.pricePerPage,
      })),
    };
  }

  /** Back to the built-in prices. */
  reset(): void {
    this.lists = [builtInList()];
    this.firstAskedAt = null;
    this.catalogueOfferings.clear();
  }
}

interface PriceList {
  /** null: the built-in list, in force from the start. */
  publishedAt: number | null;
  validForMs: number;
  /** Offerings this list prices differently from the catalogue. */
  repriced: Map<number, Offering>;
}

const builtInList = (): PriceList => ({
  publishedAt: null,
  validForMs: 24 * HOUR_MS,
  repriced: new Map(),
});
