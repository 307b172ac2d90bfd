/**
 * @shopify/shopify-app-remix's Node adapter reads APP_BRIDGE_URL once, when a process first
 * loads it, and its bounce page loads App Bridge from there (or from Shopify's CDN when it is
 * unset). Test files share worker processes (docs/decisions/0010-test-run.md), so a file that
 * starts the app sets it from the environment as the app's first load in a process of its own
 * would have: test/setup/fresh-start-per-file.ts for the environment a file starts with, the
 * browser harness once it has set the app's.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The package exports no package.json: its folder is found from the adapter's own file.
const adapterFile = createRequire(import.meta.url).resolve(
  "@shopify/shopify-app-remix/adapters/node",
);
const packageDir = adapterFile.slice(0, adapterFile.lastIndexOf(`${path.sep}dist${path.sep}`));
// The module the adapter itself imports (the package's ESM build): the same instance.
const helperUrl = pathToFileURL(
  path.join(packageDir, "dist/esm/server/authenticate/helpers/app-bridge-url.mjs"),
).href;

export async function readAppBridgeUrlFromEnv(): Promise<void> {
  const helper = (await import(/* @vite-ignore */ helperUrl)) as {
    setAppBridgeUrlOverride(url: string | undefined): void;
  };
  helper.setAppBridgeUrlOverride(process.env.APP_BRIDGE_URL);
}
