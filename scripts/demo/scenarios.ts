/** The orders the demo places, and what should come of each. */
import { ORDER_COUNT } from "./config";

const V = {
  photoBook24: "gid://shopify/ProductVariant/20001",
  photoBook48: "gid://shopify/ProductVariant/20002",
  framedPrint: "gid://shopify/ProductVariant/20006",
  notebook: "gid://shopify/ProductVariant/20008",
  toteBag: "gid://shopify/ProductVariant/20009",
  mug: "gid://shopify/ProductVariant/20010",
};

export type Expect = "fulfilled" | "needs_attention";
export interface Scenario {
  label: string;
  lines: { variantId: string; quantity?: number }[];
  country?: { countryCode: string; city: string; zip: string; address1: string };
  duplicates?: number;
  fileLater?: boolean;
  expect: Expect;
  printOrders: number;
}

const FIXED: Scenario[] = [
  {
    label: "print only",
    lines: [{ variantId: V.photoBook24 }],
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "mixed cart",
    lines: [{ variantId: V.photoBook48 }, { variantId: V.toteBag }, { variantId: V.mug }],
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "split: two facilities",
    lines: [{ variantId: V.photoBook24 }, { variantId: V.framedPrint }],
    expect: "fulfilled",
    printOrders: 2,
  },
  {
    label: "personalised, file later",
    lines: [{ variantId: V.notebook }],
    fileLater: true,
    expect: "fulfilled",
    printOrders: 1,
  },
  {
    label: "no facility ships there",
    lines: [{ variantId: V.photoBook24 }],
    country: { countryCode: "RU", city: "Moscow", zip: "101000", address1: "Tverskaya 1" },
    expect: "needs_attention",
    printOrders: 1,
  },
  {
    label: "webhook delivered 3 times",
    lines: [{ variantId: V.photoBook48, quantity: 2 }],
    duplicates: 2,
    expect: "fulfilled",
    printOrders: 1,
  },
];
export const scenarios: Scenario[] = Array.from(
  { length: ORDER_COUNT },
  (_, i) => FIXED[i] ?? FIXED[i % 3]!,
);
