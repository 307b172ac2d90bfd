import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadCataloguePage } from "../pages/catalogue/catalogue.server";
import { RouteError } from "../components/States";
import { CataloguePage } from "../components/catalogue/CataloguePage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadCataloguePage({ shop: session.shop, url: new URL(request.url) }));
};

export default function Catalogue() {
  return <CataloguePage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteError title="Catalogue" />;
}
