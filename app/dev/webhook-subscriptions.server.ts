/**
 * The app's webhook subscriptions, as in shopify.app.toml (a test keeps the two
 * in step): the Shopify stand-in delivers these topics, to these paths, and no
 * others, as Shopify would.
 */
export const APP_WEBHOOK_SUBSCRIPTIONS: Readonly<Record<string, string>> = {
  "orders/paid": "/webhooks/orders/paid",
  "orders/updated": "/webhooks/orders/updated",
  "orders/cancelled": "/webhooks/orders/cancelled",
  "app/uninstalled": "/webhooks/app/uninstalled",
  "app/scopes_update": "/webhooks/app/scopes_update",
  "customers/data_request": "/webhooks/customers/data_request",
  "customers/redact": "/webhooks/customers/redact",
  "shop/redact": "/webhooks/shop/redact",
};

/** Options for startShopifyFake that make it deliver what Shopify would deliver to this app. */
export function shopifyStandInSubscriptions() {
  return {
    subscriptions: Object.keys(APP_WEBHOOK_SUBSCRIPTIONS),
    webhookPaths: (topic: string) => APP_WEBHOOK_SUBSCRIPTIONS[topic] ?? `/webhooks/${topic}`,
  };
}
