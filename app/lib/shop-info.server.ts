import { TtlCache } from "../services/catalogue/cache";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { storedShopContact, type ShopContact } from "../data/shop.server";
import { readContact } from "./shop-contact.server";
import { SHOP_INFO_QUERY, type ShopInfo } from "../services/shopify-admin/shop";
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
 * When Shopify cannot be asked (down, or the app's access lost), the ones it last gave: the
 * e-mail that tells the merchant so must not wait for Shopify.
 */
export async function shopContact(shop: string): Promise<ShopContact | null> {
  try {
    return await readContact(
      (query, variables) => shopifyAdmin.graphql(shop, query, variables),
      shop,
    );
  } catch (error) {
    const kept = await storedShopContact(shop);
    if (kept) return kept;
    throw error;
  }
}
