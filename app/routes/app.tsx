import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useEffect, useRef } from "react";
import {
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import adminStyles from "../styles/admin.css?url";
import { authenticate } from "../shopify.server";
import { getEnv } from "../env.server";
import { requestLocale } from "../lib/request-locale.server";
import { ensureFulfillmentServiceSoon } from "../lib/fulfillment-service.server";
import { getShopInfo } from "../lib/shop-info.server";
import { signInInsteadOfLogin } from "../dev/sign-in-instead.server";
import { useKeyboardScrollableTables } from "../components/ScrollableTables";

export const links = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: adminStyles },
];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  // This layout's loader runs first on a document request, so its redirect is the one sent.
  const { admin, session } = await authenticate.admin(request).catch((thrown: unknown) => {
    throw signInInsteadOfLogin(request, thrown);
  });
  const info = await getShopInfo({ shop: session.shop, admin });
  // A shop installed before the app was a fulfillment service registers on its next visit.
  ensureFulfillmentServiceSoon({ shop: session.shop, admin });
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

/** The embedded context Shopify admin opens the app with; a reload needs all three. */
const CONTEXT_PARAMS = ["embedded", "shop", "host"] as const;

/**
 * Keeps `embedded`, `shop` and `host` in the address bar after every
 * navigation (Remix links, Polaris `url` props, redirects, GET forms), so a
 * reload or a copied URL reopens the same page: the library sends such a
 * request through its bounce page, where App Bridge adds a fresh session token
 * (an expired `id_token` left from the first request goes the same way). Only
 * when the app is the top window (sandbox mode, a new tab): inside Shopify
 * admin's iframe, admin owns the address bar.
 */
function useEmbeddedContextInAddressBar() {
  const location = useLocation();
  const known = useRef<{ shop: string; host: string } | null>(null);
  useEffect(() => {
    if (window.top !== window.self) return;
    const url = new URL(window.location.href);
    const shop =
      url.searchParams.get("shop") || known.current?.shop || window.shopify?.config?.shop;
    const host =
      url.searchParams.get("host") || known.current?.host || window.shopify?.config?.host;
    if (!shop || !host) return;
    known.current = { shop, host };
    const context: Record<(typeof CONTEXT_PARAMS)[number], string> = { embedded: "1", shop, host };
    for (const name of CONTEXT_PARAMS) url.searchParams.set(name, context[name]);
    if (url.href !== window.location.href) {
      // history.state is kept: it holds the router's key for this entry.
      window.history.replaceState(window.history.state, "", url);
    }
  }, [location]);
}

export default function App() {
  const { apiKey, appBridgeUrl } = useLoaderData<typeof loader>();
  useEmbeddedContextInAddressBar();
  useKeyboardScrollableTables();
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
        <Link to="/app/profit">Profit</Link>
        <Link to="/app/billing-entities">Billing entities</Link>
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
