import { TtlCache } from "../services/catalogue/cache";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { SHOP_INFO_QUERY, type ShopInfo } from "../services/shopify-admin/shop";

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
