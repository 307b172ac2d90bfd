import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { loadOrders, runOrdersAction } from "../pages/orders/list.server";
import { RouteError } from "../components/States";
import { OrdersPage } from "../components/orders/OrdersPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await loadOrders({ shop: session.shop, url: new URL(request.url) }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { answer, status } = await runOrdersAction({
    shop: session.shop,
    form: await request.formData(),
  });
  return json(answer, { status });
};

export default function Orders() {
  return <OrdersPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteError title="Print orders" />;
}
