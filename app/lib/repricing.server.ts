import { startPeriodicJob } from "../services/periodic-job";
import { repricingStore, shopsWatchingPrices } from "../data/repricing.server";
import { invalidateCatalogue } from "./catalogue.server";
import { keepSaleCost, quoteSaleCosts, type SaleCost } from "./sale-costs.server";
import { getVariants } from "./shopify-variants.server";
import * as repricing from "../services/repricing";
import type { PrintCosts, ShopifyPrices } from "../services/repricing";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { getLogger } from "./logger.server";

/**
 * The composition root of repricing (services/repricing): the database, the shop's print
 * costs and its Shopify prices, wired for one shop and its Admin API.
 */

const REPRICE_MUTATION = `#graphql
  mutation PrintConnectReprice($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price }
      userErrors { field message code }
    }
  }`;

function shopifyPrices(admin: AdminApi): ShopifyPrices {
  const graphql = adminGraphql(admin);
  return {
    readVariants: (variantIds) => getVariants({ admin, variantIds }),
    setPrices: async (productId, variants) =>
      (
        await graphql<{
          productVariantsBulkUpdate: Awaited<ReturnType<ShopifyPrices["setPrices"]>>;
        }>(REPRICE_MUTATION, { productId, variants })
      ).productVariantsBulkUpdate,
  };
}

function printCosts(shop: string, admin: AdminApi): PrintCosts<SaleCost> {
  return {
    quote: (items) => quoteSaleCosts({ shop, admin, items }),
    keep: (input) => keepSaleCost({ shop, ...input }),
    forgetRecent: () => {
      invalidateCatalogue({ shop, kind: "quote" });
      invalidateCatalogue({ shop, kind: "legacy-prices" });
    },
  };
}

const portsFor = (shop: string, admin: AdminApi) => ({
  store: repricingStore,
  costs: printCosts(shop, admin),
  shopify: shopifyPrices(admin),
});

/** The Prices page's list; Shopify failures arrive as ShopifyAdminError. */
export function listBelowTarget(input: { shop: string; admin: AdminApi; now?: number }) {
  return repricing.listBelowTarget(portsFor(input.shop, input.admin), input);
}

/** Home's and Products' count: no call to Shopify or the print service. */
export function countBelowTarget(input: { shop: string }) {
  return repricing.countBelowTarget(repricingStore, input);
}

/** Home's setup check: below target, and at a loss; no call to Shopify or the print service. */
export function countPriceProblems(input: { shop: string }) {
  return repricing.countPriceProblems(repricingStore, input);
}

export function checkPrintPrices(input: {
  shop: string;
  admin: AdminApi;
  variantIds?: readonly string[];
  fresh?: boolean;
}) {
  return repricing.checkPrintPrices(portsFor(input.shop, input.admin), input);
}

export function repriceVariants(input: {
  shop: string;
  admin: AdminApi;
  variantIds: readonly string[];
}) {
  return repricing.repriceVariants(portsFor(input.shop, input.admin), input);
}

export function variantsDueForCheck(input: { shop: string; now?: number }) {
  return repricing.variantsDueForCheck(repricingStore, input);
}

/** One run of the price watch over every shop with created products. */
export function recheckExpiredPrices({
  adminFor,
  now,
}: {
  /** The shop's Admin API in the background (the library's offline session). */
  adminFor: (shop: string) => Promise<AdminApi>;
  now?: number;
}) {
  return repricing.recheckExpiredPrices(
    {
      store: repricingStore,
      shopsWatched: shopsWatchingPrices,
      checkShop: async (shop, variantIds) =>
        repricing.checkPrintPrices(portsFor(shop, await adminFor(shop)), { shop, variantIds }),
    },
    { now },
  );
}

/** The first check of print prices waits for the app to settle; then one an hour. */
const PRICE_WATCH_FIRST_MS = 5 * 60_000;
const PRICE_WATCH_EVERY_MS = 60 * 60_000;

/**
 * Quotes the print cost of created products again once the print service's promise on their
 * price has run out. Returns its stop, which waits for a check in hand.
 */
export function startPriceWatch(
  adminFor: (shop: string) => Promise<AdminApi>,
): () => Promise<void> {
  const log = getLogger().child({ component: "price-watch" });
  return startPeriodicJob({
    firstMs: PRICE_WATCH_FIRST_MS,
    everyMs: PRICE_WATCH_EVERY_MS,
    run: async () => {
      const run = await recheckExpiredPrices({ adminFor });
      if (run.shops > 0)
        log.info(
          { shops: run.shops, checked: run.checked, changed: run.changed },
          "print prices checked again",
        );
      for (const { shop, problem } of run.problems)
        log.warn({ shop, problem }, "print prices not checked");
    },
    onError: (error) => log.warn({ err: error }, "price watch failed"),
  });
}
