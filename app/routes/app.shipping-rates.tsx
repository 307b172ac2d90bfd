import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShippingRatesPage } from "../components/shipping-rates/ShippingRatesPage";
import { requestLocale } from "../lib/request-locale.server";
import {
  loadShippingRatesPage,
  runShippingRatesAction,
} from "../pages/shipping-rates/shipping-rates.server";
import { authenticate } from "../shopify.server";

/** Checkout shipping rates: turn the carrier service on or off, edit the backup rates. */

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  return json(await loadShippingRatesPage({ shop: session.shop, admin }));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const { answer, status } = await runShippingRatesAction({
    shop: session.shop,
    admin,
    form: await request.formData(),
    requestLocale: requestLocale(request),
  });
  return json(answer, { status });
};

export default function ShippingRates() {
  return <ShippingRatesPage data={useLoaderData<typeof loader>()} />;
}
