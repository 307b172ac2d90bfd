/**
 * Print variants stocked at the service's location, so that Shopify assigns their lines to the
 * app: the mapped variants the app has not stocked yet are stocked (inventoryActivate), the
 * ones it stocked and that are no longer mapped are taken back (inventoryDeactivate). What the
 * app stocked is kept in ServiceStocking, so mapping by hand, in bulk or by Create product
 * all come here, and a move of 200 variants is a few looks of the worker.
 */
import type { ShopifyAdmin } from "../fulfilment/shopify-port";
import { variantGid } from "../shopify-admin/ids";
import {
  INVENTORY_ACTIVATE_MUTATION,
  INVENTORY_DEACTIVATE_MUTATION,
  VARIANT_STOCKING_QUERY,
  type InventoryActivateData,
  type InventoryDeactivateData,
  type VariantStockingData,
} from "./documents";
import type { ServiceStore } from "./ports";

/** Variants stocked or taken back per look: 50 nodes is far below Shopify's cost limit. */
const STOCKING_BATCH = 50;

interface StockingDeps {
  store: ServiceStore;
  shopify: ShopifyAdmin;
  logger: { warn(o: object, m: string): void };
}

export interface StockingResult {
  stocked: number;
  unstocked: number;
  /** Every mapped variant is stocked (none was left for a later look). */
  allStocked: boolean;
}

async function levels(deps: StockingDeps, shop: string, locationId: string, ids: string[]) {
  const data = await deps.shopify.graphql<VariantStockingData>(shop, VARIANT_STOCKING_QUERY, {
    ids: ids.map(variantGid),
    locationId,
  });
  return data.nodes;
}

export async function stockMappedVariants(
  deps: StockingDeps,
  shop: string,
  locationId: string,
): Promise<StockingResult> {
  const result: StockingResult = { stocked: 0, unstocked: 0, allStocked: false };
  const stock = await deps.store.toStock(shop, STOCKING_BATCH);
  if (stock.length) {
    const nodes = await levels(deps, shop, locationId, stock);
    for (const [i, variantId] of stock.entries()) {
      const node = nodes[i];
      // A variant deleted in Shopify has nothing to stock; kept as done so it is not asked again.
      if (node && !node.inventoryItem.inventoryLevel) {
        const data = await deps.shopify.graphql<InventoryActivateData>(
          shop,
          INVENTORY_ACTIVATE_MUTATION,
          { inventoryItemId: node.inventoryItem.id, locationId },
        );
        const errors = data.inventoryActivate.userErrors;
        if (errors.length) {
          deps.logger.warn({ shop, variantId, errors }, "variant not stocked at the service");
          continue;
        }
      }
      await deps.store.markStocked(shop, variantId);
      result.stocked++;
    }
  }
  const unstock = await deps.store.toUnstock(shop, STOCKING_BATCH);
  if (unstock.length) {
    const nodes = await levels(deps, shop, locationId, unstock);
    for (const [i, variantId] of unstock.entries()) {
      const level = nodes[i]?.inventoryItem.inventoryLevel;
      if (level) {
        const data = await deps.shopify.graphql<InventoryDeactivateData>(
          shop,
          INVENTORY_DEACTIVATE_MUTATION,
          { inventoryLevelId: level.id },
        );
        // Shopify keeps a variant's only location; its lines then still come to the app and
        // are declined as not linked to a print product, with that sentence.
        const errors = data.inventoryDeactivate.userErrors;
        if (errors.length)
          deps.logger.warn({ shop, variantId, errors }, "variant kept at the service");
      }
      await deps.store.markUnstocked(shop, variantId);
      result.unstocked++;
    }
  }
  result.allStocked = stock.length < STOCKING_BATCH && result.stocked === stock.length;
  return result;
}
