import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadPrices, runPricesAction } from "../pages/prices/prices.server";
import { RouteError } from "../components/States";
import { PricesBelowTargetPage } from "../components/repricing/PricesBelowTargetPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return json(await loadPrices({ shop: session.shop, admin }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { answer, status } = await runPricesAction({
    shop: session.shop,
    admin,
    form: await request.formData(),
  });
  return json(answer, { status });
};

export default function PricesBelowTarget() {
  return (
    <PricesBelowTargetPage
      data={useLoaderData<typeof loader>()}
      result={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Prices below your target margin" />;
}
