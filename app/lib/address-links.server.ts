import prisma from "../db.server";
import type { AddressLinkDeps } from "../services/address-links/send";
import type { CorrectionDeps } from "../services/address-links/correct";
import { updateShopifyOrderAddress } from "../services/address-links/shopify";
import {
  SHOP_ADDRESS_QUERY,
  type ShopAddressData,
} from "../services/shopify-admin/documents/shop-address";
import { shopifyAdmin } from "./admin-client.server";
import { getLogger } from "./logger.server";
import { storefrontOrigin } from "./sandbox-storefront.server";

/** The app proxy's path on the shop's domain (shopify.app.toml: prefix "apps", subpath). */
export const APP_PROXY_PATH = "/apps/print-connect";

async function shopInfo(shop: string) {
  const data = await shopifyAdmin.graphql<ShopAddressData>(shop, SHOP_ADDRESS_QUERY);
  return data.shop.email ? { name: data.shop.name, email: data.shop.email } : null;
}

export function addressLinkDeps(overrides: Partial<AddressLinkDeps> = {}): AddressLinkDeps {
  return {
    db: prisma,
    shopInfo,
    linkUrl: (shop, token) => `${storefrontOrigin(shop)}${APP_PROXY_PATH}/address/${token}`,
    logger: getLogger().child({ component: "address-links" }),
    ...overrides,
  };
}

export function correctionDeps(overrides: Partial<CorrectionDeps> = {}): CorrectionDeps {
  return {
    db: prisma,
    shopName: async (shop) => (await shopInfo(shop))?.name ?? shop,
    updateShopifyOrder: (input) => updateShopifyOrderAddress(shopifyAdmin, input),
    logger: getLogger().child({ component: "address-links" }),
    ...overrides,
  };
}
