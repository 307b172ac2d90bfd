import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { getCreation } from "../pages/create-product/index.server";
import { CreationSummary } from "../components/product-creation/CreationSummary";
import { RouteError } from "../components/States";

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw json("Product creation not found", { status: 404 });
  const creation = await getCreation({ shop: session.shop, admin, id: id.data });
  if (!creation) throw json("Product creation not found", { status: 404 });
  return json({ creation });
};

export default function CreatedProduct() {
  const { creation } = useLoaderData<typeof loader>();
  return <CreationSummary creation={creation} />;
}

export function ErrorBoundary() {
  return <RouteError title="Created product" />;
}
