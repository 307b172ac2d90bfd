/**
 * The demo shop and what a merchant would have set up in it: print settings
 * for the print sandbox's default merchant and a few mapped variants.
 */
import { DEFAULT_MERCHANT } from "../../sandbox/store";
import { DEMO_IDS, DEMO_SHOP_DOMAIN } from "../../sandbox/shopify/seed";
import type { MappingInput } from "../data/mapping.server";
import type { PrintSettingsInput } from "../data/print-settings.server";

export const DEMO_SHOP = DEMO_SHOP_DOMAIN;

/** The print sandbox's default merchant, as the demo shop's settings. */
export const DEMO_PRINT_SETTINGS = {
  printEnvironment: "sandbox",
  merchantApiKey: DEFAULT_MERCHANT.merchantApiKey,
  secretKey: DEFAULT_MERCHANT.secretKey,
  applicationApiKey: DEFAULT_MERCHANT.applicationApiKey,
  buttonKey: DEFAULT_MERCHANT.buttonKey,
  currency: "EUR",
} satisfies PrintSettingsInput;

/**
 * Some demo variants already mapped to sandbox offerings, their print files
 * served by the print sandbox (`printSandboxUrl`): real PDFs that pass the
 * print-file check (sandbox/files). The novel, the magazine, the calendar and
 * the 50 x 70 framed print (20007) stay unmapped, so the merchant sees
 * products still to map.
 */
export function demoMappings(printSandboxUrl: string): MappingInput[] {
  const files = `${printSandboxUrl.replace(/\/$/, "")}/files`;
  return [
    {
      variantId: DEMO_IDS.variants.photoBook24,
      productId: DEMO_IDS.products.photoBook,
      title: "Hardcover Photo Book - A4 Portrait / 24 pages",
      offeringId: 228478,
      contentUrl: `${files}/photo-book/interior-24.pdf`,
      coverUrl: `${files}/photo-book/cover-24.pdf`,
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
    },
    {
      variantId: DEMO_IDS.variants.photoBook48,
      productId: DEMO_IDS.products.photoBook,
      title: "Hardcover Photo Book - A4 Portrait / 48 pages",
      offeringId: 228478,
      contentUrl: `${files}/photo-book/interior-48.pdf`,
      coverUrl: `${files}/photo-book/cover-48.pdf`,
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 48,
    },
    {
      variantId: DEMO_IDS.variants.notebook,
      productId: DEMO_IDS.products.notebook,
      title: "Dotted Notebook A5",
      offeringId: 228570,
      contentWidth: 148,
      contentHeight: 210,
      numberOfPages: 120,
      fileProperty: DEMO_FILE_PROPERTY,
    },
    {
      variantId: DEMO_IDS.variants.framedPrint3040,
      productId: DEMO_IDS.products.framedPrint,
      title: "Framed Art Print - Dunes at Dusk - 30 x 40 cm",
      // The framed print, as the product is: made in London, so an order with a photo book
      // (Amsterdam) is split in two print orders.
      offeringId: 228554,
      contentUrl: `${files}/art/dunes-at-dusk-30x40.pdf`,
      contentWidth: 300,
      contentHeight: 400,
      numberOfPages: 1,
    },
  ];
}

/** The line item property of the personalised notebook that carries the customer's file URL. */
export const DEMO_FILE_PROPERTY = "Print file";

/** The demo book made with "Create product" when sandbox mode starts (demo-product.server.ts). */
export const DEMO_PRODUCT_TITLE = "Coastlines – A Photo Book";
