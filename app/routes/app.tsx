import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { authenticate } from "../shopify.server";
import { getEnv } from "../env.server";
import { getShopInfo, requestLocale } from "../models/shop-info.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const info = await getShopInfo({ shop: session.shop, admin });
  return json({
    apiKey: getEnv().shopifyApiKey,
    // Sandbox mode serves App Bridge locally; Shopify mode leaves the CDN default.
    appBridgeUrl: getEnv().appBridgeUrl ?? null,
    format: { locale: requestLocale(request), timeZone: info?.ianaTimezone ?? "UTC" },
    shopCurrency: info?.currencyCode ?? null,
  });
};

/** A thin progress bar while the next page's data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      style={{
        position: "fixed",
        top: 0,
        left: 0,
        height: 3,
        width: busy ? "80%" : 0,
        opacity: busy ? 1 : 0,
        background: "var(--p-color-bg-fill-brand, #303030)",
        transition: busy ? "width 2s ease-out, opacity 0.1s" : "opacity 0.3s",
        zIndex: 1000,
      }}
    />
  );
}

export default function App() {
  const { apiKey, appBridgeUrl } = useLoaderData<typeof loader>();
  return (
    <AppProvider
      isEmbeddedApp
      apiKey={apiKey}
      {...(appBridgeUrl ? { __APP_BRIDGE_URL: appBridgeUrl } : {})}
    >
      <NavMenu>
        <Link to="/app" rel="home">
          Home
        </Link>
        <Link to="/app/orders">Orders</Link>
        <Link to="/app/products">Products</Link>
        <Link to="/app/catalogue">Catalogue</Link>
        <Link to="/app/quote">Quote</Link>
        <Link to="/app/publications">Publications</Link>
        <Link to="/app/shipping-rates">Shipping rates</Link>
        <Link to="/app/settings">Settings</Link>
      </NavMenu>
      <NavigationProgress />
      <Outlet />
    </AppProvider>
  );
}

// Shopify needs Remix to catch some thrown responses so its headers get through.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
