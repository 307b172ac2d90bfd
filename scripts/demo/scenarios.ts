/** The orders the demo places, and what should come of each. */
import { DEMO_PRODUCT_TITLE, DEMO_SHOP } from "../../app/dev/demo-data.server";
import { ORDER_COUNT, PRINT, SHOPIFY } from "./config";
import { call } from "./http";

const V = {
  photoBook24: "gid://shopify/ProductVariant/20001",
  photoBook48: "gid://shopify/ProductVariant/20002",
  framedPrint: "gid://shopify/ProductVariant/20006",
  notebook: "gid://shopify/ProductVariant/20008",
  toteBag: "gid://shopify/ProductVariant/20009",
  mug: "gid://shopify/ProductVariant/20010",
};

/** The personalised notebook's line item property with the customer's file URL. */
export const FILE_PROPERTY = "Print file";

export type Expect = "fulfilled" | "needs_attention" | "cancelled";
export interface Scenario {
  label: string;
  lines: { variantId: string; quantity?: number; properties?: Record<string, string> }[];
  country?: { countryCode: string; city: string; zip: string; address1: string };
  duplicates?: number;
  /** Shopify never delivers its orders/paid webhook: the regular check must find it. */
  webhookLost?: boolean;
  fileLater?: boolean;
  /** A proof copy the merchant orders in the app: no Shopify order, so no fulfillment. */
  proof?: boolean;
  /** Once Shopify shows it "In progress", the merchant requests its cancellation in Shopify. */
  cancelInShopify?: boolean;
  /**
   * Stopped on its address; the merchant sends the customer the link, the customer saves the
   * address on the shop's page with these fields corrected, and the order is printed.
   */
  customerFixes?: Record<string, string>;
  expect: Expect;
  /** For an order that should stop: the reason's code. */
  expectCode?: string;
  printOrders: number;
}

/**
 * A notebook whose customer's file (a real PDF the print sandbox makes) does
 * not fit it: the print-file check stops it before anything is created or paid.
 * The notebook is 120 pages of A5 (148 x 210 mm, 154 x 216 with bleed).
 */
const notebookWithFile = (label: string, file: string): Scenario => ({
  label,
  lines: [{ variantId: V.notebook, properties: { [FILE_PROPERTY]: `${PRINT}/files/${file}` } }],
  expect: "needs_attention",
  expectCode: "PREFLIGHT_FAILED",
  printOrders: 1,
});

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
  notebookWithFile("file check: wrong page count", "generate/118p-154x216mm.pdf"),
  notebookWithFile("file check: wrong size", "generate/120p-216x303mm.pdf"),
];

/**
 * Paid in Shopify, but its orders/paid webhook never reaches the app: the regular check
 * with Shopify (every REGULAR_CHECK_INTERVAL_SECONDS; 20 s under `npm run up`) must find it.
 */
const LOST_WEBHOOK: Scenario = {
  label: "webhook lost: the regular check finds it",
  lines: [{ variantId: V.photoBook24 }],
  webhookLost: true,
  expect: "fulfilled",
  printOrders: 1,
};

/**
 * Every fixed scenario once, then the lost webhook (the default 10 orders include it;
 * `--orders 8` leaves it out, for an app whose regular check runs only every 10 minutes),
 * then the first three again.
 */
export const scenarios: Scenario[] = Array.from(
  { length: ORDER_COUNT },
  (_, i) => FIXED[i] ?? (i === FIXED.length ? LOST_WEBHOOK : FIXED[i % 3]!),
);

/**
 * The hardcover edition of the book the app made with "Create product" when
 * sandbox mode started (app/dev/demo-product.server.ts): its variant, whose id is
 * Shopify's, looked up in the stand-in.
 */
export async function demoBookHardcover(): Promise<{ id: string; title: string }> {
  const query = new URLSearchParams({ shop: DEMO_SHOP, title: DEMO_PRODUCT_TITLE });
  const products = await call<{ variants: { id: string; title: string }[] }[]>(
    `${SHOPIFY}/__fake/products?${query}`,
  );
  const hardcover = products[0]?.variants.find((v) => v.title === "Hardcover");
  if (!hardcover) {
    throw new Error(
      `the demo shop has no "${DEMO_PRODUCT_TITLE}" (sandbox mode makes it with Create product when the app starts)`,
    );
  }
  return hardcover;
}

/** The demo book's hardcover, ordered like any other product. */
export async function createdBookScenario(): Promise<Scenario> {
  const hardcover = await demoBookHardcover();
  return {
    label: "book made with Create product",
    lines: [{ variantId: hardcover.id }],
    expect: "fulfilled",
    printOrders: 1,
  };
}

/** A proof copy of the demo book's hardcover, placed on the app's "Order a proof copy" page. */
export const PROOF_SCENARIO: Scenario = {
  label: "proof copy of the book (no Shopify order)",
  lines: [],
  proof: true,
  expect: "fulfilled",
  printOrders: 1,
};

/**
 * Sent to print and paid, then the merchant requests its cancellation in Shopify before it is
 * printed: Print Connect cancels it at the print service and accepts.
 */
export const CANCELLED_SCENARIO: Scenario = {
  label: "cancellation requested in Shopify",
  lines: [{ variantId: V.photoBook24 }],
  cancelInShopify: true,
  expect: "cancelled",
  printOrders: 1,
};

/**
 * A postal code in the wrong format for the Netherlands: stopped before anything is paid, and
 * its request in Shopify declined (INCORRECT_ADDRESS); the customer corrects it from the
 * e-mail with the link the merchant sent, and it is printed.
 */
export const ADDRESS_FIXED_SCENARIO: Scenario = {
  label: "bad postal code: the customer fixes it",
  lines: [{ variantId: V.photoBook24 }],
  country: { countryCode: "NL", city: "Amsterdam", zip: "10155", address1: "Keizersgracht 1" },
  customerFixes: { zip: "1015 CJ" },
  expect: "fulfilled",
  printOrders: 1,
};
