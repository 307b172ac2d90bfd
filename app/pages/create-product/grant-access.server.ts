import { updateShopScopes } from "../../data/shop.server";

/** The part of the Shopify library's `scopes` API the page uses. */
export interface ScopesApi {
  request(scopes: string[]): Promise<void>;
  query(): Promise<{ granted: string[] }>;
}

/**
 * "Grant access": sends the merchant to Shopify's grant screen (the library throws that
 * redirect), unless write_products is granted already; then the shop's record had missed it
 * (a lost app/scopes_update) and learns it now.
 */
export async function grantWriteProducts({
  shop,
  scopes,
}: {
  shop: string;
  scopes: ScopesApi;
}): Promise<void> {
  await scopes.request(["write_products"]);
  const { granted } = await scopes.query();
  await updateShopScopes({ shop, scopes: granted.join(",") });
}
