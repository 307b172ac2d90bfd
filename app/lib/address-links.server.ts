import { addressLinkStore } from "../data/address-links.server";
import { printOrderCommandStore } from "../data/print-order-commands.server";
import type { AddressLinkDeps } from "../services/address-links/send";
import type { CorrectionDeps } from "../services/address-links/correct";
import { updateShopifyOrderAddress } from "../services/address-links/shopify";
import { applyCustomerAddress } from "../services/fulfilment/commands";
import { TtlCache } from "../services/catalogue/cache";
import { shopifyAdmin } from "./admin-client.server";
import { shopContact } from "./shop-info.server";
import { getLogger } from "./logger.server";
import { storefrontOrigin } from "./sandbox-storefront.server";

/** The app proxy's path on the shop's domain (shopify.app.toml: prefix "apps", subpath). */
export const APP_PROXY_PATH = "/apps/print-connect";

export function addressLinkDeps(overrides: Partial<AddressLinkDeps> = {}): AddressLinkDeps {
  return {
    store: addressLinkStore,
    shopInfo: shopContact,
    linkUrl: (shop, token) => `${storefrontOrigin(shop)}${APP_PROXY_PATH}/address/${token}`,
    logger: getLogger().child({ component: "address-links" }),
    ...overrides,
  };
}

/** Shop names for the customer's page, kept a while: each page view would otherwise ask Shopify. */
const shopNames = new TtlCache<string>({ ttlMs: 10 * 60_000, maxEntries: 1_000 });

const shopName = (shop: string) =>
  shopNames.get(shop, async () => ({ value: (await shopContact(shop))?.name ?? shop }));

export function correctionDeps(overrides: Partial<CorrectionDeps> = {}): CorrectionDeps {
  return {
    store: addressLinkStore,
    shopName,
    updateShopifyOrder: (input) => updateShopifyOrderAddress(shopifyAdmin, input),
    applyAddress: (input) => applyCustomerAddress(printOrderCommandStore, input),
    logger: getLogger().child({ component: "address-links" }),
    ...overrides,
  };
}
