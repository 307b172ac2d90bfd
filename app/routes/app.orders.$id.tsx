import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticate } from "../shopify.server";
import { runOrderPageAction, type OrderActionData } from "../pages/order-detail/action.server";
import { loadOrderDetail } from "../pages/order-detail/view.server";
import { RouteError } from "../components/States";
import { PrintOrderPage } from "../components/order/PrintOrderPage";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const found = await loadOrderDetail({ shop: session.shop, id: params.id });
  if (!found) throw json("Print order not found", { status: 404 });
  return json(found);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { answer, status } = await runOrderPageAction({
    shop: session.shop,
    id: params.id ?? "",
    form: await request.formData(),
  });
  return json<OrderActionData>(answer, { status });
};

export default function PrintOrder() {
  return (
    <PrintOrderPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print order" />;
}
