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

/** Shop names for the customer's page, kept a while: each page view would otherwise ask Shopify. */
const SHOP_NAME_KEPT_MS = 10 * 60_000;
const SHOP_NAMES_KEPT = 1_000;
const shopNames = new Map<string, { name: string; at: number }>();

async function shopName(shop: string): Promise<string> {
  const kept = shopNames.get(shop);
  if (kept && Date.now() - kept.at < SHOP_NAME_KEPT_MS) return kept.name;
  const name = (await shopInfo(shop))?.name ?? shop;
  if (shopNames.size >= SHOP_NAMES_KEPT) shopNames.delete(shopNames.keys().next().value!);
  shopNames.set(shop, { name, at: Date.now() });
  return name;
}

export function correctionDeps(overrides: Partial<CorrectionDeps> = {}): CorrectionDeps {
  return {
    db: prisma,
    shopName,
    updateShopifyOrder: (input) => updateShopifyOrderAddress(shopifyAdmin, input),
    logger: getLogger().child({ component: "address-links" }),
    ...overrides,
  };
}
