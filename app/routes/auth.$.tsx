import type { LoaderFunctionArgs } from "@remix-run/node";
import { preloadTheLoadedAppBridge } from "../lib/app-bridge-preload.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request).catch((thrown: unknown) => {
    // The library's bounce and exit-iframe pages are thrown responses.
    if (thrown instanceof Response) preloadTheLoadedAppBridge(thrown.headers);
    throw thrown;
  });
  return null;
};
