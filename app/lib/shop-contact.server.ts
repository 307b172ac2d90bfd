/**
 * The shop's name and e-mail address read from Shopify, and kept (data/shop.server.ts) for when
 * Shopify cannot be asked. Imports no Shopify app library, so the sign-in hook
 * (shop-lifecycle.server.ts) can call it.
 */
import { rememberShopContact, type ShopContact } from "../data/shop.server";
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
