/**
 * Words of the Shipping rates page. The address Shopify calls for checkout rates ends in a
 * secret of the shop's own that stays on the server, so the page names the app's address and
 * says what the rest is, never a made-up stand-in for the secret.
 */

/** Where Shopify asks for rates; `appUrl` is the app's public address. */
export function carrierCallbackText(appUrl: string, registered: boolean): string {
  const origin = new URL(appUrl).origin;
  return registered
    ? `At checkout, Shopify asks this app (${origin}) for the rates, at an address that ends in a secret code of your shop's own. Only Shopify and this app know it.`
    : `Once this is on, Shopify asks this app (${origin}) for the rates at checkout, at an address that ends in a secret code of your shop's own.`;
}
