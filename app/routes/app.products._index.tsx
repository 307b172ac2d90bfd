import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BlockStack, Page } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { loadProducts, runProductsAction } from "../pages/products/products.server";
import { ProductsBanners } from "../components/products/ProductsBanners";
import { ProductsTable } from "../components/products/ProductsTable";
import { RouteError } from "../components/States";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return json(
    await loadProducts({
      shop: session.shop,
      admin,
      searchParams: new URL(request.url).searchParams,
    }),
  );
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { status, body } = await runProductsAction({
    shop: session.shop,
    admin,
    form: await request.formData(),
  });
  return json(body, { status });
};

export default function Products() {
  const { page, margins, belowTarget, offeringNames, error, q, mapped } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const missingMargins = (page?.products ?? [])
    .flatMap((p) => p.variants)
    .filter((v) => v.mapping.offeringId !== null && margins[v.id]?.status === "unknown")
    .map((v) => v.id);
  return (
    <Page
      title="Products"
      subtitle="Link each Shopify variant to what the print service makes."
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{ content: "Create product", url: "/app/products/new" }}
      secondaryActions={[{ content: "Prices below target", url: "/app/products/prices" }]}
    >
      <BlockStack gap="400">
        <ProductsBanners
          mapped={mapped}
          result={result}
          belowTarget={belowTarget}
          missingMargins={missingMargins}
          error={error}
        />
        <ProductsTable page={page} margins={margins} offeringNames={offeringNames} q={q} />
      </BlockStack>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Products" />;
}
