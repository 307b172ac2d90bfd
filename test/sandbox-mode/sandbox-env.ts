/**
 * Import first: the app in sandbox mode (no Shopify app credentials), with its
 * own database (test/support/app-env) and the stand-ins on free ports.
 */
import "../support/app-env";

delete process.env.SHOPIFY_API_KEY;
delete process.env.SHOPIFY_API_SECRET;
Object.assign(process.env, {
  PRINT_SANDBOX_URL: "http://127.0.0.1:0",
  SANDBOX_SHOPIFY_PORT: "0",
  WORKER: "off",
});

/** What browsers send; shopify-app-remix answers self-identifying bots with 410. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
