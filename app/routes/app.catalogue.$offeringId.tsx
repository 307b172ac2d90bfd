import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadOfferingPage } from "../pages/catalogue/offering.server";
import { RouteError } from "../components/States";
import { OfferingPage } from "../components/catalogue/OfferingPage";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const page = await loadOfferingPage({
    shop: session.shop,
    offeringId: params.offeringId,
    url: new URL(request.url),
  });
  if (!page) throw json("Offering not found", { status: 404 });
  return json(page);
};

export default function Offering() {
  return <OfferingPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteError title="Offering" />;
}
