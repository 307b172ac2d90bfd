/**
 * The shop's name and e-mail address read from Shopify, and kept (data/shop.server.ts) for when
 * Shopify cannot be asked. Imports no Shopify app library, so the sign-in hook
 * (shop-lifecycle.server.ts) can call it.
 */
import { rememberShopContact, storedShopContact, type ShopContact } from "../data/shop.server";
import { adminGraphql, type AdminApi, type AdminGraphql } from "../services/shopify-admin";
import {
  SHOP_ADDRESS_QUERY,
  type ShopAddressData,
} from "../services/shopify-admin/documents/shop-address";

/** The shop's name and e-mail address from Shopify (null without an e-mail), kept. */
export async function readContact(
  graphql: AdminGraphql,
  shop: string,
): Promise<ShopContact | null> {
  const data = await graphql<ShopAddressData>(SHOP_ADDRESS_QUERY);
  if (!data.shop.email) return null;
  const contact = { name: data.shop.name, email: data.shop.email };
  await rememberShopContact(shop, contact);
  return contact;
}

/** At sign-in, with the admin it made: the contact is kept from the start. */
export function rememberContactAtSignIn(shop: string, admin: AdminApi): Promise<unknown> {
  return readContact(adminGraphql(admin), shop);
}

/**
 * A shop whose contact was never kept (installed before it was, and not signed in since) gets
 * it read now, while the app still has its access: without it, the e-mail that says the access
 * was lost could not go. One read of the database when it is kept already.
 */
export async function keepContactIfMissing(graphql: AdminGraphql, shop: string): Promise<void> {
  if (await storedShopContact(shop)) return;
  await readContact(graphql, shop);
}
