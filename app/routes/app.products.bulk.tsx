import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadBulkMapping, saveBulkMapping } from "../pages/mapping/bulk-mapping.server";
import { RouteError } from "../components/States";
import { BulkMappingPage } from "../components/products/BulkMappingPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const page = await loadBulkMapping({
    shop: session.shop,
    admin,
    searchParams: new URL(request.url).searchParams,
  });
  if (page.status === "no_variants") throw redirect("/app/products");
  if (page.status === "shopify_error") throw json(page.message, { status: 502 });
  return json(page.data);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const outcome = await saveBulkMapping({
    shop: session.shop,
    admin,
    form: await request.formData(),
  });
  if (outcome.status === "saved") return redirect(`/app/products?mapped=${outcome.saved}`);
  return json(outcome.body);
};

export default function BulkMap() {
  return (
    <BulkMappingPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Map variants" />;
}
