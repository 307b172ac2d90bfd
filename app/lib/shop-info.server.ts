import { TtlCache } from "../services/catalogue/cache";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { SHOP_INFO_QUERY, type ShopInfo } from "../services/shopify-admin/shop";
import {
  SHOP_ADDRESS_QUERY,
  type ShopAddressData,
} from "../services/shopify-admin/documents/shop-address";
import { shopifyAdmin } from "./admin-client.server";

export type { ShopInfo };

/** The shop's name, currency and time zone from Shopify, cached for an hour per shop. */
const cache = new TtlCache<ShopInfo>({
  ttlMs: 60 * 60_000,
  staleMs: 24 * 60 * 60_000,
  maxEntries: 5000,
});

/** Null when Shopify cannot say; a Response the library throws (sign in again) passes. */
export async function getShopInfo({
  shop,
  admin,
}: {
  shop: string;
  admin: AdminApi;
}): Promise<ShopInfo | null> {
  try {
    return await cache.get(shop, async () => {
      const data = await adminGraphql(admin)<{ shop: ShopInfo }>(SHOP_INFO_QUERY);
      return { value: data.shop };
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/**
 * The shop's name and e-mail address as Shopify has them, read with the shop's offline token
 * (no merchant signed in: the alerts, a customer's e-mail and page); null without an e-mail.
 */
export async function shopContact(shop: string): Promise<{ name: string; email: string } | null> {
  const data = await shopifyAdmin.graphql<ShopAddressData>(shop, SHOP_ADDRESS_QUERY);
  return data.shop.email ? { name: data.shop.name, email: data.shop.email } : null;
}
